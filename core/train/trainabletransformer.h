#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/nn/mat.h"
#include "core/nn/transformer.h"
#include "core/train/parameter.h"
#include "core/train/trainingbatch.h"
#include "core/train/trainingops.h"

#include <atomic>
#include <cstdint>
#include <vector>

namespace tx {

// A decoder-only Transformer that can learn: a batched forward pass that keeps what the
// backward pass needs, and the backward pass itself. Runs token embeddings with learned,
// sinusoidal, rotary (partial, rope_theta) or no positions; causal MHA/GQA/MQA; LayerNorm or
// RMSNorm, pre- or post-norm; ReLU/GELU/GELU-tanh/SiLU FFNs or gated ones (SwiGLU/GeGLU);
// tied or untied head; the biases the design asks for. `attentionOnly` drops every FFN (and
// its norm), the model of Elhage et al. 2021 ("A Mathematical Framework for Transformer
// Circuits") in which induction heads were first described.
//
// Tensors follow the engine's TransformerWeights layout (y = x·W, W is (in, out); the qkv
// matrix holds [q heads | k heads | v heads] columns; the untied head is (vocab, d)) and
// carry its field names, so a trained model converts to the engine's weights one to one.
class TrainableTransformer
{
public:
    // Weights plus gradients plus two AdamW moments take 16 bytes per parameter.
    static constexpr std::int64_t kDefaultCapBytes = 512'000'000;

    static Expected<TrainableTransformer, Error> create(const ModelConfig &config, bool attentionOnly = false,
                                                        std::int64_t capBytes = kDefaultCapBytes,
                                                        float normEps = 1e-5f);

    // GPT-2's initialisation (HF GPT2PreTrainedModel._init_weights): matrices and embeddings
    // ~ N(0, 0.02), residual output projections ~ N(0, 0.02/sqrt(2·layers)), biases 0,
    // norm scales 1. Same seed, same weights.
    void initGpt2Style(std::uint64_t seed);

    const ModelConfig &config() const { return m_config; }
    bool attentionOnly() const { return m_attentionOnly; }
    int headDim() const { return m_headDim; }
    float normEps() const { return m_normEps; }
    std::vector<Parameter> &parameters() { return m_params; }
    const std::vector<Parameter> &parameters() const { return m_params; }
    Parameter *find(const QString &name);
    std::int64_t parameterCount() const;

    // Runs the batch (token ids must be < vocab and seqLen <= maxSequenceLength(); the caller
    // checks) and returns the mean masked cross-entropy in nats. Keeps the activations for
    // backward(). correct/counted: masked positions predicted right / counted. Returns a
    // negative value when stop turns true between layers.
    double forward(const TrainingBatch &batch, int *correct = nullptr, int *counted = nullptr,
                   const std::atomic<bool> *stop = nullptr);
    // Gradients of the last forward's loss into every Parameter::grad (zeroed first).
    // Returns false when stop turned true between layers (grads then incomplete).
    bool backward(const std::atomic<bool> *stop = nullptr);

    // The engine's Transformer with these weights (for HfCheckpoint::save and the attention
    // view). An attention-only model becomes the same design with all-zero FFN weights and
    // biases, which computes exactly the same function (pre- and post-norm alike need
    // ffn(x) = 0: act(0)·0 + 0), so it saves as a plain GPT-2/Llama checkpoint.
    Expected<Transformer, Error> toTransformer() const;
    // A trainable copy of an engine model (e.g. one HfCheckpoint::load read).
    static Expected<TrainableTransformer, Error> fromTransformer(const Transformer &model);

    // OpenMP threads for this model's passes (attention loops and Eigen's GEMM); 0 = all
    // cores. Applies to the thread that calls forward/backward.
    void setThreads(int threads) { m_threads = threads; }
    int threads() const { return m_threads; }

    int maxSequenceLength() const;
    const Mat &logits() const { return m_logits; } // (B*T, vocab) of the last forward
    // (B*nHeads*T, T) attention probabilities of layer `layer` in the last forward:
    // block b*nHeads + h is sequence b, head h; row = query, col = key.
    const Mat &attention(int layer) const { return m_cache[std::size_t(layer)].probs; }

private:
    struct LayerIndex
    {
        int norm1Scale = -1, norm1Bias = -1, qkv = -1, qkvBias = -1, attnOut = -1, attnOutBias = -1;
        int norm2Scale = -1, norm2Bias = -1, ffnIn = -1, ffnInBias = -1, ffnOut = -1, ffnOutBias = -1;
    };
    struct LayerCache
    {
        Mat x;                 // (N, d) layer input
        Mat n1In, n1Out;       // (N, d) post-norm: n1In = x + attention; pre-norm: n1In unused (= x)
        trainingops::ColVec n1Mean, n1Rstd;
        Mat qkv;               // (N, (nHeads + 2 nKv) hd) after RoPE
        Mat probs;             // (B nHeads T, T)
        Mat att;               // (N, nHeads hd) heads concatenated, before the output projection
        Mat h;                 // (N, d) residual after the attention sub-block
        Mat n2In, n2Out;       // (N, d) post-norm: n2In = h + ffn; pre-norm: n2In unused (= h)
        trainingops::ColVec n2Mean, n2Rstd;
        Mat ffPre;             // (N, dFf) or (N, 2 dFf) before the activation
        Mat ffAct;             // (N, dFf) after the activation / gate
    };

    int add(const QString &name, int rows, int cols, bool decay);
    const Mat *optional(int index) const { return index >= 0 ? &m_params[std::size_t(index)].value : nullptr; }
    Mat *optionalGrad(int index) { return index >= 0 ? &m_params[std::size_t(index)].grad : nullptr; }
    const Mat &value(int index) const { return m_params[std::size_t(index)].value; }
    Mat &grad(int index) { return m_params[std::size_t(index)].grad; }

    void attentionForward(int layer, const Mat &in, Mat &out);
    void attentionBackward(int layer, const Mat &in, const Mat &dOut, Mat &dIn);
    void ffnForward(int layer, const Mat &in, Mat &out);
    void ffnBackward(int layer, const Mat &in, const Mat &dOut, Mat &dIn);
    void prepareTables(int T);

    ModelConfig m_config;
    bool m_attentionOnly = false;
    float m_normEps = 1e-5f;
    int m_threads = 0;
    int m_headDim = 0;
    int m_rotaryDim = 0;
    std::vector<Parameter> m_params;
    int m_tokenEmbedding = -1, m_positionEmbedding = -1, m_finalNormScale = -1, m_finalNormBias = -1;
    int m_lmHead = -1, m_lmHeadBias = -1;
    std::vector<LayerIndex> m_layers;

    // Activations of the last forward.
    TrainingBatch m_batch;
    std::vector<LayerCache> m_cache;
    Mat m_xLast;  // (N, d) output of the last layer
    Mat m_xFinal; // (N, d) after the final norm
    trainingops::ColVec m_finalMean, m_finalRstd;
    Mat m_logits; // (N, vocab)
    Mat m_dLogits;
    int m_tableT = 0;
    Mat m_ropeCos, m_ropeSin; // (T, rotDim/2)
    Mat m_sinusoid;           // (T, d)
};

} // namespace tx
