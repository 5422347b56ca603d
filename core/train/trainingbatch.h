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

    // Encoder-decoder tasks (empty otherwise): the encoder reads encoderInputs, B sequences of
    // encoderSeqLen tokens (element b*Te + t); `inputs` are then the decoder's inputs, the
    // targets shifted right behind the decoder start token (teacher forcing, T5's _shift_right).
    int encoderSeqLen = 0;         // Te
    std::vector<int> encoderInputs; // (B*Te) token ids
    // Per decoder row, the encoder position its target comes from (the copied digit, the
    // sentinel that stands for the span being written), −1 where none: what a cross-attention
    // head that aligns the two sequences looks at (HeadScore::alignment).
    std::vector<int> sourcePosition; // (B*T)

    bool isSeq2Seq() const { return encoderSeqLen > 0; }
};

} // namespace tx
