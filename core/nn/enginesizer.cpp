#include "core/nn/enginesizer.h"

#include "core/design/configvalidator.h"
#include "core/nn/feedforwardblock.h"
#include "core/nn/ropefrequencies.h"

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
    const bool encdec = c.layout == Layout::EncoderDecoder;
    int L = encdec ? c.encoderLayers() + c.decoderLayers() : c.nLayers; // both stacks, encoder first
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
    if (c.attention == AttentionKind::Mla) {
        const double qLora = c.mla.qLoraRank, kvLora = c.mla.kvLoraRank, rope = c.mla.qkRopeHeadDim;
        const double qCols = H * (double(c.mla.qkNopeHeadDim) + rope), bias = c.qkvBias ? 1 : 0;
        const double latentNorm = c.norm == NormKind::LayerNorm ? 2 : 1;
        layer += qLora > 0 ? d * qLora + bias * qLora + latentNorm * qLora + qLora * qCols // q_a, its norm, q_b
                           : d * qCols + bias * qCols;                                     // q_proj (d, H·qk)
        layer += (d + bias) * (kvLora + rope) + latentNorm * kvLora;                 // kv_a_proj_with_mqa, norm
        layer += kvLora * H * (double(c.mla.qkNopeHeadDim) + c.mla.vHeadDim);        // kv_b_proj
        layer += H * c.mla.vHeadDim * d + (c.attnOutBias ? d : 0);                   // o_proj (H·v, d)
    } else {
        layer += d * (H + 2 * KV) * hd + (c.qkvBias ? (H + 2 * KV) * hd : 0); // (d, (H+2KV)·hd) + bias
        layer += c.qkNorm == QkNorm::PerHead ? 2 * hd : 0;                      // q_norm, k_norm (hd) each
        layer += c.qkNorm == QkNorm::FullWidth ? (H + KV) * hd : 0;             // (H·hd) + (KV·hd)
        layer += c.attentionSinks ? H : 0;                                      // one sink logit per head
        layer += H * hd * d + (c.attnOutBias ? d : 0);                          // (H·hd, d) + bias
    }
    const double dense = d * F * gates + (c.ffnBias ? F * gates : 0)       // (d, d_ff·gates) + bias
                         + F * d + (c.ffnBias ? d : 0);                     // (d_ff, d) + bias
    const double E = c.moe.numExperts, Fe = c.moe.effectiveExpertDff(c.dFf);
    const double S = double(c.moe.sharedExperts) * c.moe.effectiveSharedDff(c.dFf);
    const double sparse = d * E + (c.moe.routerBias ? E : 0)                 // router (d, E) + bias
                          + (c.moe.scoreCorrectionBias ? E : 0)             // e_score_correction_bias
                          + E * (d * Fe * gates + Fe * d)                   // experts
                          + (c.ffnBias ? E * (Fe * gates + d) : 0)          // their biases (gpt-oss)
                          + S * d * (gates + 1);                            // shared experts

    const double e = c.effectiveEmbeddingDim();
    const double embNormFloats = c.norm == NormKind::LayerNorm ? 2 * e : e;
    double floats = V * e;                                             // token embedding (V, e)
    floats += c.positions == PositionKind::Learned ? double(c.maxPositions) * e : 0; // (P, e)
    floats += c.positions == PositionKind::RelativeBuckets ? double(c.relativeBuckets) * H : 0; // (buckets, H)
    floats += c.embeddingNorm ? embNormFloats : 0;
    floats += e != d ? e * d + d : 0;                                  // projection (e, d) + bias (ALBERT)
    floats += stored * layer;
    for (int i = 0; i < stored; ++i) // MoE designs store every layer (no sharing)
        floats += FeedForwardBlock::isSparse(c, i) ? sparse : dense;
    floats += c.finalNorm ? normFloats : 0;
    if (encdec) {
        const double crossFloats = normFloats + d * H * hd + (c.qkvBias ? H * hd : 0)       // norm, q (d, H·hd)
                                   + d * 2 * KV * hd + (c.qkvBias ? 2 * KV * hd : 0)        // k, v (d, 2·KV·hd)
                                   + H * hd * d + (c.attnOutBias ? d : 0);                  // o (H·hd, d)
        floats += double(c.decoderLayers()) * crossFloats;
        floats += c.positions == PositionKind::RelativeBuckets ? double(c.relativeBuckets) * H : 0; // the encoder's table
        floats += c.finalNorm ? normFloats : 0; // the encoder's final norm
    }
    floats += double(c.tokenTypes) * e;                                // token types (types, e)
    if (c.mlmHead)
        floats += d * e + e + embNormFloats; // predictions.dense (d, e) + bias, predictions.LayerNorm (e)
    floats += c.tiedEmbeddings ? 0 : V * (c.mlmHead ? e : d); // untied head (V, d), or (V, e) after the MLM head
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
    if (c.layout == Layout::EncoderDecoder) {
        if (c.normPlacement != NormPlacement::Pre || c.parallelBlock)
            return no("norm_placement", QT_TR_NOOP("the engine's encoder-decoder runs pre-norm blocks (T5's)"));
        if (c.moe.enabled())
            return no("moe_experts", QT_TR_NOOP("the engine's encoder-decoder has no mixture of experts"));
        if (c.sharing != Sharing::None)
            return no("sharing", QT_TR_NOOP("the engine's encoder-decoder does not share layers"));
        if (c.attention == AttentionKind::Mla)
            return no("attention", QT_TR_NOOP("the engine's encoder-decoder has no latent attention"));
        if (c.embeddingNorm || c.effectiveEmbeddingDim() != c.dModel)
            return no("embedding_dim", QT_TR_NOOP("the engine's encoder-decoder reads plain token embeddings"));
        if (c.decoderLayers() < 1)
            return no("n_decoder_layers", QT_TR_NOOP("an encoder-decoder needs at least one decoder layer"));
    }
    if (c.moe.enabled() && c.sharing != Sharing::None)
        return no("sharing", QT_TR_NOOP("the engine does not share layers of a mixture of experts"));
    if (c.moe.enabled() && c.ffnBias && c.moe.sharedExperts > 0)
        return no("ffn_bias", QT_TR_NOOP("the engine's shared experts have no biases"));
    if (c.moe.enabled() && c.moe.groups > 1 && (c.moe.numExperts % c.moe.groups != 0 || c.moe.numExperts / c.moe.groups < 2))
        return Error{{}, QStringLiteral("moe_groups"),
                     tr("%1 experts do not split into %2 groups of two or more").arg(c.moe.numExperts).arg(c.moe.groups)};
    if (c.moe.enabled() && c.moe.groups > 1 && c.moe.routerScore == RouterScore::Softmax)
        return no("moe_groups", QT_TR_NOOP("the engine limits groups only for a sigmoid router (DeepSeek-V3), not a softmax one"));
    if (c.positions == PositionKind::RelativeBuckets && c.attention == AttentionKind::Mla)
        return no("positions", QT_TR_NOOP("the engine's MLA has no T5 relative position buckets"));
    if (c.effectiveEmbeddingDim() != c.dModel && c.lmHead && c.tiedEmbeddings && !c.mlmHead)
        return no("tied_embeddings",
                  QT_TR_NOOP("a head tied to a factorised embedding would need a projection back to its width; untie the head"));
    if (c.swigluLimit > 0 && c.ffn != FfnKind::Gated3)
        return no("swiglu_limit", QT_TR_NOOP("a clamped SwiGLU needs a gated FFN"));
    if (c.lora.enabled())
        return no("lora_rank", QT_TR_NOOP("the engine does not run LoRA adapters"));
    if (!c.lmHead)
        return no("lm_head", QT_TR_NOOP("the engine needs a vocabulary projection to produce logits"));
    if (c.mlmHead && c.layout == Layout::EncoderDecoder)
        return no("mlm_head", QT_TR_NOOP("the engine's encoder-decoder has no masked-LM head"));
    if (c.attention == AttentionKind::Mla && c.mla.qkRopeHeadDim % 2 != 0)
        return no("qk_rope_head_dim", QT_TR_NOOP("the engine's MLA needs an even rotary part (RoPE turns pairs)"));
    if (c.attention == AttentionKind::Mla && c.qkNorm != QkNorm::None)
        return no("qk_norm", QT_TR_NOOP("the engine's MLA has no query/key norms beyond its latent norms"));
    if (c.attention == AttentionKind::Mla && c.attentionSinks)
        return no("attention_sinks", QT_TR_NOOP("the engine's MLA has no attention sinks"));
    if (c.ropeScaling.kind == RopeScalingKind::LongRope) {
        const std::size_t pairs = std::size_t(RopeFrequencies::rotaryDim(c) / 2);
        if (c.ropeScaling.shortFactor.size() != pairs || c.ropeScaling.longFactor.size() != pairs)
            return Error{{}, QStringLiteral("rope_short_factor"),
                         tr("longrope needs one short and one long factor per rotated pair (%1), has %2 and %3")
                             .arg(pairs)
                             .arg(c.ropeScaling.shortFactor.size())
                             .arg(c.ropeScaling.longFactor.size())};
    }
    // Llama 4 normalises after RoPE, which would undo cos/sin's attention factor; the engine
    // normalises before, which is the same only for a pure rotation.
    if (c.qkNorm == QkNorm::Weightless && c.positions == PositionKind::Rotary && RopeFrequencies::attentionFactor(c) != 1.0)
        return no("rope_attention_factor", QT_TR_NOOP("the engine's weightless QK-norm needs RoPE without an attention factor"));
    // Every layout trains: a decoder-only model on the next token, an encoder-decoder on its
    // target behind the source (teacher forcing), an encoder alone (BERT, ALBERT) on masked
    // tokens (TrainingTask's masked LM). The purpose stays for features that run but do not train.
    (void)purpose;
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
    const bool encdec = c.layout == Layout::EncoderDecoder;
    if (encdec && (c.normPlacement != NormPlacement::Pre || c.parallelBlock)) {
        changes << tr("norm_placement: %1 → pre (the engine's cross-attention runs pre-norm blocks)")
                       .arg(c.parallelBlock ? QStringLiteral("parallel") : toString(c.normPlacement));
        c.normPlacement = NormPlacement::Pre;
        c.parallelBlock = c.parallelTwoNorms = false;
    }
    if (encdec && c.sharing != Sharing::None) {
        changes << tr("sharing: %1 → none (the engine's encoder-decoder stores every layer)").arg(toString(c.sharing));
        c.sharing = Sharing::None;
    }
    if (encdec && c.attention == AttentionKind::Mla) {
        changes << tr("attention: MLA → MHA (the engine's encoder-decoder has no latent attention)");
        c.attention = AttentionKind::Gqa;
        c.nKvHeads = c.nHeads;
    }
    if (encdec && (c.embeddingNorm || c.effectiveEmbeddingDim() != c.dModel)) {
        changes << tr("embeddings: plain token table of d_model %1 (the engine's encoder-decoder has no embedding norm or projection)")
                       .arg(c.dModel);
        c.embeddingNorm = false;
        c.embeddingDim = 0;
    }
    // Mixtures the engine routes stay mixtures (fewer, narrower experts below); the others become dense.
    const bool routable = c.moe.enabled() && !encdec && c.sharing == Sharing::None && !(c.ffnBias && c.moe.sharedExperts > 0)
                          && !(c.moe.groups > 1 && c.moe.routerScore == RouterScore::Softmax);
    if (c.moe.enabled() && !routable) {
        changes << tr("moe_experts: %1 → 0 (one dense FFN of the same width per layer)").arg(c.moe.numExperts);
        c.moe = MoeConfig{};
    }
    if (c.positions == PositionKind::RelativeBuckets && c.attention == AttentionKind::Mla) {
        c.positions = PositionKind::Rotary;
        changes << tr("positions: relative → rotary (the engine's MLA has no T5 buckets)");
    }
    if (encdec && c.mlmHead) {
        changes << tr("mlm_head: yes → no (the engine's encoder-decoder ends in a plain head)");
        c.mlmHead = false;
    }
    if (c.pooler) {
        changes << tr("pooler: yes → no (not used to predict tokens)");
        c.pooler = false;
    }
    if (c.lora.enabled()) {
        changes << tr("lora_rank: %1 → 0").arg(c.lora.rank);
        c.lora.rank = 0;
    }
    const bool factorised = c.effectiveEmbeddingDim() != c.dModel;
    if (!c.lmHead && factorised && !encdec) {
        // AlbertForMaskedLM's head: back to the table's width, then the tied table, so the logits are masked-LM ones.
        c.lmHead = c.mlmHead = c.tiedEmbeddings = c.lmHeadBias = true;
        changes << tr("lm_head: no → yes, ALBERT's masked-LM head (dense d_model %1 → %2, %3, %4, "
                      "tied to the token embedding, with a bias)")
                       .arg(c.dModel)
                       .arg(c.effectiveEmbeddingDim())
                       .arg(toString(c.activation), toString(c.norm));
    } else if (!c.lmHead) {
        c.lmHead = true;
        c.tiedEmbeddings = !factorised;
        changes << (factorised ? tr("lm_head: no → yes, untied (d_model × vocab, to produce logits)")
                               : tr("lm_head: no → yes, tied to the token embedding (to produce logits)"));
    } else if (factorised && c.tiedEmbeddings && !c.mlmHead) {
        c.tiedEmbeddings = false;
        changes << tr("tied_embeddings: yes → no (the factorised table is %1 wide, the head reads d_model %2)")
                       .arg(c.effectiveEmbeddingDim())
                       .arg(c.dModel);
    }

    c.mtpLayers = 0;
    const ModelConfig before = c;
    // Groups keep at least two experts each (a group scores by its best two), here and as experts halve.
    auto fitGroups = [&c] {
        while (c.moe.groups > 1 && (c.moe.numExperts % c.moe.groups != 0 || c.moe.numExperts / c.moe.groups < 2))
            c.moe.groups /= 2;
        c.moe.topGroups = std::min(c.moe.topGroups, c.moe.groups);
    };
    fitGroups();
    while (weightBytes(c) > capBytes) {
        if (c.nLayers > 2 || (encdec && c.nDecoderLayers > 2)) { // both stacks halve together, neither below 2
            if (c.nLayers > 2)
                c.nLayers = std::max(2, c.nLayers / 2);
            if (encdec && c.nDecoderLayers > 2)
                c.nDecoderLayers = std::max(2, c.nDecoderLayers / 2);
        } else if (c.moe.enabled() && c.moe.numExperts > std::max(4, 2 * c.moe.topK)) {
            c.moe.numExperts /= 2;
            fitGroups();
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
            if (c.embeddingDim > 0) // a factorised table narrows with the width
                c.embeddingDim = std::max(1, int(std::int64_t(c.embeddingDim) * c.dModel / dOld));
            if (c.moe.expertDff > 0)
                c.moe.expertDff = std::max(1, int(std::int64_t(c.moe.expertDff) * c.dModel / dOld));
            if (c.moe.sharedExpertDff > 0)
                c.moe.sharedExpertDff = std::max(1, int(std::int64_t(c.moe.sharedExpertDff) * c.dModel / dOld));
            // MLA's latents narrow with the width; its head sizes stay, like the heads' above.
            if (c.attention == AttentionKind::Mla) {
                if (c.mla.qLoraRank > 0)
                    c.mla.qLoraRank = std::max(1, int(std::int64_t(c.mla.qLoraRank) * c.dModel / dOld));
                c.mla.kvLoraRank = std::max(1, int(std::int64_t(c.mla.kvLoraRank) * c.dModel / dOld));
            }
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
    if (encdec)
        diff("n_decoder_layers", before.nDecoderLayers, c.nDecoderLayers);
    diff("d_model", before.dModel, c.dModel);
    diff("n_heads", before.nHeads, c.nHeads);
    if (c.attention != AttentionKind::Mla) // MLA has no key/value heads of its own: they follow n_heads
        diff("n_kv_heads", before.nKvHeads, c.nKvHeads);
    diff("head_dim", before.headDim, c.headDim);
    diff("d_ff", before.dFf, c.dFf);
    diff("embedding_dim", before.embeddingDim, c.embeddingDim);
    diff("vocab_size", before.vocabSize, c.vocabSize);
    diff("max_positions", before.maxPositions, c.maxPositions);
    diff("moe_experts", before.moe.numExperts, c.moe.numExperts);
    diff("moe_d_ff", before.moe.expertDff, c.moe.expertDff);
    diff("moe_shared_d_ff", before.moe.sharedExpertDff, c.moe.sharedExpertDff);
    diff("moe_groups", before.moe.groups, c.moe.groups);
    diff("moe_top_groups", before.moe.topGroups, c.moe.topGroups);
    diff("q_lora_rank", before.mla.qLoraRank, c.mla.qLoraRank);
    diff("kv_lora_rank", before.mla.kvLoraRank, c.mla.kvLoraRank);
    // Dense first layers and the dense list within the layers kept, at least one layer routing.
    if (c.moe.enabled() && c.moe.firstDense >= c.nLayers) {
        changes << tr("moe_first_dense: %1 → %2").arg(c.moe.firstDense).arg(c.nLayers - 1);
        c.moe.firstDense = c.nLayers - 1;
    }
    std::erase_if(c.moe.denseLayers, [&](int l) { return l >= c.nLayers; });
    // longrope's factors, one per rotated pair, follow a narrower head: every k-th of them.
    if (c.ropeScaling.kind == RopeScalingKind::LongRope) {
        const std::size_t pairs = std::size_t(RopeFrequencies::rotaryDim(c) / 2);
        const std::size_t had = c.ropeScaling.shortFactor.size();
        if (pairs > 0 && had > pairs && had % pairs == 0 && c.ropeScaling.longFactor.size() == had) {
            for (auto *list : {&c.ropeScaling.shortFactor, &c.ropeScaling.longFactor}) {
                std::vector<double> kept;
                for (std::size_t i = 0; i < pairs; ++i)
                    kept.push_back((*list)[i * (had / pairs)]);
                *list = std::move(kept);
            }
            changes << tr("rope_short_factor, rope_long_factor: %1 → %2 entries (one of every %3)").arg(had).arg(pairs).arg(had / pairs);
        }
    }
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
