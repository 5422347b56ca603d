#pragma once

namespace tx {

// The nine figures a calibration compares, once as the estimator predicts them and once as the
// engine measures them. A figure below zero was not measured (a design the engine does not train).
struct CalibrationFigures
{
    double forwardSeconds = -1;         // one forward pass of B × T tokens
    double trainStepSeconds = -1;       // forward, backward, gradient clipping and AdamW on B × T tokens
    double decodeSecondsPerToken = -1;  // one decode step with a KV cache
    double weightsBytes = -1;           // float32 weights
    double gradientsBytes = -1;         // float32 gradients
    double momentsBytes = -1;           // AdamW m and v
    double activationsBytes = -1;       // what the forward keeps for the backward
    double kvCacheBytes = -1;           // keys and values after decoding T tokens
    double trainingPeakBytes = -1;      // peak memory of the training step: RSS rise (measured), states + activations (predicted)

    bool operator==(const CalibrationFigures &) const = default;
};

} // namespace tx
