#include "core/calibrate/calibrator.h"

#include "core/base/numberformat.h"
#include "core/estimate/computeestimator.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/memoryestimator.h"
#include "core/estimate/paramcounter.h"
#include "core/nn/enginesizer.h"

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

double roofline(double flops, double bytes, double peak, double bandwidth)
{
    return std::max(peak > 0 ? flops / peak : 0.0, bandwidth > 0 ? bytes / bandwidth : 0.0);
}

std::optional<Error> checkRange(int value, int low, int high, const char *field)
{
    if (value < low || value > high)
        return Error{{}, QString::fromLatin1(field),
                     Calibrator::tr("expected an integer from %1 to %2, got %3").arg(low).arg(high).arg(value)};
    return std::nullopt;
}

// The engine computes in float32: weights, cache and activations at 4 bytes.
ModelConfig engineConfig(const ModelConfig &config)
{
    ModelConfig c = config;
    c.weightPrecision = Precision::FP32;
    c.kvPrecision = Precision::FP32;
    return c;
}

QString gflops(double flopsPerSecond)
{
    return QString::number(flopsPerSecond / 1e9, 'f', 1);
}

} // namespace

Expected<CalibrationPlan, Error> Calibrator::plan(const ModelConfig &config, const CalibrationSettings &settings)
{
    if (auto e = checkRange(settings.batch, 1, 64, "--batch"))
        return *e;
    if (auto e = checkRange(settings.seq, 2, 4096, "--seq"))
        return *e;
    if (auto e = checkRange(settings.repeats, 1, 50, "--repeats"))
        return *e;
    if (settings.capBytes < 1'000'000)
        return Error{{}, QStringLiteral("--max-weights-mb"), tr("expected at least 1 MB of weights")};
    auto fitted = EngineSizer::fit(config, settings.capBytes);
    if (!fitted)
        return fitted.error();
    CalibrationPlan p;
    p.config = fitted->config;
    p.changes = fitted->changes;
    p.settings = settings;
    if (p.config.maxPositions > 1)
        p.settings.seq = std::min(p.settings.seq, p.config.maxPositions);
    if (auto e = checkRange(settings.generate, 1, p.settings.seq - 1, "--generate"))
        return *e;
    if (auto refused = EngineSizer::unsupported(p.config, EnginePurpose::Train)) {
        p.trainable = false;
        p.notTrainedReason = refused->toString();
    }
    return p;
}

Expected<CalibrationFigures, Error> Calibrator::predict(const CalibrationPlan &plan, const CpuPeak &cpu)
{
    const ModelConfig c = engineConfig(plan.config);
    Assumptions a;
    a.batch = plan.settings.batch;
    a.contextLength = plan.settings.seq;
    a.optimizer = Optimizer::AdamW;
    a.recompute = Recompute::None;
    a.flash = false;
    a.devices = 1;
    auto e = evaluate(c, a);
    if (!e)
        return e.error();
    const ParamCount &p = e->params;
    const double peak = cpu.peakFlops();
    const double bandwidth = cpu.bandwidthBytesPerSecond;
    const double B = plan.settings.batch, T = plan.settings.seq;
    const double activeBytes = double(p.active) * 4.0;

    CalibrationFigures f;
    f.forwardSeconds = roofline(B * T * ComputeEstimator::forwardFlopsPerToken(c, p, T),
                                activeBytes + MemoryEstimator::kvCacheBytes(c, B, T), peak, bandwidth);
    const double mean = plan.promptTokens() + plan.settings.generate / 2.0;
    f.decodeSecondsPerToken = roofline(ComputeEstimator::decodeFlopsPerToken(c, p, mean),
                                       activeBytes + MemoryEstimator::kvCacheBytes(c, 1, mean), peak, bandwidth);
    f.weightsBytes = e->training.weightsBytes;
    f.kvCacheBytes = MemoryEstimator::kvCacheBytes(c, 1, T);
    if (plan.trainable) {
        const double flops = B * T * ComputeEstimator::trainingFlopsPerToken(c, p, T, Recompute::None);
        f.trainStepSeconds = peak > 0 ? flops / (peak * a.mfu) : 0.0;
        f.gradientsBytes = e->training.gradientsBytes;
        f.momentsBytes = e->training.optimizerBytes;
        // The engine keeps every activation in 32 bits: Korthikanti's 2-byte layer figure doubles,
        // the logits are 32-bit already.
        f.activationsBytes = 2.0 * (e->training.activationsBytes - e->training.logitsBytes) + e->training.logitsBytes;
        f.trainingPeakBytes = f.weightsBytes + f.gradientsBytes + f.momentsBytes + f.activationsBytes;
    }
    return f;
}

QString Calibrator::label(const QString &key)
{
    if (key == QLatin1String("forward_seconds"))
        return tr("Forward pass");
    if (key == QLatin1String("train_step_seconds"))
        return tr("Training step");
    if (key == QLatin1String("decode_seconds_per_token"))
        return tr("Decode, per token");
    if (key == QLatin1String("weights_bytes"))
        return tr("Weights");
    if (key == QLatin1String("gradients_bytes"))
        return tr("Gradients");
    if (key == QLatin1String("moments_bytes"))
        return tr("AdamW moments");
    if (key == QLatin1String("activations_bytes"))
        return tr("Activation cache");
    if (key == QLatin1String("kv_cache_bytes"))
        return tr("KV cache");
    if (key == QLatin1String("training_peak_bytes"))
        return tr("Training peak memory");
    return key;
}

QString Calibrator::formatValue(const CalibrationRow &row, double value)
{
    return row.unit == CalibrationRow::Unit::Seconds ? NumberFormat::duration(value) : NumberFormat::bytes(value);
}

QString Calibrator::formatError(const CalibrationRow &row)
{
    const double e = row.errorPercent();
    if (!std::isfinite(e))
        return tr("n/a");
    const QString magnitude = QString::number(std::fabs(e), 'f', 1);
    return tr("%1%2 %").arg(e < 0 ? QStringLiteral("\u2212") : QStringLiteral("+"), magnitude);
}

CalibrationTable Calibrator::table(const CalibrationPlan &plan, const CpuPeak &cpu, const CalibrationFigures &predicted,
                                   const CalibrationFigures &measured)
{
    CalibrationTable t;
    t.config = plan.config;
    t.changes = plan.changes;
    t.settings = plan.settings;
    t.promptTokens = plan.promptTokens();
    t.trained = plan.trainable;
    t.cpu = cpu;
    if (auto p = countParams(plan.config))
        t.params = p->total;
    const QString B = QString::number(plan.settings.batch), T = QString::number(plan.settings.seq);
    const QString roof = tr("roofline at %1 GFLOP/s (%2 threads) and %3 GB/s")
                             .arg(gflops(cpu.peakFlops()))
                             .arg(cpu.threads)
                             .arg(QString::number(cpu.bandwidthBytesPerSecond / 1e9, 'f', 1));
    const auto add = [&](const char *key, CalibrationRow::Unit unit, double p, double m, const QString &basis) {
        if (p < 0 || m < 0)
            return;
        t.rows.push_back({QString::fromLatin1(key), label(QString::fromLatin1(key)), basis, unit, p, m});
    };
    using U = CalibrationRow::Unit;
    add("forward_seconds", U::Seconds, predicted.forwardSeconds, measured.forwardSeconds,
        tr("%1 × %2 tokens, %3").arg(B, T, roof));
    add("train_step_seconds", U::Seconds, predicted.trainStepSeconds, measured.trainStepSeconds,
        tr("%1 × %2 tokens, 3 × forward FLOPs at %3 GFLOP/s × MFU %4 %")
            .arg(B, T, gflops(cpu.peakFlops()))
            .arg(Assumptions{}.mfu * 100.0, 0, 'f', 0));
    add("decode_seconds_per_token", U::Seconds, predicted.decodeSecondsPerToken, measured.decodeSecondsPerToken,
        tr("one token at the mean context of %1 tokens (prompt %2 + %3 of %4 generated), %5")
            .arg(plan.promptTokens() + plan.settings.generate / 2.0)
            .arg(plan.promptTokens())
            .arg(plan.settings.generate / 2.0)
            .arg(plan.settings.generate)
            .arg(roof));
    add("weights_bytes", U::Bytes, predicted.weightsBytes, measured.weightsBytes, tr("4 bytes per parameter"));
    add("gradients_bytes", U::Bytes, predicted.gradientsBytes, measured.gradientsBytes, tr("4 bytes per parameter"));
    add("moments_bytes", U::Bytes, predicted.momentsBytes, measured.momentsBytes, tr("8 bytes per parameter (m and v)"));
    add("activations_bytes", U::Bytes, predicted.activationsBytes, measured.activationsBytes,
        tr("Korthikanti et al. 2022 eq. 2 at 4 bytes per value, %1 layers").arg(plan.config.totalLayers()));
    add("kv_cache_bytes", U::Bytes, predicted.kvCacheBytes, measured.kvCacheBytes,
        tr("%1 tokens at 4 bytes per value").arg(T));
    add("training_peak_bytes", U::Bytes, predicted.trainingPeakBytes, measured.trainingPeakBytes,
        tr("weights + gradients + moments + activations; measured as the rise of resident memory"));
    return t;
}

} // namespace tx
