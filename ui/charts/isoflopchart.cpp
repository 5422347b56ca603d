#include "ui/charts/isoflopchart.h"

#include "core/estimate/scalingcurves.h"
#include "core/estimate/scalinglaw.h"

#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tx {

namespace {
constexpr int kPoints = 60;        // per curve; smooth at 1600 px
constexpr double kFirstBudget = 1e18; // FLOPs of the first iso-FLOP curve
constexpr int kBudgets = 9;        // 1e18 … 1e26
constexpr double kLossCeiling = 6; // nats/token; points above are off the chart

QList<QPointF> toPoints(const std::vector<ScalingPoint> &curve)
{
    QList<QPointF> out;
    out.reserve(qsizetype(curve.size()));
    for (const ScalingPoint &p : curve)
        if (std::isfinite(p.loss) && p.loss < kLossCeiling * 1.5)
            out << QPointF(p.params, p.loss);
    return out;
}
} // namespace

IsoFlopChart::IsoFlopChart(QGraphicsItem *parent)
    : QChart(parent)
    , m_frontier(new QLineSeries(this))
    , m_designBudget(new QLineSeries(this))
    , m_design(new QScatterSeries(this))
    , m_pinned(new QScatterSeries(this))
    , m_x(new QLogValueAxis(this))
    , m_y(new QValueAxis(this))
{
    for (int i = 0; i < kBudgets; ++i) {
        auto *curve = new QLineSeries(this);
        QPen pen(QColor(0x99, 0x99, 0x99));
        pen.setWidthF(1.2);
        curve->setPen(pen);
        addSeries(curve);
        m_budgets << curve;
    }
    QPen frontierPen(QColor(0x00, 0x9E, 0x73));
    frontierPen.setWidthF(2.5);
    frontierPen.setStyle(Qt::DashLine);
    m_frontier->setPen(frontierPen);
    QPen budgetPen(QColor(0x00, 0x72, 0xB2));
    budgetPen.setWidthF(2.5);
    m_designBudget->setPen(budgetPen);
    m_design->setColor(QColor(0xD5, 0x5E, 0x00));
    m_design->setMarkerSize(16);
    m_pinned->setColor(QColor(0xCC, 0x79, 0xA7));
    m_pinned->setMarkerSize(14);
    m_pinned->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    addSeries(m_frontier);
    addSeries(m_designBudget);
    addSeries(m_pinned);
    addSeries(m_design);
    m_x->setBase(10);
    m_x->setLabelFormat(QStringLiteral("%.0e"));
    m_y->setLabelFormat(QStringLiteral("%.1f"));
    addAxis(m_x, Qt::AlignBottom);
    addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries *s : series()) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    legend()->setAlignment(Qt::AlignBottom);
    // One legend entry for the grey family of curves is enough.
    for (int i = 1; i < kBudgets; ++i)
        legend()->markers(m_budgets[i]).first()->setVisible(false);
    legend()->markers(m_pinned).first()->setVisible(false);
    retranslate(); // the fixed titles and names, in one place for every language change
}

void IsoFlopChart::retranslate()
{
    setTitle(tr("Iso-FLOP curves: the best size for a compute budget"));
    m_frontier->setName(tr("Optimal"));
    m_design->setName(tr("Design"));
    m_pinned->setName(tr("A"));
    m_designBudget->setName(tr("Its budget"));
    m_budgets.first()->setName(tr("Budgets")); // one grey curve per decade, 10^18 … 10^26 FLOP
    m_x->setTitleText(tr("parameters"));
    m_y->setTitleText(tr("predicted loss (nats/token)"));
}

void IsoFlopChart::rebuildLaw(ScalingLawKind kind)
{
    const ScalingLaw law = ScalingLaw::of(kind);
    double c = kFirstBudget;
    for (int i = 0; i < kBudgets; ++i, c *= 10)
        m_budgets[i]->replace(toPoints(ScalingCurves::isoFlop(law, c, kMinParams, kMaxParams, kPoints)));
    m_frontier->replace(toPoints(ScalingCurves::frontier(law, kFirstBudget, c / 10, kPoints)));
    const double floor = law.kind() == ScalingLawKind::Kaplan ? 1.0 : law.e();
    m_y->setRange(std::max(0.0, std::floor(floor * 10 - 1) / 10), 4.0);
    m_law = kind;
    m_shownBudget = -1; // the design's curve must be redrawn under the new law
}

void IsoFlopChart::setEvaluation(const Assumptions &assumptions, const Evaluation &e)
{
    if (m_law != assumptions.law)
        rebuildLaw(assumptions.law);
    const ScalingLaw law = ScalingLaw::of(assumptions.law);
    const double n = e.scaling.params;
    const double budget = e.scaling.computeBudget;
    // No training tokens (or a degenerate law input) leaves nothing to mark on a log axis.
    if (!(n > 0) || !std::isfinite(n) || !(budget > 0) || !std::isfinite(budget) || !std::isfinite(e.scaling.loss)) {
        m_design->clear();
        m_designBudget->clear();
        m_shownBudget = -1;
        return;
    }
    const double lo = std::min(kMinParams, n / 3), hi = std::max(kMaxParams, n * 3);
    if (m_x->min() != lo || m_x->max() != hi)
        m_x->setRange(lo, hi);
    // The design's own curve only moves when its budget (or the axis) does.
    if (budget != m_shownBudget || lo != m_shownLo || hi != m_shownHi) {
        m_shownBudget = budget;
        m_shownLo = lo;
        m_shownHi = hi;
        m_designBudget->replace(toPoints(ScalingCurves::isoFlop(law, budget, lo, hi, kPoints)));
    }
    const QList<QPointF> design = {QPointF(n, e.scaling.loss)};
    if (m_design->points() != design)
        m_design->replace(design);
}

void IsoFlopChart::setPinned(const Evaluation *pinned)
{
    if (pinned)
        m_pinned->replace({QPointF(pinned->scaling.params, pinned->scaling.loss)});
    else
        m_pinned->clear();
    legend()->markers(m_pinned).first()->setVisible(pinned != nullptr);
}

} // namespace tx
