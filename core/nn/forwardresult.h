#pragma once

#include "core/nn/attentionmask.h"
#include "core/nn/mat.h"

#include <vector>

namespace tx {

// What one forward pass over one sequence hands back: a plain value that owns copies of
// everything, safe to send from a worker thread to the UI.
struct ForwardResult
{
    std::vector<int> tokens; // (T) the input token ids
    Mat logits;              // (T, vocab): row t predicts token t+1

    int nLayers = 0;       // executed layers
    int nHeads = 0;        // query heads per layer
    bool causal = true;    // query i sees keys j <= i only
    std::vector<AttentionMask> masks; // (nLayers) which keys each layer's queries see
    bool sinks = false;    // each head has a sink: a query's attention rows sum to 1 − its sink share

    // Filled when ForwardOptions asks for them; index [layer * nHeads + head].
    std::vector<Mat> attention; // (T, T) softmax probabilities, row = query, col = key; masked entries are 0
    std::vector<Mat> scores;    // (T, T) pre-softmax q·k/sqrt(head_dim) for every pair, before the mask
                                // (T5: q·k unscaled plus the relative bias of the pair's offset)
                                // (use isMasked() to grey out what the model cannot see)
    // Mixtures of experts, always captured: per layer (empty for dense layers) each token's
    // experts, best first, and their gate weights.
    int topK = 0;
    std::vector<std::vector<int>> routedExperts; // [layer] (T * topK)
    std::vector<Mat> routedGates;                // [layer] (T, topK)
    // Encoder-decoder: `tokens`, `attention`, `scores` and `masks` above are the decoder's; the
    // encoder read encoderTokens. Filled when ForwardOptions asks for attention, [layer * nHeads + head]:
    std::vector<int> encoderTokens;   // (Te) the encoder's input ids; empty without an encoder
    int nEncoderLayers = 0;
    std::vector<Mat> encoderAttention; // (Te, Te) the encoder's bidirectional self-attention
    std::vector<Mat> crossAttention;   // (T, Te) each decoder layer's attention over the encoder's
                                       // output: row = decoder token (query), col = encoder token (key)
    Mat residualNorms;          // (nLayers + 1, T) L2 norm of the residual stream at each position:
                                // row 0 after the embeddings, row l + 1 after layer l

    const Mat &attentionAt(int layer, int head) const { return attention[std::size_t(layer * nHeads + head)]; }
    const Mat &crossAttentionAt(int layer, int head) const { return crossAttention[std::size_t(layer * nHeads + head)]; }
    const Mat &encoderAttentionAt(int layer, int head) const
    {
        return encoderAttention[std::size_t(layer * nHeads + head)];
    }
    const Mat &scoresAt(int layer, int head) const { return scores[std::size_t(layer * nHeads + head)]; }
    bool isMasked(int layer, int query, int key) const { return !masks[std::size_t(layer)].visible(query, key); }
    // The share of query's attention its head's sink absorbed (0 without sinks).
    float sinkShare(int layer, int head, int query) const
    {
        return sinks ? 1.0f - attentionAt(layer, head).row(query).sum() : 0.0f;
    }
};

} // namespace tx
