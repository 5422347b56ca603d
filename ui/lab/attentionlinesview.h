#pragma once

#include "core/nn/mat.h"

#include <QStringList>
#include <QWidget>

#include <vector>

namespace tx {

// A bertviz-style picture of one layer: the tokens twice, queries on the left and keys on the
// right, joined by lines whose opacity is the attention probability; one colour per head.
// Hovering a left token keeps only its lines, so a class sees where that token looks.
class AttentionLinesView : public QWidget
{
    Q_OBJECT
public:
    explicit AttentionLinesView(QWidget *parent = nullptr);

    // heads: (T, T) probabilities of one layer, row = query, col = key.
    void setAttention(const QStringList &tokens, const std::vector<Mat> &heads, const QString &title);
    void setHeadVisible(int head, bool visible);
    bool isHeadVisible(int head) const;
    // -1: no token hovered (all lines drawn faintly).
    void setHoveredToken(int token);
    int hoveredToken() const { return m_hovered; }
    int headCount() const { return int(m_heads.size()); }

    // One colour per head, distinct for up to 12 heads and repeating after (Tableau 10 + 2).
    static QColor headColour(int head);

    // The centre of the left (query) or right (key) label of `token`, in widget coordinates.
    QPointF tokenAnchor(int token, bool left) const;
    void render(QPainter &painter, const QRectF &bounds) const;

    QSize sizeHint() const override { return QSize(420, 520); }

signals:
    void hoveredTokenChanged(int token);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    struct Geometry
    {
        double top, rowHeight, leftX, rightX, columnWidth;
    };
    Geometry geometry(const QRectF &bounds, const QFontMetricsF &fm) const;
    QRectF contentRect() const;

    QStringList m_tokens;
    std::vector<Mat> m_heads;
    std::vector<bool> m_visible;
    QString m_title;
    int m_hovered = -1;
};

} // namespace tx
