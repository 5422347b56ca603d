#pragma once

#include "core/base/error.h"
#include "core/formats/safetensors.h"
#include "core/nn/carriedtensor.h"
#include "core/nn/mat.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace tx {

// One tensor of a Hugging Face checkpoint file and where it lives in the engine: columns
// [col0, col0 + cols) of an engine tensor, stored as nn.Linear's (out, in) when `linear`, as a
// vector [cols] when `vector`, else as the engine holds it. The checkpoint families whose files
// name one tensor per engine slice (T5, ALBERT) list their pieces and read and write them here.
struct CheckpointPiece
{
    QString name;
    Mat *m = nullptr;
    Eigen::Index col0 = 0, cols = 0;
    bool linear = false;
    bool vector = false;

    std::vector<std::int64_t> fileShape() const;
    // Copies the file's tensor `name` into the engine's; an error names the file and the tensor.
    std::optional<Error> readFrom(const Safetensors &file) const;
    // Writes every piece, under its name and file shape, to a safetensors file at `path`, then
    // the carried tensors (Transformer::carried) as they were read.
    static std::optional<Error> save(const std::vector<CheckpointPiece> &pieces, const QString &path,
                                     Safetensors::Dtype dtype, const StopToken &stop = {},
                                     const std::vector<CarriedTensor> &carried = {});
};

} // namespace tx
