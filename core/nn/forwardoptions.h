#pragma once

#include <atomic>
#include <functional>

namespace tx {

// What a forward pass should capture, and how a worker thread steers it.
struct ForwardOptions
{
    bool captureAttention = false;     // ForwardResult::attention
    bool captureScores = false;        // ForwardResult::scores
    bool captureResidualNorms = false; // ForwardResult::residualNorms

    // Checked before every layer; when it turns true the pass stops and returns an Error.
    const std::atomic<bool> *cancel = nullptr;
    // Called after each layer with (layers done, layers in total), on the calling thread.
    std::function<void(int, int)> progress;

    static ForwardOptions everything()
    {
        ForwardOptions o;
        o.captureAttention = o.captureScores = o.captureResidualNorms = true;
        return o;
    }
};

} // namespace tx
