#pragma once

#include "core/nn/mat.h"
#include "core/train/trainingbatch.h"

#include <vector>

namespace tx {

class TrainableTransformer;

// What one attention head does, measured on induction-style probe sequences (a segment, then
// the same segment again; TrainingTask::inductionBatch). Olsson et al. 2022, "In-context
// Learning and Induction Heads", define both scores this way.
struct TrainingHeadScore
{
    int layer = 0;
    int head = 0;
    // Mean attention from each position i of the second copy (whose token first appeared at
    // i − len) to position i − len + 1, the token that followed it last time.
    double inductionScore = 0.0;
    // Mean attention from position i to i − 1, over i ≥ 1.
    double previousTokenScore = 0.0;
    // Mean over query rows of −Σ p log p (nats): 0 is one key, log(i + 1) is uniform.
    double entropy = 0.0;

    // An induction head has formed when a head past the first layer scores above this
    // (issue 7: "passes 0.5"; the first layer cannot see an earlier copy's successor).
    static constexpr double kInductionThreshold = 0.5;
    // The head past the first layer with the highest induction score, or nullptr.
    static const TrainingHeadScore *strongestInduction(const std::vector<TrainingHeadScore> &heads);
    // Whether it passes kInductionThreshold.
    static const TrainingHeadScore *formedInduction(const std::vector<TrainingHeadScore> &heads);

    // Scores of every head from the model's last forward, which must have run `probe`.
    static std::vector<TrainingHeadScore> measure(const TrainableTransformer &model, const TrainingBatch &probe);
    // Scores of the nHeads heads of one layer from its (B nHeads T, T) attention probabilities
    // (row = query, column = key; TrainableTransformer::attention's layout) on `probe`.
    static std::vector<TrainingHeadScore> measureLayer(const Mat &probs, int layer, int nHeads, const TrainingBatch &probe);
};

} // namespace tx
