#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/evaluation.h"
#include "core/estimate/hardwarecatalog.h"

#include <optional>

namespace tx {

// Every estimate for one design, as a plain value. Pure and cheap (a bench keeps the median
// under 20 µs): it formats no strings; explain() does that on demand.
// Errors name the offending field: the design's (n_heads, …) or the assumption's CLI name
// (batch, seq, tokens, zero, tp, devices, device, mfu, price).
Expected<Evaluation, Error> evaluate(const ModelConfig &config, const Assumptions &assumptions);
Expected<Evaluation, Error> evaluate(const ModelConfig &config, const Assumptions &assumptions,
                                     const HardwareCatalog &catalog);

// The assumption checks evaluate() runs, for callers that edit assumptions (first error only).
std::optional<Error> validate(const Assumptions &assumptions, const HardwareCatalog &catalog);

} // namespace tx
