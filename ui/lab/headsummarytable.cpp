#include "ui/lab/headsummarytable.h"

#include <QEvent>
#include <QHeaderView>

namespace tx {

HeadSummaryTable::HeadSummaryTable(QWidget *parent)
    : QTableWidget(parent)
{
    setColumnCount(5);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    verticalHeader()->setVisible(false);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    retranslate();
}

void HeadSummaryTable::retranslate()
{
    setHorizontalHeaderLabels({tr("Layer"), tr("Head"), tr("Entropy (bits)"), tr("→ previous token"), tr("→ first token")});
}

void HeadSummaryTable::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QTableWidget::changeEvent(event);
}

QString HeadSummaryTable::showScores(const std::vector<HeadScore> &heads)
{
    setRowCount(int(heads.size()));
    const HeadScore *bestPrevious = nullptr;
    const HeadScore *bestFirst = nullptr;
    for (std::size_t i = 0; i < heads.size(); ++i) {
        const HeadScore &s = heads[i];
        const QString values[] = {QString::number(s.layer + 1), QString::number(s.head + 1),
                                  QString::number(s.entropyBits, 'f', 2), QString::number(s.previousToken, 'f', 3),
                                  QString::number(s.firstToken, 'f', 3)};
        for (int c = 0; c < 5; ++c) {
            auto *item = new QTableWidgetItem(values[c]);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            setItem(int(i), c, item);
        }
        if (!bestPrevious || s.previousToken > bestPrevious->previousToken)
            bestPrevious = &s;
        if (!bestFirst || s.firstToken > bestFirst->firstToken)
            bestFirst = &s;
    }
    if (!bestPrevious)
        return {};
    return tr("Entropy: 0 bits when a query looks at one key, log2(visible keys) when it spreads evenly. "
              "Strongest previous-token head: layer %1 head %2 (%3). "
              "Strongest first-token head: layer %4 head %5 (%6). Double-click a row to enlarge it.")
        .arg(bestPrevious->layer + 1)
        .arg(bestPrevious->head + 1)
        .arg(bestPrevious->previousToken, 0, 'f', 3)
        .arg(bestFirst->layer + 1)
        .arg(bestFirst->head + 1)
        .arg(bestFirst->firstToken, 0, 'f', 3);
}

} // namespace tx
