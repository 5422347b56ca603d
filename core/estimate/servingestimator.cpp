#include "core/estimate/servingestimator.h"

#include "core/base/numberformat.h"
#include "core/estimate/computeestimator.h"
#include "core/estimate/memoryestimator.h"
#include "core/estimate/weightstorage.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

double roofline(double flops, double bytes, double peak, double bandwidth)
{
    return std::max(peak > 0 ? flops / peak : 0.0, bandwidth > 0 ? bytes / bandwidth : 0.0);
}

// As the formula panel prints numbers: exact integers with separators, else 4 significant digits.
QString num(double x)
{
    if (!std::isfinite(x))
        return QStringLiteral("n/a");
    if (x == std::floor(x) && std::fabs(x) < 9e15)
        return NumberFormat::exact(static_cast<std::int64_t>(x));
    if (std::fabs(x) >= 1e6 || std::fabs(x) < 1e-3)
        return NumberFormat::scientific(x, 4);
    return QString::number(x, 'g', 4);
}

} // namespace

ServingEstimate ServingEstimator::estimate(const ModelConfig &c, const Assumptions &a, const Evaluation &e)
{
    ServingEstimate s;
    const auto &hw = e.hardware;
    const auto &p = e.params;
    const double context = std::max(1, a.contextLength);
    s.outputTokens = std::clamp(double(a.outputTokens), 1.0, std::max(1.0, context - 1));
    s.promptTokens = std::max(1.0, context - s.outputTokens);
    s.concurrency = a.batch;
    s.utilisation = a.utilisation;
    s.devices = std::max(1, hw.devicesForInference);
    const double n = s.devices;
    const double peak = n * hw.inferencePeakFlops;
    const double bandwidth = n * hw.bandwidthBytesPerSecond;
    // The bytes one token's pass reads: the active weights (MoE: top-k experts) + LoRA at 2 bytes.
    // Mixed and block formats: the stored weights' mean bytes per parameter (evaluate()'s
    // per-tensor rule); uniform precisions: bits/8.
    const double stored = e.inference.weightsBytes - double(p.lora) * 2.0;
    const double perParam = p.total > 0 && !WeightStorage::uniform(c.weightPrecision) ? stored / double(p.total)
                                                         : bitsPerWeight(c.weightPrecision, c.quantGroupSize) / 8.0;
    const double weightBytes = double(p.active) * perParam + double(p.lora) * 2.0;

    const double P = s.promptTokens;
    s.ttftFlops = P * ComputeEstimator::forwardFlopsPerToken(c, p, P);
    s.ttftBytes = weightBytes + MemoryEstimator::kvCacheBytes(c, 1, P);
    s.ttftSeconds = roofline(s.ttftFlops, s.ttftBytes, peak, bandwidth);

    const double mean = P + s.outputTokens / 2.0;
    const double b = s.concurrency;
    s.tpotFlops = b * ComputeEstimator::decodeFlopsPerToken(c, p, mean);
    s.tpotBytes = weightBytes + MemoryEstimator::kvCacheBytes(c, b, mean);
    s.tpotSeconds = roofline(s.tpotFlops, s.tpotBytes, peak, bandwidth);

    s.tokensPerSecondPerUser = s.tpotSeconds > 0 ? 1.0 / s.tpotSeconds : 0;
    s.outputTokensPerSecond = s.tpotSeconds > 0 ? b / s.tpotSeconds : 0;
    s.inputTokensPerSecond = s.ttftSeconds > 0 ? P / s.ttftSeconds : 0;
    s.requestSeconds = s.ttftSeconds + s.outputTokens * s.tpotSeconds;
    s.moneyPerHour = n * hw.pricePerHour;
    const double perSecond = s.moneyPerHour / 3600.0 / std::max(1e-9, s.utilisation);
    s.moneyPerMillionInputTokens = perSecond * s.ttftSeconds / P * 1e6;
    s.moneyPerMillionOutputTokens = perSecond * s.tpotSeconds / b * 1e6;
    return s;
}

std::vector<Figure> ServingEstimator::explain(const ModelConfig &c, const Assumptions &a, const Evaluation &e)
{
    const ServingEstimate s = estimate(c, a, e);
    const auto &hw = e.hardware;
    const QString roof = tr("roofline (Williams et al. 2009): the slower of the FLOPs at peak and the bytes at bandwidth");
    const QString def = tr("definition");
    std::vector<Figure> out;
    out.push_back({QStringLiteral("serving.ttft_seconds"), tr("Time to first token"), s.ttftSeconds, QStringLiteral("s"),
                   tr("max(P · FLOPs/token / (n · peak), (weights + KV of P) / (n · bandwidth))"),
                   QStringLiteral("max(%1 / (%2 · %3), %4 / (%2 · %5)) = %6")
                       .arg(num(s.ttftFlops), num(s.devices), num(hw.inferencePeakFlops), num(s.ttftBytes),
                            num(hw.bandwidthBytesPerSecond), num(s.ttftSeconds)),
                   roof});
    out.push_back({QStringLiteral("serving.tpot_seconds"), tr("Time per output token"), s.tpotSeconds, QStringLiteral("s"),
                   tr("max(b · decode FLOPs at P + O/2 / (n · peak), (weights + KV of b at P + O/2) / (n · bandwidth))"),
                   QStringLiteral("max(%1 / (%2 · %3), %4 / (%2 · %5)) = %6")
                       .arg(num(s.tpotFlops), num(s.devices), num(hw.inferencePeakFlops), num(s.tpotBytes),
                            num(hw.bandwidthBytesPerSecond), num(s.tpotSeconds)),
                   tr("roofline (Williams et al. 2009); decode is memory-bound at small batch (Pope et al. 2022)")});
    out.push_back({QStringLiteral("serving.output_tokens_per_s"), tr("Aggregate output throughput"),
                   s.outputTokensPerSecond, QStringLiteral("tokens/s"), tr("b / TPOT"),
                   QStringLiteral("%1 / %2 = %3").arg(num(s.concurrency), num(s.tpotSeconds), num(s.outputTokensPerSecond)),
                   def});
    out.push_back({QStringLiteral("serving.tokens_per_s_per_user"), tr("Speed per user"), s.tokensPerSecondPerUser,
                   QStringLiteral("tokens/s"), tr("1 / TPOT"),
                   QStringLiteral("1 / %1 = %2").arg(num(s.tpotSeconds), num(s.tokensPerSecondPerUser)), def});
    out.push_back({QStringLiteral("serving.money_per_million_input_tokens"), tr("Cost per million input tokens"),
                   s.moneyPerMillionInputTokens, QStringLiteral("USD"), tr("n · price / 3600 · TTFT / P · 10^6 / utilisation"),
                   QStringLiteral("%1 · %2 / 3600 · %3 / %4 · 10^6 / %5 = %6")
                       .arg(num(s.devices), num(hw.pricePerHour), num(s.ttftSeconds), num(s.promptTokens),
                            num(s.utilisation), num(s.moneyPerMillionInputTokens)),
                   tr("device time per token at the device's price; utilisation is an assumption (--utilisation)")});
    out.push_back({QStringLiteral("serving.money_per_million_output_tokens"), tr("Cost per million output tokens"),
                   s.moneyPerMillionOutputTokens, QStringLiteral("USD"),
                   tr("n · price / 3600 · TPOT / b · 10^6 / utilisation"),
                   QStringLiteral("%1 · %2 / 3600 · %3 / %4 · 10^6 / %5 = %6")
                       .arg(num(s.devices), num(hw.pricePerHour), num(s.tpotSeconds), num(s.concurrency),
                            num(s.utilisation), num(s.moneyPerMillionOutputTokens)),
                   tr("device time per token at the device's price; utilisation is an assumption (--utilisation)")});
    return out;
}

} // namespace tx
