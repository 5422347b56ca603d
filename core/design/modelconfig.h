#pragma once

#include "core/design/ropescaling.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace tx {

enum class Layout { DecoderOnly, EncoderOnly, EncoderDecoder };

// 2-matrix FFN (up, down) or gated 3-matrix FFN (gate, up, down: SwiGLU/GeGLU).
enum class FfnKind { Dense2, Gated3 };

// Activation inside the FFN. Gated3 + Silu is SwiGLU, Gated3 + Gelu/GeluTanh is GeGLU.
enum class Activation { Relu, Gelu, GeluTanh, Silu };

enum class PositionKind { None, Sinusoidal, Learned, Rotary, RelativeBuckets };

// LayerNorm has a scale and a bias; RMSNorm (also T5's LayerNorm) has only a scale.
enum class NormKind { LayerNorm, RmsNorm };

// Pre: a norm before each sublayer (GPT-2, Llama). Post: after each residual add (BERT).
// Sandwich: before and after each sublayer, four norms per layer (Gemma 2/3).
// Output: only on each sublayer's output, before the residual add (OLMo 2).
enum class NormPlacement { Pre, Post, Sandwich, Output };

// Multi-head attention with n_kv_heads key/value heads (MHA when n_kv_heads == n_heads,
// MQA when 1, GQA between), or DeepSeek's multi-head latent attention (MLA).
enum class AttentionKind { Gqa, Mla };

// Query/key normalisation before the dot product: none; an RMSNorm over head_dim shared by
// the heads (Qwen3, Gemma 3: head_dim weights each for q and k); one over the whole projected
// width (OLMo 2: n_heads·head_dim and n_kv_heads·head_dim weights); or an L2 norm without
// weights (Llama 4).
enum class QkNorm { None, PerHead, FullWidth, Weightless };

// What one layer's self-attention attends to: every earlier token (full), the last
// `sliding_window` tokens (sliding), the tokens of its own `attention_chunk`-sized chunk
// (chunked, Llama 4), or every earlier token without rotary positions (Llama 4's NoPE layers).
enum class LayerAttention { Full, Sliding, Chunked, FullNoRope };

// Cross-layer parameter sharing: none, one stored layer for the whole stack (ALBERT),
// or one stored layer per group of `shareGroupSize` consecutive layers. With MoE every
// `sparseEvery` layers, a group stores one dense and one sparse layer.
enum class Sharing { None, AllLayers, Groups };

// Number formats of stored weights. The first six are also KV-cache formats.
// Fp8Block: e4m3 with one fp32 scale per 128×128 block (DeepSeek-V3's checkpoints).
// Mxfp4: OCP microscaling, 4-bit e2m1 values with one 8-bit (e8m0) exponent per 32.
// Nvfp4: 4-bit e2m1 with one fp8 (e4m3) scale per 16, plus one fp32 scale per tensor.
// Q8_0 … Q2_K: the GGUF block types of ggml (ggml-common.h), bits per weight from their
// block sizes, every quantisable tensor in that type (llama-quantize --pure; Q8_0 is also
// llama.cpp's Q8_0 file type). Q4_K_M, Q5_K_M, Q3_K_M: llama.cpp's mixed file types, which
// give some tensors more bits. Which tensor is stored how, and its exact bytes, is
// WeightStorage's rule (core/estimate/weightstorage.h).
enum class Precision {
    FP32, FP16, BF16, FP8, INT8, INT4,
    Fp8Block, Mxfp4, Nvfp4,
    Q8_0, Q6_K, Q5_K, Q5_0, Q4_K, Q4_0, Q3_K, Q2_K,
    Q4_K_M, Q5_K_M, Q3_K_M,
};

// How a router turns its logits into expert scores: a softmax over the experts (Mixtral,
// Qwen3-MoE, gpt-oss, DeepSeek-V2) or an independent sigmoid per expert (DeepSeek-V3).
enum class RouterScore { Softmax, Sigmoid };

// Mixture of experts. numExperts <= 1 means a dense model.
struct MoeConfig
{
    int numExperts = 0;    // experts per sparse layer
    int topK = 1;          // experts each token runs through
    int sparseEvery = 1;   // layer i is sparse when i % sparseEvery == sparseEvery - 1 (Switch: 2)
    bool routerBias = false;
    int sharedExperts = 0; // always-on experts beside the routed ones (DeepSeek-style)
    int expertDff = 0;       // width of one routed expert (moe_intermediate_size), 0 = d_ff
    int sharedExpertDff = 0; // width of one shared expert, 0 = the routed expert's width
    int firstDense = 0;      // the first K layers stay dense (DeepSeek's first_k_dense_replace)
    std::vector<int> denseLayers; // layers that stay dense whatever the rule (Qwen3's mlp_only_layers)
    bool scoreCorrectionBias = false; // one routing bias per expert (DeepSeek-V3's e_score_correction_bias)
    RouterScore routerScore = RouterScore::Softmax; // scoring_func
    bool normTopK = true;    // the k chosen scores divided by their sum (norm_topk_prob)
    int groups = 1;          // experts in groups of numExperts / groups (n_group) …
    int topGroups = 1;       // … of which the best topGroups are chosen from (topk_group)
    double routedScale = 1.0; // the routed experts' weights times this (routed_scaling_factor)

    bool enabled() const { return numExperts > 1; }
    int effectiveExpertDff(int dFf) const { return expertDff > 0 ? expertDff : dFf; }
    int effectiveSharedDff(int dFf) const { return sharedExpertDff > 0 ? sharedExpertDff : effectiveExpertDff(dFf); }
    bool operator==(const MoeConfig &) const = default;
};

// DeepSeek-V2/V3 multi-head latent attention: queries through an optional low-rank latent,
// keys and values through a shared latent of kvLoraRank plus one rotary key of qkRopeHeadDim.
struct MlaConfig
{
    int qLoraRank = 0;      // 0 = a plain q_proj (d, H·(nope + rope)) (DeepSeek-V2-Lite)
    int kvLoraRank = 512;
    int qkNopeHeadDim = 128; // per-head query/key part without positions
    int qkRopeHeadDim = 64;  // per-head rotary part; the key's is shared by all heads
    int vHeadDim = 128;
    bool operator==(const MlaConfig &) const = default;
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
    // gpt-oss's clamped SwiGLU (swiglu_limit; GptOssExperts): gate clamped above at the limit, up
    // to ±limit, out = (up + 1) · gate · σ(1.702 · gate). 0 = the plain gated activation.
    double swigluLimit = 0;

    int vocabSize = 50257;
    int maxPositions = 1024; // learned table size; context limit for the others
    PositionKind positions = PositionKind::Learned;
    int relativeBuckets = 32;     // PositionKind::RelativeBuckets (T5)
    int relativeMaxDistance = 128; // T5's relative_attention_max_distance: tokens from which on offsets share the last bucket
    double rotaryFraction = 1.0;  // share of head_dim that is rotated (Phi-2: 0.4)
    double ropeTheta = 10000.0;
    RopeScaling ropeScaling;      // how the rotary frequencies stretch past the trained context
    // RoPE base of the sliding layers, which then rotate without ropeScaling (Gemma 3's
    // rope_local_base_freq: 10000 beside a global 1e6 scaled linearly); 0 = every layer alike.
    double ropeLocalTheta = 0;
    int slidingWindow = 0;        // attention window in tokens of sliding layers, 0 = full attention
    // Which layers slide. An explicit list (one entry per decoder layer, gpt-oss's
    // layer_types) wins; else with globalEvery = N > 0, layer i is full when (i + 1) % N == 0
    // and sliding otherwise (Gemma 2: 2, Gemma 3: 6); else every layer slides when
    // slidingWindow > 0.
    std::vector<LayerAttention> layerTypes;
    int globalEvery = 0;
    int attentionChunk = 0;       // chunk size of chunked layers in tokens (Llama 4: 8192)

    AttentionKind attention = AttentionKind::Gqa;
    MlaConfig mla;                // AttentionKind::Mla only
    QkNorm qkNorm = QkNorm::None;
    bool attentionSinks = false;  // one learned logit per head and layer (gpt-oss)
    double attnSoftcap = 0;       // tanh soft-capping of attention logits, 0 = none (Gemma 2: 50)
    double finalSoftcap = 0;      // soft-capping of the output logits, 0 = none (Gemma 2: 30)

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
    // The head is BERT's and ALBERT's masked-LM head (AlbertMLMHead: predictions.dense d → e with a
    // bias, the activation, predictions.LayerNorm over e), then the decoder (V, e) and its bias.
    bool mlmHead = false;
    bool tiedEmbeddings = true;  // the LM head reuses the token embedding
    int embeddingDim = 0;        // 0 = dModel; ALBERT factorizes to 128 and projects up
    bool embeddingScaled = false; // token embeddings × sqrt(d_model) before the first layer (Gemma's normalizer)
    // Attention logits × this^-0.5 instead of head_dim^-0.5 (Gemma 2/3's query_pre_attn_scalar:
    // 144 and 168 for the 27B models, whose heads are 128 wide); 0 = head_dim.
    double queryPreAttnScalar = 0;

    Sharing sharing = Sharing::None;
    int shareGroupSize = 1;      // Sharing::Groups: consecutive layers that share one stored layer

    MoeConfig moe;

    Precision weightPrecision = Precision::BF16;
    Precision kvPrecision = Precision::BF16;
    int quantGroupSize = 128; // int8/int4: weights per fp16 scale

    LoraConfig lora;

    int mtpLayers = 0; // multi-token-prediction modules after the stack (DeepSeek-V3: 1), not in the total

    // Derived values.
    int effectiveHeadDim() const { return headDim > 0 ? headDim : (nHeads > 0 ? dModel / nHeads : 0); }
    int effectiveEmbeddingDim() const { return embeddingDim > 0 ? embeddingDim : dModel; }
    int encoderLayers() const;   // layers that see the whole input bidirectionally
    int decoderLayers() const;   // causal layers
    int totalLayers() const { return encoderLayers() + decoderLayers(); }
    bool isCausal() const { return layout != Layout::EncoderOnly; }
    // What decoder (or encoder) layer i attends to, from layerTypes / globalEvery / slidingWindow.
    LayerAttention layerAttention(int i) const;
    // Tokens a layer of that type keeps in its KV cache at `context`.
    double attendedTokens(LayerAttention t, double context) const;
    // "MHA", "GQA", "MQA" or "MLA".
    QString attentionLabel() const;

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
QString toString(AttentionKind v);
QString toString(QkNorm v);
QString toString(LayerAttention v);
QString toString(RouterScore v);
QString toString(RopeScalingKind v);

bool fromString(const QString &s, Layout &out);
bool fromString(const QString &s, FfnKind &out);
bool fromString(const QString &s, Activation &out);
bool fromString(const QString &s, PositionKind &out);
bool fromString(const QString &s, NormKind &out);
bool fromString(const QString &s, NormPlacement &out);
bool fromString(const QString &s, Sharing &out);
bool fromString(const QString &s, Precision &out);
bool fromString(const QString &s, AttentionKind &out);
bool fromString(const QString &s, QkNorm &out);
bool fromString(const QString &s, LayerAttention &out);
bool fromString(const QString &s, RouterScore &out);
bool fromString(const QString &s, RopeScalingKind &out);

// Every Precision in enum order, and the ones a KV cache can be stored in.
std::vector<Precision> allPrecisions();
bool isKvPrecision(Precision p);
// The precision the multiply-adds run at for weights stored in `p` (the hardware peak to use):
// fp8 stays fp8; the 4-bit floats and the GGUF types are dequantised to 16-bit in the kernels.
Precision computePrecision(Precision p);

// Bits per stored weight at a precision, including the fp16 scale per group for int8/int4
// and each block format's scales (see the enum); a mixed file type gives its default type's
// bits. The exact bytes of a design, tensor by tensor, are WeightStorage::bytes.
double bitsPerWeight(Precision p, int quantGroupSize);
// Bytes per element of an unscaled tensor (KV cache, activations) at a precision.
double bytesPerElement(Precision p);

} // namespace tx
