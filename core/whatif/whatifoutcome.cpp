#include "core/whatif/whatifoutcome.h"

namespace tx {

WhatIfSide sideOf(const Evaluation &e)
{
    return {e.params.total, e.inference.weightsBytes, e.training.totalBytes, e.compute.forwardFlopsPerToken,
            e.scaling.loss};
}

} // namespace tx
