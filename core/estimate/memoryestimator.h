#pragma once

#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/statebytes.h"

#include <QString>

#include <vector>

namespace tx {

// The memory formulas, one function each, shared by evaluate(), explain() and the tests.
class MemoryEstimator
{
public:
    // Tokens the widest layer's KV cache holds per sequence: the context, unless every layer
    // is capped by a sliding window or a chunk.
    static double cachedTokens(const ModelConfig &c, double context);

    // The KV cache by layer type: `layers` layers of one type each hold `tokens` tokens of
    // `valuesPerToken` values. Multi-head attention: 2·n_kv·head_dim (K and V); MLA: one
    // latent of kv_lora_rank plus one rotary key of qk_rope_head_dim, shared by all heads
    // (DeepSeek-V2 §2.1.2). Sinks add no cache. Cross-attention caches the whole input.
    struct KvGroup
    {
        QString kind;        // "full", "sliding", "chunked", "full_no_rope", "cross"
        int layers = 0;
        double tokens = 0;
        double valuesPerToken = 0;
    };
    static std::vector<KvGroup> kvCacheGroups(const ModelConfig &c, double context);
    // Layers that keep a KV cache: causal (decoder) self-attention plus, for encoder-decoder,
    // the decoder's cross-attention over the encoder output. Encoder-only models keep none.
    static int cacheLayers(const ModelConfig &c);
    // batch · Σ over layer types (layers · tokens · values per token) · bytes/element (bytes);
    // 2 · batch · tokens · layers · kv_heads · head_dim · bytes for one multi-head type.
    static double kvCacheBytes(const ModelConfig &c, double batch, double context);
    // Korthikanti et al. 2022, eq. 1-2 (16-bit activations, bytes per layer):
    //   none: s·b·h·(34 + 5·a·s/h); selective or FlashAttention: 34·s·b·h; full: 2·s·b·h.
    // `span` (default s) is the keys each query sees: a sliding window stores a·s·w scores, not a·s².
    static double activationBytesPerLayer(double s, double b, double h, double a, Recompute recompute, bool flash,
                                          double span = -1);
    // The logits the cross-entropy keeps for the backward pass, in 32 bits whatever the layers' precision:
    // 4·s·b·V bytes (Korthikanti et al. 2022 §4.3 counts the cross-entropy's 32-bit logits so).
    // 0 for a design without a vocabulary head.
    static double trainingLogitsBytes(const ModelConfig &c, double batch, double context);
    // Inference working set of one layer during prefill (bytes, 2 bytes/element):
    // residual in + out 2·b·s·d, FFN intermediate b·s·d_ff (×2 gated), scores b·a·s² unless flash.
    static double inferenceActivationBytes(const ModelConfig &c, double batch, double context, bool flash);
    // Model states (bytes) one device holds under ZeRO (Rajbhandari et al. 2020, Figure 1):
    //   0: (w+g+o)·Ψ; 1: (w+g)·Ψ + o·Ψ/N_d; 2: w·Ψ + (g+o)·Ψ/N_d; 3: (w+g+o)·Ψ/N_d.
    static double zeroStateBytes(double weightsBytes, double gradientsBytes, double optimizerBytes, int stage,
                                 int dataParallel);
};

} // namespace tx
