#pragma once

#include "core/nn/mat.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace tx {

// A checkpoint tensor the engine keeps without running it (ALBERT's pooler and sentence-order
// head): read on load, written back on save under its name and shape, never trained.
struct CarriedTensor
{
    QString name;
    std::vector<std::int64_t> shape; // as the file holds it
    Mat values;                      // (product of all but the last dimension, last dimension)
};

} // namespace tx
