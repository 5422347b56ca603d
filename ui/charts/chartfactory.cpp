#include "ui/charts/chartfactory.h"

#include "core/base/numberformat.h"
#include "core/estimate/paramcomponents.h"
#include "core/estimate/scalingcurves.h"
#include "core/estimate/scalinglaw.h"
#include "core/report/componentnames.h"
#include "core/report/reportcharts.h"
#include "ui/charts/breakdownchart.h"
#include "ui/widgets/theme.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("tx::ChartFactory", text);
}

// Okabe-Ito palette: distinguishable with the common colour-vision deficiencies.
const QColor kColors[] = {QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73),
                          QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9), QColor(0xD5, 0x5E, 0x00),
                          QColor(0xF0, 0xE4, 0x42), QColor(0x99, 0x99, 0x99)};
const QColor kInk(0x20, 0x20, 0x20);
const QColor kGrid(0xdd, 0xdd, 0xdd);

QString designName(const ChartFactory::Input &d)
{
    return ReportCharts::designName(d);
}

QFont font(double points, bool bold = false)
{
    QFont f;
    f.setFamilies(ChartFactory::fontFamilies());
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

// Fonts sized for a slide seen from the back of a room at the default export size.
void styleAxis(QAbstractAxis *axis, const QString &title)
{
    axis->setTitleText(title);
    axis->setTitleFont(font(12, true));
    axis->setLabelsFont(font(11));
    axis->setLabelsColor(kInk);
    axis->setTitleBrush(kInk);
    axis->setGridLineColor(kGrid);
    axis->setLinePenColor(QColor(0x88, 0x88, 0x88));
}

std::unique_ptr<QChart> newChart(const QString &title)
{
    auto chart = std::make_unique<QChart>();
    chart->setTitle(title);
    chart->setTitleFont(font(16, true));
    chart->setTitleBrush(kInk);
    chart->setBackgroundBrush(Qt::white);
    chart->setBackgroundRoundness(0);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setFont(font(11));
    chart->legend()->setLabelColor(kInk);
    chart->setMargins(QMargins(12, 8, 12, 8));
    return chart;
}

// Parameters are drawn in millions until the largest bar passes ten billion.
struct ParamScale
{
    double divisor;
    QString axisTitle;
};

ParamScale paramScale(std::int64_t largest)
{
    if (largest >= 10'000'000'000LL)
        return {1e9, tr("Parameters (billions)")};
    return {1e6, tr("Parameters (millions)")};
}

std::unique_ptr<QChart> paramsChart(const ChartFactory::Input &d, const ChartFactory::Input *pinned)
{
    auto chart = newChart(ChartFactory::title(ChartFactory::Kind::Params, d));
    const QStringList keys = ParamComponents::keys();
    const auto mine = ParamComponents::split(d.evaluation.params);
    const auto theirs = pinned ? ParamComponents::split(pinned->evaluation.params) : std::vector<std::int64_t>();
    std::int64_t largest = 1;
    QList<int> shown;
    // Horizontal bars stack bottom-up: reverse so the first component reads at the top.
    for (int i = int(keys.size()) - 1; i >= 0; --i) {
        const std::int64_t other = pinned ? theirs[size_t(i)] : 0;
        if (mine[size_t(i)] == 0 && other == 0)
            continue;
        shown << i;
        largest = std::max({largest, mine[size_t(i)], other});
    }
    const ParamScale scale = paramScale(largest);

    auto *series = new QHorizontalBarSeries;
    auto *categories = new QBarCategoryAxis;
    auto *values = new QValueAxis;
    const auto addSet = [&](const QString &label, const std::vector<std::int64_t> &counts, const QColor &color) {
        auto *set = new QBarSet(label);
        set->setColor(color);
        set->setBorderColor(color);
        set->setLabelColor(kInk);
        set->setLabelFont(font(10));
        for (int i : shown)
            set->append(double(counts[size_t(i)]) / scale.divisor);
        series->append(set);
    };
    addSet(tr("%1 (%2 parameters)").arg(designName(d), NumberFormat::exact(d.evaluation.params.total)), mine,
           kColors[0]);
    if (pinned)
        addSet(tr("%1 (pinned, %2 parameters)")
                   .arg(designName(*pinned), NumberFormat::exact(pinned->evaluation.params.total)),
               theirs, kColors[1]);
    for (int i : shown)
        categories->append(ComponentNames::component(keys[i]));
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsPrecision(4);
    series->setBarWidth(pinned ? 0.8 : 0.6);
    chart->addSeries(series);
    styleAxis(categories, QString());
    styleAxis(values, scale.axisTitle);
    values->setRange(0, double(largest) / scale.divisor * 1.12);
    values->applyNiceNumbers();
    values->setLabelFormat(QStringLiteral("%.4g"));
    chart->addAxis(categories, Qt::AlignLeft);
    chart->addAxis(values, Qt::AlignBottom);
    series->attachAxis(categories);
    series->attachAxis(values);
    return chart;
}

std::unique_ptr<QChart> memoryChart(const ChartFactory::Input &d, const ChartFactory::Input *pinned)
{
    auto chart = newChart(ChartFactory::title(ChartFactory::Kind::Memory, d));
    constexpr double kGB = 1e9;
    struct Row
    {
        QString label;
        double weights, kv, gradients, optimizer, activations, overhead;
    };
    QList<Row> rows;
    const auto addRows = [&](const ChartFactory::Input &x, const QString &suffix) {
        const auto &inf = x.evaluation.inference;
        const auto &t = x.evaluation.training;
        // Bottom-up: training first so inference reads at the top.
        rows.prepend({tr("Inference%1").arg(suffix), inf.weightsBytes, inf.kvCacheBytes, 0, 0, inf.activationsBytes,
                      inf.overheadBytes});
        rows.prepend({tr("Training, one replica%1").arg(suffix), t.weightsBytes, 0, t.gradientsBytes,
                      t.optimizerBytes, t.activationsBytes, 0});
    };
    if (pinned)
        addRows(*pinned, tr(" (%1)").arg(designName(*pinned)));
    addRows(d, pinned ? tr(" (%1)").arg(designName(d)) : QString());

    auto *series = new QHorizontalStackedBarSeries;
    auto *categories = new QBarCategoryAxis;
    const auto addSet = [&](const QString &label, double Row::*field, const QColor &color) {
        auto *set = new QBarSet(label);
        set->setColor(color);
        set->setBorderColor(color);
        for (const Row &r : rows)
            set->append(r.*field / kGB);
        series->append(set);
    };
    addSet(tr("Weights"), &Row::weights, kColors[0]);
    addSet(tr("KV cache"), &Row::kv, kColors[1]);
    addSet(tr("Gradients"), &Row::gradients, kColors[2]);
    addSet(tr("Optimizer states"), &Row::optimizer, kColors[3]);
    addSet(tr("Activations"), &Row::activations, kColors[4]);
    addSet(tr("Overhead"), &Row::overhead, kColors[7]);
    series->setBarWidth(0.6);
    for (const Row &r : rows)
        categories->append(r.label);
    chart->addSeries(series);

    double largest = 0;
    for (const Row &r : rows)
        largest = std::max(largest, r.weights + r.kv + r.gradients + r.optimizer + r.activations + r.overhead);
    const auto &hw = d.evaluation.hardware;
    const double device = hw.deviceMemoryBytes / kGB;
    auto *values = new QValueAxis;
    styleAxis(categories, QString());
    styleAxis(values, tr("Memory (GB = 10^9 bytes)"));
    values->setRange(0, std::max(largest / kGB, device) * 1.05);
    values->applyNiceNumbers();
    values->setLabelFormat(QStringLiteral("%.4g"));
    chart->addAxis(categories, Qt::AlignLeft);
    chart->addAxis(values, Qt::AlignBottom);
    series->attachAxis(categories);
    series->attachAxis(values);

    if (device > 0) {
        // The device's memory as a vertical line across every bar: a bar that crosses it does not fit.
        auto *line = new QLineSeries;
        line->setName(tr("Device: %1").arg(NumberFormat::bytes(hw.deviceMemoryBytes)));
        line->append(device, -0.5);
        line->append(device, double(rows.size()) - 0.5);
        QPen pen(QColor(0xC0, 0x00, 0x00));
        pen.setWidthF(2.5);
        pen.setStyle(Qt::DashLine);
        line->setPen(pen);
        chart->addSeries(line);
        line->attachAxis(values);
        line->attachAxis(categories);
    }
    return chart;
}

double positive(double x, double fallback)
{
    return std::isfinite(x) && x > 0 ? x : fallback;
}

std::unique_ptr<QChart> computeChart(const ChartFactory::Input &d)
{
    auto chart = newChart(ChartFactory::title(ChartFactory::Kind::Compute, d));
    const auto &hw = d.evaluation.hardware;
    const auto &cp = d.evaluation.compute;
    constexpr double kTera = 1e12;
    const double peak = positive(hw.inferencePeakFlops, 1e12) / kTera;        // TFLOP/s
    const double bandwidth = positive(hw.bandwidthBytesPerSecond, 1e12) / kTera; // TB/s -> TFLOP/s per FLOP/byte
    const double ridge = peak / bandwidth;
    const double prefill = positive(cp.prefillIntensity, 1);
    const double decode = positive(cp.decodeIntensity, 1);
    const double xMin = std::pow(10.0, std::floor(std::log10(std::min({prefill, decode, ridge}) / 2)));
    const double xMax = std::pow(10.0, std::ceil(std::log10(std::max({prefill, decode, ridge}) * 2)));
    const auto attainable = [&](double intensity) { return std::min(peak, bandwidth * intensity); };

    auto *roof = new QLineSeries;
    roof->setName(tr("Roofline: %1 TFLOP/s peak, %2 TB/s")
                      .arg(peak, 0, 'g', 4)
                      .arg(bandwidth, 0, 'g', 3));
    roof->append(xMin, attainable(xMin));
    roof->append(ridge, peak);
    roof->append(xMax, peak);
    QPen pen(kInk);
    pen.setWidthF(3);
    roof->setPen(pen);
    chart->addSeries(roof);

    const auto addPoint = [&](const QString &name, double intensity, const QColor &color) {
        auto *s = new QScatterSeries;
        s->setName(name);
        s->setMarkerSize(16);
        s->setColor(color);
        s->setBorderColor(Qt::white);
        s->append(intensity, attainable(intensity));
        chart->addSeries(s);
    };
    addPoint(tr("Prefill (%1 FLOP/B)").arg(NumberFormat::scientific(prefill)), prefill, kColors[0]);
    addPoint(tr("Decode (%1 FLOP/B)").arg(NumberFormat::scientific(decode)), decode, kColors[5]);

    auto *x = new QLogValueAxis;
    auto *y = new QLogValueAxis;
    styleAxis(x, tr("Arithmetic intensity (FLOP per byte moved)"));
    styleAxis(y, tr("Attainable throughput (TFLOP/s)"));
    x->setLabelFormat(QStringLiteral("%g"));
    y->setLabelFormat(QStringLiteral("%g"));
    x->setRange(xMin, xMax);
    y->setRange(std::pow(10.0, std::floor(std::log10(attainable(xMin)))), std::pow(10.0, std::ceil(std::log10(peak * 1.5))));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries *s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    return chart;
}

std::unique_ptr<QChart> scalingChart(const ChartFactory::Input &d, const ChartFactory::Input *pinned)
{
    auto chart = newChart(ChartFactory::title(ChartFactory::Kind::Scaling, d));
    const ScalingLaw law = ScalingLaw::of(d.assumptions.law);
    const auto &sc = d.evaluation.scaling;
    const double n = positive(sc.params, 1e6);
    const double nOpt = positive(sc.optimalParams, n);
    double nMin = std::min(n, nOpt) / 10;
    double nMax = std::max(n, nOpt) * 10;
    if (pinned) {
        nMin = std::min(nMin, positive(pinned->evaluation.scaling.params, n) / 10);
        nMax = std::max(nMax, positive(pinned->evaluation.scaling.params, n) * 10);
    }
    double lossMin = std::min(sc.loss, sc.optimalLoss);
    double lossFocus = std::max(sc.loss, sc.optimalLoss);

    const auto addCurve = [&](const QString &name, const std::vector<ScalingPoint> &points, const QColor &color,
                              Qt::PenStyle style) {
        auto *s = new QLineSeries;
        s->setName(name);
        QPen pen(color);
        pen.setWidthF(3);
        pen.setStyle(style);
        s->setPen(pen);
        for (const ScalingPoint &p : points) {
            if (std::isfinite(p.loss) && p.params > 0) {
                s->append(p.params, p.loss);
                lossMin = std::min(lossMin, p.loss);
            }
        }
        chart->addSeries(s);
    };
    addCurve(tr("Same compute"),
             ScalingCurves::isoFlop(law, sc.computeBudget, nMin, nMax, 80), kColors[0], Qt::SolidLine);
    addCurve(tr("Same tokens (%1)").arg(NumberFormat::count(sc.tokens)),
             ScalingCurves::lossVsParams(law, sc.tokens, nMin, nMax, 80), kColors[2], Qt::DashLine);

    const auto addPoint = [&](const QString &name, double params, double loss, const QColor &color,
                              QScatterSeries::MarkerShape shape) {
        auto *s = new QScatterSeries;
        s->setName(name);
        s->setMarkerShape(shape);
        s->setMarkerSize(18);
        s->setColor(color);
        s->setBorderColor(kInk);
        s->append(params, loss);
        chart->addSeries(s);
    };
    addPoint(designName(d), n,
             sc.loss, kColors[5], QScatterSeries::MarkerShapeCircle);
    addPoint(tr("Compute-optimal"), nOpt, sc.optimalLoss, kColors[1], QScatterSeries::MarkerShapeRectangle);
    if (pinned) {
        const auto &ps = pinned->evaluation.scaling;
        addPoint(tr("%1 (pinned)").arg(designName(*pinned)), ps.params, ps.loss,
                 kColors[3], QScatterSeries::MarkerShapeCircle);
        lossFocus = std::max(lossFocus, ps.loss);
        lossMin = std::min(lossMin, ps.loss);
    }

    auto *x = new QLogValueAxis;
    auto *y = new QValueAxis;
    styleAxis(x, law.usesNonEmbeddingParams() ? tr("Non-embedding parameters N (log scale)")
                                              : tr("Parameters N (log scale)"));
    styleAxis(y, tr("Predicted loss (nats/token)"));
    x->setLabelFormat(QStringLiteral("%.0e"));
    x->setRange(nMin, nMax);
    // The curves climb steeply far from the optimum; keep the design's neighbourhood readable.
    const double span = std::max(lossFocus - lossMin, 0.05);
    y->setRange(std::max(0.0, lossMin - 0.2 * span), lossFocus + 1.5 * span);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.2f"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries *s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    return chart;
}

} // namespace

QStringList ChartFactory::fontFamilies()
{
    QStringList families = {QStringLiteral("DejaVu Sans")};
    if (!families.contains(Theme::fontFamily()))
        families << Theme::fontFamily();
    return families;
}

std::unique_ptr<QChart> ChartFactory::create(Kind kind, const Input &design, const Input *pinned)
{
    switch (kind) {
    case Kind::Params:
        return paramsChart(design, pinned);
    case Kind::Memory:
        return memoryChart(design, pinned);
    case Kind::Compute:
        return computeChart(design);
    case Kind::Scaling:
        return scalingChart(design, pinned);
    }
    return paramsChart(design, pinned);
}

} // namespace tx
