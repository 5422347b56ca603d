#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/activationcache.h"
#include "core/nn/transformerweights.h"
#include "core/nn/transposedweights.h"

namespace tx {

// The FFN sub-block of one layer, forward and backward: dense (up, act, down) or gated
// (act(gate) ⊙ up, down); in a sparse layer of a mixture of experts, a router sending each row
// to its top-k experts (each such an FFN) plus the always-on shared experts. N is the rows of
// the pass.
//
// Routing as transformers computes it. Softmax routers (Qwen3MoeSparseMoeBlock, Mixtral,
// gpt-oss's GptOssTopKRouter, DeepSeek-V2's greedy MoEGate): scores = softmax of the router
// logits over all experts, the top k kept, divided by their sum when norm_topk_prob.
// DeepSeek-V3's DeepseekV3TopkRouter: scores = sigmoid of the logits; the choice adds
// e_score_correction_bias, keeps the topk_group groups whose two best experts score highest
// (the others' scores 0.0) and takes the top k; the weights are the chosen scores without the
// bias, divided by their sum + 1e-20 when norm_topk_prob. Both times routed_scaling_factor.
// gpt-oss's GptOssTopKRouter takes torch.topk of the biased logits and a softmax over those k:
// exp(l_j) / Σ_chosen exp(l_i), the same weights (and gradients) as the normalised softmax above.
// The choice itself has no gradient; the weights have. DeepSeek's shared experts are added
// ungated (DeepseekV3MoE), its dense first layers are plain FFNs (first_k_dense_replace).
// gpt-oss's experts (GptOssExperts) carry biases (expertsInBias, expertsOutBias) and its clamped
// SwiGLU (ClampedSwiglu, the design's swiglu_limit); the routing weight multiplies the whole
// expert output, down_proj_bias included.
class FeedForwardBlock
{
public:
    FeedForwardBlock(const ModelConfig &config, int layer);

    // Whether layer `layer` of the design routes to experts (MoE on, not a dense first layer, not in
    // the dense list, and on the sparse_every rhythm; the same rule as the parameter count's).
    static bool isSparse(const ModelConfig &config, int layer);

    // in (N, d) → act.m (N, d); keeps what backward needs in act.
    // t: the layer's (out, in) copies (inference), or null for the (in, out) weights.
    void forward(const TransformerWeights::Layer &w, ActivationCache::Layer &act, const Mat &in,
                 const TransposedWeights::Layer *t = nullptr) const;
    // dOut (N, d) → dInput (N, d); parameter gradients accumulate into g.
    void backward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g, const ActivationCache::Layer &act,
                  const Mat &in, const Mat &dOut, Mat &dInput) const;

private:
    void act(Mat &y, const Mat &pre) const;
    void actBackward(Mat &dPre, const Mat &dy, const Mat &pre) const;
    // a.routerLogits (N, E) → a.routerScores, a.chosen, a.gates and the experts' row lists.
    void route(const TransformerWeights::Layer &w, ActivationCache::Layer &a) const;
    void moeForward(const TransformerWeights::Layer &w, ActivationCache::Layer &a, const Mat &in) const;
    void moeBackward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g,
                     const ActivationCache::Layer &a, const Mat &in, const Mat &dOut, Mat &dInput) const;

    const ModelConfig &m_config;
    bool m_sparse = false;
};

} // namespace tx
