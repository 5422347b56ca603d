#include "core/design/configvalidator.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

namespace tx {

namespace {

struct ConfigValidator
{
    Q_DECLARE_TR_FUNCTIONS(tx::ConfigValidator)
};

void checkRange(std::vector<Error> &errors, const char *field, long long value, long long lo, long long hi)
{
    if (value < lo || value > hi) {
        errors.push_back({{}, QString::fromLatin1(field),
                          ConfigValidator::tr("must be between %1 and %2 (is %3)").arg(lo).arg(hi).arg(value)});
    }
}

// RoPE scaling's numbers, as transformers' _validate_*_rope_parameters (modeling_rope_utils.py)
// ask of them; any number must at least be finite, or the design would not save.
void checkRopeScaling(std::vector<Error> &errors, const ModelConfig &c)
{
    const RopeScaling &s = c.ropeScaling;
    const std::pair<const char *, double> numbers[] = {
        {"rope_factor", s.factor}, {"rope_low_freq_factor", s.lowFreqFactor}, {"rope_high_freq_factor", s.highFreqFactor},
        {"rope_beta_fast", s.betaFast}, {"rope_beta_slow", s.betaSlow}, {"rope_mscale", s.mscale},
        {"rope_mscale_all_dim", s.mscaleAllDim}, {"rope_attention_factor", s.attentionFactor},
        {"rope_local_theta", c.ropeLocalTheta}};
    for (const auto &[field, value] : numbers) {
        if (!std::isfinite(value)) {
            errors.push_back({{}, QString::fromLatin1(field), ConfigValidator::tr("must be a finite number")});
            return;
        }
    }
    for (const auto *list : {&s.shortFactor, &s.longFactor}) {
        for (double x : *list) {
            if (!(x > 0.0 && x < 1e9)) {
                errors.push_back({{}, QString::fromLatin1(list == &s.shortFactor ? "rope_short_factor" : "rope_long_factor"),
                                  ConfigValidator::tr("every factor must be positive and below 10^9")});
                return;
            }
        }
    }
    if (c.positions != PositionKind::Rotary)
        return;
    if (!(c.ropeLocalTheta == 0.0 || (c.ropeLocalTheta > 0.0 && c.ropeLocalTheta < 1e12)))
        errors.push_back({{}, QStringLiteral("rope_local_theta"), ConfigValidator::tr("must be 0 (as rope_theta) or positive and below 10^12")});
    if (!s.enabled())
        return;
    checkRange(errors, "rope_original_max_positions", s.originalMaxPositions, 0, limits::kMaxPositions);
    if (s.kind != RopeScalingKind::LongRope && !(s.factor >= 1.0 && s.factor <= 1e6))
        errors.push_back({{}, QStringLiteral("rope_factor"), ConfigValidator::tr("must be at least 1 and at most 10^6")});
    if (!(s.mscale >= 0.0 && s.mscaleAllDim >= 0.0 && s.attentionFactor >= 0.0 && s.attentionFactor < 1e3))
        errors.push_back({{}, QStringLiteral("rope_attention_factor"),
                          ConfigValidator::tr("the attention factor and the mscales must be 0 (derived) or positive")});
    // Llama 4 has low_freq_factor = high_freq_factor = 1: no band in between.
    if (s.kind == RopeScalingKind::Llama3 && !(s.lowFreqFactor > 0.0 && s.highFreqFactor >= s.lowFreqFactor))
        errors.push_back({{}, QStringLiteral("rope_high_freq_factor"),
                          ConfigValidator::tr("llama3 scaling needs 0 < low_freq_factor <= high_freq_factor")});
    if (s.kind == RopeScalingKind::Yarn && !(s.betaFast > 0.0 && s.betaSlow > 0.0 && s.betaFast < 1e9 && s.betaSlow < 1e9))
        errors.push_back({{}, QStringLiteral("rope_beta_fast"), ConfigValidator::tr("yarn's beta_fast and beta_slow must be positive")});
    if (s.kind == RopeScalingKind::LongRope && (s.shortFactor.empty() || s.longFactor.empty()))
        errors.push_back({{}, QStringLiteral("rope_short_factor"),
                          ConfigValidator::tr("longrope needs a short and a long factor for each rotated pair")});
}

} // namespace

std::vector<Error> validate(const ModelConfig &c)
{
    using namespace limits;
    std::vector<Error> errors;

    checkRange(errors, "d_model", c.dModel, 1, kMaxDModel);
    checkRange(errors, "n_layers", c.nLayers, 1, kMaxLayers);
    if (c.layout == Layout::EncoderDecoder)
        checkRange(errors, "n_decoder_layers", c.nDecoderLayers, 1, kMaxLayers);
    checkRange(errors, "n_heads", c.nHeads, 1, kMaxHeads);
    checkRange(errors, "n_kv_heads", c.nKvHeads, 1, kMaxHeads);
    checkRange(errors, "head_dim", c.headDim, 0, kMaxHeadDim);
    checkRange(errors, "d_ff", c.dFf, 1, kMaxDff);
    checkRange(errors, "vocab_size", c.vocabSize, 1, kMaxVocab);
    checkRange(errors, "max_positions", c.maxPositions, 1, kMaxPositions);
    checkRange(errors, "token_types", c.tokenTypes, 0, kMaxTokenTypes);
    checkRange(errors, "embedding_dim", c.embeddingDim, 0, kMaxDModel);
    checkRange(errors, "sliding_window", c.slidingWindow, 0, kMaxPositions);
    checkRange(errors, "quant_group_size", c.quantGroupSize, 1, kMaxQuantGroup);
    checkRange(errors, "lora_rank", c.lora.rank, 0, kMaxLoraRank);

    if (c.attention != AttentionKind::Mla && c.headDim == 0 && c.nHeads > 0 && c.dModel > 0 && c.dModel % c.nHeads != 0) {
        errors.push_back({{}, QStringLiteral("n_heads"),
                          ConfigValidator::tr("d_model (%1) is not divisible by n_heads (%2); set head_dim explicitly or pick a divisor")
                              .arg(c.dModel).arg(c.nHeads)});
    }
    if (c.nHeads > 0 && c.nKvHeads > 0) {
        if (c.nKvHeads > c.nHeads) {
            errors.push_back({{}, QStringLiteral("n_kv_heads"),
                              ConfigValidator::tr("n_kv_heads (%1) cannot exceed n_heads (%2)").arg(c.nKvHeads).arg(c.nHeads)});
        } else if (c.nHeads % c.nKvHeads != 0) {
            errors.push_back({{}, QStringLiteral("n_kv_heads"),
                              ConfigValidator::tr("n_heads (%1) is not divisible by n_kv_heads (%2): each key/value head must serve "
                                 "the same number of query heads")
                                  .arg(c.nHeads).arg(c.nKvHeads)});
        }
    }
    if (c.positions == PositionKind::RelativeBuckets) {
        checkRange(errors, "relative_buckets", c.relativeBuckets, 1, kMaxBuckets);
        checkRange(errors, "relative_max_distance", c.relativeMaxDistance, 1, kMaxPositions);
    }
    // Whatever the position kind: a design file cannot hold NaN or infinity (JSON has no such
    // numbers), so a design holding one would save to a file that does not open again.
    for (const auto &[field, value] : {std::pair{"rotary_fraction", c.rotaryFraction}, std::pair{"rope_theta", c.ropeTheta}})
        if (!std::isfinite(value) && c.positions != PositionKind::Rotary)
            errors.push_back({{}, QString::fromLatin1(field), ConfigValidator::tr("must be a finite number")});
    if (c.positions == PositionKind::Rotary) {
        if (!(c.rotaryFraction > 0.0 && c.rotaryFraction <= 1.0))
            errors.push_back({{}, QStringLiteral("rotary_fraction"), ConfigValidator::tr("must be in (0, 1]")});
        if (!(c.ropeTheta > 0.0 && c.ropeTheta < 1e12))
            errors.push_back({{}, QStringLiteral("rope_theta"), ConfigValidator::tr("must be positive and below 10^12")});
    }
    checkRopeScaling(errors, c);
    if (c.sharing == Sharing::Groups) {
        const int layers = std::max(c.encoderLayers(), c.decoderLayers());
        checkRange(errors, "share_group_size", c.shareGroupSize, 1, std::max(1, layers));
    }
    if (c.moe.numExperts != 0 || c.moe.sharedExperts != 0) {
        checkRange(errors, "moe_experts", c.moe.numExperts, 0, kMaxExperts);
        checkRange(errors, "moe_shared_experts", c.moe.sharedExperts, 0, kMaxSharedExperts);
        if (c.moe.enabled()) {
            if (c.moe.topK < 1 || c.moe.topK > c.moe.numExperts) {
                errors.push_back({{}, QStringLiteral("moe_top_k"),
                                  ConfigValidator::tr("top-k (%1) must be between 1 and the number of experts (%2)")
                                      .arg(c.moe.topK).arg(c.moe.numExperts)});
            }
            checkRange(errors, "moe_sparse_every", c.moe.sparseEvery, 1, kMaxLayers);
        }
    }
    checkRange(errors, "global_every", c.globalEvery, 0, kMaxLayers);
    checkRange(errors, "attention_chunk", c.attentionChunk, 0, kMaxPositions);
    checkRange(errors, "mtp_layers", c.mtpLayers, 0, kMaxMtpLayers);
    if (c.mtpLayers > 0 && c.layout != Layout::DecoderOnly)
        errors.push_back({{}, QStringLiteral("mtp_layers"), ConfigValidator::tr("multi-token prediction needs a decoder-only layout")});
    for (const auto &[field, value] : {std::pair{"attn_softcap", c.attnSoftcap}, std::pair{"final_softcap", c.finalSoftcap},
                                       std::pair{"swiglu_limit", c.swigluLimit},
                                       std::pair{"query_pre_attn_scalar", c.queryPreAttnScalar}}) {
        if (!(value >= 0.0 && value < 1e9))
            errors.push_back({{}, QString::fromLatin1(field), ConfigValidator::tr("must be 0 (off) or a positive cap below 10^9")});
    }
    if (!isKvPrecision(c.kvPrecision)) {
        errors.push_back({{}, QStringLiteral("kv_precision"),
                          ConfigValidator::tr("the KV cache is stored in fp32, fp16, bf16, fp8, int8 or int4 (got %1)")
                              .arg(toString(c.kvPrecision))});
    }

    const int stackLayers = c.layout == Layout::EncoderOnly ? c.encoderLayers() : c.decoderLayers();
    if (!c.layerTypes.empty()) {
        if (c.layout == Layout::EncoderDecoder) {
            errors.push_back({{}, QStringLiteral("layer_types"), ConfigValidator::tr("a per-layer attention list needs one stack, "
                                                                    "not encoder-decoder")});
        } else if (int(c.layerTypes.size()) != stackLayers && stackLayers >= 1 && stackLayers <= kMaxLayers) {
            // (A depth out of range has its own error above; no list could match it.)
            errors.push_back({{}, QStringLiteral("layer_types"),
                              ConfigValidator::tr("has %1 entries; it needs one per layer (%2)").arg(c.layerTypes.size()).arg(stackLayers)});
        }
    }
    bool anySliding = false, anyChunked = false;
    // Only as many layers as a valid design can have: n_layers = 2^31 − 1 (refused above) would
    // otherwise keep this loop busy for seconds (found by bench_designs).
    for (int i = 0, n = std::clamp(stackLayers, 0, kMaxLayers); i < n; ++i) {
        const LayerAttention t = c.layerAttention(i);
        anySliding = anySliding || t == LayerAttention::Sliding;
        anyChunked = anyChunked || t == LayerAttention::Chunked;
    }
    if (anySliding && c.slidingWindow <= 0)
        errors.push_back({{}, QStringLiteral("sliding_window"), ConfigValidator::tr("sliding layers need a window of at least 1 token")});
    if (anyChunked && c.attentionChunk <= 0)
        errors.push_back({{}, QStringLiteral("attention_chunk"), ConfigValidator::tr("chunked layers need a chunk of at least 1 token")});

    if (c.attention == AttentionKind::Mla) {
        checkRange(errors, "q_lora_rank", c.mla.qLoraRank, 0, kMaxDModel);
        checkRange(errors, "kv_lora_rank", c.mla.kvLoraRank, 1, kMaxDModel);
        checkRange(errors, "qk_nope_head_dim", c.mla.qkNopeHeadDim, 0, kMaxHeadDim);
        checkRange(errors, "qk_rope_head_dim", c.mla.qkRopeHeadDim, 0, kMaxHeadDim);
        checkRange(errors, "v_head_dim", c.mla.vHeadDim, 1, kMaxHeadDim);
        if (std::int64_t(c.mla.qkNopeHeadDim) + c.mla.qkRopeHeadDim < 1) // 64-bit: both may be INT_MAX here
            errors.push_back({{}, QStringLiteral("qk_nope_head_dim"), ConfigValidator::tr("query/key heads need at least one dimension")});
        if (c.lora.enabled())
            errors.push_back({{}, QStringLiteral("lora_rank"), ConfigValidator::tr("LoRA adapters are counted for multi-head attention, not MLA")});
        if (c.qkNorm != QkNorm::None)
            errors.push_back({{}, QStringLiteral("qk_norm"), ConfigValidator::tr("MLA normalises its latents instead; set qk_norm to none")});
    }

    if (c.moe.enabled()) {
        checkRange(errors, "moe_d_ff", c.moe.expertDff, 0, kMaxDff);
        checkRange(errors, "moe_shared_d_ff", c.moe.sharedExpertDff, 0, kMaxDff);
        checkRange(errors, "moe_first_dense", c.moe.firstDense, 0, std::max(0, std::max(c.encoderLayers(), c.decoderLayers())));
        // Whether the experts split into the groups is the engine's question (EngineSizer): the
        // counts do not depend on it, and an expert slider must not make the design invalid.
        checkRange(errors, "moe_groups", c.moe.groups, 1, kMaxExperts);
        checkRange(errors, "moe_top_groups", c.moe.topGroups, 1, std::max(1, c.moe.groups));
        if (!(c.moe.routedScale > 0 && c.moe.routedScale <= 1000))
            errors.push_back({{}, QStringLiteral("moe_routed_scale"), ConfigValidator::tr("must be in (0, 1000]")});
        for (int layer : c.moe.denseLayers) {
            if (layer < 0 || layer >= std::max(c.encoderLayers(), c.decoderLayers())) {
                errors.push_back({{}, QStringLiteral("moe_dense_layers"),
                                  ConfigValidator::tr("layer %1 is not a layer of the stack (0 to %2)")
                                      .arg(layer).arg(std::max(c.encoderLayers(), c.decoderLayers()) - 1)});
                break;
            }
        }
    }
    return errors;
}

} // namespace tx
