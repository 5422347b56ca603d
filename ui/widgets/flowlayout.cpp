#include "ui/widgets/flowlayout.h"

#include <QWidget>

#include <algorithm>

namespace tx {

FlowLayout::FlowLayout(QWidget *parent, int spacingPx) : QLayout(parent), m_spacingPx(spacingPx)
{
    setContentsMargins(0, 0, 0, 0);
}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem *item = takeAt(0))
        delete item;
}

void FlowLayout::addItem(QLayoutItem *item)
{
    m_items.append(item);
}

int FlowLayout::count() const
{
    return int(m_items.size());
}

QLayoutItem *FlowLayout::itemAt(int index) const
{
    return index >= 0 && index < m_items.size() ? m_items.at(index) : nullptr;
}

QLayoutItem *FlowLayout::takeAt(int index)
{
    return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
}

int FlowLayout::heightForWidth(int width) const
{
    return arrange(QRect(0, 0, width, 0), false);
}

int FlowLayout::rowCount(int width) const
{
    int rows = 0;
    arrange(QRect(0, 0, width, 0), false, &rows);
    return rows;
}

QSize FlowLayout::sizeHint() const
{
    // One row: as wide as all items side by side.
    int width = 0, height = 0;
    for (const QLayoutItem *item : m_items) {
        const QSize s = item->sizeHint();
        width += s.width() + (width > 0 ? m_spacingPx : 0);
        height = std::max(height, s.height());
    }
    const QMargins m = contentsMargins();
    return {width + m.left() + m.right(), height + m.top() + m.bottom()};
}

QSize FlowLayout::minimumSize() const
{
    // As narrow as the widest item; heightForWidth then gives the rows.
    QSize size;
    for (const QLayoutItem *item : m_items)
        size = size.expandedTo(item->minimumSize());
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

void FlowLayout::setGeometry(const QRect &rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int FlowLayout::arrange(const QRect &rect, bool apply, int *rows) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    int x = area.x(), y = area.y(), rowHeight = 0, rowCount = m_items.isEmpty() ? 0 : 1;
    for (QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        const QSize s = item->sizeHint();
        if (x > area.x() && x + s.width() > area.right() + 1) { // does not fit: next row
            x = area.x();
            y += rowHeight + m_spacingPx;
            rowHeight = 0;
            ++rowCount;
        }
        if (apply)
            item->setGeometry(QRect(QPoint(x, y), s));
        x += s.width() + m_spacingPx;
        rowHeight = std::max(rowHeight, s.height());
    }
    if (rows)
        *rows = rowCount;
    const QMargins m = contentsMargins();
    return y + rowHeight - rect.y() + m.bottom();
}

} // namespace tx
