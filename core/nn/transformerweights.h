#pragma once

#include "core/nn/mat.h"

#include <cstdint>
#include <vector>

namespace tx {

// Every learned tensor of the engine, in the layout the forward pass multiplies with:
// inputs on the left, `y = x * W + b`, so W is (in, out) like GPT-2's Conv1D.
// Llama's nn.Linear stores (out, in); HfCheckpoint transposes on load and save.
// Empty matrices mean "absent" (no bias, RMSNorm has no norm bias, tied head, …).
struct TransformerWeights
{
    struct Layer
    {
        RowVec norm1Scale; // (1, d) before attention (pre-norm) or after it (post-norm)
        RowVec norm1Bias;  // (1, d) LayerNorm only
        Mat qkv;           // (d, (nHeads + 2*nKvHeads) * headDim): columns [q heads | k heads | v heads]
        RowVec qkvBias;    // (1, (nHeads + 2*nKvHeads) * headDim)
        Mat attnOut;       // (nHeads * headDim, d)
        RowVec attnOutBias; // (1, d)
        RowVec norm2Scale; // (1, d) before (pre) or after (post) the FFN
        RowVec norm2Bias;  // (1, d)
        Mat ffnIn;         // (d, dFf) dense, or (d, 2*dFf) gated: columns [gate | up]
        RowVec ffnInBias;  // (1, dFf) or (1, 2*dFf)
        Mat ffnOut;        // (dFf, d)
        RowVec ffnOutBias; // (1, d)
    };

    Mat tokenEmbedding;    // (vocab, d)
    Mat positionEmbedding; // (maxPositions, d), learned positions only
    RowVec embNormScale;   // (1, d) when the design has a norm after the embeddings
    RowVec embNormBias;    // (1, d)
    std::vector<Layer> layers; // stored layers (fewer than executed ones when layers are shared)
    RowVec finalNormScale; // (1, d)
    RowVec finalNormBias;  // (1, d)
    Mat lmHead;            // (vocab, d) untied head; empty when tied to tokenEmbedding
    RowVec lmHeadBias;     // (1, vocab)

    // Number of floats held, for the memory cap and the status line.
    std::int64_t floatCount() const;
};

} // namespace tx
