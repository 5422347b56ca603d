#pragma once

#include <QString>

#include <cstdint>
#include <vector>

namespace tx {

// What a stored tensor is for: a weight counts as parameters; a scale (MXFP4 `*_scales`, fp8
// `weight_scale_inv`) is part of another tensor's number format; a buffer (llama.cpp's
// rope_freqs) is data the model computes with but does not learn.
enum class TensorRole { Weight, Scale, Buffer };

// One tensor as a file's header describes it. Nothing here came from the tensor data.
struct TensorInfo
{
    QString name;
    std::vector<std::int64_t> shape; // as the file writes it: safetensors row-major, GGUF ne[0] first
    QString dtype;                   // "BF16", "U8", "Q4_K", …
    std::int64_t bytes = 0;          // exact bytes of its data
    std::int64_t elements = 0;       // stored elements: the product of the shape
    std::int64_t params = 0;         // logical (dequantised) parameters; 0 for scales and buffers
    TensorRole role = TensorRole::Weight;
    bool packed = false;             // an integer tensor holding another format (MXFP4 blocks)
    int file = 0;                    // index into ModelFile::files
    std::int64_t offset = 0;         // absolute byte offset of its data in that file

    bool operator==(const TensorInfo &) const = default;
};

} // namespace tx
