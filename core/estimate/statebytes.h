#pragma once

#include "core/estimate/assumptions.h"

namespace tx {

// Bytes one trainable parameter costs under an optimizer (see Optimizer in assumptions.h).
// Rajbhandari et al. 2020 (ZeRO) §3.1: mixed-precision Adam = 2 + 2 + K with K = 12.
struct StateBytes
{
    double weights = 0;   // bytes/param of the working weights
    double gradients = 0; // bytes/param
    double optimizer = 0; // bytes/param: states + fp32 master copy under mixed precision
    double total() const { return weights + gradients + optimizer; }

    // dModel sizes Adafactor's factored second moment (rows + columns per matrix ≈ 2/d per param).
    static StateBytes of(Optimizer optimizer, int dModel);
};

} // namespace tx
