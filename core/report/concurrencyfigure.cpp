#include "core/report/concurrencyfigure.h"

#include "core/base/numberformat.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/servingestimator.h"
#include "core/estimate/solver.h"

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

constexpr int kMaxPoints = 64; // samples along the curve; every user count when the limit is smaller

// 1, 2, 5 × 10^k at or above x.
double niceCeiling(double x)
{
    if (!(x > 0))
        return 1;
    const double decade = std::pow(10.0, std::floor(std::log10(x)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * decade >= x - 1e-12)
            return m * decade;
    return 10 * decade;
}

} // namespace

ConcurrencyFigure ConcurrencyFigure::of(const EvaluatedDesign *design, const HardwareCatalog &catalog)
{
    ConcurrencyFigure f;
    f.title = tr("Decode speed against concurrent users");
    f.xTitle = tr("users decoding at once");
    f.perUserTitle = tr("tokens/s per user");
    f.totalTitle = tr("tokens/s, all users");
    f.perUserName = tr("Per user");
    f.totalName = tr("All users together");
    f.limitName = tr("Memory limit");
    if (!design)
        return f;
    const ModelConfig &c = design->config;
    Assumptions a = design->assumptions;
    const auto &hw = design->evaluation.hardware;
    // The job's devices (--devices), or the more that hold one user's inference memory; the curve stays on them.
    a.batch = 1;
    const auto one = evaluate(c, a, catalog);
    if (!one)
        return f;
    f.devices = std::max({1, a.devices, one->hardware.devicesForInference});
    a.devices = f.devices;
    a.tensorParallel = 1;
    f.title = tr("Decode speed against concurrent users on %1 × %2").arg(f.devices).arg(hw.deviceName);
    const auto limit = Solver::largestBatch(c, a, catalog);
    if (!limit || limit->value < 1)
        return f;
    f.limit = limit->value;
    // Users 1 … limit: all of them when few, else kMaxPoints spread evenly (whole users, the limit last).
    QList<int> users;
    const int n = std::min(f.limit, kMaxPoints);
    for (int i = 0; i < n; ++i) {
        const int u = n == 1 ? 1 : 1 + int(std::lround(double(i) * (f.limit - 1) / (n - 1)));
        if (users.isEmpty() || u > users.last())
            users << u;
    }
    double perUserTop = 0, totalTop = 0;
    for (int u : users) {
        a.batch = u;
        const auto e = evaluate(c, a, catalog);
        if (!e)
            return f;
        const ServingEstimate s = ServingEstimator::estimate(c, a, *e);
        f.perUser << QPointF(u, s.tokensPerSecondPerUser);
        f.total << QPointF(u, s.outputTokensPerSecond);
        perUserTop = std::max(perUserTop, s.tokensPerSecondPerUser);
        totalTop = std::max(totalTop, s.outputTokensPerSecond);
    }
    f.xMax = f.limit < 10 ? f.limit + 1 : niceCeiling(f.limit * 1.02);
    f.perUserMax = niceCeiling(perUserTop * 1.05);
    f.totalMax = niceCeiling(totalTop * 1.05);
    f.limitLine = {QPointF(f.limit, 0), QPointF(f.limit, f.perUserMax)};
    f.limitName = tr("Memory limit: %1 users at most").arg(NumberFormat::exact(f.limit));
    f.note = tr("On %1 × %2 up to %3 users of %4 tokens fit (%5). At the limit each user gets %6 tokens/s, "
                "%7 tokens/s in all; one user alone gets %8 tokens/s.")
                 .arg(f.devices)
                 .arg(hw.deviceName, NumberFormat::exact(f.limit), NumberFormat::exact(a.contextLength), limit->text)
                 .arg(f.perUser.last().y(), 0, 'f', 1)
                 .arg(NumberFormat::exact(std::llround(f.total.last().y())))
                 .arg(f.perUser.first().y(), 0, 'f', 1);
    return f;
}

} // namespace tx
