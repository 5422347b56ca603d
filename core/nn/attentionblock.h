#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/activationcache.h"
#include "core/nn/attentionpass.h"
#include "core/nn/ops.h"
#include "core/nn/transformerweights.h"

namespace tx {

// The self-attention sub-block of one layer, forward and backward: the fused q/k/v projection,
// RoPE, every head's masked softmax (reading a KvCache when decoding) and the output projection.
// N is the number of rows of the pass (its sequences stacked).
class AttentionBlock
{
public:
    AttentionBlock(const ModelConfig &config, int layer, int headDim, int rotaryDim);

    // in (N, d) → act.a (N, d); keeps act.qkv (after RoPE), act.att and, when the pass asks,
    // act.probs (nHeads N, max T).
    void forward(const TransformerWeights::Layer &w, ActivationCache::Layer &act, const Mat &in,
                 const AttentionPass &pass) const;
    // dOut (N, d) → dInput (N, d); parameter gradients accumulate into g.
    void backward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g, const ActivationCache::Layer &act,
                  const Mat &in, const Mat &dOut, Mat &dInput, const AttentionPass &pass) const;

    ops::AttentionMask mask() const { return m_mask; }

private:
    void forwardCached(ActivationCache::Layer &act, const AttentionPass &pass) const;
    void forwardSequences(ActivationCache::Layer &act, const AttentionPass &pass) const;

    const ModelConfig &m_config;
    int m_layer = 0;
    int m_headDim = 0;
    int m_rotaryDim = 0;
    ops::AttentionMask m_mask;
};

} // namespace tx
