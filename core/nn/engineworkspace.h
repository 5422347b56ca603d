#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/activationcache.h"
#include "core/nn/attentionpass.h"
#include "core/nn/mat.h"

#include <vector>

namespace tx {

// Buffers one thread reuses from pass to pass: re-allocating them each pass costs more than
// the small matrix products (page faults on fresh memory).
struct EngineWorkspace
{
    // One set of RoPE tables and what they were built from.
    struct RopeTables
    {
        Mat cos, sin;                  // (positions, rotaryDim/2), times the attention factor
        std::vector<float> invFreq;    // (rotaryDim/2)
        float attentionFactor = 0.0f;
        // Rebuilds the tables when they are short of `positions` rows or hold other frequencies.
        void ensure(const std::vector<float> &freq, float factor, int positions, int rows);
    };

    Mat x, h;                       // (N, d) residual stream, final norm output
    ColVec mean, rstd;              // (N)
    ActivationCache::Layer layer;   // one layer's activations when no cache keeps them
    Mat sinusoid;                   // (positions, e): the embedding width (d_model unless factorised)
    RopeTables rope;                // the layers that rotate with the design's RoPE scaling
    RopeTables ropeLocal;           // the sliding layers' plain RoPE when the design has rope_local_theta

    // This thread's workspace.
    static EngineWorkspace &local();
    // Grows the position tables to cover positions 0..positions-1 (with room to spare, so
    // decoding token by token does not rebuild them every step).
    void ensureTables(const ModelConfig &c, int rotaryDim, int positions);
    // A pass over the sequences starting at `offsets` ((B + 1) rows), the longest maxT rows long,
    // rotating with these tables (the local ones only when the design has rope_local_theta).
    AttentionPass passOver(const ModelConfig &c, const std::vector<int> &offsets, int maxT) const;
};

} // namespace tx
