#pragma once

#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/paramcount.h"

namespace tx {

// The FLOP formulas (1 multiply-add = 2 FLOPs), shared by evaluate(), explain() and the tests.
class ComputeEstimator
{
public:
    // d_attn = n_heads · head_dim (Kaplan et al. 2020, Table 1).
    static double attentionWidth(const ModelConfig &c);
    // Attention layers a token passes: every layer's self-attention, plus cross-attention
    // in an encoder-decoder's decoder.
    static int attentionLayers(const ModelConfig &c);
    // Attention span of a token at a context: the context, capped by a sliding window.
    static double attendedTokens(const ModelConfig &c, double context);
    // Kaplan et al. 2020, Table 1: C_forward ≈ 2·N + 2·n_layer·n_ctx·d_attn, with N the executed,
    // active (MoE top-k) matmul weights; plus the logits 2·d·V which Kaplan leaves out.
    static double forwardFlopsPerToken(const ModelConfig &c, const ParamCount &p, double context);
    // The attention part of the above: 2·layers·ctx·d_attn.
    static double attentionFlopsPerToken(const ModelConfig &c, double context);
    // Backward = 2× forward (Kaplan §2.1), so training = 3× forward. Full recomputation adds one
    // forward, selective recomputation adds the attention term once more (Korthikanti et al. 2022 §5).
    // LoRA: the frozen weights get no weight gradients, so the backward costs one forward less.
    static double trainingFlopsPerToken(const ModelConfig &c, const ParamCount &p, double context,
                                        Recompute recompute);
    // One decode step per sequence at a full cache: 2·N + 2·d·V + 4·layers·span·d_attn.
    static double decodeFlopsPerToken(const ModelConfig &c, const ParamCount &p, double context);
};

} // namespace tx
