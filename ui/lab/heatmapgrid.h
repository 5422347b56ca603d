#pragma once

#include "ui/lab/heatmapdata.h"

#include <QWidget>

#include <functional>
#include <vector>

class QGridLayout;
class QLabel;

namespace tx {

class HeatmapWidget;

// Layers down, heads across: one thumbnail per attention head. Clicking one selects it
// (headClicked) so the view can show it enlarged.
class HeatmapGrid : public QWidget
{
    Q_OBJECT
public:
    explicit HeatmapGrid(QWidget *parent = nullptr);

    // Rebuilds the thumbnails only when the shape changes; otherwise replaces their data. `caption`
    // (when given) is the line under each thumbnail (setCaption); `rowLabel` (when given) the
    // header of each row, "L1", "L2", … otherwise (an encoder-decoder's rows are "enc L1", "dec L1",
    // "cross L1"). The grid is laid out once.
    void setHeatmaps(int layers, int heads, const std::function<HeatmapData(int layer, int head)> &make,
                     const std::function<QString(int layer, int head)> &caption = {},
                     const std::function<QString(int row)> &rowLabel = {});
    QString rowLabel(int row) const;
    void setSelected(int layer, int head);

    int layers() const { return m_layers; }
    int heads() const { return m_heads; }
    HeatmapWidget *thumbnail(int layer, int head) const;
    // A line under a thumbnail (the head's role and score); empty hides it.
    void setCaption(int layer, int head, const QString &text);
    QString caption(int layer, int head) const;

    // The whole grid as one picture (export), thumbnails with their row and column headers.
    void render(QPainter &painter, const QRectF &bounds) const;

signals:
    void headClicked(int layer, int head);

private:
    QGridLayout *m_layout;
    std::vector<HeatmapWidget *> m_thumbnails; // [layer * heads + head]
    std::vector<QLabel *> m_captions;   // [layer * heads + head]
    std::vector<QLabel *> m_headers;    // heads across, then one per row
    std::vector<QLabel *> m_rowHeaders; // [row]
    int m_layers = 0;
    int m_heads = 0;
};

} // namespace tx
