#pragma once

#include <QChartView>

namespace tx {

// Shows one chart; its context menu exports the chart as PNG (at a chosen resolution), SVG or
// PDF (vectors), or copies it to the clipboard as an image.
class ChartPanel : public QChartView
{
    Q_OBJECT
public:
    // Straight: only axis-aligned bars and horizontal lines, whose edges antialiasing cannot
    // soften, so the view skips it. Curved: lines at any slope, drawn antialiased.
    enum class Edges { Curved, Straight };

    explicit ChartPanel(QChart *chart, QWidget *parent = nullptr, Edges edges = Edges::Curved);

    void exportPng();
    void exportSvg();
    void exportPdf();
    void copyImage();

protected:
    void contextMenuEvent(QContextMenuEvent *event) override;
};

} // namespace tx
