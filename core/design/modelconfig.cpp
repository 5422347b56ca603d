#include "core/design/modelconfig.h"

#include "core/base/nametable.h"

#include <algorithm>

namespace tx {

namespace {

constexpr NameTable<Layout, 3> kLayouts{{
    {Layout::DecoderOnly, "decoder-only"},
    {Layout::EncoderOnly, "encoder-only"},
    {Layout::EncoderDecoder, "encoder-decoder"},
}};
constexpr NameTable<FfnKind, 2> kFfnKinds{{
    {FfnKind::Dense2, "dense"},
    {FfnKind::Gated3, "gated"},
}};
constexpr NameTable<Activation, 4> kActivations{{
    {Activation::Relu, "relu"},
    {Activation::Gelu, "gelu"},
    {Activation::GeluTanh, "gelu_tanh"},
    {Activation::Silu, "silu"},
}};
constexpr NameTable<PositionKind, 5> kPositions{{
    {PositionKind::None, "none"},
    {PositionKind::Sinusoidal, "sinusoidal"},
    {PositionKind::Learned, "learned"},
    {PositionKind::Rotary, "rotary"},
    {PositionKind::RelativeBuckets, "relative"},
}};
constexpr NameTable<NormKind, 2> kNorms{{
    {NormKind::LayerNorm, "layernorm"},
    {NormKind::RmsNorm, "rmsnorm"},
}};
constexpr NameTable<NormPlacement, 4> kPlacements{{
    {NormPlacement::Pre, "pre"},
    {NormPlacement::Post, "post"},
    {NormPlacement::Sandwich, "sandwich"},
    {NormPlacement::Output, "output"},
}};
constexpr NameTable<AttentionKind, 2> kAttentionKinds{{
    {AttentionKind::Gqa, "gqa"},
    {AttentionKind::Mla, "mla"},
}};
constexpr NameTable<QkNorm, 4> kQkNorms{{
    {QkNorm::None, "none"},
    {QkNorm::PerHead, "head"},
    {QkNorm::FullWidth, "full"},
    {QkNorm::Weightless, "weightless"},
}};
constexpr NameTable<LayerAttention, 4> kLayerAttentions{{
    {LayerAttention::Full, "full"},
    {LayerAttention::Sliding, "sliding"},
    {LayerAttention::Chunked, "chunked"},
    {LayerAttention::FullNoRope, "full_no_rope"},
}};
constexpr NameTable<RouterScore, 2> kRouterScores{{
    {RouterScore::Softmax, "softmax"},
    {RouterScore::Sigmoid, "sigmoid"},
}};
// transformers' rope_type names.
constexpr NameTable<RopeScalingKind, 6> kRopeScalings{{
    {RopeScalingKind::None, "none"},
    {RopeScalingKind::Linear, "linear"},
    {RopeScalingKind::Dynamic, "dynamic"},
    {RopeScalingKind::Yarn, "yarn"},
    {RopeScalingKind::Llama3, "llama3"},
    {RopeScalingKind::LongRope, "longrope"},
}};
constexpr NameTable<Sharing, 3> kSharings{{
    {Sharing::None, "none"},
    {Sharing::AllLayers, "all"},
    {Sharing::Groups, "groups"},
}};
constexpr NameTable<Precision, 20> kPrecisions{{
    {Precision::FP32, "fp32"},
    {Precision::FP16, "fp16"},
    {Precision::BF16, "bf16"},
    {Precision::FP8, "fp8"},
    {Precision::INT8, "int8"},
    {Precision::INT4, "int4"},
    {Precision::Fp8Block, "fp8_block"},
    {Precision::Mxfp4, "mxfp4"},
    {Precision::Nvfp4, "nvfp4"},
    {Precision::Q8_0, "q8_0"},
    {Precision::Q6_K, "q6_k"},
    {Precision::Q5_K, "q5_k"},
    {Precision::Q5_0, "q5_0"},
    {Precision::Q4_K, "q4_k"},
    {Precision::Q4_0, "q4_0"},
    {Precision::Q3_K, "q3_k"},
    {Precision::Q2_K, "q2_k"},
    {Precision::Q4_K_M, "q4_k_m"},
    {Precision::Q5_K_M, "q5_k_m"},
    {Precision::Q3_K_M, "q3_k_m"},
}};

} // namespace

int ModelConfig::encoderLayers() const
{
    switch (layout) {
    case Layout::DecoderOnly: return 0;
    case Layout::EncoderOnly:
    case Layout::EncoderDecoder: return nLayers;
    }
    return 0;
}

int ModelConfig::decoderLayers() const
{
    switch (layout) {
    case Layout::DecoderOnly: return nLayers;
    case Layout::EncoderOnly: return 0;
    case Layout::EncoderDecoder: return nDecoderLayers;
    }
    return 0;
}

LayerAttention ModelConfig::layerAttention(int i) const
{
    if (!layerTypes.empty())
        return i >= 0 && i < int(layerTypes.size()) ? layerTypes[std::size_t(i)] : LayerAttention::Full;
    if (slidingWindow <= 0)
        return LayerAttention::Full;
    if (globalEvery > 0)
        return (i + 1) % globalEvery == 0 ? LayerAttention::Full : LayerAttention::Sliding;
    return LayerAttention::Sliding;
}

double ModelConfig::attendedTokens(LayerAttention t, double context) const
{
    switch (t) {
    case LayerAttention::Sliding: return slidingWindow > 0 ? std::min(context, double(slidingWindow)) : context;
    case LayerAttention::Chunked: return attentionChunk > 0 ? std::min(context, double(attentionChunk)) : context;
    case LayerAttention::Full:
    case LayerAttention::FullNoRope: break;
    }
    return context;
}

QString ModelConfig::attentionLabel() const
{
    if (attention == AttentionKind::Mla)
        return QStringLiteral("MLA");
    if (nKvHeads == nHeads)
        return QStringLiteral("MHA");
    return nKvHeads == 1 ? QStringLiteral("MQA") : QStringLiteral("GQA");
}

QString toString(Layout v) { return nameOf(kLayouts, v); }
QString toString(FfnKind v) { return nameOf(kFfnKinds, v); }
QString toString(Activation v) { return nameOf(kActivations, v); }
QString toString(PositionKind v) { return nameOf(kPositions, v); }
QString toString(NormKind v) { return nameOf(kNorms, v); }
QString toString(NormPlacement v) { return nameOf(kPlacements, v); }
QString toString(Sharing v) { return nameOf(kSharings, v); }
QString toString(Precision v) { return nameOf(kPrecisions, v); }

QString toString(AttentionKind v) { return nameOf(kAttentionKinds, v); }
QString toString(QkNorm v) { return nameOf(kQkNorms, v); }
QString toString(LayerAttention v) { return nameOf(kLayerAttentions, v); }
bool fromString(const QString &s, AttentionKind &out) { return parseName(kAttentionKinds, s, out); }
bool fromString(const QString &s, QkNorm &out) { return parseName(kQkNorms, s, out); }
bool fromString(const QString &s, LayerAttention &out) { return parseName(kLayerAttentions, s, out); }
QString toString(RouterScore v) { return nameOf(kRouterScores, v); }
bool fromString(const QString &s, RouterScore &out) { return parseName(kRouterScores, s, out); }
QString toString(RopeScalingKind v) { return nameOf(kRopeScalings, v); }
bool fromString(const QString &s, RopeScalingKind &out) { return parseName(kRopeScalings, s, out); }

std::vector<Precision> allPrecisions()
{
    std::vector<Precision> out;
    for (const auto &[p, name] : kPrecisions)
        out.push_back(p);
    return out;
}

bool isKvPrecision(Precision p)
{
    return int(p) <= int(Precision::INT4);
}

Precision computePrecision(Precision p)
{
    switch (p) {
    case Precision::Fp8Block: return Precision::FP8;
    case Precision::FP32:
    case Precision::FP16:
    case Precision::BF16:
    case Precision::FP8:
    case Precision::INT8:
    case Precision::INT4: return p;
    default: return Precision::BF16;
    }
}

bool fromString(const QString &s, Layout &out) { return parseName(kLayouts, s, out); }
bool fromString(const QString &s, FfnKind &out) { return parseName(kFfnKinds, s, out); }
bool fromString(const QString &s, Activation &out) { return parseName(kActivations, s, out); }
bool fromString(const QString &s, PositionKind &out) { return parseName(kPositions, s, out); }
bool fromString(const QString &s, NormKind &out) { return parseName(kNorms, s, out); }
bool fromString(const QString &s, NormPlacement &out) { return parseName(kPlacements, s, out); }
bool fromString(const QString &s, Sharing &out) { return parseName(kSharings, s, out); }
bool fromString(const QString &s, Precision &out) { return parseName(kPrecisions, s, out); }

double bitsPerWeight(Precision p, int quantGroupSize)
{
    const int group = quantGroupSize > 0 ? quantGroupSize : 1;
    switch (p) {
    case Precision::FP32: return 32.0;
    case Precision::FP16:
    case Precision::BF16: return 16.0;
    case Precision::FP8: return 8.0;
    // Grouped quantisation stores one fp16 scale per group (GPTQ/AWQ/bitsandbytes style).
    case Precision::INT8: return 8.0 + 16.0 / group;
    case Precision::INT4: return 4.0 + 16.0 / group;
    // One fp32 scale per 128×128 block (DeepSeek-V3 config.json: weight_block_size [128, 128]).
    case Precision::Fp8Block: return 8.0 + 32.0 / (128.0 * 128.0);
    // OCP Microscaling Formats (MX) v1.0, §5: block of 32 e2m1 values + one e8m0 scale.
    case Precision::Mxfp4: return 4.0 + 8.0 / 32.0;
    // NVIDIA NVFP4: block of 16 e2m1 values + one e4m3 scale (the per-tensor fp32 scale is
    // 32 bits per tensor, counted by WeightStorage, not in this per-weight figure).
    case Precision::Nvfp4: return 4.0 + 8.0 / 16.0;
    // ggml/src/ggml-common.h block structs: bytes per block · 8 / weights per block.
    case Precision::Q8_0: return 34.0 * 8 / 32;   // block_q8_0: fp16 d + 32 int8
    case Precision::Q6_K: return 210.0 * 8 / 256; // block_q6_K: 128 ql + 64 qh + 16 scales + fp16 d
    case Precision::Q5_K: return 176.0 * 8 / 256; // block_q5_K: 2 fp16 + 12 scales + 32 qh + 128 qs
    case Precision::Q5_0: return 22.0 * 8 / 32;   // block_q5_0: fp16 d + 4 qh + 16 qs
    case Precision::Q4_K: return 144.0 * 8 / 256; // block_q4_K: 2 fp16 + 12 scales + 128 qs
    case Precision::Q4_0: return 18.0 * 8 / 32;   // block_q4_0: fp16 d + 16 qs
    case Precision::Q3_K: return 110.0 * 8 / 256; // block_q3_K: 32 hmask + 64 qs + 12 scales + fp16 d
    case Precision::Q2_K: return 84.0 * 8 / 256;  // block_q2_K: 16 scales + 64 qs + 2 fp16
    // llama.cpp's mixes start every tensor from this type (llama_ftype_get_default_type).
    case Precision::Q4_K_M: return bitsPerWeight(Precision::Q4_K, quantGroupSize);
    case Precision::Q5_K_M: return bitsPerWeight(Precision::Q5_K, quantGroupSize);
    case Precision::Q3_K_M: return bitsPerWeight(Precision::Q3_K, quantGroupSize);
    }
    return 16.0;
}

double bytesPerElement(Precision p)
{
    switch (p) {
    case Precision::FP32: return 4.0;
    case Precision::FP16:
    case Precision::BF16: return 2.0;
    case Precision::FP8:
    case Precision::INT8: return 1.0;
    case Precision::INT4: return 0.5;
    default: return bitsPerWeight(p, 32) / 8.0;
    }
    return 2.0;
}

} // namespace tx
