#pragma once

#include "core/nn/mat.h"
#include "core/nn/headscore.h"
#include "core/train/expertload.h"

#include <cstdint>
#include <vector>

namespace tx {

// What the trainer hands back after a step: plain values (copies), safe to send from a
// worker thread to the UI.
struct TrainingSnapshot
{
    int step = 0;          // steps done
    int totalSteps = 0;
    double loss = 0.0;     // training loss of this step's batch (nats per counted token)
    double lr = 0.0;       // learning rate this step used
    double gradNorm = 0.0; // global gradient norm before clipping
    double seconds = 0.0;  // wall time spent training so far
    std::int64_t tokens = 0; // tokens processed so far (batch × seqLen per step)
    // Mixtures of experts, every step: per sparse layer, in stack order, how the training forward
    // routed this step's batch, and the same summed over the last recentSteps steps (this one included).
    std::vector<ExpertLoad> expertLoad;
    std::vector<ExpertLoad> recentExpertLoad;
    int recentSteps = 0;

    // Filled every `evalEvery` steps and at the last step (evaluated = true).
    bool evaluated = false;
    double valLoss = 0.0;  // nats per counted token on the fixed validation set
    double accuracy = 0.0; // share of counted validation tokens whose argmax is the target
    std::vector<HeadScore> heads; // every layer × head on the probe set (TrainableModel::headScores' order)
    int nLayers = 0;              // the decoder's (or only stack's) layers
    int nHeads = 0;
    std::vector<int> probeTokens;  // (T) the probe sequence the maps below read (an encoder-decoder's decoder input)
    // [map * nHeads + head] probabilities, row = query: the decoder's (or only stack's) layers
    // (T, T); an encoder-decoder's maps are its encoder layers (Te, Te) first, then the
    // decoder's self-attention (T, T), then its cross-attention (T, Te).
    std::vector<Mat> attention;
    bool causal = true;              // false for an encoder alone: its maps have no masked half
    bool encoderDecoder = false;
    int nEncoderLayers = 0;          // encoder-decoder: the encoder's layers
    std::vector<int> probeEncoderTokens; // (Te) encoder-decoder: the probe's source
    // Rows of maps in `attention`: nLayers, or the encoder's, the decoder's and its cross-attention's.
    int attentionMaps() const { return encoderDecoder ? nEncoderLayers + 2 * nLayers : nLayers; }
};

} // namespace tx
