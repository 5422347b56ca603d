#include "core/nn/masscrossing.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>

namespace tx {

namespace {

// Most likely first; equal probabilities by token id, so the order is total.
bool moreLikely(const WeightedToken &a, const WeightedToken &b)
{
    return a.p > b.p || (a.p == b.p && a.id < b.id);
}

using WeightedIt = MassCrossing::It;

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

// Buckets of find()'s histogram.
constexpr int kBuckets = 1024;

} // namespace

MassCrossing::It MassCrossing::find(It first, It last, double target, bool reach, double *mass)
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
    thread_local std::vector<WeightedToken> above, in, below;
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

} // namespace tx
