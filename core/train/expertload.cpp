#include "core/train/expertload.h"

#include <algorithm>

namespace tx {

double ExpertLoad::share(int expert) const
{
    const std::int64_t total = totalSlots();
    return total > 0 ? double(routed[std::size_t(expert)]) / double(total) : 0.0;
}

double ExpertLoad::meanProb(int expert) const
{
    return rows > 0 ? probSum[std::size_t(expert)] / double(rows) : 0.0;
}

double ExpertLoad::maxOverMean() const
{
    if (routed.empty() || totalSlots() <= 0)
        return 0.0;
    return double(*std::max_element(routed.begin(), routed.end())) * experts() / double(totalSlots());
}

double ExpertLoad::balanceLoss() const
{
    double sum = 0.0;
    for (int i = 0; i < experts(); ++i)
        sum += share(i) * meanProb(i);
    return experts() * sum;
}

ExpertLoad ExpertLoad::measure(int layer, const ActivationCache::Layer &a, RouterScore score)
{
    ExpertLoad load;
    load.layer = layer;
    const int N = int(a.routerScores.rows()), E = int(a.routerScores.cols());
    load.rows = N;
    load.topK = N > 0 ? int(a.chosen.size() / std::size_t(N)) : 0;
    load.routed.assign(std::size_t(E), 0);
    load.probSum.assign(std::size_t(E), 0.0);
    for (int e : a.chosen)
        ++load.routed[std::size_t(e)];
    for (int t = 0; t < N; ++t) {
        double rowSum = 1.0; // a softmax row already sums to 1
        if (score == RouterScore::Sigmoid) {
            rowSum = 0.0;
            for (int e = 0; e < E; ++e)
                rowSum += a.routerScores(t, e);
        }
        if (rowSum <= 0.0)
            continue;
        for (int e = 0; e < E; ++e)
            load.probSum[std::size_t(e)] += a.routerScores(t, e) / rowSum;
    }
    return load;
}

void ExpertLoad::add(const ExpertLoad &other)
{
    if (routed.empty()) {
        *this = other;
        return;
    }
    rows += other.rows;
    for (std::size_t e = 0; e < routed.size() && e < other.routed.size(); ++e) {
        routed[e] += other.routed[e];
        probSum[e] += other.probSum[e];
    }
}

std::vector<ExpertLoad> ExpertLoad::sum(const std::vector<std::vector<ExpertLoad>> &steps)
{
    std::vector<ExpertLoad> out;
    for (const std::vector<ExpertLoad> &step : steps) {
        if (out.empty()) {
            out = step;
            continue;
        }
        for (std::size_t l = 0; l < out.size() && l < step.size(); ++l)
            out[l].add(step[l]);
    }
    return out;
}

} // namespace tx
