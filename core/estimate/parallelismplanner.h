#pragma once

#include <QCoreApplication>

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/hardwarecatalog.h"

namespace tx {

// How a training job on Assumptions::devices devices splits the model: tensor (t), pipeline (p),
// data (d = devices / (t·p)) and expert (e, inside the data-parallel group) degrees and the ZeRO
// stage, with one device's memory by part and the step time with its communication.
struct ParallelismPlan
{
    int devices = 0;
    int tensor = 1, pipeline = 1, data = 1, expert = 1;
    int zeroStage = 0;
    int microBatch = 1;            // sequences per micro-batch (Assumptions::batch)
    int microBatches = 1;          // m, per pipeline per step
    double globalBatch = 0;        // sequences per step: d · m · microBatch
    // One device's memory (bytes): its 1/(t·p) of the layers (experts also / e), states after ZeRO
    // over d, and activations of min(p, m) micro-batches in flight (1F1B, Narayanan et al. 2021 §2.2.1).
    double weightsBytes = 0, gradientsBytes = 0, optimizerBytes = 0, activationsBytes = 0, totalBytes = 0;
    double deviceMemoryBytes = 0;
    bool fits = false;
    // One step (s). Nothing overlaps: the sum is an upper bound on a tuned run.
    double computeSeconds = 0;     // step FLOPs / (devices · peak · MFU)
    double bubbleSeconds = 0;      // compute · (p − 1) / m (Narayanan et al. 2021 §2.2.1)
    double tensorSeconds = 0;      // 4 all-reduces of b·s·h per layer per micro-batch (+2 under full recompute)
    double pipelineSeconds = 0;    // point-to-point activations and gradients between stages
    double dataSeconds = 0;        // gradient all-reduce over d (ZeRO-3: 1.5×, Rajbhandari et al. 2020 §7)
    double expertSeconds = 0;      // 4 all-to-alls of the tokens per MoE layer per micro-batch
    double stepSeconds = 0;
    double steps = 0;              // training tokens / (global batch · seq)
    double trainingSeconds = 0;
    double days = 0;
};

class ParallelismPlanner
{
    Q_DECLARE_TR_FUNCTIONS(tx::ParallelismPlanner)

public:
    struct Options
    {
        int globalBatch = 0;               // sequences per step; 0 = 4 micro-batches per pipeline stage
        int devicesPerNode = 8;            // tensor and expert parallelism stay inside a node
        // Between nodes (bytes/s, one direction, per device). 0 = 25 GB/s: one 200 Gb/s
        // InfiniBand HDR port per GPU, the cluster of Narayanan et al. 2021 §5.
        double interNodeBytesPerSecond = 0;
    };

    // The fastest plan whose per-device memory fits, over t ∈ {1, 2, 4, 8} (dividing the heads, inside
    // a node), p dividing the layers, e dividing the experts and d, ZeRO 0–3. Error (field "devices")
    // when no split fits; the error says how much the best one needs.
    static Expected<ParallelismPlan, Error> plan(const ModelConfig &config, const Assumptions &assumptions,
                                                 const HardwareCatalog &catalog, const Options &options);
    static Expected<ParallelismPlan, Error> plan(const ModelConfig &config, const Assumptions &assumptions,
                                                 const HardwareCatalog &catalog)
    {
        return plan(config, assumptions, catalog, Options{});
    }
    // One given split (t, p, e, ZeRO), fitting or not. Error when the degrees do not divide.
    static Expected<ParallelismPlan, Error> evaluate(const ModelConfig &config, const Assumptions &assumptions,
                                                     const HardwareCatalog &catalog, int tensor, int pipeline,
                                                     int expert, int zeroStage, const Options &options);

    // Narayanan et al. 2021 eq. 4: training time ≈ 8·T·P / (n·X) seconds for T tokens, P parameters,
    // n GPUs at X FLOP/s each, with activation recomputation (8 = 2 forward + 4 backward + 2 recompute).
    static double megatronSeconds(double tokens, double params, double devices, double flopsPerDevice);
};

} // namespace tx
