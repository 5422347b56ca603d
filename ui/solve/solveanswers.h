#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/estimate/solver.h"

#include <QMetaType>

#include <cstdint>
#include <optional>

namespace tx {

// The answers to one SolveRequest, each an answer or the error that stopped it (copies, for
// the page to draw).
struct SolveAnswers
{
    std::uint64_t generation = 0;
    std::optional<Expected<Solver::Limit, Error>> context;
    std::optional<Expected<Solver::Limit, Error>> batch;
    std::optional<Expected<Solver::Largest, Error>> largest;
    std::optional<Expected<Solver::Shape, Error>> shape;
    std::optional<Expected<Solver::DeviceChoice, Error>> device;
    double milliseconds = 0; // wall time of the five solves
};

} // namespace tx

Q_DECLARE_METATYPE(tx::SolveAnswers)
