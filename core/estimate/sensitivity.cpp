#include "core/estimate/sensitivity.h"

#include "core/base/numberformat.h"
#include "core/design/configvalidator.h"
#include "core/estimate/evaluator.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>

namespace tx {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The integer knobs of the design, read by design-file key.
std::optional<int> designInt(const ModelConfig &c, const QString &field)
{
    if (field == QLatin1String("d_model"))
        return c.dModel;
    if (field == QLatin1String("n_layers"))
        return c.nLayers;
    if (field == QLatin1String("n_kv_heads"))
        return c.nKvHeads;
    if (field == QLatin1String("d_ff"))
        return c.dFf;
    if (field == QLatin1String("vocab_size"))
        return c.vocabSize;
    if (field == QLatin1String("moe_experts"))
        return c.moe.numExperts;
    return std::nullopt;
}

// The next value a slider for `field` lands on below (direction −1) or above (+1) `value`:
// 10 % away, snapped; when that snaps back to `value`, the nearest value past it that does not.
// `snap` is DesignEdits::snapped for the field; `lo`/`hi` bound the search. nullopt: none.
std::optional<int> stepped(int value, int direction, int lo, int hi, const std::function<int(int)> &snap)
{
    const int tenth = int(std::lround(value * (direction > 0 ? 1.1 : 0.9)));
    int s = snap(std::clamp(tenth, lo, hi));
    if (direction * (s - value) > 0 && s >= lo && s <= hi)
        return s;
    // Past the value one at a time: snapping moves at most one multiple (64, the heads) away.
    for (int t = value + direction, n = 0; t >= lo && t <= hi && n < 100'000; t += direction, ++n) {
        s = snap(t);
        if (direction * (s - value) > 0 && s >= lo && s <= hi)
            return s;
    }
    return std::nullopt;
}

// Weights step through fp32, bf16, int8 (weight-only, with group scales) and int4; a KV cache
// through fp32, bf16, fp8 (vLLM's fp8 cache) and int4. A precision off the ladder (fp16, GGUF
// types) steps to the ladder's next narrower or wider format by bits.
std::optional<Precision> precisionStep(Precision p, int direction, bool kv, int groupSize)
{
    const std::vector<Precision> ladder = kv ? std::vector{Precision::FP32, Precision::BF16, Precision::FP8, Precision::INT4}
                                             : std::vector{Precision::FP32, Precision::BF16, Precision::INT8, Precision::INT4};
    const auto bits = [&](Precision q) { return kv ? 8.0 * bytesPerElement(q) : bitsPerWeight(q, groupSize); };
    const double own = bits(p);
    std::optional<Precision> best;
    for (Precision q : ladder) {
        const double b = bits(q);
        if (direction < 0 ? b < own - 1e-9 && (!best || b > bits(*best))
                          : b > own + 1e-9 && (!best || b < bits(*best)))
            best = q;
    }
    return best;
}

} // namespace

double Sensitivity::Knob::effect(Metric m) const
{
    double e = 0;
    for (double x : {low[int(m)], high[int(m)]})
        if (std::isfinite(x))
            e = std::max(e, std::fabs(x));
    return e;
}

double Sensitivity::value(const Evaluation &e, Metric m)
{
    switch (m) {
    case Metric::WeightsMemory: return e.inference.weightsBytes;
    case Metric::InferenceMemory: return e.inference.totalBytes;
    case Metric::TrainingCompute: return e.compute.trainingFlops;
    case Metric::TrainingCost: return e.hardware.money;
    case Metric::Loss: return e.scaling.loss;
    }
    return 0;
}

QString Sensitivity::key(Metric m)
{
    switch (m) {
    case Metric::WeightsMemory: return QStringLiteral("weights_memory");
    case Metric::InferenceMemory: return QStringLiteral("inference_memory");
    case Metric::TrainingCompute: return QStringLiteral("training_compute");
    case Metric::TrainingCost: return QStringLiteral("training_cost");
    case Metric::Loss: return QStringLiteral("loss");
    }
    return {};
}

Expected<Sensitivity::Result, Error> Sensitivity::of(const ModelConfig &config, const Assumptions &assumptions,
                                                     const HardwareCatalog &catalog, const DesignLocks &locks)
{
    const auto base = evaluate(config, assumptions, catalog);
    if (!base)
        return base.error();
    Result out;
    for (int m = 0; m < kMetrics; ++m)
        out.base[m] = value(*base, Metric(m));

    // One step's relative changes; NaN throughout when the stepped design is not valid.
    const auto changes = [&](const ModelConfig &c, const Assumptions &a) {
        std::array<double, kMetrics> r;
        r.fill(kNaN);
        if (!validate(c).empty())
            return r;
        const auto e = evaluate(c, a, catalog);
        if (!e)
            return r;
        for (int m = 0; m < kMetrics; ++m)
            r[m] = out.base[m] != 0 ? value(*e, Metric(m)) / out.base[m] - 1.0 : kNaN;
        return r;
    };
    const auto none = [] {
        std::array<double, kMetrics> r;
        r.fill(kNaN);
        return r;
    };

    // The design's integer knobs, in the controls' order; those that do not apply are left out.
    static const char *const kDesignFields[] = {"d_model", "n_layers", "n_kv_heads", "d_ff", "vocab_size", "moe_experts"};
    for (const char *name : kDesignFields) {
        const QString field = QLatin1String(name);
        if (!DesignEdits::editable(config, locks, field))
            continue;
        if (field == QLatin1String("moe_experts") && !config.moe.enabled())
            continue;
        const int v = *designInt(config, field);
        const int lo = field == QLatin1String("moe_experts") ? std::max(2, config.moe.topK) : 1;
        const int hi = field == QLatin1String("n_kv_heads") ? config.nHeads : std::max(v * 2 + 1024, v + 1);
        const auto snap = [&](int t) { return DesignEdits::snapped(config, field, t); };
        Knob k;
        k.field = field;
        k.baseValue = NumberFormat::exact(v);
        for (int direction : {-1, +1}) {
            auto &r = direction < 0 ? k.low : k.high;
            auto &text = direction < 0 ? k.lowValue : k.highValue;
            r = none();
            const auto s = stepped(v, direction, lo, hi, snap);
            if (!s)
                continue;
            ModelConfig c = config;
            if (DesignEdits::set(c, field, QString::number(*s), locks))
                continue;
            text = NumberFormat::exact(*s);
            r = changes(c, assumptions);
        }
        if (!k.lowValue.isEmpty() || !k.highValue.isEmpty()) // one key/value head of one: nowhere to go
            out.knobs.push_back(k);
    }

    // Precisions.
    for (bool kv : {false, true}) {
        Knob k;
        k.field = kv ? QStringLiteral("kv_precision") : QStringLiteral("weight_precision");
        const Precision p = kv ? config.kvPrecision : config.weightPrecision;
        k.baseValue = toString(p);
        for (int direction : {-1, +1}) {
            auto &r = direction < 0 ? k.low : k.high;
            r = none();
            const auto q = precisionStep(p, direction, kv, config.quantGroupSize);
            if (!q)
                continue;
            ModelConfig c = config;
            (kv ? c.kvPrecision : c.weightPrecision) = *q;
            (direction < 0 ? k.lowValue : k.highValue) = toString(*q);
            r = changes(c, assumptions);
        }
        out.knobs.push_back(k);
    }

    // The assumptions a product decision moves: context in use, concurrent sequences, training tokens.
    {
        Knob k;
        k.field = QStringLiteral("seq");
        const int v = assumptions.contextLength;
        k.baseValue = NumberFormat::exact(v);
        const int hi = config.maxPositions > 0 ? config.maxPositions : 16'777'216;
        for (int direction : {-1, +1}) {
            auto &r = direction < 0 ? k.low : k.high;
            r = none();
            const auto s = stepped(v, direction, 1, hi,
                                   [&](int t) { return DesignEdits::snapped(config, QStringLiteral("seq"), t); });
            if (!s)
                continue;
            Assumptions a = assumptions;
            a.contextLength = *s;
            (direction < 0 ? k.lowValue : k.highValue) = NumberFormat::exact(*s);
            r = changes(config, a);
        }
        out.knobs.push_back(k);
    }
    {
        Knob k;
        k.field = QStringLiteral("batch");
        const int v = assumptions.batch;
        k.baseValue = NumberFormat::exact(v);
        for (int direction : {-1, +1}) {
            auto &r = direction < 0 ? k.low : k.high;
            r = none();
            const auto s = stepped(v, direction, 1, 1'000'000, [](int t) { return t; });
            if (!s)
                continue;
            Assumptions a = assumptions;
            a.batch = *s;
            (direction < 0 ? k.lowValue : k.highValue) = NumberFormat::exact(*s);
            r = changes(config, a);
        }
        out.knobs.push_back(k);
    }
    if (assumptions.trainingTokens > 0) {
        Knob k;
        k.field = QStringLiteral("tokens");
        k.baseValue = NumberFormat::count(assumptions.trainingTokens);
        for (int direction : {-1, +1}) {
            Assumptions a = assumptions;
            a.trainingTokens = std::min(1e16, assumptions.trainingTokens * (direction < 0 ? 0.9 : 1.1));
            (direction < 0 ? k.lowValue : k.highValue) = NumberFormat::count(a.trainingTokens);
            (direction < 0 ? k.low : k.high) = changes(config, a);
        }
        out.knobs.push_back(k);
    }
    return out;
}

} // namespace tx
