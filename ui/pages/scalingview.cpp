#include "ui/pages/scalingview.h"

#include "ui/snapshot/snapshotfeed.h"

#include "core/base/numberformat.h"
#include "core/estimate/scalinglaw.h"
#include "ui/charts/chartpanel.h"
#include "ui/charts/isoflopchart.h"
#include "ui/charts/scalinglawchart.h"
#include "ui/widgets/livelabel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace tx {

ScalingView::ScalingView(SnapshotSource *source, QWidget *parent)
    : QWidget(parent)
    , m_isoFlop(new IsoFlopChart)
    , m_loss(new ScalingLawChart)
    , m_verdict(new LiveLabel(this))
{
    m_verdict->setWordWrap(true);
    m_verdict->setKeepsRoom(true);
    // Two lines kept: a verdict one line shorter must not move both charts and redraw them.
    m_verdict->setMinimumLines(2);
    m_verdict->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    auto *charts = new QHBoxLayout;
    charts->addWidget(new ChartPanel(m_isoFlop, this), 1);
    charts->addWidget(new ChartPanel(m_loss, this), 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_verdict);
    layout->addLayout(charts, 1);
    SnapshotFeed::follow(source, this);
}

void ScalingView::showSnapshot(const DesignSnapshot &s)
{
    if (!s.evaluation)
        return;
    const Evaluation &e = *s.evaluation;
    m_isoFlop->setEvaluation(s.assumptions, e);
    m_loss->setEvaluation(s.assumptions, e);
    const auto &sc = e.scaling;
    const double ratio = sc.optimalParams > 0 ? sc.params / sc.optimalParams : 0;
    QString verdict;
    if (ratio > 1.5)
        verdict = tr("For %1 of training compute this design is %2× larger than compute-optimal "
                     "(%3 parameters on %4 tokens would reach loss %5 instead of %6).");
    else if (ratio > 0 && ratio < 1 / 1.5)
        verdict = tr("For %1 of training compute this design is %2× smaller than compute-optimal "
                     "(%3 parameters on %4 tokens would reach loss %5 instead of %6).");
    else
        verdict = tr("For %1 of training compute this design is close to compute-optimal "
                     "(within %2×: %3 parameters on %4 tokens would reach loss %5; this design %6).");
    m_verdict->setText((ScalingLaw::of(s.assumptions.law).name() + QStringLiteral(": ") + verdict.arg(NumberFormat::flops(sc.computeBudget))
                           .arg(ratio >= 1 ? ratio : 1 / std::max(ratio, 1e-12), 0, 'f', 1)
                           .arg(NumberFormat::count(sc.optimalParams), NumberFormat::count(sc.optimalTokens))
                           .arg(sc.optimalLoss, 0, 'f', 3)
                           .arg(sc.loss, 0, 'f', 3)));
}

void ScalingView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_isoFlop->retranslate();
        m_loss->retranslate();
    }
    QWidget::changeEvent(event);
}

void ScalingView::setPinned(const DesignSnapshot *pinned)
{
    m_isoFlop->setPinned(pinned && pinned->evaluation ? &*pinned->evaluation : nullptr);
}

} // namespace tx
