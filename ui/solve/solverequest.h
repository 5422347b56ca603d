#pragma once

#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/solver.h"

#include <QMetaType>

#include <cstdint>

namespace tx {

// One round of the Solve page's questions, as a value handed to SolveWorker: the design and
// its assumptions (device, devices, context, batch …) and the inputs of the questions that
// take their own.
struct SolveRequest
{
    std::uint64_t generation = 0; // newer requests make older ones stale
    ModelConfig design;
    Assumptions assumptions;
    ModelConfig family;           // "largest" and "shape" keep its proportions
    double aspectRatio = 0;       // d_model / layers; 0 = the family's own
    bool training = false;        // "largest": sized for training instead of inference
    std::int64_t targetParams = 7'000'000'000; // "shape"
    double tokensPerSecondPerUser = 30;        // "device"
    int users = 16;                            // "device"
    Solver::PriceKind prices = Solver::PriceKind::Rental;
};

} // namespace tx

Q_DECLARE_METATYPE(tx::SolveRequest)
