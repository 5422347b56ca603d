#pragma once

#include <QStyledItemDelegate>

namespace tx {

// Draws a cell's bits per weight (Qt::UserRole, a double) as a bar on a 0-32 bit scale with the
// figure beside it, so a 4.5-bit group and a 16-bit one read apart at a glance.
class BitsBarDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    static constexpr double kMaxBits = 32.0;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace tx
