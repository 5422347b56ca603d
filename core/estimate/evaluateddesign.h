#pragma once

#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/evaluation.h"

namespace tx {

// One design with the assumptions it was evaluated under and the result: what a report and
// each of its charts draws.
struct EvaluatedDesign
{
    ModelConfig config;
    Assumptions assumptions;
    Evaluation evaluation;
};

} // namespace tx
