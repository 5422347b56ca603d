#pragma once

#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"

#include <cstdint>
#include <initializer_list>
#include <random>

namespace tx {

// Random designs for the gauntlet (bench_designs, tst_designgauntlet): every field drawn from
// ordinary values, zero, negatives, the validator's bounds and one past them, and INT_MAX, so
// that valid, barely valid and invalid designs all show up; every enum value; every
// combination of the 2024–26 fields (MLA, QK-norm, windows and per-layer patterns, sinks,
// soft-capping, MoE with shared experts and dense layers, MTP, the new number formats), and
// assumptions (context, batch, devices, device) at and past their bounds. Seeded: the same seed
// gives the same designs on every compiler (std::mt19937_64 is specified to the bit; the
// draws below use only its raw output, not the library's distributions).
class HostileDesigns
{
public:
    explicit HostileDesigns(std::uint64_t seed) : m_rng(seed) {}

    ModelConfig design();
    Assumptions assumptions();

private:
    std::uint64_t next() { return m_rng(); }
    int below(int n) { return int(next() % std::uint64_t(n)); } // [0, n)
    bool coin(int percent = 50) { return below(100) < percent; }
    // A size near `typical`, or an edge case: 0, -1, 1, the bound, bound + 1, INT_MAX.
    int size(int typical, int bound);
    double real(double typical, double bound);
    template<typename E>
    E pick(std::initializer_list<E> values)
    {
        return *(values.begin() + below(int(values.size())));
    }

    std::mt19937_64 m_rng;
};

} // namespace tx
