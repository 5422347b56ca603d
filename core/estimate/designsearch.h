#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/hardwarecatalog.h"

#include <cstdint>
#include <QCoreApplication>

namespace tx {

// The reverse questions: from a budget back to a design. Both keep every field of `base`
// except d_model, n_layers, n_heads, n_kv_heads (same GQA ratio), d_ff (same d_ff/d_model) and head_dim.
class DesignSearch
{
    Q_DECLARE_TR_FUNCTIONS(tx::DesignSearch)

public:
    enum class Budget { Inference, TrainingPerDevice };

    // The largest design with d_model ≈ aspectRatio · n_layers (d_model a multiple of the head
    // dimension) whose memory (inference total, or training per device) fits budgetBytes at
    // assumptions.contextLength. Error (field "memory") when even one layer does not fit.
    static Expected<ModelConfig, Error> largestForMemory(const ModelConfig &base, const Assumptions &assumptions,
                                                         double aspectRatio, double budgetBytes, Budget budget,
                                                         const HardwareCatalog &catalog = HardwareCatalog::builtIn());

    // The design of this family at `layers` layers and d_model ≈ aspectRatio · layers, as both
    // searches build it (head dim 128 from d_model 2048 up, 64 below): the step next to an answer.
    static ModelConfig resized(const ModelConfig &base, int layers, double aspectRatio);

    // d_model, layers and heads for a target total parameter count at an aspect ratio
    // (d_model / n_layers; 128 is Llama's and GPT-3 13B's). Head dim 128 from d_model 2048 up, 64 below.
    static Expected<ModelConfig, Error> suggestShape(const ModelConfig &base, std::int64_t targetParams,
                                                     double aspectRatio = 128.0);
};

} // namespace tx
