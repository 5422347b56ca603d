#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/activationcache.h"
#include "core/nn/attentionpass.h"
#include "core/nn/ops.h"
#include "core/nn/transformerweights.h"

namespace tx {

// The self-attention sub-block of one layer, forward and backward: the fused q/k/v projection,
// QK-norm, RoPE, every head's masked (sliding, chunked), soft-capped softmax with its sink
// (reading a KvCache when decoding) and the output projection. What the layer attends to comes
// from the design's layer pattern (ModelConfig::layerAttention). N is the rows of the pass.
class AttentionBlock
{
public:
    AttentionBlock(const ModelConfig &config, int layer, int headDim, int rotaryDim, float normEps);

    // in (N, d) → act.a (N, d); keeps act.qkv (after RoPE), act.att and, when the pass asks,
    // act.probs (nHeads N, max T).
    void forward(const TransformerWeights::Layer &w, ActivationCache::Layer &act, const Mat &in,
                 const AttentionPass &pass) const;
    // dOut (N, d) → dInput (N, d); parameter gradients accumulate into g.
    void backward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g, const ActivationCache::Layer &act,
                  const Mat &in, const Mat &dOut, Mat &dInput, const AttentionPass &pass) const;

    AttentionMask mask() const { return m_mask; }

private:
    void forwardCached(const TransformerWeights::Layer &w, ActivationCache::Layer &act, const AttentionPass &pass) const;
    void forwardSequences(const TransformerWeights::Layer &w, ActivationCache::Layer &act,
                          const AttentionPass &pass) const;
    ops::HeadLogits logitsOf(const TransformerWeights::Layer &w, int head, const AttentionPass &pass) const;
    float logitScale() const; // HeadLogits::scale of the design's attention
    const Mat &ropeCos(const AttentionPass &pass) const { return m_localRope ? *pass.ropeLocalCos : *pass.ropeCos; }
    const Mat &ropeSin(const AttentionPass &pass) const { return m_localRope ? *pass.ropeLocalSin : *pass.ropeSin; }
    // QK-norm: rows of `width` columns (a head, or all heads) of act.qkv from col0 on, RMS-normalised
    // with `scale` (empty: no weight); keeps the statistics for qkNormBackward.
    void qkNormForward(ActivationCache::Layer &act, Eigen::Index col0, int heads, const Mat &scale, ColVec &mean,
                       ColVec &rstd) const;
    void qkNormBackward(Mat &dQkv, const ActivationCache::Layer &act, Eigen::Index col0, int heads, const Mat &scale,
                        Mat &dScale, const ColVec &mean, const ColVec &rstd) const;


    const ModelConfig &m_config;
    int m_layer = 0;
    int m_headDim = 0;
    int m_rotaryDim = 0;   // 0 in layers without RoPE (Llama 4's NoPE layers)
    float m_normEps = 1e-5f;
    QkNorm m_qkNorm = QkNorm::None; // None in Llama 4's NoPE layers, which have no qk_norm
    bool m_localRope = false; // a sliding layer of a design with rope_local_theta (Gemma 3's rotary_emb_local)
    AttentionMask m_mask;
};

} // namespace tx
