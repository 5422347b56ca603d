#include "core/estimate/scalingcurves.h"

#include <algorithm>
#include <cmath>

namespace tx {

namespace {
// points log-spaced values from lo to hi (both > 0).
template <typename F>
std::vector<ScalingPoint> sweep(double lo, double hi, int points, F &&make)
{
    std::vector<ScalingPoint> out;
    if (!(lo > 0) || !(hi > 0) || !std::isfinite(lo) || !std::isfinite(hi))
        return out;
    if (hi < lo)
        std::swap(lo, hi);
    const int n = std::clamp(points, 2, 10000);
    out.reserve(n);
    const double l0 = std::log(lo), l1 = std::log(hi);
    for (int i = 0; i < n; ++i)
        out.push_back(make(std::exp(l0 + (l1 - l0) * i / (n - 1))));
    return out;
}
} // namespace

std::vector<ScalingPoint> ScalingCurves::isoFlop(const ScalingLaw &law, double flops, double nMin, double nMax,
                                                 int points)
{
    if (!(flops > 0))
        return {};
    return sweep(nMin, nMax, points, [&](double n) {
        const double d = flops / (6.0 * n);
        return ScalingPoint{flops, n, d, law.loss(n, d)};
    });
}

std::vector<ScalingPoint> ScalingCurves::frontier(const ScalingLaw &law, double cMin, double cMax, int points)
{
    return sweep(cMin, cMax, points, [&](double c) { return law.optimal(c); });
}

std::vector<ScalingPoint> ScalingCurves::lossVsParams(const ScalingLaw &law, double tokens, double nMin,
                                                      double nMax, int points)
{
    if (!(tokens > 0))
        return {};
    return sweep(nMin, nMax, points, [&](double n) { return ScalingPoint{6.0 * n * tokens, n, tokens, law.loss(n, tokens)}; });
}

} // namespace tx
