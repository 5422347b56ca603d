#include "core/nn/enginesizer.h"

#include "core/design/configvalidator.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>

namespace tx {

std::int64_t EngineSizer::weightBytes(const ModelConfig &c)
{
    // Doubles: a design at the validator's limits passes 2^63 bytes.
    const double d = c.dModel, V = c.vocabSize, F = c.dFf;
    const double hd = c.effectiveHeadDim();
    const double H = c.nHeads, KV = c.nKvHeads;
    const double normFloats = c.norm == NormKind::LayerNorm ? 2 * d : d; // scale (+ bias)
    const double gates = c.ffn == FfnKind::Gated3 ? 2 : 1;
    int L = c.layout == Layout::EncoderDecoder ? c.decoderLayers() : c.nLayers;
    int stored = L;
    if (c.sharing == Sharing::AllLayers)
        stored = 1;
    else if (c.sharing == Sharing::Groups)
        stored = (L + std::max(1, c.shareGroupSize) - 1) / std::max(1, c.shareGroupSize);
    const bool secondNorm = !c.parallelBlock || c.parallelTwoNorms;

    const bool preNorms = c.normPlacement != NormPlacement::Output;
    const bool postNorms = c.normPlacement == NormPlacement::Sandwich || c.normPlacement == NormPlacement::Output;
    double layer = preNorms ? normFloats + (secondNorm ? normFloats : 0) : 0;
    layer += postNorms ? 2 * normFloats : 0;                                // post-attention, post-FFN
    layer += d * (H + 2 * KV) * hd + (c.qkvBias ? (H + 2 * KV) * hd : 0); // (d, (H+2KV)·hd) + bias
    layer += c.qkNorm == QkNorm::PerHead ? 2 * hd : 0;                      // q_norm, k_norm (hd) each
    layer += c.qkNorm == QkNorm::FullWidth ? (H + KV) * hd : 0;             // (H·hd) + (KV·hd)
    layer += c.attentionSinks ? H : 0;                                      // one sink logit per head
    layer += H * hd * d + (c.attnOutBias ? d : 0);                          // (H·hd, d) + bias
    layer += d * F * gates + (c.ffnBias ? F * gates : 0);                   // (d, d_ff·gates) + bias
    layer += F * d + (c.ffnBias ? d : 0);                                   // (d_ff, d) + bias

    double floats = V * d;                                             // token embedding (V, d)
    floats += c.positions == PositionKind::Learned ? double(c.maxPositions) * d : 0; // (P, d)
    floats += c.embeddingNorm ? normFloats : 0;
    floats += stored * layer;
    floats += c.finalNorm ? normFloats : 0;
    floats += c.tiedEmbeddings ? 0 : V * d; // untied head (V, d)
    floats += c.lmHeadBias ? V : 0;
    const double bytes = floats * 4.0;
    if (bytes >= 9.2e18)
        return std::numeric_limits<std::int64_t>::max();
    return std::int64_t(bytes);
}

std::optional<Error> EngineSizer::unsupported(const ModelConfig &c, EnginePurpose purpose)
{
    const std::vector<Error> invalid = validate(c);
    if (!invalid.empty())
        return invalid.front();
    auto no = [](const char *field, const char *what) {
        return Error{{}, QString::fromLatin1(field), tr(what)}; // what: a QT_TR_NOOP below
    };
    if (c.layout == Layout::EncoderDecoder)
        return no("layout", QT_TR_NOOP("the engine runs decoder-only and encoder-only stacks, not encoder-decoder"));
    if (c.moe.enabled())
        return no("moe_experts", QT_TR_NOOP("the engine runs dense FFNs only, not mixtures of experts"));
    if (c.positions == PositionKind::RelativeBuckets)
        return no("positions", QT_TR_NOOP("the engine does not run T5 relative position buckets"));
    if (c.embeddingDim > 0 && c.embeddingDim != c.dModel)
        return no("embedding_dim", QT_TR_NOOP("the engine needs embedding_dim equal to d_model"));
    if (c.tokenTypes > 0)
        return no("token_types", QT_TR_NOOP("the engine does not run token-type embeddings"));
    if (c.lora.enabled())
        return no("lora_rank", QT_TR_NOOP("the engine does not run LoRA adapters"));
    if (!c.lmHead)
        return no("lm_head", QT_TR_NOOP("the engine needs a vocabulary projection to produce logits"));
    if (c.attention == AttentionKind::Mla)
        return no("attention", QT_TR_NOOP("the engine runs multi-head attention with key/value heads, not MLA"));
    // Training is next-token prediction: every query may only see earlier tokens.
    if (purpose == EnginePurpose::Train && c.layout != Layout::DecoderOnly)
        return no("layout", QT_TR_NOOP("training runs decoder-only models (causal language modelling)"));
    return std::nullopt;
}

Expected<EnginePlan, Error> EngineSizer::fit(const ModelConfig &original, std::int64_t capBytes)
{
    const std::vector<Error> invalid = validate(original);
    if (!invalid.empty())
        return invalid.front();
    if (capBytes <= 0)
        return Error{{}, QStringLiteral("memory cap"), tr("must be positive")};

    EnginePlan plan;
    ModelConfig &c = plan.config;
    c = original;
    QStringList &changes = plan.changes;

    // Swap what the engine does not run for its nearest equivalent.
    if (c.layout == Layout::EncoderDecoder) {
        c.layout = Layout::DecoderOnly;
        c.nLayers = original.decoderLayers();
        c.nDecoderLayers = 0;
        changes << tr("layout: encoder-decoder → decoder-only (the decoder stack alone, without cross-attention)");
    }
    if (c.moe.enabled()) {
        changes << tr("moe_experts: %1 → 0 (one dense FFN of the same width per layer)").arg(c.moe.numExperts);
        c.moe = MoeConfig{};
    }
    if (c.positions == PositionKind::RelativeBuckets) {
        c.positions = PositionKind::Sinusoidal;
        changes << tr("positions: relative → sinusoidal (the engine has no T5 buckets)");
    }
    if (c.embeddingDim > 0 && c.embeddingDim != c.dModel) {
        changes << tr("embedding_dim: %1 → %2 (no factorized embedding)").arg(c.embeddingDim).arg(c.dModel);
        c.embeddingDim = 0;
    }
    if (c.tokenTypes > 0) {
        changes << tr("token_types: %1 → 0").arg(c.tokenTypes);
        c.tokenTypes = 0;
    }
    if (c.pooler) {
        changes << tr("pooler: yes → no (not used to predict tokens)");
        c.pooler = false;
    }
    if (c.lora.enabled()) {
        changes << tr("lora_rank: %1 → 0").arg(c.lora.rank);
        c.lora.rank = 0;
    }
    if (!c.lmHead) {
        c.lmHead = true;
        c.tiedEmbeddings = true;
        changes << tr("lm_head: no → yes, tied to the token embedding (to produce logits)");
    }

    if (c.attention == AttentionKind::Mla) {
        changes << tr("attention: MLA → multi-head attention with %1 heads of %2").arg(c.nHeads).arg(c.effectiveHeadDim());
        c.attention = AttentionKind::Gqa;
        c.nKvHeads = c.nHeads;
    }
    c.mtpLayers = 0;
    const ModelConfig before = c;
    while (weightBytes(c) > capBytes) {
        if (c.nLayers > 2) {
            c.nLayers = std::max(2, c.nLayers / 2);
        } else if (c.dModel >= 64) {
            const int hdOld = c.effectiveHeadDim();
            const int dOld = c.dModel;
            if (c.nHeads > 1) {
                const int ratio = std::max(1, c.nHeads / std::max(1, c.nKvHeads));
                c.nHeads /= 2;
                c.nKvHeads = std::max(1, c.nHeads / ratio);
                while (c.nHeads % c.nKvHeads != 0)
                    --c.nKvHeads;
                c.dModel = c.headDim > 0 ? c.dModel / 2 : c.nHeads * hdOld;
            } else {
                c.dModel /= 2;
                if (c.headDim > 0)
                    c.headDim = std::max(1, c.headDim / 2);
            }
            c.dFf = std::max(1, int(std::int64_t(c.dFf) * c.dModel / dOld));
        } else if (c.vocabSize > 256) {
            c.vocabSize = std::max(256, c.vocabSize / 2);
        } else if (c.positions == PositionKind::Learned && c.maxPositions > 256) {
            c.maxPositions = std::max(256, c.maxPositions / 2);
        } else {
            return Error{{}, QStringLiteral("memory cap"),
                         tr("even the smallest model of this family (%1 bytes) exceeds the cap of %2 bytes")
                             .arg(weightBytes(c))
                             .arg(capBytes)};
        }
    }
    auto diff = [&](const char *field, qint64 from, qint64 to) {
        if (from != to)
            changes << tr("%1: %2 → %3").arg(QString::fromLatin1(field)).arg(from).arg(to);
    };
    diff("n_layers", before.nLayers, c.nLayers);
    diff("d_model", before.dModel, c.dModel);
    diff("n_heads", before.nHeads, c.nHeads);
    diff("n_kv_heads", before.nKvHeads, c.nKvHeads);
    diff("head_dim", before.headDim, c.headDim);
    diff("d_ff", before.dFf, c.dFf);
    diff("vocab_size", before.vocabSize, c.vocabSize);
    diff("max_positions", before.maxPositions, c.maxPositions);
    // A per-layer list keeps its pattern: the first layers' entries (gpt-oss: sliding, full, …).
    if (c.layerTypes.size() > std::size_t(c.nLayers)) {
        changes << tr("layer_types: the first %1 of its %2 entries").arg(c.nLayers).arg(c.layerTypes.size());
        c.layerTypes.resize(std::size_t(c.nLayers));
    }
    plan.weightBytes = weightBytes(c);
    if (!changes.isEmpty() && c.name.size() > 0)
        c.name = tr("%1 (scaled down)").arg(c.name);
    return plan;
}

} // namespace tx
