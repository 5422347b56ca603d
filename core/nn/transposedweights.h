#pragma once

#include "core/nn/mat.h"
#include "core/nn/transformerweights.h"

#include <cstdint>
#include <vector>

namespace tx {

// Copies of a model's dense layer matrices in nn.Linear's (out, in) layout, the one
// gemm::addXWt streams without a packing pass. Inference keeps them beside the (in, out)
// weights (TransposedWeightCache) once a model is run more than once; training and the
// backward pass never use them. A matrix a layer does not have (MLA's qkv, a sparse layer's
// FFN) stays empty, and its product runs on the (in, out) weight as before.
struct TransposedWeights
{
    struct Layer
    {
        Mat qkv;     // (qkv columns, d) = TransformerWeights::Layer::qkvᵀ
        Mat attnOut; // (d, nHeads · headDim)
        Mat ffnIn;   // (dFf or 2·dFf, d)
        Mat ffnOut;  // (d, dFf)
    };
    std::vector<Layer> layers; // one per stored layer

    // The copies of w's stored layers.
    static TransposedWeights of(const TransformerWeights &w);
    // Bytes the copies of w would take: 4 per float of the four matrices of every layer.
    static std::int64_t bytesFor(const TransformerWeights &w);
};

} // namespace tx
