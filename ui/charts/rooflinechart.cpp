#include "ui/charts/rooflinechart.h"

#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

constexpr double kMinIntensity = ComputeFigure::kMinIntensity;
constexpr double kMaxIntensity = ComputeFigure::kMaxIntensity;
} // namespace

RooflineChart::RooflineChart(QGraphicsItem *parent)
    : QChart(parent)
    , m_roof(new QLineSeries(this))
    , m_prefill(new QScatterSeries(this))
    , m_decode(new QScatterSeries(this))
    , m_x(new QLogValueAxis(this))
    , m_y(new QLogValueAxis(this))
{
    QPen roofPen(QColor(0x55, 0x55, 0x55));
    roofPen.setWidthF(2.5);
    m_roof->setPen(roofPen);
    m_prefill->setColor(QColor(0x00, 0x72, 0xB2));
    m_prefill->setMarkerSize(14);
    m_decode->setColor(QColor(0xD5, 0x5E, 0x00));
    m_decode->setMarkerSize(14);
    m_decode->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    addSeries(m_roof);
    addSeries(m_prefill);
    addSeries(m_decode);
    m_x->setBase(10);
    m_x->setLabelFormat(QStringLiteral("%g"));
    m_x->setRange(kMinIntensity, kMaxIntensity);
    m_y->setBase(10);
    m_y->setLabelFormat(QStringLiteral("%g"));
    // Qt Charts 6.4 sizes the axis for the labels of the range it had at the first layout and
    // elides wider labels later ("1…" for 1000 TFLOP/s): start at the widest range a roof reaches.
    m_y->setRange(0.1, 1e5);
    addAxis(m_x, Qt::AlignBottom);
    addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries *s : series()) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    legend()->setAlignment(Qt::AlignBottom);
    retranslate(); // the fixed titles and names, in one place for every language change
}

void RooflineChart::retranslate()
{
    draw(ComputeFigure::of(m_current ? &*m_current : nullptr));
}

void RooflineChart::setEvaluation(const Evaluation &e)
{
    m_current = e;
    draw(ComputeFigure::of(&e));
}

void RooflineChart::draw(const ComputeFigure &f)
{
    if (title() != f.title)
        setTitle(f.title);
    m_prefill->setName(f.prefillName);
    m_decode->setName(f.decodeName);
    m_x->setTitleText(f.xTitle);
    m_y->setTitleText(f.yTitle);
    if (!f.hasRoof())
        return;
    m_roof->setName(f.roofName);
    if (m_roof->points() != f.roof)
        m_roof->replace(f.roof);
    const QList<QPointF> prefill = {f.prefill};
    const QList<QPointF> decode = {f.decode};
    if (m_prefill->points() != prefill)
        m_prefill->replace(prefill);
    if (m_decode->points() != decode)
        m_decode->replace(decode);
    m_y->setRange(f.yLow, f.yHigh);
}

} // namespace tx
