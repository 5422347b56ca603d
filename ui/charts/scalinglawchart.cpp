#include "ui/charts/scalinglawchart.h"

#include "core/base/numberformat.h"
#include "core/estimate/scalingcurves.h"
#include "core/estimate/scalinglaw.h"

#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tx {

ScalingLawChart::ScalingLawChart(QGraphicsItem *parent)
    : QChart(parent)
    , m_curve(new QLineSeries(this))
    , m_design(new QScatterSeries(this))
    , m_x(new QLogValueAxis(this))
    , m_y(new QValueAxis(this))
{
    QPen pen(QColor(0x00, 0x72, 0xB2));
    pen.setWidthF(2.5);
    m_curve->setPen(pen);
    m_design->setColor(QColor(0xD5, 0x5E, 0x00));
    m_design->setMarkerSize(16);
    addSeries(m_curve);
    addSeries(m_design);
    m_x->setBase(10);
    m_x->setLabelFormat(QStringLiteral("%.0e"));
    m_y->setLabelFormat(QStringLiteral("%.2f"));
    addAxis(m_x, Qt::AlignBottom);
    addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries *s : series()) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    legend()->setAlignment(Qt::AlignBottom);
    retranslate(); // the fixed titles and names, in one place for every language change
}

void ScalingLawChart::retranslate()
{
    setTitle(tr("Loss against size, same training data"));
    m_design->setName(tr("Design"));
    m_x->setTitleText(tr("parameters"));
    m_y->setTitleText(tr("predicted loss (nats/token)"));
}

void ScalingLawChart::setEvaluation(const Assumptions &assumptions, const Evaluation &e)
{
    const ScalingLaw law = ScalingLaw::of(assumptions.law);
    const double n = e.scaling.params;
    if (!(n > 0) || !std::isfinite(n) || !(e.scaling.tokens > 0) || !std::isfinite(e.scaling.loss)) {
        m_design->clear();
        m_curve->clear();
        m_shownTokens = -1;
        return;
    }
    const double lo = std::min(1e7, n / 10), hi = std::max(1e12, n * 10);
    const QList<QPointF> design = {QPointF(n, e.scaling.loss)};
    if (m_design->points() != design)
        m_design->replace(design);
    // The curve depends on the tokens, the law and the axis only.
    if (m_shownTokens == e.scaling.tokens && m_shownLaw == assumptions.law && m_x->min() == lo && m_x->max() == hi
        && e.scaling.loss >= m_y->min() && e.scaling.loss <= m_y->max())
        return;
    m_shownTokens = e.scaling.tokens;
    m_shownLaw = assumptions.law;
    const auto curve = ScalingCurves::lossVsParams(law, e.scaling.tokens, lo, hi, 60);
    QList<QPointF> points;
    points.reserve(qsizetype(curve.size()));
    double top = e.scaling.loss, bottom = e.scaling.loss;
    for (const ScalingPoint &p : curve) {
        if (!std::isfinite(p.loss))
            continue;
        points << QPointF(p.params, p.loss);
        top = std::max(top, p.loss);
        bottom = std::min(bottom, p.loss);
    }
    m_curve->setName(tr("%1 tokens").arg(NumberFormat::count(e.scaling.tokens)));
    m_curve->replace(points);
    m_x->setRange(lo, hi);
    top = std::min(top, bottom + 4.0);
    m_y->setRange(std::floor(bottom * 10) / 10, std::ceil(top * 10) / 10);
}

} // namespace tx
