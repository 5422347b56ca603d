#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/whatif/whatifoutcome.h"

#include <QCoreApplication>

namespace tx {

// Structured pruning: whole attention heads from every layer, or whole layers. A design has the
// same heads in every layer, so heads come off every layer alike; which heads (by the engine's
// head scores) changes the quality, not the counts.
struct PruningOptions
{
    int removeHeads = 0;  // query heads removed from every layer (key/value heads follow under MHA)
    int removeLayers = 0; // layers removed from the stack (the decoder's for encoder-decoder)
    bool operator==(const PruningOptions &) const = default;
};

class Pruning
{
    Q_DECLARE_TR_FUNCTIONS(tx::Pruning)
public:
    static Expected<ModelConfig, Error> pruned(const ModelConfig &config, const PruningOptions &options);
    static Expected<WhatIfOutcome, Error> whatIf(const ModelConfig &config, const Assumptions &assumptions,
                                                 const PruningOptions &options);
};

} // namespace tx
