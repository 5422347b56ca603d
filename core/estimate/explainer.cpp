#include "core/estimate/explainer.h"

#include "core/base/numberformat.h"
#include "core/estimate/computeestimator.h"
#include "core/estimate/memoryestimator.h"
#include "core/estimate/scalinglaw.h"
#include "core/estimate/servingestimator.h"
#include "core/estimate/statebytes.h"
#include "core/estimate/weightstorage.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

struct Explainer
{
    Q_DECLARE_TR_FUNCTIONS(tx::Explainer)
};

// A number as it appears in a substituted formula: exact integers with separators, else
// 4 significant digits, scientific past a million.
QString num(double x)
{
    if (!std::isfinite(x))
        return Explainer::tr("n/a");
    if (x == std::floor(x) && std::fabs(x) < 9e15)
        return NumberFormat::exact(static_cast<std::int64_t>(x));
    if (std::fabs(x) >= 1e6)
        return NumberFormat::scientific(x, 4);
    if (x == 0)
        return QStringLiteral("0");
    // 4 significant digits in plain notation, trailing zeros dropped: 10330, 2.797, 0.4.
    const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(x))));
    QString s = QString::number(x, 'f', std::clamp(3 - magnitude, 0, 12));
    if (s.contains(QLatin1Char('.'))) {
        while (s.endsWith(QLatin1Char('0')))
            s.chop(1);
        if (s.endsWith(QLatin1Char('.')))
            s.chop(1);
    }
    return s;
}

QString num(std::int64_t x)
{
    return NumberFormat::exact(x);
}

// Where a per-tensor weight format's rule comes from.
QString weightsSource(Precision p)
{
    switch (p) {
    case Precision::Fp8Block:
        return Explainer::tr("DeepSeek-V3 inference/model.py: fp8 e4m3 projections with one fp32 scale per 128×128 "
                             "block, edge blocks included; embeddings, head, norms and router in bf16");
    case Precision::Mxfp4:
        return Explainer::tr("OCP Microscaling Formats v1.0 §5 (32 e2m1 values + one e8m0 scale); gpt-oss "
                             "quantises the experts only (config.json quantization_config)");
    case Precision::Nvfp4:
        return Explainer::tr("NVIDIA Model Optimizer NVFP4: e2m1 values, one e4m3 scale per 16 and one fp32 scale "
                             "per tensor; the projections inside the layers only");
    default:
        return Explainer::tr("llama.cpp src/llama-quant.cpp (llama_tensor_get_type_impl, tensor_type_fallback) and "
                             "ggml-common.h block sizes; vectors, biases and routers stay f32");
    }
}

const QString kBytes = QStringLiteral("bytes");
const QString kFlops = QStringLiteral("FLOP");

class Builder
{
public:
    Builder(const ModelConfig &c, const Assumptions &a, const Evaluation &e) : m_c(c), m_a(a), m_e(e) {}

    std::vector<Figure> all()
    {
        std::vector<Figure> out;
        memory(out);
        compute(out);
        hardware(out);
        const std::vector<Figure> serving = ServingEstimator::explain(m_c, m_a, m_e);
        out.insert(out.end(), serving.begin(), serving.end());
        scaling(out);
        return out;
    }

private:
    void memory(std::vector<Figure> &out) const
    {
        const auto &inf = m_e.inference;
        const auto &p = m_e.params;
        const double bpw = bitsPerWeight(m_c.weightPrecision, m_c.quantGroupSize);
        const QString korthikanti = Explainer::tr("Korthikanti et al. 2022, arXiv:2205.05198, §4.1 eq. (1)-(2) and Table 2");
        if (WeightStorage::uniform(m_c.weightPrecision) || m_a.weightsBytes >= 0) {
            out.push_back({QStringLiteral("memory.inference.weights_bytes"), Explainer::tr("Weights"), inf.weightsBytes, kBytes,
                           p.lora > 0 ? Explainer::tr("N · bits/8 + N_LoRA · 2") : Explainer::tr("N · bits/8"),
                           (p.lora > 0 ? QStringLiteral("%1 · %2/8 + %3 · 2 = %4")
                                             .arg(num(p.total), num(bpw), num(p.lora), num(inf.weightsBytes))
                                       : QStringLiteral("%1 · %2/8 = %3").arg(num(p.total), num(bpw), num(inf.weightsBytes))),
                           Explainer::tr("definition; int8/int4 add one fp16 scale per %1 weights (GPTQ/AWQ grouping)")
                               .arg(m_c.quantGroupSize)});
        } else {
            // One term per storage type: its parameters and exact bytes (blocks and scales).
            QStringList terms;
            for (const WeightStorage::Share &sh : WeightStorage::shares(m_c))
                terms << QStringLiteral("%1 %2 → %3").arg(WeightStorage::name(sh.type), num(double(sh.params)), num(sh.bytes));
            if (p.lora > 0)
                terms << QStringLiteral("LoRA %1 · 2").arg(num(p.lora));
            out.push_back({QStringLiteral("memory.inference.weights_bytes"), Explainer::tr("Weights"), inf.weightsBytes, kBytes,
                           Explainer::tr("Σ over tensors: each tensor in the type the format's rule gives it, "
                                         "bytes = blocks · bytes per block (+ scales)"),
                           QStringLiteral("%1 = %2").arg(terms.join(QStringLiteral(" + ")), num(inf.weightsBytes)),
                           weightsSource(m_c.weightPrecision)});
        }
        const double tokens = MemoryEstimator::cachedTokens(m_c, m_a.contextLength);
        const std::vector<MemoryEstimator::KvGroup> groups = MemoryEstimator::kvCacheGroups(m_c, m_a.contextLength);
        const bool mla = m_c.attention == AttentionKind::Mla;
        QString kvFormula, kvSub;
        if (groups.size() <= 1 && !mla) {
            kvFormula = Explainer::tr("2 · b · s · L · n_kv · d_head · bytes");
            kvSub = QStringLiteral("2 · %1 · %2 · %3 · %4 · %5 · %6 = %7")
                        .arg(num(double(m_a.batch)), num(groups.empty() ? tokens : groups.front().tokens),
                             num(double(MemoryEstimator::cacheLayers(m_c))), num(double(m_c.nKvHeads)),
                             num(double(m_c.effectiveHeadDim())), num(bytesPerElement(m_c.kvPrecision)),
                             num(inf.kvCacheBytes));
        } else {
            // One term per layer type: layers · tokens cached · values per token.
            kvFormula = mla ? Explainer::tr("b · Σ_types L_type · min(s, window) · (kv_lora_rank + qk_rope_head_dim) · bytes")
                            : Explainer::tr("b · Σ_types L_type · min(s, window) · 2 · n_kv · d_head · bytes");
            QStringList terms;
            for (const MemoryEstimator::KvGroup &g : groups) {
                terms << QStringLiteral("%1 %2 · %3 · %4")
                             .arg(g.kind, num(double(g.layers)), num(g.tokens), num(g.valuesPerToken));
            }
            kvSub = QStringLiteral("%1 · (%2) · %3 = %4")
                        .arg(num(double(m_a.batch)), terms.join(QStringLiteral(" + ")),
                             num(bytesPerElement(m_c.kvPrecision)), num(inf.kvCacheBytes));
        }
        out.push_back({QStringLiteral("memory.inference.kv_cache_bytes"), Explainer::tr("KV cache"), inf.kvCacheBytes, kBytes,
                       kvFormula, kvSub,
                       Explainer::tr("K and V per layer and token (Pope et al. 2022, arXiv:2211.05102, §2); GQA: Ainslie et al. "
                          "2023; sliding and chunked layers keep min(s, window) tokens; MLA keeps one latent per "
                          "token shared by the heads (DeepSeek-V2, arXiv:2405.04434, §2.1); sinks add none")});
        const double ffnWidth = double(m_c.dFf) * (m_c.ffn == FfnKind::Gated3 ? 2 : 1);
        out.push_back({QStringLiteral("memory.inference.activations_bytes"), Explainer::tr("Activations (prefill)"),
                       inf.activationsBytes, kBytes,
                       m_a.flash ? Explainer::tr("2 · b · s · (2·d + d_ff')") : Explainer::tr("2 · (b · s · (2·d + d_ff') + b · a · s²)"),
                       m_a.flash ? QStringLiteral("2 · %1 · %2 · (2·%3 + %4) = %5")
                                       .arg(num(double(m_a.batch)), num(double(m_a.contextLength)),
                                            num(double(m_c.dModel)), num(ffnWidth), num(inf.activationsBytes))
                                 : QStringLiteral("2 · (%1 · %2 · (2·%3 + %4) + %1 · %5 · %2 · %6) = %7")
                                       .arg(num(double(m_a.batch)), num(double(m_a.contextLength)),
                                            num(double(m_c.dModel)), num(ffnWidth), num(double(m_c.nHeads)),
                                            num(tokens), num(inf.activationsBytes)),
                       Explainer::tr("this program's estimate: the largest layer's live tensors in 16-bit; d_ff' = d_ff (×2 "
                          "when gated)")});
        out.push_back({QStringLiteral("memory.inference.overhead_bytes"), Explainer::tr("Runtime overhead"), inf.overheadBytes,
                       kBytes, Explainer::tr("overhead · (weights + KV + activations)"),
                       QStringLiteral("%1 · (%2 + %3 + %4) = %5")
                           .arg(num(m_a.runtimeOverhead), num(inf.weightsBytes), num(inf.kvCacheBytes),
                                num(inf.activationsBytes), num(inf.overheadBytes)),
                       Explainer::tr("stated assumption (CUDA context, allocator fragmentation); EleutherAI 'Transformer Math "
                          "101' (2023) allows up to 20%")});
        out.push_back({QStringLiteral("memory.inference.total_bytes"), Explainer::tr("Inference memory"), inf.totalBytes, kBytes,
                       Explainer::tr("weights + KV cache + activations + overhead"),
                       QStringLiteral("%1 + %2 + %3 + %4 = %5")
                           .arg(num(inf.weightsBytes), num(inf.kvCacheBytes), num(inf.activationsBytes),
                                num(inf.overheadBytes), num(inf.totalBytes)),
                       Explainer::tr("sum")});

        const auto &t = m_e.training;
        const StateBytes sb = StateBytes::of(m_a.optimizer, m_c.dModel);
        const QString zero = Explainer::tr("Rajbhandari et al. 2020, arXiv:1910.02054 (ZeRO), §3.1 and Figure 1");
        const bool adapters = m_c.lora.enabled();
        const double frozen = adapters ? double(p.total) * bpw / 8.0 : 0.0;
        out.push_back({QStringLiteral("memory.training.weights_bytes"), Explainer::tr("Weights (training)"), t.weightsBytes, kBytes,
                       adapters ? Explainer::tr("N · bits/8 (frozen) + Ψ · w") : Explainer::tr("Ψ · w"),
                       adapters ? QStringLiteral("%1 · %2/8 + %3 · %4 = %5")
                                      .arg(num(p.total), num(bpw), num(t.trainableParams), num(sb.weights),
                                           num(t.weightsBytes))
                                : QStringLiteral("%1 · %2 = %3").arg(num(t.trainableParams), num(sb.weights),
                                                                     num(t.weightsBytes)),
                       adapters ? Explainer::tr("Hu et al. 2021 (LoRA), Dettmers et al. 2023 (QLoRA): only adapters train")
                                : zero});
        Q_UNUSED(frozen);
        out.push_back({QStringLiteral("memory.training.gradients_bytes"), Explainer::tr("Gradients"), t.gradientsBytes, kBytes,
                       Explainer::tr("Ψ · g"),
                       QStringLiteral("%1 · %2 = %3").arg(num(t.trainableParams), num(sb.gradients),
                                                          num(t.gradientsBytes)),
                       zero});
        out.push_back({QStringLiteral("memory.training.optimizer_bytes"), Explainer::tr("Optimizer states"), t.optimizerBytes,
                       kBytes, Explainer::tr("Ψ · K"),
                       QStringLiteral("%1 · %2 = %3").arg(num(t.trainableParams), num(sb.optimizer),
                                                          num(t.optimizerBytes)),
                       Explainer::tr("%1; optimizer %2 (8-bit Adam: Dettmers et al. 2022; Adafactor: Shazeer & Stern 2018)")
                           .arg(zero, toString(m_a.optimizer))});
        const double s = m_a.contextLength, b = m_a.batch, h = m_c.dModel, a = m_c.nHeads;
        QString actFormula, actSub;
        if (m_a.recompute == Recompute::Full) {
            actFormula = Explainer::tr("L · 2 · s · b · h");
            actSub = QStringLiteral("%1 · 2 · %2 · %3 · %4").arg(num(double(m_c.totalLayers())), num(s), num(b), num(h));
        } else if (m_a.recompute == Recompute::Selective || m_a.flash) {
            actFormula = Explainer::tr("L · 34 · s · b · h");
            actSub = QStringLiteral("%1 · 34 · %2 · %3 · %4").arg(num(double(m_c.totalLayers())), num(s), num(b), num(h));
        } else {
            const double keys = MemoryEstimator::cachedTokens(m_c, s);
            actFormula = m_c.slidingWindow > 0 ? Explainer::tr("L · s · b · h · (34 + 5 · a · min(s, w) / h)")
                                               : Explainer::tr("L · s · b · h · (34 + 5 · a · s / h)");
            actSub = QStringLiteral("%1 · %2 · %3 · %4 · (34 + 5 · %5 · %6 / %4)")
                         .arg(num(double(m_c.totalLayers())), num(s), num(b), num(h), num(a), num(keys));
        }
        QString actSource = korthikanti;
        if (t.logitsBytes > 0) {
            actFormula += Explainer::tr(" + 4 · s · b · V");
            actSub += QStringLiteral(" + 4 · %1 · %2 · %3").arg(num(s), num(b), num(double(m_c.vocabSize)));
            actSource += Explainer::tr("; + the 32-bit logits the cross-entropy keeps (§4.3)");
        }
        out.push_back({QStringLiteral("memory.training.activations_bytes"), Explainer::tr("Activations (training)"),
                       t.activationsBytes, kBytes, actFormula, actSub + QStringLiteral(" = ") + num(t.activationsBytes),
                       actSource});
        out.push_back({QStringLiteral("memory.training.total_bytes"), Explainer::tr("Training memory (one replica)"),
                       t.totalBytes, kBytes, Explainer::tr("weights + gradients + optimizer + activations"),
                       QStringLiteral("%1 + %2 + %3 + %4 = %5")
                           .arg(num(t.weightsBytes), num(t.gradientsBytes), num(t.optimizerBytes),
                                num(t.activationsBytes), num(t.totalBytes)),
                       Explainer::tr("sum")});
        const int nd = m_a.dataParallel();
        const QString stateFormula[] = {Explainer::tr("(w + g + o)/t"), Explainer::tr("(w + g)/t + o/(t·N_d)"), Explainer::tr("w/t + (g + o)/(t·N_d)"),
                                        Explainer::tr("(w + g + o)/(t·N_d)")};
        const int stage = std::clamp(m_a.zeroStage, 0, 3);
        out.push_back({QStringLiteral("memory.training.per_device_bytes"), Explainer::tr("Training memory per device"),
                       t.perDeviceBytes, kBytes,
                       stateFormula[stage] + Explainer::tr(" + activations/t"),
                       QStringLiteral("ZeRO-%1, t = %2, N_d = %3: w = %4, g = %5, o = %6, act = %7 → %8")
                           .arg(stage)
                           .arg(m_a.tensorParallel)
                           .arg(nd)
                           .arg(num(t.weightsBytes), num(t.gradientsBytes), num(t.optimizerBytes),
                                num(t.activationsBytes), num(t.perDeviceBytes)),
                       zero + Explainer::tr("; activations split by tensor + sequence parallelism (Korthikanti et al. 2022 "
                                 "eq. 5)")});
    }

    void compute(std::vector<Figure> &out) const
    {
        const auto &cp = m_e.compute;
        const auto &p = m_e.params;
        const double layers = ComputeEstimator::attentionLayers(m_c);
        const double span = ComputeEstimator::attendedTokens(m_c, m_a.contextLength);
        const double dAttn = ComputeEstimator::attentionWidth(m_c);
        const QString kaplan = Explainer::tr("Kaplan et al. 2020, arXiv:2001.08361, §2.1 and Table 1");
        out.push_back({QStringLiteral("compute.forward_flops_per_token"), Explainer::tr("Forward FLOPs per token"),
                       cp.forwardFlopsPerToken, QStringLiteral("FLOP/token"),
                       Explainer::tr("2 · N + 2 · L · n_ctx · d_attn + 2 · d · V"),
                       QStringLiteral("2 · %1 + 2 · %2 · %3 · %4 + 2 · %5 = %6")
                           .arg(num(p.forwardMatmul), num(layers), num(span), num(dAttn), num(p.lmHeadMatmul),
                                num(cp.forwardFlopsPerToken)),
                       kaplan + Explainer::tr("; N = executed matmul weights, MoE at top-k; logits added")});
        QString factor = m_c.lora.enabled() ? Explainer::tr("2 · forward") : Explainer::tr("3 · forward");
        if (m_a.recompute == Recompute::Full)
            factor += Explainer::tr(" + forward");
        else if (m_a.recompute == Recompute::Selective)
            factor += Explainer::tr(" + attention");
        out.push_back({QStringLiteral("compute.training_flops_per_token"), Explainer::tr("Training FLOPs per token"),
                       cp.trainingFlopsPerToken, QStringLiteral("FLOP/token"), factor,
                       QStringLiteral("%1 (forward %2) = %3")
                           .arg(factor, num(cp.forwardFlopsPerToken), num(cp.trainingFlopsPerToken)),
                       kaplan + Explainer::tr("; recomputation: Korthikanti et al. 2022 §5")});
        out.push_back({QStringLiteral("compute.training_flops"), Explainer::tr("Training compute"), cp.trainingFlops, kFlops,
                       Explainer::tr("C = training FLOPs/token · D ≈ 6 · N · D + attention"),
                       QStringLiteral("%1 · %2 = %3").arg(num(cp.trainingFlopsPerToken), num(m_a.trainingTokens),
                                                          num(cp.trainingFlops)),
                       kaplan + Explainer::tr("; Hoffmann et al. 2022 eq. (4)")});
        out.push_back({QStringLiteral("compute.prefill_flops"), Explainer::tr("Prefill FLOPs"), cp.prefillFlops, kFlops,
                       Explainer::tr("b · s · forward FLOPs/token"),
                       QStringLiteral("%1 · %2 · %3 = %4")
                           .arg(num(double(m_a.batch)), num(double(m_a.contextLength)), num(cp.forwardFlopsPerToken),
                                num(cp.prefillFlops)),
                       kaplan});
        out.push_back({QStringLiteral("compute.decode_flops"), Explainer::tr("Decode FLOPs per step"), cp.decodeFlops, kFlops,
                       Explainer::tr("b · (2 · N + 2 · d · V + 4 · L · s · d_attn)"),
                       QStringLiteral("%1 · (2 · %2 + 2 · %3 + 4 · %4 · %5 · %6) = %7")
                           .arg(num(double(m_a.batch)), num(p.forwardMatmul), num(p.lmHeadMatmul), num(layers),
                                num(span), num(dAttn), num(cp.decodeFlops)),
                       kaplan + Explainer::tr("; the new token attends to the whole cache")});
        out.push_back({QStringLiteral("compute.prefill_intensity"), Explainer::tr("Prefill arithmetic intensity"),
                       cp.prefillIntensity, QStringLiteral("FLOP/byte"), Explainer::tr("prefill FLOPs / (weight bytes + KV bytes)"),
                       QStringLiteral("%1 / %2 = %3").arg(num(cp.prefillFlops), num(cp.prefillBytes),
                                                          num(cp.prefillIntensity)),
                       Explainer::tr("Williams et al. 2009 (roofline); Pope et al. 2022 §2")});
        out.push_back({QStringLiteral("compute.decode_intensity"), Explainer::tr("Decode arithmetic intensity"),
                       cp.decodeIntensity, QStringLiteral("FLOP/byte"), Explainer::tr("decode FLOPs / (weight bytes + KV bytes)"),
                       QStringLiteral("%1 / %2 = %3").arg(num(cp.decodeFlops), num(cp.decodeBytes),
                                                          num(cp.decodeIntensity)),
                       Explainer::tr("Williams et al. 2009 (roofline); Pope et al. 2022 §2")});
    }

    void hardware(std::vector<Figure> &out) const
    {
        const auto &hw = m_e.hardware;
        const QString catalog = Explainer::tr("hardware catalog: %1").arg(hw.deviceName);
        out.push_back({QStringLiteral("hardware.devices_for_inference"), Explainer::tr("Devices to hold inference"),
                       double(hw.devicesForInference), QStringLiteral("devices"), Explainer::tr("⌈inference memory / device memory⌉"),
                       QStringLiteral("⌈%1 / %2⌉ = %3").arg(num(m_e.inference.totalBytes), num(hw.deviceMemoryBytes),
                                                            num(double(hw.devicesForInference))),
                       catalog});
        out.push_back({QStringLiteral("hardware.devices_for_training"), Explainer::tr("Devices to hold training"),
                       double(hw.devicesForTraining), QStringLiteral("devices"),
                       Explainer::tr("⌈training memory / device memory⌉ (ZeRO-3 + tensor parallel, perfect split)"),
                       QStringLiteral("⌈%1 / %2⌉ = %3").arg(num(m_e.training.totalBytes), num(hw.deviceMemoryBytes),
                                                            num(double(hw.devicesForTraining))),
                       catalog});
        const double n = hw.devicesForInference;
        out.push_back({QStringLiteral("hardware.decode_tokens_per_s"), Explainer::tr("Decode speed"), hw.decodeTokensPerSecond,
                       QStringLiteral("tokens/s"), Explainer::tr("b / max(FLOPs / (n · peak), bytes / (n · bandwidth))"),
                       QStringLiteral("%1 / max(%2 / (%3 · %4), %5 / (%3 · %6)) = %7")
                           .arg(num(double(m_a.batch)), num(m_e.compute.decodeFlops), num(n),
                                num(hw.inferencePeakFlops), num(m_e.compute.decodeBytes),
                                num(hw.bandwidthBytesPerSecond), num(hw.decodeTokensPerSecond)),
                       Explainer::tr("roofline (Williams et al. 2009); decode is memory-bound (Pope et al. 2022)")});
        out.push_back({QStringLiteral("hardware.training_seconds"), Explainer::tr("Training time"), hw.trainingSeconds,
                       QStringLiteral("s"), Explainer::tr("C / (devices · peak · MFU)"),
                       QStringLiteral("%1 / (%2 · %3 · %4) = %5")
                           .arg(num(m_e.compute.trainingFlops), num(double(hw.trainingDevices)), num(hw.trainingPeakFlops),
                                num(m_a.mfu), num(hw.trainingSeconds)),
                       Explainer::tr("MFU: Chowdhery et al. 2022 (PaLM), App. B; devices: the job's when one device's "
                                     "share fits, else the fewest that hold training")});
        out.push_back({QStringLiteral("cost.gpu_hours"), Explainer::tr("GPU-hours"), hw.gpuHours, QStringLiteral("device-hours"),
                       Explainer::tr("devices · seconds / 3600"),
                       QStringLiteral("%1 · %2 / 3600 = %3").arg(num(double(hw.trainingDevices)), num(hw.trainingSeconds),
                                                                 num(hw.gpuHours)),
                       Explainer::tr("definition")});
        out.push_back({QStringLiteral("cost.days"), Explainer::tr("Training days"), hw.days, QStringLiteral("days"),
                       Explainer::tr("seconds / 86400"),
                       QStringLiteral("%1 / 86400 = %2").arg(num(hw.trainingSeconds), num(hw.days)), Explainer::tr("definition")});
        out.push_back({QStringLiteral("cost.money"), Explainer::tr("Training cost"), hw.money, QStringLiteral("USD"),
                       Explainer::tr("GPU-hours · price per hour"),
                       QStringLiteral("%1 · %2 = %3").arg(num(hw.gpuHours), num(hw.pricePerHour), num(hw.money)),
                       m_a.pricePerHour >= 0 ? Explainer::tr("price given by the user") : catalog});
    }

    void scaling(std::vector<Figure> &out) const
    {
        const auto &sc = m_e.scaling;
        const ScalingLaw law = ScalingLaw::of(m_a.law);
        const QString source = law.source().startsWith(law.name()) ? law.source()
                                                                   : law.name() + QStringLiteral(": ") + law.source();
        if (law.kind() == ScalingLawKind::Kaplan) {
            out.push_back({QStringLiteral("scaling.loss"), Explainer::tr("Predicted loss"), sc.loss, QStringLiteral("nats/token"),
                           Explainer::tr("[(N_c/N)^(α_N/α_D) + D_c/D]^α_D"),
                           QStringLiteral("[(6.4e13/%1)^(0.076/0.103) + 1.8e13/%2]^0.103 = %3")
                               .arg(num(sc.params), num(sc.tokens), num(sc.loss)),
                           source});
            out.push_back({QStringLiteral("scaling.optimal_params"), Explainer::tr("Compute-optimal parameters"),
                           sc.optimalParams, QStringLiteral("params"), Explainer::tr("N* = 1.3e9 · (C / 8.64e19)^0.73"),
                           QStringLiteral("1.3e9 · (%1 / 8.64e19)^0.73 = %2").arg(num(sc.computeBudget),
                                                                                  num(sc.optimalParams)),
                           source});
            out.push_back({QStringLiteral("scaling.optimal_tokens"), Explainer::tr("Compute-optimal tokens"), sc.optimalTokens,
                           QStringLiteral("tokens"), Explainer::tr("D* = 2e10 · (C / 8.64e19)^0.27"),
                           QStringLiteral("2e10 · (%1 / 8.64e19)^0.27 = %2").arg(num(sc.computeBudget),
                                                                                 num(sc.optimalTokens)),
                           source});
        } else {
            out.push_back({QStringLiteral("scaling.loss"), Explainer::tr("Predicted loss"), sc.loss, QStringLiteral("nats/token"),
                           Explainer::tr("E + A / N^α + B / D^β"),
                           QStringLiteral("%1 + %2 / %3^%4 + %5 / %6^%7 = %8")
                               .arg(num(law.e()), num(law.a()), num(sc.params), num(law.alpha()), num(law.b()),
                                    num(sc.tokens), num(law.beta()), num(sc.loss)),
                           source});
            out.push_back({QStringLiteral("scaling.optimal_params"), Explainer::tr("Compute-optimal parameters"),
                           sc.optimalParams, QStringLiteral("params"), Explainer::tr("N* = G · (C/6)^(β/(α+β))"),
                           QStringLiteral("%1 · (%2/6)^%3 = %4")
                               .arg(num(law.g()), num(sc.computeBudget), num(law.paramsExponent()),
                                    num(sc.optimalParams)),
                           source});
            out.push_back({QStringLiteral("scaling.optimal_tokens"), Explainer::tr("Compute-optimal tokens"), sc.optimalTokens,
                           QStringLiteral("tokens"), Explainer::tr("D* = (C/6)^(α/(α+β)) / G"),
                           QStringLiteral("(%1/6)^%2 / %3 = %4")
                               .arg(num(sc.computeBudget), num(law.tokensExponent()), num(law.g()),
                                    num(sc.optimalTokens)),
                           source});
        }
        out.push_back({QStringLiteral("scaling.tokens_per_param"), Explainer::tr("Tokens per parameter"), sc.tokensPerParam,
                       QStringLiteral("tokens/param"), Explainer::tr("D / N (compute-optimal: D*/N*)"),
                       QStringLiteral("%1 / %2 = %3 (optimal %4)")
                           .arg(num(sc.tokens), num(sc.params), num(sc.tokensPerParam), num(sc.optimalTokensPerParam)),
                       source});
    }

    const ModelConfig &m_c;
    const Assumptions &m_a;
    const Evaluation &m_e;
};

} // namespace

std::vector<Figure> explain(const ModelConfig &config, const Assumptions &assumptions, const Evaluation &evaluation)
{
    return Builder(config, assumptions, evaluation).all();
}

std::optional<Figure> explain(const QString &key, const ModelConfig &config, const Assumptions &assumptions,
                              const Evaluation &evaluation)
{
    for (Figure &f : explain(config, assumptions, evaluation))
        if (f.key == key)
            return std::move(f);
    return std::nullopt;
}

} // namespace tx
