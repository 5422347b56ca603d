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

    // Tall enough that the chart's title, axis labels, axis titles and legend are drawn whole:
    // below that, Qt Charts elides the axis labels and titles to "...". It grows with the
    // chart's fonts (presentation mode, Chinese).
    QSize minimumSizeHint() const override;

protected:
    void contextMenuEvent(QContextMenuEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // QChartView sets its minimum size to the chart's bare minimum on every resize, which wins
    // over minimumSizeHint(); this puts the readable minimum back.
    void claimReadableHeight();
};

} // namespace tx
