#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/estimate/paramcount.h"

#include <cstdint>
#include <vector>

namespace tx {

// Exact parameter counts of a design, with a breakdown tree by component.
// Invalid designs (see validate()) and counts past int64 come back as an Error.
Expected<ParamCount, Error> countParams(const ModelConfig &config);

// The seeds' comparison points: y = Wx + b and its relatives.
std::int64_t linearParams(std::int64_t dIn, std::int64_t dOut, bool bias = true); // d_in·d_out + d_out
std::int64_t mlpParams(const std::vector<std::int64_t> &widths, bool bias = true); // sum over consecutive pairs
std::int64_t lstmParams(std::int64_t dIn, std::int64_t dHidden); // 4·(d_h·(d_in + d_h) + d_h)

} // namespace tx
