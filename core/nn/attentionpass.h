#pragma once

#include "core/nn/forwardresult.h"
#include "core/nn/kvcache.h"
#include "core/nn/mat.h"
#include "core/nn/transposedweights.h"

#include <vector>

namespace tx {

// What one pass of the model hands the blocks of each layer: which rows belong to which
// sequence, at which positions, the RoPE tables, and what to keep or capture.
struct AttentionPass
{
    const std::vector<int> *offsets = nullptr; // (B + 1) first row of each sequence, then N
    int pos0 = 0;                              // position of each sequence's first row
    int maxT = 0;                              // longest sequence
    const Mat *ropeCos = nullptr;              // (positions, rotaryDim/2)
    const Mat *ropeSin = nullptr;
    const Mat *ropeLocalCos = nullptr;         // the sliding layers' plain RoPE (rope_local_theta), or null
    const Mat *ropeLocalSin = nullptr;
    KvCache *kv = nullptr;                     // decoding: one sequence, keys and values cached
    bool keepProbs = false;                    // keep every head's probabilities for backward
    std::vector<ForwardResult> *results = nullptr; // per-sequence captures
    bool captureAttention = false;
    bool captureScores = false;
    // T5's relative position bias (RelativePositionBias::forward): (nHeads, 2P − 1) for P >= every
    // position of the pass, column P − 1 the offset 0; null without relative buckets.
    const Mat *offsetBias = nullptr;
    Mat *dOffsetBias = nullptr; // backward: its gradient (same shape), accumulated over the layers
    // Encoder-decoder, the decoder's pass: the encoder's output cross-attention reads (null when
    // decoding, which reads the KvCache's crossKv), its rows per sequence, and in backward the
    // gradient by it (accumulated over the decoder's layers).
    const Mat *encoder = nullptr;                     // (Ne, d)
    const std::vector<int> *encoderOffsets = nullptr; // (B + 1)
    Mat *dEncoder = nullptr;                          // (Ne, d)
    // This layer's (out, in) copies of its matrices (inference only), or null.
    const TransposedWeights::Layer *transposed = nullptr;

    int sequences() const { return int(offsets->size()) - 1; }
    int rowOf(int b) const { return (*offsets)[std::size_t(b)]; }
    int lengthOf(int b) const { return (*offsets)[std::size_t(b) + 1] - (*offsets)[std::size_t(b)]; }
    int rows() const { return offsets->back(); }
    int encoderRowOf(int b) const { return (*encoderOffsets)[std::size_t(b)]; }
    int encoderLengthOf(int b) const
    {
        return (*encoderOffsets)[std::size_t(b) + 1] - (*encoderOffsets)[std::size_t(b)];
    }
};

} // namespace tx
