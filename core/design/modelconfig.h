#pragma once

#include <QString>

#include <cstdint>

namespace tx {

enum class Layout { DecoderOnly, EncoderOnly, EncoderDecoder };

// 2-matrix FFN (up, down) or gated 3-matrix FFN (gate, up, down: SwiGLU/GeGLU).
enum class FfnKind { Dense2, Gated3 };

// Activation inside the FFN. Gated3 + Silu is SwiGLU, Gated3 + Gelu/GeluTanh is GeGLU.
enum class Activation { Relu, Gelu, GeluTanh, Silu };

enum class PositionKind { None, Sinusoidal, Learned, Rotary, RelativeBuckets };

// LayerNorm has a scale and a bias; RMSNorm (also T5's LayerNorm) has only a scale.
enum class NormKind { LayerNorm, RmsNorm };

enum class NormPlacement { Pre, Post };

// Cross-layer parameter sharing: none, one stored layer for the whole stack (ALBERT),
// or one stored layer per group of `shareGroupSize` consecutive layers. With MoE every
// `sparseEvery` layers, a group stores one dense and one sparse layer.
enum class Sharing { None, AllLayers, Groups };

enum class Precision { FP32, FP16, BF16, FP8, INT8, INT4 };

// Mixture of experts. numExperts <= 1 means a dense model.
struct MoeConfig
{
    int numExperts = 0;    // experts per sparse layer
    int topK = 1;          // experts each token runs through
    int sparseEvery = 1;   // layer i is sparse when i % sparseEvery == sparseEvery - 1 (Switch: 2)
    bool routerBias = false;
    int sharedExperts = 0; // always-on experts beside the routed ones (DeepSeek-style)

    bool enabled() const { return numExperts > 1; }
    bool operator==(const MoeConfig &) const = default;
};

// LoRA adapters: r·(d_in + d_out) extra parameters per adapted matrix.
struct LoraConfig
{
    int rank = 0; // 0 = no adapters
    bool q = true;
    bool k = false;
    bool v = true;
    bool o = false;
    bool ffn = false; // every FFN matrix

    bool enabled() const { return rank > 0; }
    bool operator==(const LoraConfig &) const = default;
};

// The design as a value: every knob a real Transformer architecture uses.
// Field names in design files, presets and `--set key=value` are the snake_case
// names in DesignFile (core/designfile.cpp).
struct ModelConfig
{
    QString name;   // display name, e.g. "Llama-2-7B"
    QString source; // where the architecture and its published count come from

    Layout layout = Layout::DecoderOnly;

    int dModel = 768;        // hidden size (width of the residual stream)
    int nLayers = 12;        // layers of the stack; the encoder's layers for encoder-decoder
    int nDecoderLayers = 0;  // decoder layers, encoder-decoder only
    int nHeads = 12;         // query heads
    int nKvHeads = 12;       // key/value heads: == nHeads is MHA, 1 is MQA, between is GQA
    int headDim = 0;         // 0 = dModel / nHeads
    int dFf = 3072;          // FFN inner width (per expert for MoE)
    FfnKind ffn = FfnKind::Dense2;
    Activation activation = Activation::GeluTanh;

    int vocabSize = 50257;
    int maxPositions = 1024; // learned table size; context limit for the others
    PositionKind positions = PositionKind::Learned;
    int relativeBuckets = 32;     // PositionKind::RelativeBuckets (T5)
    double rotaryFraction = 1.0;  // share of head_dim that is rotated (Phi-2: 0.4)
    double ropeTheta = 10000.0;
    int slidingWindow = 0;        // attention window in tokens, 0 = full attention

    NormKind norm = NormKind::LayerNorm;
    NormPlacement normPlacement = NormPlacement::Pre;
    bool finalNorm = true;       // a norm after the last layer (one per stack)
    bool parallelBlock = false;  // attention and MLP read the same input (GPT-J, Falcon, Phi-2)
    bool parallelTwoNorms = false; // parallel block with separate attention/MLP norms (GPT-NeoX)

    bool qkvBias = true;
    bool attnOutBias = true;
    bool ffnBias = true;
    bool lmHeadBias = false;

    int tokenTypes = 0;          // BERT segment embeddings (0 = none)
    bool pooler = false;         // BERT/ALBERT pooler: dense d×d + bias
    bool embeddingNorm = false;  // a norm right after the embeddings
    bool lmHead = true;          // the model ends in a vocabulary projection
    bool tiedEmbeddings = true;  // the LM head reuses the token embedding
    int embeddingDim = 0;        // 0 = dModel; ALBERT factorizes to 128 and projects up

    Sharing sharing = Sharing::None;
    int shareGroupSize = 1;      // Sharing::Groups: consecutive layers that share one stored layer

    MoeConfig moe;

    Precision weightPrecision = Precision::BF16;
    Precision kvPrecision = Precision::BF16;
    int quantGroupSize = 128; // int8/int4: weights per fp16 scale

    LoraConfig lora;

    // Derived values.
    int effectiveHeadDim() const { return headDim > 0 ? headDim : (nHeads > 0 ? dModel / nHeads : 0); }
    int effectiveEmbeddingDim() const { return embeddingDim > 0 ? embeddingDim : dModel; }
    int encoderLayers() const;   // layers that see the whole input bidirectionally
    int decoderLayers() const;   // causal layers
    int totalLayers() const { return encoderLayers() + decoderLayers(); }
    bool isCausal() const { return layout != Layout::EncoderOnly; }

    bool operator==(const ModelConfig &) const = default;
};

// Stable lower-case names used in files, on the command line and in JSON output.
QString toString(Layout v);
QString toString(FfnKind v);
QString toString(Activation v);
QString toString(PositionKind v);
QString toString(NormKind v);
QString toString(NormPlacement v);
QString toString(Sharing v);
QString toString(Precision v);

bool fromString(const QString &s, Layout &out);
bool fromString(const QString &s, FfnKind &out);
bool fromString(const QString &s, Activation &out);
bool fromString(const QString &s, PositionKind &out);
bool fromString(const QString &s, NormKind &out);
bool fromString(const QString &s, NormPlacement &out);
bool fromString(const QString &s, Sharing &out);
bool fromString(const QString &s, Precision &out);

// Bits per stored weight at a precision, including the fp16 scale per group for int8/int4.
double bitsPerWeight(Precision p, int quantGroupSize);
// Bytes per element of an unscaled tensor (KV cache, activations) at a precision.
double bytesPerElement(Precision p);

} // namespace tx
