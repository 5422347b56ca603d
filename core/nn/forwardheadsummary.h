#pragma once

#include "core/nn/forwardresult.h"

#include <vector>

namespace tx {

// What one attention head does on one input, in three numbers a class can compare:
// how spread its attention is, and how much of it goes to the previous or the first token.
struct ForwardHeadSummary
{
    int layer = 0; // 0-based
    int head = 0;  // 0-based
    // Mean over queries of -Σ p·log2 p (bits): 0 when every query looks at one key,
    // log2(visible keys) when it spreads evenly.
    double entropyBits = 0.0;
    // Mean over queries 1..T-1 of p(query → query-1): 1 for a pure previous-token head.
    double previousToken = 0.0;
    // Mean over queries 1..T-1 of p(query → 0). Query 0 is left out of both means because
    // under a causal mask it can only look at itself.
    double firstToken = 0.0;

    // One summary per layer and head, in layer-major order. Needs result.attention;
    // returns nothing when it was not captured.
    static std::vector<ForwardHeadSummary> summarize(const ForwardResult &result);
};

} // namespace tx
