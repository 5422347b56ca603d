#pragma once

#include <QString>

#include <cstdint>

namespace tx {

// One figure of the first seed document, recomputed: what the seed wrote and what its own
// formula gives.
struct SeedCheck
{
    QString what;          // translated, "a 512 / 2048 layer"
    QString formula;       // the seed's formula with the numbers put in
    std::int64_t params = 0; // what the formula gives
    QString seedSays;      // the seed's figure as it wrote it ("≈ 2.7 百万")
    bool seedRight = false;
};

} // namespace tx
