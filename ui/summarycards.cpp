#include "summarycards.h"

#include "numberformat.h"
#include "summarycard.h"

#include <QEvent>
#include <QGridLayout>

namespace tx {

SummaryCards::SummaryCards(QWidget *parent)
    : QWidget(parent)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(6);
    addCard(QStringLiteral("params.total"), tr("Parameters"), 0, 0);
    addCard(QStringLiteral("params.active"), tr("Active per token"), 1, 0);
}

SummaryCard *SummaryCards::addCard(const QString &key, const QString &title, int row, int column)
{
    auto *card = new SummaryCard(key, title, this);
    card->setObjectName(key);
    static_cast<QGridLayout *>(layout())->addWidget(card, row, column);
    m_cards.insert(key, card);
    connect(card, &SummaryCard::selected, this, &SummaryCards::figureSelected);
    return card;
}

void SummaryCards::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        if (SummaryCard *c = m_cards.value(QStringLiteral("params.total")))
            c->setTitle(tr("Parameters"));
        if (SummaryCard *c = m_cards.value(QStringLiteral("params.active")))
            c->setTitle(tr("Active per token"));
    }
    QWidget::changeEvent(event);
}

void SummaryCards::showSnapshot(const DesignSnapshot &s)
{
    if (!s.valid()) {
        const QString reason = s.errors.empty() ? QString() : s.errors.front().toString();
        for (SummaryCard *card : std::as_const(m_cards))
            card->show(tr("—"), tr("Invalid design: %1").arg(reason));
        return;
    }
    const ParamCount &p = *s.params;
    m_cards.value(QStringLiteral("params.total"))
        ->show(NumberFormat::count(double(p.total)), tr("%1 exactly").arg(NumberFormat::exact(p.total)),
               tr("Capability ceiling and cost: more parameters can learn more, and cost more memory, "
                  "compute and data."));
    m_cards.value(QStringLiteral("params.active"))
        ->show(NumberFormat::count(double(p.active)),
               p.active == p.total ? tr("every parameter, every token") : tr("%1 exactly").arg(NumberFormat::exact(p.active)));
}

} // namespace tx
