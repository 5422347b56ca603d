#include "core/estimate/evaluator.h"

#include "core/estimate/computeestimator.h"
#include "core/estimate/memoryestimator.h"
#include "core/estimate/paramcounter.h"
#include "core/estimate/scalinglaw.h"
#include "core/estimate/statebytes.h"
#include "core/estimate/weightstorage.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

struct Evaluator
{
    Q_DECLARE_TR_FUNCTIONS(tx::Evaluator)
};

// Devices of `memory` bytes needed to hold `bytes`, assuming a perfect split; capped so an
// absurd design reports a large count instead of overflowing.
int devicesFor(double bytes, double memory)
{
    if (!(memory > 0))
        return 0;
    const double n = std::ceil(bytes / memory);
    return static_cast<int>(std::clamp(n, 1.0, 1e9));
}

// Roofline: the slower of doing the FLOPs at peak and moving the bytes at full bandwidth.
double rooflineSeconds(double flops, double bytes, double peak, double bandwidth)
{
    const double compute = peak > 0 ? flops / peak : 0;
    const double memory = bandwidth > 0 ? bytes / bandwidth : 0;
    return std::max(compute, memory);
}

Precision trainingComputePrecision(Optimizer o)
{
    return o == Optimizer::AdamW || o == Optimizer::SgdMomentum ? Precision::FP32 : Precision::BF16;
}

} // namespace

std::optional<Error> validate(const Assumptions &a, const HardwareCatalog &catalog)
{
    // Limits keep every product finite and every count in int: 10^6 sequences, 2^24 tokens,
    // 10^16 training tokens (500× Llama 3's), 10^6 devices.
    if (a.batch < 1 || a.batch > 1'000'000)
        return Error{{}, QStringLiteral("batch"), Evaluator::tr("expected 1 to 1,000,000 sequences")};
    if (a.contextLength < 1 || a.contextLength > 16'777'216)
        return Error{{}, QStringLiteral("seq"), Evaluator::tr("expected 1 to 16,777,216 tokens")};
    if (!std::isfinite(a.trainingTokens) || a.trainingTokens < 0 || a.trainingTokens > 1e16)
        return Error{{}, QStringLiteral("tokens"), Evaluator::tr("expected 0 to 10^16 tokens")};
    if (a.zeroStage < 0 || a.zeroStage > 3)
        return Error{{}, QStringLiteral("zero"), Evaluator::tr("expected a ZeRO stage from 0 to 3")};
    if (a.tensorParallel < 1 || a.tensorParallel > 1'000'000)
        return Error{{}, QStringLiteral("tp"), Evaluator::tr("expected 1 to 1,000,000")};
    if (a.devices < 1 || a.devices > 1'000'000)
        return Error{{}, QStringLiteral("devices"), Evaluator::tr("expected 1 to 1,000,000 devices")};
    if (a.devices % a.tensorParallel != 0)
        return Error{{}, QStringLiteral("devices"), Evaluator::tr("must be a multiple of the tensor-parallel degree (--tp)")};
    if (!std::isfinite(a.mfu) || a.mfu <= 0 || a.mfu > 1)
        return Error{{}, QStringLiteral("mfu"), Evaluator::tr("expected a fraction in (0, 1], e.g. 0.4")};
    if (!std::isfinite(a.pricePerHour) || a.pricePerHour > 1e5)
        return Error{{}, QStringLiteral("price"), Evaluator::tr("expected dollars per device-hour up to 100,000")};
    if (!std::isfinite(a.runtimeOverhead) || a.runtimeOverhead < 0 || a.runtimeOverhead > 10)
        return Error{{}, QStringLiteral("overhead"), Evaluator::tr("expected a fraction from 0 to 10")};
    if (a.outputTokens < 1 || a.outputTokens > 16'777'216)
        return Error{{}, QStringLiteral("output-tokens"), Evaluator::tr("expected 1 to 16,777,216 tokens")};
    if (!std::isfinite(a.utilisation) || a.utilisation <= 0 || a.utilisation > 1)
        return Error{{}, QStringLiteral("utilisation"), Evaluator::tr("expected a fraction in (0, 1], e.g. 0.5")};
    if (!catalog.find(a.device)) {
        return Error{{}, QStringLiteral("device"),
                     Evaluator::tr("unknown device \"%1\" (known: %2)").arg(a.device, catalog.ids().join(QStringLiteral(", ")))};
    }
    return std::nullopt;
}

Expected<Evaluation, Error> evaluate(const ModelConfig &config, const Assumptions &a)
{
    return evaluate(config, a, HardwareCatalog::builtIn());
}

Expected<Evaluation, Error> evaluate(const ModelConfig &c, const Assumptions &a, const HardwareCatalog &catalog)
{
    if (auto err = validate(a, catalog))
        return *err;
    auto counted = countParams(c);
    if (!counted)
        return counted.error();

    Evaluation e;
    e.params = std::move(*counted);
    const ParamCount &p = e.params;
    const Device &dev = *catalog.find(a.device);
    const double b = a.batch;
    const double s = a.contextLength;
    const double total = double(p.total);
    const double lora = double(p.lora);

    // --- Inference memory -----------------------------------------------------------------
    auto &inf = e.inference;
    // An opened checkpoint's weights are its exact file bytes, else the design's tensors at the
    // weight precision's per-tensor rule (WeightStorage); their mean bytes per parameter then
    // also set what a token's active weights move.
    const double storedBytes = a.weightsBytes >= 0 ? a.weightsBytes
        : WeightStorage::uniform(c.weightPrecision) ? total * (bitsPerWeight(c.weightPrecision, c.quantGroupSize) / 8.0)
                                                    : WeightStorage::bytes(c);
    const double weightBytesPerParam = total > 0 ? storedBytes / total
                                                 : bitsPerWeight(c.weightPrecision, c.quantGroupSize) / 8.0;
    inf.weightsBytes = storedBytes + lora * 2.0; // adapters stay 16-bit
    inf.kvCacheBytes = MemoryEstimator::kvCacheBytes(c, b, s);
    inf.activationsBytes = MemoryEstimator::inferenceActivationBytes(c, b, s, a.flash);
    inf.overheadBytes = a.runtimeOverhead * (inf.weightsBytes + inf.kvCacheBytes + inf.activationsBytes);
    inf.totalBytes = inf.weightsBytes + inf.kvCacheBytes + inf.activationsBytes + inf.overheadBytes;

    // --- Training memory ------------------------------------------------------------------
    auto &trn = e.training;
    const StateBytes state = StateBytes::of(a.optimizer, c.dModel);
    const bool adapters = c.lora.enabled();
    trn.trainableParams = adapters ? p.lora : p.total;
    const double trainable = double(trn.trainableParams);
    // LoRA/QLoRA: the frozen base stays at its own precision and carries no gradients or states.
    const double frozen = adapters ? total * weightBytesPerParam : 0.0;
    trn.weightsBytes = frozen + trainable * state.weights;
    trn.gradientsBytes = trainable * state.gradients;
    trn.optimizerBytes = trainable * state.optimizer;
    trn.activationsPerLayerBytes = MemoryEstimator::activationBytesPerLayer(s, b, c.dModel, c.nHeads, a.recompute,
                                                                            a.flash, MemoryEstimator::cachedTokens(c, s));
    trn.logitsBytes = MemoryEstimator::trainingLogitsBytes(c, b, s);
    trn.activationsBytes = trn.activationsPerLayerBytes * c.totalLayers() + trn.logitsBytes;
    trn.totalBytes = trn.weightsBytes + trn.gradientsBytes + trn.optimizerBytes + trn.activationsBytes;
    const double tp = a.tensorParallel;
    // Tensor parallelism splits every weight matrix and (with sequence parallelism, Korthikanti
    // et al. 2022 eq. 5) the activations; ZeRO then shards the states over the data-parallel group.
    trn.perDeviceBytes = MemoryEstimator::zeroStateBytes(trn.weightsBytes / tp, trn.gradientsBytes / tp,
                                                        trn.optimizerBytes / tp, a.zeroStage, a.dataParallel())
        + trn.activationsBytes / tp;

    // --- Compute ------------------------------------------------------------------------------
    auto &cp = e.compute;
    cp.forwardFlopsPerToken = ComputeEstimator::forwardFlopsPerToken(c, p, s);
    cp.trainingFlopsPerToken = ComputeEstimator::trainingFlopsPerToken(c, p, s, a.recompute);
    cp.trainingFlops = cp.trainingFlopsPerToken * a.trainingTokens;
    // Prefill: every prompt token once; the causal mean span s/2 with 4·span·d_attn per layer
    // equals Kaplan's 2·n_ctx·d_attn, so the per-token forward applies as is.
    cp.prefillFlops = b * s * cp.forwardFlopsPerToken;
    // Bytes each step must move: the weights one token passes (MoE: active) and the KV cache.
    const double activeWeightBytes = double(p.active) * weightBytesPerParam + lora * 2.0;
    cp.prefillBytes = activeWeightBytes + inf.kvCacheBytes;
    cp.prefillIntensity = cp.prefillBytes > 0 ? cp.prefillFlops / cp.prefillBytes : 0;
    cp.decodeFlops = b * ComputeEstimator::decodeFlopsPerToken(c, p, s);
    cp.decodeBytes = activeWeightBytes + inf.kvCacheBytes;
    cp.decodeIntensity = cp.decodeBytes > 0 ? cp.decodeFlops / cp.decodeBytes : 0;

    // --- Hardware, time, money ----------------------------------------------------------------
    auto &hw = e.hardware;
    hw.deviceId = dev.id;
    hw.deviceName = dev.name;
    hw.deviceMemoryBytes = dev.memoryBytes;
    hw.bandwidthBytesPerSecond = dev.bandwidthBytesPerSecond;
    // Weight-only int8/int4 dequantise and multiply in 16-bit; fp8 models use the fp8 units.
    const Precision inferencePrecision =
        c.weightPrecision == Precision::INT8 || c.weightPrecision == Precision::INT4 ? Precision::BF16
                                                                                      : c.weightPrecision;
    hw.inferencePeakFlops = dev.peakFlops(inferencePrecision);
    hw.trainingPeakFlops = dev.peakFlops(trainingComputePrecision(a.optimizer));
    hw.pricePerHour = a.pricePerHour >= 0 ? a.pricePerHour : dev.pricePerHour;
    hw.devicesForInference = devicesFor(inf.totalBytes, dev.memoryBytes);
    hw.devicesForTraining = devicesFor(trn.totalBytes, dev.memoryBytes);
    hw.fitsOneDeviceInference = inf.totalBytes <= dev.memoryBytes;
    hw.fitsOneDeviceTraining = trn.totalBytes <= dev.memoryBytes;
    hw.fitsPerDeviceTraining = trn.perDeviceBytes <= dev.memoryBytes;
    hw.ridgeIntensity = dev.bandwidthBytesPerSecond > 0 ? hw.inferencePeakFlops / dev.bandwidthBytesPerSecond : 0;
    // Inference runs on the fewest devices that hold it, split by tensor parallelism: their
    // FLOP/s and bandwidth add up (communication ignored).
    const double n = hw.devicesForInference;
    hw.prefillSeconds = rooflineSeconds(cp.prefillFlops, cp.prefillBytes, n * hw.inferencePeakFlops,
                                        n * dev.bandwidthBytesPerSecond);
    hw.decodeStepSeconds = rooflineSeconds(cp.decodeFlops, cp.decodeBytes, n * hw.inferencePeakFlops,
                                           n * dev.bandwidthBytesPerSecond);
    hw.decodeTokensPerSecond = hw.decodeStepSeconds > 0 ? b / hw.decodeStepSeconds : 0;
    // A job whose per-device share does not fit is not timed on devices that cannot hold it
    // ("362 days on 1× H100" beside "needs 2×"): it runs on the fewest that hold training.
    const int degree = std::max(1, a.tensorParallel);
    hw.trainingDevices = hw.fitsPerDeviceTraining
        ? a.devices
        : (std::max(a.devices, hw.devicesForTraining) + degree - 1) / degree * degree;
    const double clusterFlops = double(hw.trainingDevices) * hw.trainingPeakFlops * a.mfu;
    hw.trainingSeconds = clusterFlops > 0 ? cp.trainingFlops / clusterFlops : 0;
    hw.gpuHours = double(hw.trainingDevices) * hw.trainingSeconds / 3600.0;
    hw.days = hw.trainingSeconds / 86400.0;
    hw.money = hw.gpuHours * hw.pricePerHour;

    // --- Scaling laws ------------------------------------------------------------------------
    auto &sc = e.scaling;
    const ScalingLaw law = ScalingLaw::of(a.law);
    // Chinchilla counts all parameters (an MoE its active ones); Kaplan the non-embedding ones.
    sc.params = law.usesNonEmbeddingParams() ? double(p.nonEmbedding) : double(p.active);
    sc.tokens = a.trainingTokens;
    sc.computeBudget = 6.0 * sc.params * sc.tokens;
    sc.loss = sc.tokens > 0 ? law.loss(sc.params, sc.tokens) : 0;
    sc.tokensPerParam = sc.params > 0 ? sc.tokens / sc.params : 0;
    if (sc.computeBudget > 0) {
        const ScalingPoint opt = law.optimal(sc.computeBudget);
        sc.optimalParams = opt.params;
        sc.optimalTokens = opt.tokens;
        sc.optimalLoss = opt.loss;
        sc.optimalTokensPerParam = opt.params > 0 ? opt.tokens / opt.params : 0;
    }
    return e;
}

} // namespace tx
