#include "core/design/modelconfig.h"

#include "core/base/nametable.h"

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
constexpr NameTable<NormPlacement, 2> kPlacements{{
    {NormPlacement::Pre, "pre"},
    {NormPlacement::Post, "post"},
}};
constexpr NameTable<Sharing, 3> kSharings{{
    {Sharing::None, "none"},
    {Sharing::AllLayers, "all"},
    {Sharing::Groups, "groups"},
}};
constexpr NameTable<Precision, 6> kPrecisions{{
    {Precision::FP32, "fp32"},
    {Precision::FP16, "fp16"},
    {Precision::BF16, "bf16"},
    {Precision::FP8, "fp8"},
    {Precision::INT8, "int8"},
    {Precision::INT4, "int4"},
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

QString toString(Layout v) { return nameOf(kLayouts, v); }
QString toString(FfnKind v) { return nameOf(kFfnKinds, v); }
QString toString(Activation v) { return nameOf(kActivations, v); }
QString toString(PositionKind v) { return nameOf(kPositions, v); }
QString toString(NormKind v) { return nameOf(kNorms, v); }
QString toString(NormPlacement v) { return nameOf(kPlacements, v); }
QString toString(Sharing v) { return nameOf(kSharings, v); }
QString toString(Precision v) { return nameOf(kPrecisions, v); }

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
    }
    return 2.0;
}

} // namespace tx
