#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"

#include <QCoreApplication>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace tx {

// A design the engine can instantiate within a memory cap, and what was changed to get it.
struct EnginePlan
{
    ModelConfig config;
    QStringList changes;          // one line per change, e.g. "n_layers: 32 → 2", empty when none
    std::int64_t weightBytes = 0; // float32 weights of `config` (bytes)
};

// What the engine is asked to do with a design: run it (forward passes, decoding) or also
// train it (backward passes on a next-token loss, an encoder-decoder's target loss, or an
// encoder's masked-LM loss).
enum class EnginePurpose { Run, Train };

// Decides whether and how a design fits the engine.
class EngineSizer
{
    Q_DECLARE_TR_FUNCTIONS(tx::EngineSizer)

public:
    // Bytes of float32 weights Transformer::create would allocate for the design
    // (tied tensors once, shared layers once). Saturates at INT64_MAX instead of overflowing.
    static std::int64_t weightBytes(const ModelConfig &config);

    // The one list of refused features: the first feature of the design the engine does not run
    // (or, for Train, does not train), as an Error naming its field.
    static std::optional<Error> unsupported(const ModelConfig &config, EnginePurpose purpose = EnginePurpose::Run);

    // The nearest design of the same family the engine runs within capBytes: features it does not
    // run are swapped (MoE → dense FFN, …), then layers, width (heads halve, head size stays),
    // vocabulary (not below 256, so bytes still tokenize) and the learned position table
    // are halved in that order until the weights fit. Every change is listed.
    static Expected<EnginePlan, Error> fit(const ModelConfig &config, std::int64_t capBytes);
};

} // namespace tx
