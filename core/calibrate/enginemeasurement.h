#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/calibrate/calibrationfigures.h"
#include "core/calibrate/calibrationplan.h"

#include <QCoreApplication>

#include <atomic>
#include <functional>

namespace tx {

// Runs a plan in the engine and measures it: the median time of settings.repeats training steps
// and forward passes and of the generated tokens' decode steps; the engine's own allocations
// (weights, gradients, AdamW moments, the activation cache, the KV cache) counted in floats; and
// the rise of this process's resident memory (VmHWM − VmRSS before) over creating the model and
// its training steps. Takes seconds; call it off the UI thread.
class EngineMeasurement
{
    Q_DECLARE_TR_FUNCTIONS(tx::EngineMeasurement)

public:
    // progress(done, total) after each timed run. Returns an Error when `stop` turned true.
    static Expected<CalibrationFigures, Error> measure(const CalibrationPlan &plan, const std::atomic<bool> *stop = nullptr,
                                                       const std::function<void(int, int)> &progress = {});
    // Steps measure() reports progress over.
    static int steps(const CalibrationPlan &plan);
};

} // namespace tx
