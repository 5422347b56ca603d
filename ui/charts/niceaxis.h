#pragma once

class QValueAxis;

namespace tx {

// Sets a value axis to [0, a round number above `top`] with round tick steps (1, 2, 2.5 or 5
// × 10^k), and touches the axis only when that range changes: a chart whose axis keeps its
// range does not lay itself out again on a slider tick.
class NiceAxis
{
public:
    static void fitFromZero(QValueAxis *axis, double top, int maxTicks = 6);
};

} // namespace tx
