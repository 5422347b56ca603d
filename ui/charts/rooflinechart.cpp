#include "ui/charts/rooflinechart.h"

#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>

namespace tx {

namespace {
constexpr double kTera = 1e12;
constexpr double kMinIntensity = 0.1;  // FLOP/byte, left edge
constexpr double kMaxIntensity = 1e5;  // right edge
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
    // The device's name replaces "the device" with the next evaluation.
    setTitle(tr("Speed limit of the device (roofline)"));
    m_prefill->setName(tr("Prefill"));
    m_decode->setName(tr("Decode"));
    m_x->setTitleText(tr("arithmetic intensity (FLOP per byte moved)"));
    m_y->setTitleText(tr("attainable speed (TFLOP/s)"));
}

void RooflineChart::setEvaluation(const Evaluation &e)
{
    const auto &hw = e.hardware;
    const double peak = hw.inferencePeakFlops / kTera;
    const double bandwidth = hw.bandwidthBytesPerSecond / kTera; // TFLOP/s per (FLOP/byte)
    if (!(peak > 0) || !(bandwidth > 0))
        return;
    const double ridge = peak / bandwidth;
    m_roof->setName(tr("Roof: %1 TFLOP/s, %2 TB/s").arg(peak, 0, 'f', 0).arg(bandwidth, 0, 'f', 2));
    setTitle(tr("Speed limit of %1 (roofline)").arg(hw.deviceName));
    const QList<QPointF> roof = {QPointF(kMinIntensity, bandwidth * kMinIntensity), QPointF(ridge, peak),
                                 QPointF(kMaxIntensity, peak)};
    if (m_roof->points() != roof)
        m_roof->replace(roof);
    const auto attainable = [&](double intensity) { return std::min(peak, bandwidth * intensity); };
    const auto onAxis = [](double x) { return std::isfinite(x) ? std::clamp(x, kMinIntensity, kMaxIntensity) : kMinIntensity; };
    const double pi = onAxis(e.compute.prefillIntensity);
    const double di = onAxis(e.compute.decodeIntensity);
    const QList<QPointF> prefill = {QPointF(pi, attainable(pi))};
    const QList<QPointF> decode = {QPointF(di, attainable(di))};
    if (m_prefill->points() != prefill)
        m_prefill->replace(prefill);
    if (m_decode->points() != decode)
        m_decode->replace(decode);
    // Whole decades around the roof, so the log axis labels read 0.1, 1, 10, …
    const double low = std::pow(10.0, std::floor(std::log10(std::max(1e-6, bandwidth * kMinIntensity))));
    const double high = std::pow(10.0, std::ceil(std::log10(peak * 1.5)));
    m_y->setRange(low, high);
}

} // namespace tx
