#pragma once

#include <QString>

#include <cstdint>

namespace tx {

// One column of the "From y = Wx + b to a Transformer layer" view.
struct LayerColumn
{
    QString title;          // translated, "Linear layer"
    QString shape;          // "100 → 10"
    std::int64_t params = 0; // exact parameters
    double flopsPerToken = 0; // forward FLOPs for one token (a multiply-add is 2)
    QString paramFormula;   // "y = W·x + b: 100·10 + 10 = 1,010"
    QString flopFormula;    // "2 · 100 · 10 = 2,000"
    QString buys;           // translated: what this layer can do that the one before cannot
};

} // namespace tx
