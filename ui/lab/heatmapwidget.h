#pragma once

#include "ui/lab/heatmapdata.h"
#include "ui/lab/heatmappainter.h"

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
    bool m_selected = false;
};

} // namespace tx
