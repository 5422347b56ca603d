#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/activationcache.h"
#include "core/nn/attentionpass.h"
#include "core/nn/transformerweights.h"

namespace tx {

// The cross-attention sub-block of a decoder layer in an encoder-decoder, forward and backward,
// as Hugging Face's modeling_t5.py computes it (T5LayerCrossAttention → T5Attention with
// key_value_states = the encoder's output): queries from the decoder's normalised residual,
// keys and values projected from the encoder's output, every decoder token seeing every encoder
// token of its own sequence (no causal mask, no relative bias: has_relative_attention_bias is
// False and its position_bias is zeros), T5's unscaled logits (like the self-attention's), and
// the output projection. When decoding, the keys and values come from the KvCache, computed once
// per encoder output (T5's cross-attention past_key_value). N rows of decoder tokens, Ne of
// encoder tokens.
class CrossAttentionBlock
{
public:
    CrossAttentionBlock(const ModelConfig &config, int layer, int headDim);

    // in (N, d) → act.crossA (N, d); reads pass.encoder (or the cache's crossKv), keeps act.crossQ,
    // act.crossKv, act.crossAtt and, when the pass asks, act.crossProbs; captures
    // ForwardResult::crossAttention.
    void forward(const TransformerWeights::Layer &w, ActivationCache::Layer &act, const Mat &in,
                 const AttentionPass &pass) const;
    // dOut (N, d) → dInput (N, d); the gradient by the encoder's output accumulates into
    // *pass.dEncoder, the parameters' into g.
    void backward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g, const ActivationCache::Layer &act,
                  const Mat &in, const Mat &dOut, Mat &dInput, const AttentionPass &pass) const;

    // The keys and values of an encoder output enc (Ne, d): kv (Ne, 2 nKvHeads headDim).
    static void project(Mat &kv, const Mat &enc, const TransformerWeights::Layer &w);

private:
    float logitScale() const; // ops::HeadLogits::scale

    const ModelConfig &m_config;
    int m_layer = 0;
    int m_headDim = 0;
};

} // namespace tx
