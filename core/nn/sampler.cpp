#include "core/nn/sampler.h"

#include "core/base/upperstate.h"
#include "core/nn/vectormath.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
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

// A candidate of the nucleus search: 8 bytes, so the quickselects move half what pairs of int and
// double would.
struct Weighted
{
    float p;
    int id;
};

// Most likely first; equal probabilities by token id, so the order is total.
bool moreLikely(const Weighted &a, const Weighted &b)
{
    return a.p > b.p || (a.p == b.p && a.id < b.id);
}

using WeightedIt = std::vector<Weighted>::iterator;

// The element of [first, last) at which the running probability, taken in moreLikely order and
// starting from `before` (the mass ranked ahead of the range), first reaches `target` (reach) or
// first exceeds it (!reach), with the mass up to and including it in *mass; the last element when
// it never does. Quickselect on the mass: each round places the middle-ranked element with
// nth_element and keeps the half holding the crossing, so the expected cost is linear. Reorders the
// range so that the elements ranked up to the one returned come first.
WeightedIt crossingBySelect(WeightedIt first, WeightedIt last, double before, double target, bool reach, double *mass)
{
    auto crossed = [&](double m) { return reach ? m >= target : m > target; };
    while (last - first > 16) {
        const auto mid = first + (last - first) / 2;
        std::nth_element(first, mid, last, moreLikely);
        double left = 0.0;
        for (auto it = first; it != mid; ++it)
            left += double(it->p);
        if (crossed(before + left)) {
            last = mid;
        } else if (crossed(before + left + double(mid->p))) {
            *mass = before + left + double(mid->p);
            return mid;
        } else {
            before += left + double(mid->p);
            first = mid + 1;
        }
    }
    std::sort(first, last, moreLikely);
    for (auto it = first; it != last; ++it) {
        before += double(it->p);
        if (crossed(before) || it + 1 == last) {
            *mass = before;
            return it;
        }
    }
    *mass = before;
    return last - 1;
}

// Buckets of crossing()'s histogram.
constexpr int kBuckets = 1024;

// crossingBySelect's answer, found first on a histogram of the mass: the probabilities are cut
// into at most kBuckets ranges between the least and the greatest, one pass sums each range's mass,
// a scan from the top finds the range in which the running mass crosses the target, and only
// that range's elements go to the quickselect. Every pass is free of data-dependent branches;
// nth_element's comparisons on random probabilities are not, and mispredicted branches made the
// two quickselects of a nucleus draw ~1 ms of a stories15M token (32,000 candidates, a fifth of
// the step; Emerald Rapids Xeon, 6 Dec 2026). The ranges are runs of float bit patterns, which for
// non-negative floats grow with the value: a greater probability never falls in a lower range and
// equal ones share one, so the answer is the same element. Being about logarithmic, the ranges
// spread a softmax's long tail over many buckets instead of crowding it into the lowest.
// Reorders the range as crossingBySelect does.
WeightedIt crossing(WeightedIt first, WeightedIt last, double target, bool reach, double *mass)
{
    const long n = last - first;
    if (n <= 256)
        return crossingBySelect(first, last, 0.0, target, reach, mass);
    auto bits = [](float p) { return std::bit_cast<std::uint32_t>(p); };
    // Four running minima and maxima: one would wait on its own latency at every element.
    std::uint32_t lo[4], hi[4];
    std::fill(lo, lo + 4, bits(first->p));
    std::fill(hi, hi + 4, bits(first->p));
    auto it = first;
    for (; last - it >= 4; it += 4)
        for (int j = 0; j < 4; ++j) {
            lo[j] = std::min(lo[j], bits(it[j].p));
            hi[j] = std::max(hi[j], bits(it[j].p));
        }
    for (; it != last; ++it) {
        lo[0] = std::min(lo[0], bits(it->p));
        hi[0] = std::max(hi[0], bits(it->p));
    }
    const std::uint32_t least = *std::min_element(lo, lo + 4), range = *std::max_element(hi, hi + 4) - least;
    if (range == 0)
        return crossingBySelect(first, last, 0.0, target, reach, mass);
    int shift = 0;
    while ((range >> shift) >= std::uint32_t(kBuckets))
        ++shift;
    auto bucketOf = [&](float p) { return int((bits(p) - least) >> shift); };
    std::array<double, kBuckets> bucketMass{};
    for (auto e = first; e != last; ++e)
        bucketMass[std::size_t(bucketOf(e->p))] += double(e->p);
    auto crossed = [&](double m) { return reach ? m >= target : m > target; };
    double before = 0.0;
    int b = kBuckets - 1;
    for (; b > 0 && !crossed(before + bucketMass[std::size_t(b)]); --b)
        before += bucketMass[std::size_t(b)];
    // Bucket b holds the crossing (or, when nothing crosses, b is 0 and holds the last element).
    // The range becomes: the buckets above b, then b, then those below; each element is written
    // to every stream and the stream's end moves only when it belongs there.
    thread_local std::vector<Weighted> above, in, below;
    above.resize(std::size_t(n));
    in.resize(std::size_t(n));
    below.resize(std::size_t(n));
    std::size_t nAbove = 0, nIn = 0, nBelow = 0;
    for (auto e = first; e != last; ++e) {
        const int k = bucketOf(e->p);
        above[nAbove] = *e;
        in[nIn] = *e;
        below[nBelow] = *e;
        nAbove += std::size_t(k > b);
        nIn += std::size_t(k == b);
        nBelow += std::size_t(k < b);
    }
    auto out = std::copy(above.begin(), above.begin() + std::ptrdiff_t(nAbove), first);
    const auto inFirst = out;
    out = std::copy(in.begin(), in.begin() + std::ptrdiff_t(nIn), out);
    const auto inLast = out;
    std::copy(below.begin(), below.begin() + std::ptrdiff_t(nBelow), out);
    return crossingBySelect(inFirst, inLast, before, target, reach, mass);
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

int Sampler::next(const float *logits, int V)
{
    if (greedy(m_options))
        return argmax(logits, V);
    // One exp per vocabulary entry below, SSE code calling libm: 10x slower on an Intel core whose
    // upper register halves Qt's string hashing left dirty (core/base/upperstate.h).
    UpperState::clearNow();
    const double u = m_rng.uniform();
    if (m_options.topK <= 0 && m_options.topP >= 1.0) {
        // Plain softmax sampling: no ordering needed, one pass in token order.
        const double maxLogit = double(logits[argmax(logits, V)]);
        double total = 0.0;
        m_scratch.resize(std::size_t(V));
        for (int i = 0; i < V; ++i) {
            const double p = std::exp((double(logits[i]) - maxLogit) / m_options.temperature);
            m_scratch[std::size_t(i)] = {i, p};
            total += p;
        }
        double left = u * total;
        for (int i = 0; i < V; ++i) {
            left -= m_scratch[std::size_t(i)].second;
            if (left < 0.0)
                return i;
        }
        return V - 1;
    }
    if (m_options.topK <= 0 && m_options.topP < 1.0) {
        // Nucleus sampling without sorting: the tokens and probabilities of candidates() (in
        // float32), found by two quickselects on the mass: the nucleus, then the drawn token in it.
        thread_local std::vector<float> scaled;
        thread_local std::vector<Weighted> w;
        scaled.resize(std::size_t(V));
        w.resize(std::size_t(V));
        const float invT = float(1.0 / m_options.temperature);
        for (int i = 0; i < V; ++i)
            scaled[std::size_t(i)] = logits[i] * invT;
        const double total = vec::expShifted(scaled.data(), V, logits[argmax(logits, V)] * invT);
        const float cutoff = float((1.0 - m_options.topP) / double(std::max(1, V - 1)) * total);
        std::size_t kept = 0;
        for (int i = 0; i < V; ++i)
            if (scaled[std::size_t(i)] >= cutoff)
                w[kept++] = {scaled[std::size_t(i)], i};
        if (kept == 0)
            return argmax(logits, V);
        double mass = 0.0, unused = 0.0;
        const auto lastIn = crossing(w.begin(), w.begin() + std::ptrdiff_t(kept), m_options.topP * total, true, &mass);
        return crossing(w.begin(), lastIn + 1, u * mass, false, &unused)->id;
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
