#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/designedits.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/evaluation.h"
#include "core/estimate/hardwarecatalog.h"

#include <QString>

#include <array>
#include <vector>

namespace tx {

// Which knob matters: every knob that applies to the design (and the context, batch and
// training tokens) one step down and one step up, and how far each step moves the figures a
// decision turns on. A step is ±10 % landed where the window's slider would land it
// (DesignEdits::snapped, then the fields that follow), or the next valid value when 10 % lands
// back on the same one (12 layers → 11 and 13); precisions step to the next narrower and wider
// format of fp32, bf16, fp8 (KV cache only), int8, int4. The context steps up no further than
// the design's trained context.
class Sensitivity
{
public:
    enum class Metric { WeightsMemory, InferenceMemory, TrainingCompute, TrainingCost, Loss };
    static constexpr int kMetrics = 5;

    struct Knob
    {
        QString field;     // design-file key, or the assumption's command-line name ("seq", "batch", "tokens")
        QString baseValue; // as the design has it: "4,096", "bf16"
        QString lowValue;  // one step down, empty when there is none
        QString highValue; // one step up, empty when there is none
        // Relative change of each metric one step down and one step up (0.25 = +25 %);
        // NaN where the step does not exist or the design there is not valid.
        std::array<double, kMetrics> low{};
        std::array<double, kMetrics> high{};
        // The larger of |low| and |high| (0 when neither exists).
        double effect(Metric m) const;
    };

    struct Result
    {
        // The design's own figures: weights and inference memory (bytes), training compute
        // (FLOP), training cost (US dollars), predicted loss (nats/token).
        std::array<double, kMetrics> base{};
        std::vector<Knob> knobs; // in the controls' order; SensitivityFigure sorts them by effect
    };

    static Expected<Result, Error> of(const ModelConfig &config, const Assumptions &assumptions,
                                      const HardwareCatalog &catalog, const DesignLocks &locks = {});

    static double value(const Evaluation &e, Metric m);
    // Stable names: weights_memory, inference_memory, training_compute, training_cost, loss.
    static QString key(Metric m);
};

} // namespace tx
