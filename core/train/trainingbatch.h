#pragma once

#include <vector>

namespace tx {

// B sequences of T tokens for one training step, row-major: element b*T + t is position t of
// sequence b. The model reads inputs and predicts targets (the next token); only positions
// with a non-zero mask count in the loss.
struct TrainingBatch
{
    int batch = 0;               // B
    int seqLen = 0;              // T
    std::vector<int> inputs;     // (B*T) token ids
    std::vector<int> targets;    // (B*T) token ids: the token after inputs[b*T + t]
    std::vector<float> mask;     // (B*T) 1 where the loss counts, 0 elsewhere
    // Induction-style sequences only (empty otherwise): per sequence, the input position where
    // the repeated segment first starts and its length; the second copy starts at
    // repeatStart + repeatLength.
    std::vector<int> repeatStart;  // (B)
    std::vector<int> repeatLength; // (B)
};

} // namespace tx
