#pragma once

#include <vector>

namespace tx {

// How a rotary model stretches its positions past the context it was trained on
// (transformers' rope_scaling / rope_parameters, src/transformers/modeling_rope_utils.py):
//   none      plain RoPE, inv_freq[i] = theta^(-2i/dim)
//   linear    every inverse frequency divided by factor (position interpolation, kaiokendev)
//   dynamic   NTK-aware: theta grows with the sequence once it is longer than
//             originalMaxPositions (bloc97, emozilla)
//   yarn      a ramp between the plain and the divided frequencies over the dimensions whose
//             wavelengths lie between beta_fast and beta_slow rotations of originalMaxPositions,
//             and cos/sin times an attention factor (Peng et al. 2023; gpt-oss, DeepSeek-V2/V3)
//   llama3    the long wavelengths divided by factor, the short ones kept, a smooth blend
//             between (Llama 3.1, 3.2, 4)
//   longrope  one rescale factor per frequency, the short list up to originalMaxPositions and
//             the long list past it, and an attention factor (Phi-3 128k)
// None of them adds parameters.
enum class RopeScalingKind { None, Linear, Dynamic, Yarn, Llama3, LongRope };

struct RopeScaling
{
    RopeScalingKind kind = RopeScalingKind::None;
    double factor = 1.0;          // context stretch (linear, dynamic, yarn, llama3; longrope's default attention factor)
    int originalMaxPositions = 0; // tokens trained on before the stretch; 0 = the design's max_positions
    double lowFreqFactor = 1.0;   // llama3: wavelengths past original / low are divided by factor …
    double highFreqFactor = 4.0;  // … those below original / high are kept
    double betaFast = 32.0;       // yarn: rotations below which a dimension is fully interpolated …
    double betaSlow = 1.0;        // … and above which it is kept
    double mscale = 0.0;          // yarn (DeepSeek): with mscaleAllDim, attention factor = m(mscale) / m(mscaleAllDim),
    double mscaleAllDim = 0.0;    // m(s) = 0.1 · s · ln(factor) + 1; MLA's softmax scale also × m(mscaleAllDim)²
    double attentionFactor = 0.0; // cos and sin times this (yarn, longrope); 0 = derived from the factors
    bool truncate = true;         // yarn: the ramp's ends rounded to whole dimensions (gpt-oss: false)
    std::vector<double> shortFactor; // longrope: one per rotated pair (rotary dim / 2)
    std::vector<double> longFactor;

    bool enabled() const { return kind != RopeScalingKind::None; }
    bool operator==(const RopeScaling &) const = default;
};

} // namespace tx
