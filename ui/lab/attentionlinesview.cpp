#include "ui/lab/attentionlinesview.h"

#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace tx {

AttentionLinesView::AttentionLinesView(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

QColor AttentionLinesView::headColour(int head)
{
    // Tableau 10 (Tableau Software's default categorical palette) plus two.
    static const QRgb colours[] = {0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948,
                                   0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac, 0x1f3a93, 0x8c564b};
    return QColor(colours[std::size_t(std::max(head, 0)) % (sizeof colours / sizeof colours[0])]);
}

void AttentionLinesView::setAttention(const QStringList &tokens, const std::vector<Mat> &heads, const QString &title)
{
    const bool sameHeads = heads.size() == m_heads.size();
    m_tokens = tokens;
    m_heads = heads;
    m_title = title;
    if (!sameHeads)
        m_visible.assign(heads.size(), true);
    if (m_hovered >= tokens.size())
        m_hovered = -1;
    // Every token keeps a readable row; the view scrolls when the sentence is long.
    const QFontMetricsF fm(font());
    setMinimumHeight(int(fm.height() * 1.6 + fm.height() * 1.25 * double(tokens.size())) + 24);
    update();
}

void AttentionLinesView::setHeadVisible(int head, bool visible)
{
    if (head < 0 || std::size_t(head) >= m_visible.size())
        return;
    m_visible[std::size_t(head)] = visible;
    update();
}

bool AttentionLinesView::isHeadVisible(int head) const
{
    return head >= 0 && std::size_t(head) < m_visible.size() && m_visible[std::size_t(head)];
}

void AttentionLinesView::setHoveredToken(int token)
{
    if (token < -1 || token >= m_tokens.size())
        token = -1;
    if (token == m_hovered)
        return;
    m_hovered = token;
    update();
    emit hoveredTokenChanged(token);
}

QRectF AttentionLinesView::contentRect() const
{
    return QRectF(rect()).adjusted(8, 8, -8, -8);
}

AttentionLinesView::Geometry AttentionLinesView::geometry(const QRectF &bounds, const QFontMetricsF &fm) const
{
    Geometry g;
    const double titleHeight = m_title.isEmpty() ? 0 : fm.height() * 1.6;
    const int T = std::max<int>(int(m_tokens.size()), 1);
    g.top = bounds.top() + titleHeight;
    g.rowHeight = std::min(fm.height() * 1.4, (bounds.height() - titleHeight) / T);
    double labelWidth = fm.horizontalAdvance(QStringLiteral("MMM"));
    for (const QString &t : m_tokens)
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(t));
    g.columnWidth = labelWidth + 12;
    // The lines get the middle; the two token columns sit close to it so lines stay short.
    const double span = std::min(bounds.width() - 2 * g.columnWidth, 360.0);
    g.leftX = bounds.center().x() - span / 2; // right edge of the query labels
    g.rightX = bounds.center().x() + span / 2; // left edge of the key labels
    return g;
}

QPointF AttentionLinesView::tokenAnchor(int token, bool left) const
{
    const Geometry g = geometry(contentRect(), QFontMetricsF(font()));
    const double y = g.top + (token + 0.5) * g.rowHeight;
    return left ? QPointF(g.leftX - g.columnWidth / 2, y) : QPointF(g.rightX + g.columnWidth / 2, y);
}

void AttentionLinesView::render(QPainter &painter, const QRectF &bounds) const
{
    const QFontMetricsF fm(painter.font());
    const Geometry g = geometry(bounds, fm);
    const QColor text = painter.pen().color();
    const int T = int(m_tokens.size());

    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    if (!m_title.isEmpty()) {
        QFont bold = painter.font();
        bold.setBold(true);
        painter.setFont(bold);
        painter.drawText(QRectF(bounds.left(), bounds.top(), bounds.width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                         m_title);
        bold.setBold(false);
        painter.setFont(bold);
    }

    // Lines first, labels on top. With a hovered token only its row is drawn, at full strength.
    const double faint = m_hovered < 0 ? 0.5 : 1.0;
    for (std::size_t h = 0; h < m_heads.size(); ++h) {
        if (!m_visible[h])
            continue;
        const Mat &p = m_heads[h];
        QColor colour = headColour(int(h));
        for (int i = 0; i < T && i < p.rows(); ++i) {
            if (m_hovered >= 0 && i != m_hovered)
                continue;
            const double yi = g.top + (i + 0.5) * g.rowHeight;
            for (int j = 0; j < T && j < p.cols(); ++j) {
                const double w = p(i, j);
                if (!(w > 0.01))
                    continue;
                const double yj = g.top + (j + 0.5) * g.rowHeight;
                colour.setAlphaF(float(std::clamp(w * faint, 0.0, 1.0)));
                painter.setPen(QPen(colour, m_hovered >= 0 ? 1.0 + 3.0 * w : 1.5, Qt::SolidLine, Qt::RoundCap));
                painter.drawLine(QPointF(g.leftX + 4, yi), QPointF(g.rightX - 4, yj));
            }
        }
    }

    painter.setPen(text);
    for (int i = 0; i < T; ++i) {
        const QRectF leftLabel(g.leftX - g.columnWidth, g.top + i * g.rowHeight, g.columnWidth - 4, g.rowHeight);
        const QRectF rightLabel(g.rightX + 4, g.top + i * g.rowHeight, g.columnWidth - 4, g.rowHeight);
        if (i == m_hovered) {
            QColor highlight = headColour(0);
            highlight.setAlphaF(0.18f);
            painter.fillRect(leftLabel, highlight);
        }
        painter.drawText(leftLabel, Qt::AlignRight | Qt::AlignVCenter, m_tokens.at(i));
        painter.drawText(rightLabel, Qt::AlignLeft | Qt::AlignVCenter, m_tokens.at(i));
    }
    painter.restore();
}

void AttentionLinesView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setPen(palette().color(QPalette::WindowText));
    render(painter, contentRect());
}

void AttentionLinesView::mouseMoveEvent(QMouseEvent *event)
{
    const Geometry g = geometry(contentRect(), QFontMetricsF(font()));
    const QPointF pos = event->position();
    int token = -1;
    if (pos.x() >= g.leftX - g.columnWidth && pos.x() <= g.leftX && g.rowHeight > 0) {
        const int row = int((pos.y() - g.top) / g.rowHeight);
        if (pos.y() >= g.top && row < m_tokens.size())
            token = row;
    }
    setHoveredToken(token);
}

void AttentionLinesView::leaveEvent(QEvent *)
{
    setHoveredToken(-1);
}

} // namespace tx
