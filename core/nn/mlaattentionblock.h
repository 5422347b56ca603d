#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/activationcache.h"
#include "core/nn/attentionmask.h"
#include "core/nn/attentionpass.h"
#include "core/nn/ops.h"
#include "core/nn/transformerweights.h"

namespace tx {

// The self-attention sub-block of a multi-head latent attention layer (DeepSeek-V2/V3), forward
// and backward, as transformers' DeepseekV3Attention computes it (modeling_deepseek_v3.py):
//   queries  q = q_b_proj(q_a_layernorm(q_a_proj(x)))  or q_proj(x) without a query latent,
//            per head [nope | rope], (N, H·(nope + rope))
//   latent   [c | k_rot] = kv_a_proj_with_mqa(x), (N, kvLora + rope); c' = kv_a_layernorm(c)
//   keys     per head [k_nope | v] = kv_b_proj(c'), the rope part k_rot shared by every head
//   RoPE     on the rope parts only, pairs (2i, 2i+1) rotated together (rope_interleave)
//   softmax  of q·k / sqrt(nope + rope) (× yarn's mscale² with mscale_all_dim) over the layer's mask,
//            out = o_proj(probs · v).
// Internally each head's query and key are laid out [rope (halves order) | nope], which keeps
// every dot product and lets ops::ropeApply rotate the first `rope` columns of each head.
// Decoding caches the normalised latent and the rotated key (kvLora + rope floats per token),
// not the expanded keys and values.
class MlaAttentionBlock
{
public:
    MlaAttentionBlock(const ModelConfig &config, int layer, int rotaryDim, float normEps, AttentionMask mask);

    // in (N, d) → act.a (N, d); keeps the latents, act.qkv, act.att and (when the pass asks)
    // act.probs (H N, max T).
    void forward(const TransformerWeights::Layer &w, ActivationCache::Layer &act, const Mat &in,
                 const AttentionPass &pass) const;
    // dOut (N, d) → dInput (N, d); parameter gradients accumulate into g.
    void backward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g, const ActivationCache::Layer &act,
                  const Mat &in, const Mat &dOut, Mat &dInput, const AttentionPass &pass) const;

    // Columns of a layer's KV-cache rows: the latent and the shared rotary key.
    static int cacheWidth(const ModelConfig &config) { return config.mla.kvLoraRank + config.mla.qkRopeHeadDim; }

private:
    // Rows of keys and values (N, H·qk), (N, H·v) expanded from latent rows (N, kvLora) and
    // their rotated shared keys (N, rope, halves order).
    void expand(const TransformerWeights::Layer &w, const Eigen::Ref<const Mat> &latent,
                const Eigen::Ref<const Mat> &kRot, Eigen::Ref<Mat> k, Eigen::Ref<Mat> v) const;
    void forwardCached(const TransformerWeights::Layer &w, ActivationCache::Layer &act, const AttentionPass &pass) const;
    void forwardSequences(ActivationCache::Layer &act, const AttentionPass &pass) const;
    ops::HeadLogits headLogits() const; // soft-capping and the (mscale-scaled) softmax scale

    const ModelConfig &m_config;
    int m_layer = 0;
    int m_rotaryDim = 0; // qk_rope_head_dim with rotary positions, else 0
    float m_normEps = 1e-6f;
    AttentionMask m_mask;
    int m_nope = 0, m_rope = 0, m_v = 0, m_qk = 0, m_kvLora = 0;
};

} // namespace tx
