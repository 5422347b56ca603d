#include "core/whatif/finetunememory.h"

#include "core/base/numberformat.h"
#include "core/estimate/computeestimator.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/memoryestimator.h"
#include "core/estimate/paramcounter.h"
#include "core/estimate/statebytes.h"

#include <algorithm>

namespace tx {

namespace {

// Adapters are bf16 weights with bf16 gradients and AdamW's two fp32 moments (QLoRA §3: "bf16
// adapters", paged 32-bit AdamW): 2 + 2 + 8 = 12 bytes per adapter parameter, no master copy.
constexpr double kAdapterWeightBytes = 2;
constexpr double kAdapterGradientBytes = 2;
constexpr double kAdapterOptimizerBytes = 8;

// One kind of adapted matrix: `count` matrices of (d_in, d_out) over all layers.
struct Term
{
    QString name;
    std::int64_t dIn = 0;
    std::int64_t dOut = 0;
    std::int64_t count = 0;
    double tokenShare = 1; // fraction of a layer's tokens through one such matrix (routed experts: top-k / E)
    std::int64_t params(std::int64_t r) const { return r * (dIn + dOut) * count; }
};

// Norm weights: every breakdown node whose key names a norm (they stay 16-bit under QLoRA).
std::int64_t normParams(const ParamNode &n)
{
    if (n.key.contains(QLatin1String("norm")))
        return n.params;
    std::int64_t sum = 0;
    for (const ParamNode &c : n.children)
        sum += normParams(c);
    return sum;
}

QString num(std::int64_t n)
{
    return NumberFormat::exact(n);
}

QString bytesText(double b)
{
    return NumberFormat::exact(std::int64_t(b + 0.5)) + QStringLiteral(" B (") + NumberFormat::bytes(b) + u')';
}

struct Layout
{
    std::vector<Term> terms;
    double perLayerExtraMax = 0; // bytes of adapter activations of the heaviest layer
    double extraSum = 0;         // bytes over every layer
};

Expected<Layout, Error> adapterLayout(const ModelConfig &c, const ParamCount &p, const FineTuneOptions &o)
{
    Layout out;
    if (o.method == FineTuneMethod::Full)
        return out;
    if (o.rank < 1 || o.rank > 65536)
        return Error{{}, QStringLiteral("rank"), FineTuneMemory::tr("expected a LoRA rank from 1 to 65,536")};
    if (o.targets == 0)
        return Error{{}, QStringLiteral("targets"), FineTuneMemory::tr("choose at least one matrix to adapt")};
    if (c.attention == AttentionKind::Mla && (o.targets & TargetAttention))
        return Error{{}, QStringLiteral("targets"),
                     FineTuneMemory::tr("adapters on multi-head latent attention's projections are not modelled; "
                                        "adapt the FFN, experts, embeddings or head")};
    const std::int64_t d = c.dModel;
    const std::int64_t hd = c.effectiveHeadDim();
    const std::int64_t qDim = std::int64_t(c.nHeads) * hd;
    const std::int64_t kvDim = std::int64_t(c.nKvHeads) * hd;
    const bool gated = c.ffn == FfnKind::Gated3;
    std::vector<Term> terms;
    auto add = [&](const QString &name, std::int64_t dIn, std::int64_t dOut, std::int64_t count, double share = 1) {
        if (count <= 0)
            return;
        for (Term &t : terms) {
            if (t.name == name && t.dIn == dIn && t.dOut == dOut) {
                t.count += count;
                return;
            }
        }
        terms.push_back({name, dIn, dOut, count, share});
    };
    const double b = o.microBatch;
    const double s = o.sequenceLength;
    const double r = o.rank;
    // Per adapted matrix and token: the dropped input (bf16) and its mask (1 byte) when dropout
    // is on, and the rank-r intermediate A·x (bf16) that B's gradient needs.
    auto extraPerToken = [&](std::int64_t dIn) { return (o.dropout > 0 ? 3.0 * double(dIn) : 0.0) + 2.0 * r; };
    auto ffnSet = [&](const QString &prefix, std::int64_t f, std::int64_t count, double share, unsigned chosen,
                      double &layerExtra) {
        if (gated && (chosen & TargetGate)) {
            add(prefix + QStringLiteral("gate"), d, f, count, share);
            layerExtra += double(count) * share * b * s * extraPerToken(d);
        }
        if (chosen & TargetUp) {
            add(prefix + QStringLiteral("up"), d, f, count, share);
            layerExtra += double(count) * share * b * s * extraPerToken(d);
        }
        if (chosen & TargetDown) {
            add(prefix + QStringLiteral("down"), f, d, count, share);
            layerExtra += double(count) * share * b * s * extraPerToken(f);
        }
    };
    std::vector<const LayerParams *> layers;
    for (const LayerParams &l : p.encoderLayers)
        layers.push_back(&l);
    for (const LayerParams &l : p.decoderLayers)
        layers.push_back(&l);
    for (const LayerParams *l : layers) {
        double extra = 0;
        auto attn = [&](unsigned bit, const char *name, std::int64_t dIn, std::int64_t dOut) {
            if (o.targets & bit) {
                add(QLatin1String(name), dIn, dOut, 1);
                extra += b * s * extraPerToken(dIn);
            }
        };
        attn(TargetQ, "q", d, qDim);
        attn(TargetK, "k", d, kvDim);
        attn(TargetV, "v", d, kvDim);
        attn(TargetO, "o", qDim, d);
        if (!l->sparse) {
            ffnSet(QString(), c.dFf, 1, 1, o.targets, extra);
        } else {
            const std::int64_t shared = c.moe.sharedExperts;
            ffnSet(QStringLiteral("shared_expert."), c.moe.effectiveSharedDff(c.dFf), shared, 1, o.targets, extra);
            if (o.targets & TargetExperts) {
                const unsigned chosen = (o.targets & TargetFfn) ? o.targets : o.targets | TargetFfn;
                const double share = double(c.moe.topK) / double(std::max(1, c.moe.numExperts));
                ffnSet(QStringLiteral("expert."), c.moe.effectiveExpertDff(c.dFf), c.moe.numExperts, share, chosen,
                       extra);
            }
        }
        out.perLayerExtraMax = std::max(out.perLayerExtraMax, extra);
        out.extraSum += extra;
    }
    const std::int64_t V = c.vocabSize;
    if (o.targets & TargetEmbeddings) {
        add(QStringLiteral("embeddings"), V, c.effectiveEmbeddingDim(), 1);
        out.extraSum += b * s * 2.0 * r; // the looked-up rows of A
    }
    if ((o.targets & TargetHead) && c.lmHead) {
        add(QStringLiteral("head"), d, V, 1);
        out.extraSum += b * s * extraPerToken(d);
    }
    out.terms = std::move(terms);
    return out;
}

} // namespace

Expected<std::int64_t, Error> FineTuneMemory::adapterParams(const ModelConfig &config, const FineTuneOptions &options)
{
    auto p = countParams(config);
    if (!p)
        return p.error();
    auto layout = adapterLayout(config, *p, options);
    if (!layout)
        return layout.error();
    std::int64_t sum = 0;
    for (const Term &t : layout->terms)
        sum += t.params(options.rank);
    return sum;
}

Expected<FineTuneEstimate, Error> FineTuneMemory::estimate(const ModelConfig &c, const Assumptions &a,
                                                           const FineTuneOptions &o)
{
    if (o.sequenceLength < 1 || o.sequenceLength > 16'777'216)
        return Error{{}, QStringLiteral("seq"), tr("expected 1 to 16,777,216 tokens")};
    if (o.microBatch < 1 || o.microBatch > 1'000'000)
        return Error{{}, QStringLiteral("micro-batch"), tr("expected 1 to 1,000,000 sequences")};
    if (!(o.dropout >= 0 && o.dropout < 1))
        return Error{{}, QStringLiteral("dropout"), tr("expected a probability from 0 to below 1")};
    auto counted = countParams(c);
    if (!counted)
        return counted.error();
    const ParamCount &p = *counted;
    auto layout = adapterLayout(c, p, o);
    if (!layout)
        return layout.error();

    FineTuneEstimate e;
    e.totalParams = p.total;
    for (const Term &t : layout->terms) {
        e.adapterParams += t.params(o.rank);
        e.adaptedMatrices += t.count;
    }
    const double N = double(p.total);
    const double A = double(e.adapterParams);
    if (o.method == FineTuneMethod::Full) {
        const StateBytes st = StateBytes::of(a.optimizer, c.dModel);
        e.trainableParams = p.total;
        e.baseBytes = N * st.weights;
        e.gradientBytes = N * st.gradients;
        e.optimizerBytes = N * st.optimizer;
        e.bytesPerTrainableParam = st.total();
    } else {
        e.trainableParams = e.adapterParams;
        if (o.method == FineTuneMethod::Qlora) {
            // bitsandbytes quantises the linear layers (router included) and leaves the embedding
            // tables, the LM head and the norms in bf16.
            e.quantisedParams = p.total - p.embedding - normParams(p.breakdown);
            e.baseBytes = double(e.quantisedParams) * nf4DoubleQuantBitsPerWeight() / 8.0
                + double(p.total - e.quantisedParams) * 2.0;
        } else {
            e.baseBytes = N * bitsPerWeight(c.weightPrecision, c.quantGroupSize) / 8.0;
        }
        e.adapterBytes = A * kAdapterWeightBytes;
        e.gradientBytes = A * kAdapterGradientBytes;
        e.optimizerBytes = A * kAdapterOptimizerBytes;
        e.bytesPerTrainableParam = kAdapterWeightBytes + kAdapterGradientBytes + kAdapterOptimizerBytes;
    }

    // Activations (Korthikanti et al. 2022, eq. 1, 16-bit): a layer keeps s·b·h·(34 + 5·a·s/h)
    // bytes (34·s·b·h with FlashAttention). With per-layer checkpoints only each layer's input
    // 2·s·b·h stays, and one layer is rebuilt at a time in the backward.
    const double s = o.sequenceLength;
    const double b = o.microBatch;
    const double h = c.dModel;
    const int L = c.totalLayers();
    const double layer = MemoryEstimator::activationBytesPerLayer(s, b, h, c.nHeads, Recompute::None, a.flash,
                                                                 MemoryEstimator::cachedTokens(c, s));
    if (o.gradientCheckpointing)
        e.activationBytes = double(L) * 2.0 * s * b * h + layer + layout->perLayerExtraMax;
    else
        e.activationBytes = double(L) * layer + layout->extraSum;
    e.logitsBytes = c.lmHead ? 4.0 * b * s * double(c.vocabSize) : 0.0;
    e.totalBytes = e.baseBytes + e.adapterBytes + e.gradientBytes + e.optimizerBytes + e.activationBytes + e.logitsBytes;

    // FLOPs per token: forward F; backward 2F with weight gradients, F without (frozen base);
    // adapters 2·A' forward and 4·A' backward for the A' adapter parameters a token runs through.
    const double forward = ComputeEstimator::forwardFlopsPerToken(c, p, s);
    double activeAdapters = 0;
    for (const Term &t : layout->terms)
        activeAdapters += double(t.params(o.rank)) * t.tokenShare;
    const double adapterForward = 2.0 * activeAdapters;
    if (o.method == FineTuneMethod::Full)
        e.trainingFlopsPerToken = 3.0 * forward + (o.gradientCheckpointing ? forward : 0.0);
    else
        e.trainingFlopsPerToken = 2.0 * forward + 3.0 * adapterForward
            + (o.gradientCheckpointing ? forward + adapterForward : 0.0);
    return e;
}

Expected<WhatIfOutcome, Error> FineTuneMemory::whatIf(const ModelConfig &c, const Assumptions &a,
                                                      const FineTuneOptions &o)
{
    FineTuneOptions fullOptions = o;
    fullOptions.method = FineTuneMethod::Full;
    auto full = estimate(c, a, fullOptions);
    if (!full)
        return full.error();
    auto after = estimate(c, a, o);
    if (!after)
        return after.error();
    auto eval = evaluate(c, a);
    if (!eval)
        return eval.error();
    const ParamCount &p = eval->params;
    auto layout = adapterLayout(c, p, o);
    if (!layout)
        return layout.error();

    WhatIfOutcome w;
    w.id = QStringLiteral("finetune");
    w.title = tr("Fine-tuning memory");
    w.trainingNote = tr("fine-tuning memory of one device at micro-batch %1 × %2 tokens")
                         .arg(o.microBatch)
                         .arg(NumberFormat::exact(o.sequenceLength));
    const double forward = ComputeEstimator::forwardFlopsPerToken(c, p, o.sequenceLength);
    w.before = {p.total, eval->inference.weightsBytes, full->totalBytes, forward, eval->scaling.loss};
    double adapterForward = 0;
    for (const Term &t : layout->terms)
        adapterForward += 2.0 * double(t.params(o.rank)) * t.tokenShare;
    const double weightsAfter = o.method == FineTuneMethod::Full ? eval->inference.weightsBytes
                                                                 : after->baseBytes + after->adapterBytes;
    w.after = {p.total, weightsAfter, after->totalBytes, forward + adapterForward, eval->scaling.loss};

    const QString method = o.method == FineTuneMethod::Full ? tr("full fine-tuning")
        : o.method == FineTuneMethod::Lora                  ? tr("LoRA")
                                                            : tr("QLoRA");
    const QString loraSource = tr("Hu et al. 2021 (LoRA), §4.1: W₀ + BA with B (d, r), A (r, k)");
    const QString qloraSource = tr("Dettmers et al. 2023 (QLoRA), §3: NF4, blocks of 64; double quantisation "
                                   "8-bit scales in blocks of 256: 0.5 → 0.127 bits per parameter");
    const QString korthikanti = tr("Korthikanti et al. 2022, eq. 1 (16-bit activations per layer)");

    if (o.method != FineTuneMethod::Full) {
        QStringList parts;
        for (const Term &t : layout->terms)
            parts << QStringLiteral("(%1 + %2) · %3 %4").arg(num(t.dIn), num(t.dOut), num(t.count), t.name);
        w.figures.push_back({QStringLiteral("finetune.adapter_params"), tr("Adapter parameters"), double(after->adapterParams),
                             QStringLiteral("params"), QStringLiteral("Σ r · (d_in + d_out) · n_matrices"),
                             QStringLiteral("%1 · [%2] = %3").arg(o.rank).arg(parts.join(QStringLiteral(" + ")), num(after->adapterParams)),
                             loraSource});
    }
    if (o.method == FineTuneMethod::Qlora) {
        const std::int64_t rest = p.total - after->quantisedParams;
        w.figures.push_back(
            {QStringLiteral("finetune.frozen_base_bytes"), tr("Frozen base (NF4 + double-quantised scales)"), after->baseBytes,
             QStringLiteral("bytes"), QStringLiteral("N_linear · (4 + 8/64 + 32/(64·256)) / 8 + (N − N_linear) · 2"),
             QStringLiteral("%1 · 4.126953125 / 8 + %2 · 2 = %3").arg(num(after->quantisedParams), num(rest), bytesText(after->baseBytes)),
             qloraSource});
    } else if (o.method == FineTuneMethod::Lora) {
        const double bpw = bitsPerWeight(c.weightPrecision, c.quantGroupSize) / 8.0;
        w.figures.push_back({QStringLiteral("finetune.frozen_base_bytes"), tr("Frozen base"), after->baseBytes,
                             QStringLiteral("bytes"), QStringLiteral("N · bytes per weight"),
                             QStringLiteral("%1 · %2 = %3").arg(num(p.total)).arg(bpw).arg(bytesText(after->baseBytes)),
                             tr("definition (the design's weight precision)")});
    } else {
        w.figures.push_back({QStringLiteral("finetune.model_state_bytes"), tr("Weights, gradients and optimizer states"),
                             after->baseBytes + after->gradientBytes + after->optimizerBytes, QStringLiteral("bytes"),
                             QStringLiteral("N · (w + g + o)"),
                             QStringLiteral("%1 · %2 = %3").arg(num(p.total)).arg(after->bytesPerTrainableParam)
                                 .arg(bytesText(after->baseBytes + after->gradientBytes + after->optimizerBytes)),
                             tr("Rajbhandari et al. 2020 (ZeRO), §3.1")});
    }
    if (o.method != FineTuneMethod::Full) {
        const double states = after->adapterBytes + after->gradientBytes + after->optimizerBytes;
        w.figures.push_back({QStringLiteral("finetune.adapter_state_bytes"), tr("Adapters, their gradients and AdamW states"),
                             states, QStringLiteral("bytes"), QStringLiteral("A · (2 + 2 + 8)"),
                             QStringLiteral("%1 · 12 = %2").arg(num(after->adapterParams), bytesText(states)),
                             tr("bf16 adapters and gradients, fp32 Adam moments (QLoRA §3, paged 32-bit AdamW)")});
    }
    const double L = c.totalLayers();
    const double sb = double(o.sequenceLength) * o.microBatch;
    w.figures.push_back(
        {QStringLiteral("finetune.activation_bytes"), tr("Activations"), after->activationBytes, QStringLiteral("bytes"),
         o.gradientCheckpointing ? QStringLiteral("L · 2·s·b·h + s·b·h·(34 + 5·a·s/h) + A_layer")
                                 : QStringLiteral("L · (s·b·h·(34 + 5·a·s/h) + A_layer)"),
         QStringLiteral("L = %1, s·b = %2, h = %3, a = %4 → %5")
             .arg(L).arg(NumberFormat::exact(std::int64_t(sb))).arg(c.dModel).arg(c.nHeads).arg(bytesText(after->activationBytes)),
         korthikanti});
    w.figures.push_back({QStringLiteral("finetune.logits_bytes"), tr("Logits (fp32)"), after->logitsBytes,
                         QStringLiteral("bytes"), QStringLiteral("4 · b · s · V"),
                         QStringLiteral("4 · %1 · %2 · %3 = %4").arg(o.microBatch).arg(NumberFormat::exact(o.sequenceLength),
                                                                     NumberFormat::exact(c.vocabSize), bytesText(after->logitsBytes)),
                         tr("definition (the cross-entropy reads fp32 logits)")});
    w.figures.push_back({QStringLiteral("finetune.total_bytes"), tr("Fine-tuning memory"), after->totalBytes,
                         QStringLiteral("bytes"), QStringLiteral("base + adapters + gradients + optimizer + activations + logits"),
                         bytesText(after->totalBytes), tr("sum of the parts")});
    w.figures.push_back({QStringLiteral("finetune.training_flops_per_token"), tr("Training FLOPs per token"),
                         after->trainingFlopsPerToken, QStringLiteral("FLOP/token"),
                         o.method == FineTuneMethod::Full ? QStringLiteral("3 · F (+ F recomputed)")
                                                          : QStringLiteral("2 · F + 6 · A' (+ F + 2 · A' recomputed)"),
                         NumberFormat::flops(after->trainingFlopsPerToken),
                         tr("Kaplan et al. 2020 §2.1; a frozen weight needs no weight gradient")});

    const QString frozenTitle = o.method == FineTuneMethod::Full ? tr("Weights") : tr("Frozen base");
    w.parts = {{QStringLiteral("frozen_base"), frozenTitle, after->baseBytes},
               {QStringLiteral("adapters"), tr("Adapters"), after->adapterBytes},
               {QStringLiteral("gradients"), tr("Gradients"), after->gradientBytes},
               {QStringLiteral("optimizer"), o.method == FineTuneMethod::Qlora && o.pagedOptimizer
                                                 ? tr("Optimizer states (paged)")
                                                 : tr("Optimizer states"),
                after->optimizerBytes},
               {QStringLiteral("activations"), tr("Activations"), after->activationBytes},
               {QStringLiteral("logits"), tr("Logits"), after->logitsBytes}};

    w.notes << tr("Before: full fine-tuning of the design with %1 (%2 bytes per parameter).")
                   .arg(toString(a.optimizer))
                   .arg(full->bytesPerTrainableParam);
    w.notes << tr("After: %1, %2 trainable parameters (%3 % of %4).")
                   .arg(method, NumberFormat::exact(after->trainableParams))
                   .arg(QString::number(100.0 * double(after->trainableParams) / double(std::max<std::int64_t>(1, p.total)), 'f', 3))
                   .arg(NumberFormat::exact(p.total));
    if (o.method != FineTuneMethod::Full)
        w.notes << tr("α = %1 scales the update by α/r = %2; it changes no memory.").arg(o.alpha).arg(o.alpha / o.rank);
    if (o.method == FineTuneMethod::Qlora && o.pagedOptimizer)
        w.notes << tr("Paged optimizer: the states live in unified memory and move to CPU RAM under pressure, "
                      "so a peak above the device's memory slows the step instead of failing it.");
    w.notes << tr("A_layer: what one layer's adapters keep for the backward, per adapted matrix 2·b·s·r bytes (A·x) "
                  "and, with dropout, 3·b·s·d_in (the dropped input and its mask).");
    w.notes << tr("The predicted loss is the scaling law's for the base model; it does not predict fine-tuning.");

    // The design the window can take on: the rank and the targets the design file can state.
    ModelConfig design = c;
    if (o.method == FineTuneMethod::Full) {
        design.lora.rank = 0;
    } else if (c.attention != AttentionKind::Mla) {
        design.lora.rank = o.rank;
        design.lora.q = o.targets & TargetQ;
        design.lora.k = o.targets & TargetK;
        design.lora.v = o.targets & TargetV;
        design.lora.o = o.targets & TargetO;
        design.lora.ffn = (o.targets & TargetFfn) == TargetFfn;
        const unsigned unstated = (o.targets & (TargetEmbeddings | TargetHead)) | (c.moe.enabled() ? o.targets & TargetExperts : 0u);
        if (unstated || ((o.targets & TargetFfn) && (o.targets & TargetFfn) != TargetFfn))
            w.notes << tr("The design file states adapters on q, k, v, o and the whole FFN only; the other targets "
                          "are counted here but not kept in the design.");
    }
    if (o.method == FineTuneMethod::Qlora) {
        design.weightPrecision = Precision::INT4;
        design.quantGroupSize = 64;
        w.notes << tr("Applied as int4 in groups of 64 with fp16 scales (4.25 bits), the design's nearest format "
                      "to NF4 with double quantisation (4.127 bits).");
    }
    w.design = design;
    w.changesDesign = design != c;
    return w;
}

} // namespace tx
