#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/activationcache.h"
#include "core/nn/mat.h"

namespace tx {

// Buffers one thread reuses from pass to pass: re-allocating them each pass costs more than
// the small matrix products (page faults on fresh memory).
struct EngineWorkspace
{
    Mat x, h;                       // (N, d) residual stream, final norm output
    ColVec mean, rstd;              // (N)
    ActivationCache::Layer layer;   // one layer's activations when no cache keeps them
    Mat sinusoid;                   // (positions, e): the embedding width (d_model unless factorised)
    Mat ropeCos, ropeSin;           // (positions, rotaryDim/2)
    int ropeDim = 0;
    double ropeTheta = 0.0;

    // This thread's workspace.
    static EngineWorkspace &local();
    // Grows the position tables to cover positions 0..positions-1 (with room to spare, so
    // decoding token by token does not rebuild them every step).
    void ensureTables(const ModelConfig &c, int rotaryDim, int positions);
};

} // namespace tx
