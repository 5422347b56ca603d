#pragma once

namespace tx {

// One point of a scaling-law chart.
struct ScalingPoint
{
    double flops = 0;  // C (FLOPs)
    double params = 0; // N (parameters)
    double tokens = 0; // D (tokens)
    double loss = 0;   // nats/token
};

} // namespace tx
