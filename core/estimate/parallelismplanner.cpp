#include "core/estimate/parallelismplanner.h"

#include "core/base/numberformat.h"
#include "core/estimate/computeestimator.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/memoryestimator.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <optional>

namespace tx {

namespace {

// Ring all-reduce moves 2·(n−1)/n of the buffer through each device's link (Patarasuk & Yuan
// 2009; the cost model of Narayanan et al. 2021 §3.3).
double allReduceSeconds(double bytes, int n, double bandwidth)
{
    return n > 1 && bandwidth > 0 ? 2.0 * (n - 1) / n * bytes / bandwidth : 0.0;
}

} // namespace

double ParallelismPlanner::megatronSeconds(double tokens, double params, double devices, double flopsPerDevice)
{
    return devices > 0 && flopsPerDevice > 0 ? 8.0 * tokens * params / (devices * flopsPerDevice) : 0.0;
}

Expected<ParallelismPlan, Error> ParallelismPlanner::evaluate(const ModelConfig &c, const Assumptions &a,
                                                               const HardwareCatalog &catalog, int t, int p, int e,
                                                               int zero, const Options &o)
{
    const int n = a.devices;
    if (t < 1 || p < 1 || e < 1 || n % (t * p) != 0)
        return Error{{}, QStringLiteral("devices"), tr("%1 devices do not split into tensor %2 × pipeline %3").arg(n).arg(t).arg(p)};
    const int d = n / (t * p);
    if (d % e != 0)
        return Error{{}, QStringLiteral("devices"), tr("expert parallel %1 must divide data parallel %2").arg(e).arg(d)};
    if (c.totalLayers() % p != 0)
        return Error{{}, QStringLiteral("n_layers"), tr("pipeline %1 must divide the %2 layers").arg(p).arg(c.totalLayers())};
    Assumptions one = a; // one replica, as evaluate() sees it: the planner does the splitting
    one.devices = 1;
    one.tensorParallel = 1;
    one.zeroStage = 0;
    const auto ev = tx::evaluate(c, one, catalog);
    if (!ev)
        return ev.error();
    const Device &dev = *catalog.find(a.device);
    const auto &tr0 = ev->training;
    const auto &pc = ev->params;

    ParallelismPlan plan;
    plan.devices = n;
    plan.tensor = t;
    plan.pipeline = p;
    plan.data = d;
    plan.expert = e;
    plan.zeroStage = d > 1 ? zero : 0;
    plan.microBatch = a.batch;
    plan.microBatches = o.globalBatch > 0 ? std::max(1, int(std::lround(double(o.globalBatch) / (d * a.batch)))) : 4 * p;
    plan.globalBatch = double(d) * plan.microBatches * a.batch;
    plan.deviceMemoryBytes = dev.memoryBytes;

    // Routed experts split e ways on top of t·p (all experts E, k active: all = inactive · E/(E−k)).
    const double total = double(pc.total);
    double expertShare = 0;
    if (c.moe.enabled() && c.moe.numExperts > c.moe.topK)
        expertShare = std::min(1.0, double(pc.total - pc.active) * c.moe.numExperts
                                        / (c.moe.numExperts - c.moe.topK) / total);
    const double split = (1.0 - expertShare) / (t * p) + expertShare / (double(t) * p * e);
    const double w = tr0.weightsBytes * split, g = tr0.gradientsBytes * split, op = tr0.optimizerBytes * split;
    const double states = MemoryEstimator::zeroStateBytes(w, g, op, plan.zeroStage, d);
    // Split the states total back into its parts in proportion, for the per-part display.
    const double unsharded = w + g + op;
    const double scale = unsharded > 0 ? states / unsharded : 0;
    plan.weightsBytes = w * scale;
    plan.gradientsBytes = g * scale;
    plan.optimizerBytes = op * scale;
    const int inFlight = std::min(p, plan.microBatches);
    // The last stage also keeps one micro-batch's logits, split t ways by the vocabulary-parallel
    // cross-entropy (Shoeybi et al. 2019 §3).
    plan.activationsBytes = tr0.activationsPerLayerBytes / t * (double(c.totalLayers()) / p) * inFlight
        + tr0.logitsBytes / t;
    plan.totalBytes = states + plan.activationsBytes;
    plan.fits = plan.totalBytes <= dev.memoryBytes;

    // --- Time per step -------------------------------------------------------------------------
    const double s = a.contextLength;
    const double peak = ev->hardware.trainingPeakFlops;
    const double stepFlops = ev->compute.trainingFlopsPerToken * plan.globalBatch * s;
    plan.computeSeconds = peak > 0 ? stepFlops / (n * peak * a.mfu) : 0;
    plan.bubbleSeconds = plan.computeSeconds * (p - 1) / plan.microBatches;
    const double intra = dev.interconnectBytesPerSecond;
    const double inter = o.interNodeBytesPerSecond > 0 ? o.interNodeBytesPerSecond : 25e9;
    const bool crossesNodes = n > o.devicesPerNode;
    const double activation = double(a.batch) * s * c.dModel * 2.0; // b·s·h at 2 bytes
    const double layersPerStage = double(c.totalLayers()) / p;
    // Megatron's tensor parallelism: 2 all-reduces forward, 2 backward per layer (Shoeybi et al.
    // 2019 §3, Fig. 4); recomputing the forward repeats its 2.
    const int tpAllReduces = a.recompute == Recompute::Full ? 6 : 4;
    plan.tensorSeconds = layersPerStage * plan.microBatches * tpAllReduces * allReduceSeconds(activation, t, intra);
    // Between stages each micro-batch sends its activations forward and their gradients back; with
    // the scatter/gather of Narayanan et al. 2021 §4.1 each of the t links carries 1/t of them.
    const double stageLink = crossesNodes ? inter : intra;
    plan.pipelineSeconds = p > 1 && stageLink > 0 ? 2.0 * plan.microBatches * activation / t / stageLink : 0;
    const double gradientBytes = 2.0 * total * split; // bf16 gradients of this device's parameters
    const double dpLink = crossesNodes ? inter : intra;
    plan.dataSeconds = allReduceSeconds(gradientBytes, d, dpLink) * (plan.zeroStage == 3 ? 1.5 : 1.0);
    if (c.moe.enabled() && e > 1) {
        const double moeLayers = layersPerStage / std::max(1, c.moe.sparseEvery);
        const double perAllToAll = activation * (e - 1) / e / (intra > 0 ? intra : inter);
        plan.expertSeconds = moeLayers * plan.microBatches * 4.0 * perAllToAll;
    }
    plan.stepSeconds = plan.computeSeconds + plan.bubbleSeconds + plan.tensorSeconds + plan.pipelineSeconds
        + plan.dataSeconds + plan.expertSeconds;
    plan.steps = plan.globalBatch > 0 ? a.trainingTokens / (plan.globalBatch * s) : 0;
    plan.trainingSeconds = plan.steps * plan.stepSeconds;
    plan.days = plan.trainingSeconds / 86400.0;
    return plan;
}

Expected<ParallelismPlan, Error> ParallelismPlanner::plan(const ModelConfig &c, const Assumptions &a,
                                                           const HardwareCatalog &catalog, const Options &o)
{
    if (auto err = validate(a, catalog))
        return *err;
    const int n = a.devices;
    std::optional<ParallelismPlan> best, smallest;
    for (int t : {1, 2, 4, 8}) {
        if (t > n || t > o.devicesPerNode || n % t != 0 || c.nHeads % t != 0)
            continue;
        for (int p = 1; p <= c.totalLayers() && t * p <= n; ++p) {
            if (c.totalLayers() % p != 0 || n % (t * p) != 0)
                continue;
            const int d = n / (t * p);
            for (int e = 1; e <= d; ++e) {
                if (d % e != 0 || (e > 1 && (!c.moe.enabled() || c.moe.numExperts % e != 0 || e > o.devicesPerNode)))
                    continue;
                for (int zero = 0; zero <= (d > 1 ? 3 : 0); ++zero) {
                    const auto plan = evaluate(c, a, catalog, t, p, e, zero, o);
                    if (!plan)
                        return plan.error();
                    if (!smallest || plan->totalBytes < smallest->totalBytes)
                        smallest = *plan;
                    if (!plan->fits)
                        continue;
                    if (!best || plan->stepSeconds < best->stepSeconds * (1 - 1e-12))
                        best = *plan;
                }
            }
        }
    }
    if (!best) {
        const double need = smallest ? smallest->totalBytes : 0;
        return Error{{}, QStringLiteral("devices"),
                     tr("no split of %1 devices fits: the leanest needs %2 per device of %3")
                         .arg(n)
                         .arg(NumberFormat::bytes(need), NumberFormat::bytes(catalog.find(a.device)->memoryBytes))};
    }
    return *best;
}

} // namespace tx
