#include "tests/support/gradientcheck.h"

#include <algorithm>
#include <cmath>

namespace tx {

GradientCheck GradientCheck::run(const std::function<double()> &loss, Mat &values, const Mat &analytic, float h,
                                 int maxEntries, double floor)
{
    GradientCheck r;
    const Eigen::Index n = values.size();
    if (n == 0 || maxEntries <= 0)
        return r;
    const Eigen::Index stride = std::max<Eigen::Index>(1, n / maxEntries);
    for (Eigen::Index i = 0; i < n && r.checked < maxEntries; i += stride) {
        float &v = values.data()[i];
        const float saved = v;
        v = saved + h;
        const double up = loss();
        v = saved - h;
        const double down = loss();
        v = saved;
        const double numeric = (up - down) / (2.0 * double(h));
        const double a = analytic.data()[i];
        const double err = std::abs(a - numeric);
        r.maxAbsError = std::max(r.maxAbsError, err);
        r.maxRelError = std::max(r.maxRelError, err / std::max({std::abs(a), std::abs(numeric), floor}));
        ++r.checked;
    }
    return r;
}

} // namespace tx
