#include "core/estimate/device.h"

namespace tx {

double Device::peakFlops(Precision p) const
{
    // Weight-only int8/int4 kernels still multiply in 16-bit when the device has no integer
    // peak; every fallback goes to the next wider format the device lists.
    const double chain[] = {peakInt4, peakInt8, peakFp8, peakBf16, peakFp32};
    int start = 3;
    // Block formats multiply at the precision their kernels dequantise to.
    switch (computePrecision(p)) {
    case Precision::INT4: start = 0; break;
    case Precision::INT8: start = 1; break;
    case Precision::FP8: start = 2; break;
    case Precision::FP16:
    case Precision::BF16: start = 3; break;
    case Precision::FP32: start = 4; break;
    default: break;
    }
    for (int i = start; i < 5; ++i)
        if (chain[i] > 0)
            return chain[i];
    return 0;
}

} // namespace tx
