#pragma once

// Private to the engine's implementation files (transformer.cpp, transformerdecode.cpp):
// what one pass of Transformer::run reads and writes.

#include "core/nn/transformer.h"

namespace tx {

// One pass of the forward: which rows, at which positions, and what it keeps.
struct Transformer::Run
{
    const std::vector<int> *tokens = nullptr;        // (N) ids, sequences stacked
    std::vector<int> offsets;                        // (B + 1)
    int pos0 = 0;                                    // position of each sequence's first token
    const ForwardOptions *options = nullptr;         // captures, cancel, progress
    std::vector<ForwardResult> *results = nullptr;   // per-sequence logits and captures
    ActivationCache *cache = nullptr;                // every layer's activations (training)
    KvCache *kv = nullptr;                           // keys and values (decoding; one sequence)
    Mat *logits = nullptr;                           // (N, vocab) of all rows
    const std::atomic<bool> *stop = nullptr;
    // Encoder-decoder: the encoder's input (a whole pass; decoding reads the KvCache instead).
    const std::vector<int> *encoderTokens = nullptr; // (Ne) ids, sequences stacked
    std::vector<int> encoderOffsets;                 // (B + 1)
};

} // namespace tx
