#pragma once

#include "core/nn/forwardresult.h"
#include "core/nn/mat.h"

#include <vector>

namespace tx {

// What one attention head does, in numbers a class can compare: how spread its attention is,
// how much goes to the previous or the first token, and on repeated segments how much goes
// where an induction head looks. Olsson et al. 2022, "In-context Learning and Induction Heads",
// define the induction and previous-token scores this way. One module for the attention view
// and the training view, in one unit: entropy in bits.
struct HeadScore
{
    // Which attention the head belongs to: the self-attention of a decoder (or of the only
    // stack), of an encoder-decoder's encoder, or a decoder layer's cross-attention over the
    // encoder. `layer` counts within its stack.
    enum class Kind { Self, EncoderSelf, Cross };
    Kind kind = Kind::Self;
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
    // Mean attention from each position i of a repeated segment's second copy (whose token
    // first appeared at i − len) to i − len + 1, the token that followed it last time;
    // 0 when the input has no repeated segment.
    double induction = 0.0;
    // Cross-attention: mean attention from each decoder position to the encoder position its
    // target comes from (the digit it copies, the sentinel of the span it writes): 1 for a head
    // that aligns target and source exactly; 0 for self-attention or without source positions.
    double alignment = 0.0;

    // An induction head has formed when a (decoder self-attention) head past the first layer scores above this
    // (issue 7: "passes 0.5"; the first layer cannot see an earlier copy's successor).
    static constexpr double kInductionThreshold = 0.5;
    // The head past the first layer with the highest induction score, or nullptr.
    static const HeadScore *strongestInduction(const std::vector<HeadScore> &heads);
    // That head when it passes kInductionThreshold, else nullptr.
    static const HeadScore *formedInduction(const std::vector<HeadScore> &heads);

    // One score per layer and head, in layer-major order, from a forward pass that captured
    // its attention; nothing when it did not.
    static std::vector<HeadScore> measure(const ForwardResult &result);
    // The nHeads heads of one layer from ops::attentionForward's probabilities of B sequences
    // of T tokens: (B nHeads T, T), block b*nHeads + h is sequence b, head h (row = query).
    // Sequence b repeats a segment of repeatLength[b] tokens from repeatStart[b] (when given).
    // A matrix of another shape gives nothing.
    static std::vector<HeadScore> measureLayer(const Mat &probs, int layer, int nHeads, int B, int T,
                                               const std::vector<int> &repeatStart = {},
                                               const std::vector<int> &repeatLength = {});
    // The nHeads cross-attention heads of decoder layer `layer` from B pairs of T decoder and Te
    // encoder tokens: probs (B nHeads T, Te), block b*nHeads + h is pair b, head h. entropyBits
    // and alignment (sourcePosition (B*T): the encoder position of each row's target, −1 none)
    // are filled. A matrix of another shape gives nothing.
    static std::vector<HeadScore> measureCross(const Mat &probs, int layer, int nHeads, int B, int T, int Te,
                                               const std::vector<int> &sourcePosition);
};

} // namespace tx
