#include "ui/lab/tokenchips.h"

namespace tx {

TokenChips::TokenChips(QWidget *parent)
    : QListWidget(parent)
{
    setViewMode(QListView::IconMode);
    setFlow(QListView::LeftToRight);
    setWrapping(true);
    setResizeMode(QListView::Adjust);
    setMovement(QListView::Static);
    setSpacing(3);
    setSelectionMode(QAbstractItemView::NoSelection);
    setFocusPolicy(Qt::NoFocus);
    setFrameShape(QFrame::NoFrame);
    setUniformItemSizes(false);
    setStyleSheet(QStringLiteral("QListWidget { background: transparent; }"
                                 "QListWidget::item { border: 1px solid palette(mid); border-radius: 9px;"
                                 " padding: 1px 7px; background: palette(base); color: palette(text); }"));
}

void TokenChips::setTokens(const QStringList &labels, const std::vector<int> &ids)
{
    clear();
    for (qsizetype i = 0; i < labels.size(); ++i) {
        auto *item = new QListWidgetItem(labels.at(i), this);
        item->setTextAlignment(Qt::AlignCenter);
        if (std::size_t(i) < ids.size())
            item->setToolTip(tr("position %1 · token id %2").arg(i).arg(ids[std::size_t(i)]));
    }
    updateGeometry();
}

QStringList TokenChips::labels() const
{
    QStringList out;
    for (int i = 0; i < count(); ++i)
        out << item(i)->text();
    return out;
}

QSize TokenChips::sizeHint() const
{
    return QSize(400, fontMetrics().height() * 2 + 16);
}

} // namespace tx
