#include "core/report/sensitivityfigure.h"

#include "core/report/componentnames.h"

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

constexpr double kNegligible = 0.0005; // 0.05 %: a step that moves the metric less is not a lever

QString knobName(const QString &field)
{
    if (field == QLatin1String("seq"))
        return SensitivityFigure::tr("Context in use");
    if (field == QLatin1String("batch"))
        return SensitivityFigure::tr("Concurrent sequences");
    if (field == QLatin1String("tokens"))
        return SensitivityFigure::tr("Training tokens");
    return ComponentNames::field(field);
}

double percent(double relative)
{
    return std::isfinite(relative) ? 100.0 * relative : 0.0;
}

// The first of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k at or above x: an axis end that
// leaves little empty room and ticks at its halves on round numbers.
double niceCeiling(double x)
{
    if (!(x > 0))
        return 1;
    const double decade = std::pow(10.0, std::floor(std::log10(x)));
    for (double m : {1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0})
        if (m * decade >= x - 1e-12)
            return m * decade;
    return 10 * decade;
}

QString signedPercent(double p)
{
    const QString sign = p > 0 ? QStringLiteral("+") : p < 0 ? QStringLiteral("−") : QString();
    return sign + QString::number(std::fabs(p), 'f', std::fabs(p) < 10 ? 1 : 0) + QStringLiteral(" %");
}

} // namespace

std::vector<SensitivityFigure::Metric> SensitivityFigure::metrics()
{
    return {Metric::InferenceMemory, Metric::WeightsMemory, Metric::TrainingCompute, Metric::TrainingCost,
            Metric::Loss};
}

QString SensitivityFigure::metricName(Metric m)
{
    switch (m) {
    case Metric::WeightsMemory: return tr("weights memory");
    case Metric::InferenceMemory: return tr("inference memory");
    case Metric::TrainingCompute: return tr("training compute");
    case Metric::TrainingCost: return tr("training cost");
    case Metric::Loss: return tr("predicted loss");
    }
    return {};
}

SensitivityFigure SensitivityFigure::of(const Sensitivity::Result &r, Metric metric)
{
    SensitivityFigure f;
    const QString name = metricName(metric);
    f.title = tr("Which knob moves %1").arg(name);
    f.valueAxisTitle = tr("change in %1 (%)").arg(name);
    f.lowName = tr("One step down (−10 % or the next valid value)");
    f.highName = tr("One step up (+10 % or the next valid value)");

    std::vector<int> order;
    for (int i = 0; i < int(r.knobs.size()); ++i)
        if (r.knobs[size_t(i)].effect(metric) >= kNegligible)
            order.push_back(i);
    // Smallest effect first (drawn at the bottom); ties keep the controls' order from the top.
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return r.knobs[size_t(a)].effect(metric) > r.knobs[size_t(b)].effect(metric);
    });
    std::reverse(order.begin(), order.end());
    double largest = 0;
    for (int i : order) {
        const Sensitivity::Knob &k = r.knobs[size_t(i)];
        const QString none = tr("—");
        f.categories << tr("%1 %2: %3 | %4")
                            .arg(knobName(k.field), k.baseValue, k.lowValue.isEmpty() ? none : k.lowValue,
                                 k.highValue.isEmpty() ? none : k.highValue);
        f.fields << k.field;
        f.low.push_back(percent(k.low[int(metric)]));
        f.high.push_back(percent(k.high[int(metric)]));
        largest = std::max({largest, std::fabs(f.low.back()), std::fabs(f.high.back())});
    }
    f.extent = niceCeiling(largest * 1.05);

    // The step that lowers the metric most (loss: a lower loss is better too).
    double best = -kNegligible * 100;
    for (size_t at = 0; at < order.size(); ++at) {
        const Sensitivity::Knob &k = r.knobs[size_t(order[at])];
        for (bool up : {false, true}) {
            const double p = up ? f.high[at] : f.low[at];
            if (p < best) {
                best = p;
                f.note = tr("To lower %1 most: %2 %3 → %4, %5.")
                             .arg(name, knobName(k.field), k.baseValue, up ? k.highValue : k.lowValue, signedPercent(p));
            }
        }
    }
    return f;
}

SensitivityFigure SensitivityFigure::of(const EvaluatedDesign &d, Metric metric, const HardwareCatalog &catalog,
                                       const DesignLocks &locks)
{
    const auto r = Sensitivity::of(d.config, d.assumptions, catalog, locks);
    return of(r ? *r : Sensitivity::Result{}, metric);
}

} // namespace tx
