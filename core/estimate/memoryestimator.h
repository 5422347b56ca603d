#pragma once

#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/statebytes.h"

namespace tx {

// The memory formulas, one function each, shared by evaluate(), explain() and the tests.
class MemoryEstimator
{
public:
    // Tokens the KV cache holds per sequence: the context, capped by a sliding window.
    static double cachedTokens(const ModelConfig &c, double context);
    // Layers that keep a KV cache: causal (decoder) self-attention plus, for encoder-decoder,
    // the decoder's cross-attention over the encoder output. Encoder-only models keep none.
    static int cacheLayers(const ModelConfig &c);
    // 2 (K and V) · batch · tokens · layers · kv_heads · head_dim · bytes/element (bytes).
    static double kvCacheBytes(const ModelConfig &c, double batch, double context);
    // Korthikanti et al. 2022, eq. 1-2 (16-bit activations, bytes per layer):
    //   none: s·b·h·(34 + 5·a·s/h); selective or FlashAttention: 34·s·b·h; full: 2·s·b·h.
    // `span` (default s) is the keys each query sees: a sliding window stores a·s·w scores, not a·s².
    static double activationBytesPerLayer(double s, double b, double h, double a, Recompute recompute, bool flash,
                                          double span = -1);
    // Inference working set of one layer during prefill (bytes, 2 bytes/element):
    // residual in + out 2·b·s·d, FFN intermediate b·s·d_ff (×2 gated), scores b·a·s² unless flash.
    static double inferenceActivationBytes(const ModelConfig &c, double batch, double context, bool flash);
    // Model states (bytes) one device holds under ZeRO (Rajbhandari et al. 2020, Figure 1):
    //   0: (w+g+o)·Ψ; 1: (w+g)·Ψ + o·Ψ/N_d; 2: w·Ψ + (g+o)·Ψ/N_d; 3: (w+g+o)·Ψ/N_d.
    static double zeroStateBytes(double weightsBytes, double gradientsBytes, double optimizerBytes, int stage,
                                 int dataParallel);
};

} // namespace tx
