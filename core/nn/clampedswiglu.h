#pragma once

#include "core/nn/mat.h"

namespace tx {

// gpt-oss's gated activation, as transformers' GptOssExperts computes it
// (src/transformers/models/gpt_oss/modeling_gpt_oss.py):
//   gate = gate.clamp(max=limit); up = up.clamp(-limit, limit)
//   glu = gate · σ(alpha · gate);  out = (up + 1) · glu
// with alpha 1.702 fixed in the code and limit the config's swiglu_limit (7.0). The checkpoint
// interleaves gate and up (gate_up[..., ::2], gate_up[..., 1::2]); the engine keeps its own
// [gate | up] halves, and the loader de-interleaves.
struct ClampedSwiglu
{
    static constexpr float kAlpha = 1.702f;

    // gateUp (N, 2f), columns [gate | up] → y (N, f).
    static void forward(Mat &y, const Mat &gateUp, float limit);
    // dy (N, f) → dGateUp (N, 2f), assigned. A clamped entry passes no gradient (torch.clamp's
    // backward lets it through only inside [min, max], bounds included).
    static void backward(Mat &dGateUp, const Mat &dy, const Mat &gateUp, float limit);
};

} // namespace tx
