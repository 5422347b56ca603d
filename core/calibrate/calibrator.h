#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/calibrate/calibrationfigures.h"
#include "core/calibrate/calibrationplan.h"
#include "core/calibrate/calibrationtable.h"
#include "core/calibrate/cpupeak.h"

#include <QCoreApplication>

namespace tx {

// Predicted against measured (README "Predicted against measured"): the estimator's figures for
// the shape the engine runs on this CPU, beside what EngineMeasurement measured.
class Calibrator
{
    Q_DECLARE_TR_FUNCTIONS(tx::Calibrator)

public:
    // The design scaled down (EngineSizer::fit) to settings.capBytes of float32 weights, and the
    // shape checked: batch 1-64, seq 2-4096 (then capped by max_positions), generate 1 to seq − 1,
    // repeats 1-50.
    static Expected<CalibrationPlan, Error> plan(const ModelConfig &config, const CalibrationSettings &settings);

    // What the estimator predicts for the plan on `cpu` (float32 weights and cache, AdamW at
    // 16 bytes per parameter, no recomputation, no FlashAttention):
    //   forward: roofline of B·T · forward FLOPs/token at T against the active weights + KV of B × T,
    //   training step: B·T · training FLOPs/token / (peak · MFU), MFU the default assumption (40 %),
    //   decode: roofline of decode FLOPs at T − G/2 against the active weights + KV of that context,
    //   memory: the training memory of `size` (activations at 4 bytes, twice its 16-bit formula),
    //   the KV cache of T tokens, and their sum as the training peak.
    static Expected<CalibrationFigures, Error> predict(const CalibrationPlan &plan, const CpuPeak &cpu);

    // Both side by side, one row per figure measured, with the error.
    static CalibrationTable table(const CalibrationPlan &plan, const CpuPeak &cpu, const CalibrationFigures &predicted,
                                  const CalibrationFigures &measured);

    static QString label(const QString &key);
    // A row's figure as the table shows it: "1.14 ms", "499 KB" (decimal units).
    static QString formatValue(const CalibrationRow &row, double value);
    // "+12.3 %", "−50.0 %", or "n/a" when nothing was measured.
    static QString formatError(const CalibrationRow &row);
};

} // namespace tx
