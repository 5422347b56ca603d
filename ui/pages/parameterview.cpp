#include "ui/pages/parameterview.h"

#include "ui/snapshot/snapshotfeed.h"

#include "ui/charts/breakdownchart.h"
#include "ui/charts/chartpanel.h"
#include "ui/charts/layerchart.h"

#include <QEvent>
#include <QVBoxLayout>

namespace tx {

ParameterView::ParameterView(SnapshotSource *source, QWidget *parent)
    : QWidget(parent)
    , m_breakdown(new BreakdownChart)
    , m_layers(new LayerChart)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new ChartPanel(m_breakdown, this, ChartPanel::Edges::Straight), 2);
    layout->addWidget(new ChartPanel(m_layers, this, ChartPanel::Edges::Straight), 3);
    SnapshotFeed::follow(source, this);
}

void ParameterView::showSnapshot(const DesignSnapshot &s)
{
    if (!s.params)
        return; // an invalid design keeps the last valid picture; the controls say why
    if (m_shown && *m_shown == s.config)
        return; // parameters depend on the design only; assumptions do not move these charts
    m_shown = s.config;
    m_breakdown->setParams(*s.params);
    m_layers->setParams(*s.params);
}

void ParameterView::changeEvent(QEvent *event)
{
    // Charts are graphics items: they hear of a language change only through their view.
    if (event->type() == QEvent::LanguageChange) {
        m_breakdown->retranslate();
        m_layers->retranslate();
    }
    QWidget::changeEvent(event);
}

void ParameterView::setPinned(const DesignSnapshot *pinned)
{
    m_breakdown->setPinned(pinned && pinned->params ? &*pinned->params : nullptr);
}

} // namespace tx
