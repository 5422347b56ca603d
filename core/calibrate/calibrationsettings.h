#pragma once

#include <cstdint>

namespace tx {

// The shape a calibration runs: B sequences of T tokens for the forward pass and the training
// step, and one sequence decoded token by token (a prompt of T − generate tokens, then generate).
struct CalibrationSettings
{
    int batch = 1;        // B
    int seq = 128;        // T (tokens), capped by the design's positions
    int generate = 32;    // tokens decoded after the prompt
    int repeats = 5;      // timings per figure; the table keeps the median
    std::int64_t capBytes = 64'000'000; // float32 weights the engine may allocate (bytes); larger designs are scaled down
    std::uint64_t seed = 1;

    bool operator==(const CalibrationSettings &) const = default;
};

} // namespace tx
