#pragma once

#include <QChartView>

namespace tx {

// Shows one chart; its context menu exports the chart as PNG (at a chosen resolution) or SVG.
class ChartPanel : public QChartView
{
    Q_OBJECT
public:
    explicit ChartPanel(QChart *chart, QWidget *parent = nullptr);

    void exportPng();
    void exportSvg();

protected:
    void contextMenuEvent(QContextMenuEvent *event) override;
};

} // namespace tx
