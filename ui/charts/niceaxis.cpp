#include "ui/charts/niceaxis.h"

#include <QValueAxis>

#include <cmath>

namespace tx {

void NiceAxis::fitFromZero(QValueAxis *axis, double top, int maxTicks)
{
    if (!(top > 0) || !std::isfinite(top))
        top = 1;
    const double rough = top / std::max(1, maxTicks - 1);
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    double step = magnitude * 10;
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (magnitude * m >= rough) {
            step = magnitude * m;
            break;
        }
    }
    const int intervals = int(std::ceil(top / step - 1e-9));
    const double max = intervals * step;
    if (axis->min() != 0 || axis->max() != max)
        axis->setRange(0, max);
    if (axis->tickCount() != intervals + 1)
        axis->setTickCount(intervals + 1);
}

} // namespace tx
