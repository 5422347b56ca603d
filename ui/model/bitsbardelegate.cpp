#include "ui/model/bitsbardelegate.h"

#include <QApplication>
#include <QPainter>

#include <algorithm>

namespace tx {

void BitsBarDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const double bits = index.data(Qt::UserRole).toDouble();
    opt.text.clear();
    QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
    if (bits <= 0)
        return;
    const QRect r = opt.rect.adjusted(4, 4, -4, -4);
    const int textWidth = opt.fontMetrics.horizontalAdvance(QStringLiteral("00.00"));
    const int barSpace = std::max(0, r.width() - textWidth - 6);
    const int barWidth = int(barSpace * std::min(1.0, bits / kMaxBits));
    painter->save();
    // Below 8 bits (quantised) in the highlight colour, wider formats in a muted one.
    QColor colour = bits < 8.5 ? opt.palette.color(QPalette::Highlight) : opt.palette.color(QPalette::Mid);
    painter->fillRect(QRect(r.left(), r.top(), barWidth, r.height()), colour);
    painter->setPen(opt.palette.color(QPalette::Text));
    painter->drawText(QRect(r.left() + barSpace + 6, r.top(), textWidth, r.height()), Qt::AlignRight | Qt::AlignVCenter,
                      QString::number(bits, 'f', 2));
    painter->restore();
}

QSize BitsBarDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    s.setWidth(std::max(s.width(), 160));
    return s;
}

} // namespace tx
