#include "core/nn/sampler.h"

#include "core/base/upperstate.h"
#include "core/nn/masscrossing.h"
#include "core/nn/vectormath.h"

#include <Eigen/Core>

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

int argmax(const float *logits, int V)
{
    int best = 0;
    for (int i = 1; i < V; ++i)
        if (logits[i] > logits[best])
            best = i;
    return best;
}

bool greedy(const SamplingOptions &o)
{
    return o.temperature <= 0.0 || o.topK == 1;
}

} // namespace

std::vector<std::pair<int, double>> Sampler::candidates(const float *logits, int V) const
{
    std::vector<std::pair<int, double>> c;
    if (greedy(m_options)) {
        c.emplace_back(argmax(logits, V), 1.0);
        return c;
    }
    const double maxLogit = double(logits[argmax(logits, V)]);
    c.reserve(std::size_t(V));
    double total = 0.0;
    for (int i = 0; i < V; ++i) {
        const double p = std::exp((double(logits[i]) - maxLogit) / m_options.temperature);
        c.emplace_back(i, p);
        total += p;
    }
    auto moreLikely = [](const std::pair<int, double> &a, const std::pair<int, double> &b) {
        return a.second > b.second || (a.second == b.second && a.first < b.first);
    };
    std::size_t keep = c.size();
    if (m_options.topK > 0 && std::size_t(m_options.topK) < c.size()) {
        keep = std::size_t(m_options.topK);
        std::partial_sort(c.begin(), c.begin() + std::ptrdiff_t(keep), c.end(), moreLikely);
        c.resize(keep);
        total = 0.0;
        for (const auto &x : c)
            total += x.second;
    }
    if (m_options.topP < 1.0) {
        // Tokens below (1 - p) / (n - 1) of the mass can never be inside the nucleus (llama2.c's
        // cut), so only the few above it are sorted.
        const double cutoff = (1.0 - m_options.topP) / double(std::max<std::size_t>(1, c.size() - 1)) * total;
        auto end = std::partition(c.begin(), c.end(), [&](const auto &x) { return x.second >= cutoff; });
        std::sort(c.begin(), end, moreLikely);
        double mass = 0.0;
        std::size_t n = 0;
        for (auto it = c.begin(); it != end; ++it) {
            mass += it->second;
            ++n;
            if (mass >= m_options.topP * total)
                break;
        }
        c.resize(std::max<std::size_t>(1, n));
        total = mass;
    } else if (keep == std::size_t(V)) {
        std::sort(c.begin(), c.end(), moreLikely);
    }
    for (auto &x : c)
        x.second /= total;
    return c;
}

double Sampler::numerators(const float *logits, int V)
{
    m_numerators.resize(std::size_t(V));
    const float invT = float(1.0 / m_options.temperature);
    for (int i = 0; i < V; ++i)
        m_numerators[std::size_t(i)] = logits[i] * invT;
    return vec::expShifted(m_numerators.data(), V, logits[argmax(logits, V)] * invT);
}

int Sampler::next(const float *logits, int V)
{
    if (greedy(m_options))
        return argmax(logits, V);
    // One exp per vocabulary entry below, SSE code calling libm: 10x slower on an Intel core whose
    // upper register halves Qt's string hashing left dirty (core/base/upperstate.h).
    UpperState::clearNow();
    const double u = m_rng.uniform();
    if (m_options.topK <= 0 && m_options.topP >= 1.0) {
        // Plain softmax sampling: no ordering needed, the token where the running mass in token
        // order passes u · total. On the vector exp's numerators (float32, as the nucleus path
        // below), summed in blocks first so that only the crossing block is walked one by one:
        // a walk of all 32,000 would wait on its own additions.
        numerators(logits, V);
        const std::vector<float> &p = m_numerators;
        constexpr int kBlock = 256;
        const int blocks = (V + kBlock - 1) / kBlock;
        m_blockMass.resize(std::size_t(blocks));
        double total = 0.0;
        for (int b = 0; b < blocks; ++b) {
            const int n = std::min(kBlock, V - b * kBlock);
            m_blockMass[std::size_t(b)] = double(Eigen::Map<const Eigen::ArrayXf>(p.data() + b * kBlock, n).sum());
            total += m_blockMass[std::size_t(b)];
        }
        double left = u * total;
        int b = 0;
        while (b + 1 < blocks && left >= m_blockMass[std::size_t(b)])
            left -= m_blockMass[std::size_t(b++)];
        while (b > 0 && !(m_blockMass[std::size_t(b)] > 0.0)) // rounded past the end: the last block with mass
            --b;
        // Block b holds the crossing, or is the last; the block's sum and its walk may round
        // differently: then the block's last possible token.
        int last = b * kBlock;
        for (int i = b * kBlock; i < std::min(V, (b + 1) * kBlock); ++i) {
            left -= double(p[std::size_t(i)]);
            if (left < 0.0)
                return i;
            if (p[std::size_t(i)] > 0.0f)
                last = i;
        }
        return last;
    }
    if (m_options.topK <= 0 && m_options.topP < 1.0) {
        // Nucleus sampling without sorting: the tokens and probabilities of candidates() (in
        // float32), found by two searches on the mass (MassCrossing): the nucleus, then the drawn
        // token in it.
        const double total = numerators(logits, V);
        const std::vector<float> &scaled = m_numerators;
        std::vector<WeightedToken> &w = m_candidates;
        w.resize(std::size_t(V));
        const float cutoff = float((1.0 - m_options.topP) / double(std::max(1, V - 1)) * total);
        std::size_t kept = 0;
        for (int i = 0; i < V; ++i)
            if (scaled[std::size_t(i)] >= cutoff)
                w[kept++] = {scaled[std::size_t(i)], i};
        if (kept == 0)
            return argmax(logits, V);
        double mass = 0.0, unused = 0.0;
        const auto lastIn = MassCrossing::find(w.begin(), w.begin() + std::ptrdiff_t(kept), m_options.topP * total, true, &mass);
        return MassCrossing::find(w.begin(), lastIn + 1, u * mass, false, &unused)->id;
    }
    const std::vector<std::pair<int, double>> c = candidates(logits, V);
    double left = u;
    for (const auto &x : c) {
        left -= x.second;
        if (left < 0.0)
            return x.first;
    }
    return c.back().first;
}

} // namespace tx
