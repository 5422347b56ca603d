#pragma once

#include "core/estimate/scalinglaw.h"
#include "core/estimate/scalingpoint.h"

#include <vector>

namespace tx {

// Chart data, log-spaced, `points` ≥ 2 (clamped to [2, 10000]).
class ScalingCurves
{
public:
    // One iso-FLOP curve: N from nMin to nMax, D = C/(6·N), loss L(N, D) (Hoffmann et al. 2022, Fig. 3).
    static std::vector<ScalingPoint> isoFlop(const ScalingLaw &law, double flops, double nMin, double nMax,
                                             int points);
    // The compute-optimal frontier: N*(C), D*(C), L(N*, D*) for C from cMin to cMax.
    static std::vector<ScalingPoint> frontier(const ScalingLaw &law, double cMin, double cMax, int points);
    // Loss against params at a fixed number of training tokens; C = 6·N·D.
    static std::vector<ScalingPoint> lossVsParams(const ScalingLaw &law, double tokens, double nMin, double nMax,
                                                  int points);
};

} // namespace tx
