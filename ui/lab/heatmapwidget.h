#pragma once

#include "ui/lab/heatmapdata.h"
#include "ui/lab/heatmappainter.h"

#include <QImage>
#include <QWidget>

namespace tx {

// Shows one heatmap: a clickable thumbnail in the layer × head grid, or the enlarged view
// with token labels on both axes. Hovering a cell shows its exact value.
class HeatmapWidget : public QWidget
{
    Q_OBJECT
public:
    explicit HeatmapWidget(HeatmapPainter::Mode mode, QWidget *parent = nullptr);

    void setData(const HeatmapData &data);
    const HeatmapData &data() const { return m_data; }
    HeatmapPainter::Mode mode() const { return m_mode; }
    void setSelected(bool selected);

    // The cell's rectangle in widget coordinates (empty when there is no data).
    QRectF cellRect(int row, int col) const;
    // Row `row` of the side column (a sink's share) in widget coordinates; empty without one.
    QRectF sideRect(int row) const;
    // Paints exactly what the widget shows into another device (export).
    void render(QPainter &painter, const QRectF &bounds) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void clicked();

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    QRectF contentRect() const;

    HeatmapPainter::Mode m_mode;
    HeatmapData m_data;
    // Thumbnails: the cells as an image, one pixel per cell (cols × rows), made at the first
    // paint after setData and drawn scaled. GPT-2's 144 thumbnails were 46,656 fillRects in one
    // paint (T = 18; 590,000 at T = 64).
    QImage m_cells;
    bool m_selected = false;
};

} // namespace tx
