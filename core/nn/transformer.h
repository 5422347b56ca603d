#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/nn/activationcache.h"
#include "core/nn/carriedtensor.h"
#include "core/nn/forwardoptions.h"
#include "core/nn/forwardresult.h"
#include "core/nn/kvcache.h"
#include "core/nn/transformerweights.h"
#include "core/nn/transposedweightcache.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>
#include <QCoreApplication>

namespace tx {

// The engine: one Transformer in Eigen, built from a ModelConfig, that runs, shows its
// attention and trains. Token (+ learned or sinusoidal) embeddings or RoPE, MHA/GQA/MQA with a
// causal or bidirectional mask, sliding-window, chunked and NoPE layers in the design's pattern,
// QK-norm (per head, full width, weightless), attention sinks, attention and final-logit
// soft-capping, LayerNorm/RMSNorm, pre/post/sandwich/output norms, parallel blocks,
// GELU/ReLU/SiLU and gated FFNs, routed experts (softmax or DeepSeek-V3's sigmoid router, shared
// experts), DeepSeek's multi-head latent attention (MlaAttentionBlock), tied or untied head,
// biases where the design has them, shared layers. `attentionOnly` drops every FFN (and its norm), the model of
// Elhage et al. 2021 ("A Mathematical Framework for Transformer Circuits").
// Matches Hugging Face GPT2LMHeadModel and LlamaForCausalLM to 1e-4 (tst_engine), the attention
// features of Qwen3, OLMo 2, Llama 4, Gemma 2 and gpt-oss to 1e-4 (tst_enginefeatures), DeepSeek's
// MLA and routers to 1e-4 (tst_enginemla) and PyTorch's training steps to 1e-4 (tst_trainparity).
// T5's relative position buckets (RelativePositionBias) and ALBERT's factorised embedding with
// shared layers run too, matched to PyTorch re-implementations of modeling_t5 and modeling_albert
// to 1e-4 (tst_enginet5albert). An encoder-decoder (T5) runs both stacks, each with its own
// bucket table and final norm, the decoder's layers attending over the encoder's output with
// CrossAttentionBlock, matched to a re-implementation of modeling_t5 to 1e-4 (tst_engineencdec).
//
// One forward pass serves every use: forward()/forwardBatch() for running and the attention
// view, forwardCached() keeping the activations backward() needs, decode() token by token with
// a KvCache. Features the engine does not run, or does not train, are refused by
// EngineSizer::unsupported (one list, with the purpose).
class Transformer
{
    Q_DECLARE_TR_FUNCTIONS(tx::Transformer)

public:
    // "512 MB" of float32 weights, decimal megabytes like every byte figure in the program.
    static constexpr std::int64_t kDefaultCapBytes = 512'000'000;

    // Allocates the weights (zero matrices, unit norm scales). Refuses a design the engine
    // cannot run, or whose weights would take more than capBytes, before allocating anything.
    // An attention-only model keeps zero FFN weights (so it saves as a plain checkpoint that
    // computes the same function under pre-norm) but never runs or trains them. `stop` is
    // checked every 4 MB of zeroing: an Error ("cancelled") when it turned true.
    static Expected<Transformer, Error> create(const ModelConfig &config, std::int64_t capBytes = kDefaultCapBytes,
                                               float normEps = 1e-5f, bool attentionOnly = false,
                                               const std::atomic<bool> *stop = nullptr);

    // GPT-2's initialisation (Radford et al. 2019; HF GPT2PreTrainedModel._init_weights):
    // weights and embeddings ~ N(0, 0.02), residual output projections ~ N(0, 0.02/sqrt(2·layers)),
    // biases 0, norm scales 1. Draws come from tx::Rng in the order of tensors(), so the same
    // seed gives the same weights on every compiler, for running and training alike.
    // `stop` is checked every 64 Ki values (about a millisecond; GPT-2 small draws 124 M, 2 s):
    // false when it turned true, the weights then only partly drawn.
    bool initGpt2Style(std::uint64_t seed, const std::atomic<bool> *stop = nullptr);

    const ModelConfig &config() const { return m_config; }
    float normEps() const { return m_normEps; }
    bool attentionOnly() const { return m_attentionOnly; }
    int headDim() const { return m_headDim; }
    int rotaryDim() const { return m_rotaryDim; } // dims of each head RoPE rotates (0 without RoPE)
    // Writing through the non-const weights() drops the transposed copies inference keeps
    // (TransposedWeightCache): take it again for each change, not a reference kept from before a run.
    TransformerWeights &weights()
    {
        m_transposed.clear();
        return m_weights;
    }
    const TransformerWeights &weights() const { return m_weights; }
    // The tensor registry of the learned tensors: weights().registry() without the FFN of an
    // attention-only model. Gradients and optimizer moments use the same slots.
    std::vector<TransformerWeights::Slot> tensors() const;
    std::int64_t parameterCount() const; // floats in tensors()
    // SHA-256 (hex) of the learned weights: for each tensor of tensors() in order its name, rows,
    // cols (int32, little-endian) and float32 values row by row. Equal hashes, equal weights; a
    // checkpoint written in F32 and read back hashes the same.
    QString weightsSha256() const;
    // Checkpoint tensors held but not run (CarriedTensor), written back on save; outside
    // tensors(), parameterCount() and weightsSha256().
    std::vector<CarriedTensor> &carried() { return m_carried; }
    const std::vector<CarriedTensor> &carried() const { return m_carried; }
    // The stored layer executed layer `layer` runs (they differ when layers are shared).
    int storedLayer(int layer) const;
    int storedLayerCount() const;
    // Longest sequence forward() accepts.
    int maxSequenceLength() const;

    // Encoder-decoder: T5's decoder_start_token_id (its pad token, 0), the decoder's first input.
    static constexpr int kDecoderStartToken = 0;
    bool isEncoderDecoder() const { return m_config.layout == Layout::EncoderDecoder; }
    // The config of each stack as the blocks run it: the decoder's (or the only stack's) and,
    // for an encoder-decoder, the encoder's (bidirectional, its own layers).
    const ModelConfig &decoderStack() const { return m_decoderStack; }
    const ModelConfig &encoderStack() const { return m_encoderStack; }

    // One sequence of token ids in [0, vocab). Learned positions limit it to max_positions.
    // An encoder-decoder reads `tokens` in its encoder and the same tokens shifted right behind
    // the start token in its decoder (T5's _shift_right of labels = tokens): row t predicts token t.
    Expected<ForwardResult, Error> forward(const std::vector<int> &tokens, const ForwardOptions &options = {}) const;
    // Encoder-decoder: the encoder reads encoderTokens, the decoder decoderTokens (row t predicts
    // the decoder's token t + 1).
    Expected<ForwardResult, Error> forward(const std::vector<int> &encoderTokens, const std::vector<int> &decoderTokens,
                                           const ForwardOptions &options) const;
    // Several sequences (any lengths) in one pass: their rows are stacked for every matrix
    // product, attention stays within each sequence. One result per sequence.
    Expected<std::vector<ForwardResult>, Error> forwardBatch(const std::vector<std::vector<int>> &sequences,
                                                             const ForwardOptions &options = {}) const;

    // Training: B sequences of T tokens stacked (row b*T + t), ids already checked. Keeps every
    // activation backward() needs in `cache`; cache.logits (B*T, vocab). Returns false when
    // `stop` turned true between layers. An encoder-decoder encodes each sequence and decodes it
    // shifted right behind the start token, as forward() does.
    bool forwardCached(const std::vector<int> &tokens, int B, int T, ActivationCache &cache,
                       const std::atomic<bool> *stop = nullptr) const;
    // Encoder-decoder: B pairs, the encoder's Te tokens each (row b*Te + t of encoderTokens) and
    // the decoder's T (ids already checked). backward() then also fills the encoder's gradients.
    bool forwardCached(const std::vector<int> &encoderTokens, int Te, const std::vector<int> &tokens, int B, int T,
                       ActivationCache &cache, const std::atomic<bool> *stop = nullptr) const;
    // Gradients of a loss whose derivative by the logits of cache's forward is dLogits (N, vocab),
    // accumulated (+=) into `grads` (same layout as weights(), e.g. weights().zerosLike()).
    // Returns false when `stop` turned true between layers (grads then incomplete).
    bool backward(const ActivationCache &cache, const Mat &dLogits, TransformerWeights &grads,
                  const std::atomic<bool> *stop = nullptr) const;

    // An empty cache for decode(), sized for this design (GQA heads, sliding window, MLA's latent).
    KvCache makeKvCache() const;
    // Runs `tokens` at positions kv.length.. (a prompt at once, then one token per call),
    // appending their keys and values to kv. Returns their logits (T, vocab). An encoder-decoder
    // decodes its decoder's tokens over the encoder output of the last encode().
    Expected<Mat, Error> decode(const std::vector<int> &tokens, KvCache &kv) const;
    // Encoder-decoder: runs the encoder over encoderTokens once and keeps each decoder layer's
    // cross-attention keys and values in kv (emptied for a new decoding).
    std::optional<Error> encode(const std::vector<int> &encoderTokens, KvCache &kv) const;

private:
    struct Run; // one pass: its rows, positions, captures and caches

    Expected<std::vector<ForwardResult>, Error> checkAndRun(const std::vector<std::vector<int>> &sequences,
                                                            const ForwardOptions &options,
                                                            std::vector<std::vector<int>> encoderSequences = {}) const;
    std::optional<Error> checkTokens(const std::vector<int> &seq) const;
    bool run(Run &r) const;
    // The encoder stack of an encoder-decoder over r.encoderTokens: out (Ne, d) after its final
    // norm; its attention captured into r.results' encoderAttention.
    bool runEncoder(const Run &r, Mat &out) const;
    // Backward through the encoder from dEncoder (Ne, d), the gradient by its output.
    bool backwardEncoder(const ActivationCache &cache, Mat &dEncoder, TransformerWeights &grads,
                         const std::atomic<bool> *stop) const;
    // Token rows (+ learned or sinusoidal positions from pos0) of stacked sequences: x (N, e).
    void embedTokens(Mat &x, const std::vector<int> &tokens, const std::vector<int> &offsets, int pos0) const;

    ModelConfig m_config;
    float m_normEps = 1e-5f;
    bool m_attentionOnly = false;
    std::vector<CarriedTensor> m_carried;
    int m_headDim = 0;
    int m_rotaryDim = 0;
    ModelConfig m_decoderStack; // m_config, or the decoder alone of an encoder-decoder
    ModelConfig m_encoderStack; // the encoder alone of an encoder-decoder (else unused)
    TransformerWeights m_weights;
    TransposedWeightCache m_transposed; // (out, in) copies for repeated inference passes
};

} // namespace tx
