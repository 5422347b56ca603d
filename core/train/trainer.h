#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/train/adamw.h"
#include "core/train/lrschedule.h"
#include "core/base/rng.h"
#include "core/nn/sampler.h"
#include "core/train/trainablemodel.h"
#include "core/train/trainingsnapshot.h"
#include "core/train/trainingtask.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>
#include <QCoreApplication>

namespace tx {

struct TrainingSettings
{
    int steps = 1000;
    int batch = 32;
    double lr = 1e-3;           // peak learning rate
    double minLrRatio = 0.1;    // cosine decays to lr × this
    int warmupSteps = -1;       // −1: 5 % of the steps, at most 100
    double weightDecay = 0.01;
    double beta1 = 0.9;
    double beta2 = 0.98;
    double clipNorm = 1.0;      // 0: no clipping
    std::uint64_t seed = 1;     // initial weights, data order and validation set
    int evalEvery = 25;         // steps between validation / head scores / attention maps
    int evalBatch = 32;         // validation sequences
    int probeBatch = 16;        // induction probe sequences for head scores
    int threads = 0;            // 0: one thread for small models, all cores for large ones
};

// Trains the engine's Transformer (through TrainableModel) on a TrainingTask, one step per call, so a worker thread can
// loop with a stop flag and send each snapshot to the UI. Same seed, same run, bit for bit:
// all randomness comes from Rng streams derived from the seed, and every reduction runs in a
// fixed order.
class Trainer
{
    Q_DECLARE_TR_FUNCTIONS(tx::Trainer)

public:
    static Expected<Trainer, Error> create(const ModelConfig &config, bool attentionOnly, const TrainingTask &task,
                                           const TrainingSettings &settings);

    // One step: batch, forward, backward, clip, AdamW. Returns nothing (and changes nothing)
    // when `stop` turned true mid-step; the same step then runs again on the next call.
    std::optional<TrainingSnapshot> step(const std::atomic<bool> *stop = nullptr);
    // Validation loss, accuracy, head scores and attention maps at the current weights.
    void evaluate(TrainingSnapshot &snapshot);

    bool finished() const { return m_step >= m_settings.steps; }
    int stepsDone() const { return m_step; }
    const TrainingSettings &settings() const { return m_settings; }
    const TrainingTask &task() const { return m_task; }
    TrainableModel &model() { return m_model; }
    const TrainableModel &model() const { return m_model; }
    // The seed Transformer::initGpt2Style receives for a run of `seed` (the weights' own
    // stream, so drawing data never shifts them).
    static std::uint64_t initSeed(std::uint64_t seed);
    // Steps TrainingSnapshot::recentExpertLoad sums over.
    static constexpr int kLoadSteps = 10;

    // Autoregressive sampling with the KV-cache Decoder: `count` tokens after `prompt` within
    // the task's context, picked as `options` say (greedy, temperature, top-k, top-p; seeded).
    // An encoder-decoder reads `prompt` as its source (TrainingTask::encodeSource) and writes
    // `count` target tokens from the decoder start token.
    std::vector<int> sample(const std::vector<int> &prompt, int count, const SamplingOptions &options);
    // Masked LM: `tokens` (TrainingTask::encodeSource, at most the task's window) with every
    // mask token replaced by a token picked from the model's prediction at its position, as
    // `options` say (greedy at temperature 0). Empty for other tasks or a text out of range.
    std::vector<int> fillMasks(const std::vector<int> &tokens, const SamplingOptions &options);
    // The same with the training view's two settings (topK ≤ 0: all; temperature ≤ 0: greedy).
    std::vector<int> sample(const std::vector<int> &prompt, int count, double temperature, int topK,
                            std::uint64_t seed);

private:
    Trainer(TrainableModel model, const TrainingTask &task, const TrainingSettings &settings);

    TrainableModel m_model;
    TrainingTask m_task;
    TrainingSettings m_settings;
    AdamW m_optimizer;
    LrSchedule m_schedule;
    Rng m_dataRng;
    TrainingBatch m_validation;
    TrainingBatch m_probe;
    std::vector<std::vector<ExpertLoad>> m_recentLoads; // the last kLoadSteps steps' expert loads
    int m_step = 0;
    double m_seconds = 0.0;
    std::int64_t m_tokens = 0;
};

} // namespace tx
