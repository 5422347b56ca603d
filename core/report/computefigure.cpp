#include "core/report/computefigure.h"

#include <algorithm>
#include <cmath>

namespace tx {

ComputeFigure ComputeFigure::of(const Evaluation *evaluation)
{
    constexpr double kTera = 1e12;
    ComputeFigure f;
    // The device's name replaces "the device" once there is a design.
    f.title = tr("Speed limit of the device (roofline)");
    f.prefillName = tr("Prefill");
    f.decodeName = tr("Decode");
    f.xTitle = tr("arithmetic intensity (FLOP/byte)");
    f.yTitle = tr("attainable speed (TFLOP/s)");
    if (!evaluation)
        return f;
    const Evaluation &e = *evaluation;
    const auto &hw = e.hardware;
    const double peak = hw.inferencePeakFlops / kTera;
    const double bandwidth = hw.bandwidthBytesPerSecond / kTera; // TFLOP/s per (FLOP/byte)
    if (!(peak > 0) || !(bandwidth > 0))
        return f;
    const double ridge = peak / bandwidth;
    f.roofName = tr("Roof: %1 TFLOP/s, %2 TB/s").arg(peak, 0, 'f', 0).arg(bandwidth, 0, 'f', 2);
    f.title = tr("Speed limit of %1 (roofline)").arg(hw.deviceName);
    f.roof = {QPointF(kMinIntensity, bandwidth * kMinIntensity), QPointF(ridge, peak), QPointF(kMaxIntensity, peak)};
    const auto attainable = [&](double intensity) { return std::min(peak, bandwidth * intensity); };
    const auto onAxis = [](double x) { return std::isfinite(x) ? std::clamp(x, kMinIntensity, kMaxIntensity) : kMinIntensity; };
    const double pi = onAxis(e.compute.prefillIntensity);
    const double di = onAxis(e.compute.decodeIntensity);
    f.prefill = QPointF(pi, attainable(pi));
    f.decode = QPointF(di, attainable(di));
    // Whole decades around the roof, so the log axis labels read 0.1, 1, 10, …
    f.yLow = std::pow(10.0, std::floor(std::log10(std::max(1e-6, bandwidth * kMinIntensity))));
    f.yHigh = std::pow(10.0, std::ceil(std::log10(peak * 1.5)));
    return f;
}

} // namespace tx
