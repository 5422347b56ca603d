#pragma once

#include <cmath>

namespace tx {

// Linear warmup from 0 to `peak` over `warmupSteps`, then cosine decay to `minimum` at
// `totalSteps` (Loshchilov & Hutter 2017, SGDR without restarts; the GPT-3 / nanoGPT recipe).
// Steps count from 0.
struct LrSchedule
{
    double peak = 1e-3;
    double minimum = 1e-4;
    int warmupSteps = 0;
    int totalSteps = 1;

    double at(int step) const
    {
        if (step < warmupSteps)
            return peak * double(step + 1) / double(warmupSteps);
        if (totalSteps <= warmupSteps || step >= totalSteps)
            return totalSteps <= warmupSteps ? peak : minimum;
        const double progress = double(step - warmupSteps) / double(totalSteps - warmupSteps);
        return minimum + 0.5 * (peak - minimum) * (1.0 + std::cos(3.141592653589793 * progress));
    }
};

} // namespace tx
