#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/activationcache.h"
#include "core/nn/attentionblock.h"
#include "core/nn/attentionpass.h"
#include "core/nn/crossattentionblock.h"
#include "core/nn/feedforwardblock.h"
#include "core/nn/mlaattentionblock.h"
#include "core/nn/transformerweights.h"

namespace tx {

// One layer of the stack: its norms and residual connections around the attention and FFN
// sub-blocks (pre-norm, post-norm or a parallel block), forward and backward. The attention is
// AttentionBlock's (MHA/GQA/MQA) or MlaAttentionBlock's (DeepSeek's latent attention). A decoder
// layer of an encoder-decoder (weights with cross* tensors, pre-norm) adds T5's cross-attention
// sub-block between them: h = x + attn(norm1(x)); h' = h + cross(normC(h), encoder); x' = h' + ffn(norm2(h')).
class TransformerBlock
{
public:
    // ffn = false drops the FFN and its norm (attention-only models).
    TransformerBlock(const ModelConfig &config, int layer, int headDim, int rotaryDim, float normEps, bool ffn);

    // act.x (N, d) is the layer input; x (N, d) receives its output.
    void forward(const TransformerWeights::Layer &w, ActivationCache::Layer &act, Mat &x,
                 const AttentionPass &pass) const;
    // dx (N, d): the gradient by the layer's output on entry, by its input on return.
    void backward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g, const ActivationCache::Layer &act,
                  Mat &dx, const AttentionPass &pass) const;

private:
    // The attention sub-block of the design's kind: in (N, d) → act.a (N, d), and its backward.
    void attend(const TransformerWeights::Layer &w, ActivationCache::Layer &act, const Mat &in,
                const AttentionPass &pass) const;
    void attendBackward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g,
                        const ActivationCache::Layer &act, const Mat &in, const Mat &dOut, Mat &dInput,
                        const AttentionPass &pass) const;

    const ModelConfig &m_config;
    AttentionBlock m_attention;
    MlaAttentionBlock m_mla; // multi-head latent attention layers (AttentionKind::Mla)
    CrossAttentionBlock m_cross; // decoder layers of an encoder-decoder
    FeedForwardBlock m_ffnBlock;
    float m_normEps = 1e-5f;
    bool m_ffn = true;
};

} // namespace tx
