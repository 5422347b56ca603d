#include "core/report/memoryfigure.h"

#include <algorithm>
#include <array>

namespace tx {

namespace {

constexpr double kGB = 1e9;

// One bar's segments in MemoryFigure::segments order.
std::array<double, 6> inferenceBar(const Evaluation &e)
{
    const auto &i = e.inference;
    return {i.weightsBytes / kGB, i.kvCacheBytes / kGB, i.activationsBytes / kGB, i.overheadBytes / kGB, 0, 0};
}

std::array<double, 6> trainingBar(const Evaluation &e)
{
    const auto &t = e.training;
    return {t.weightsBytes / kGB, 0, t.activationsBytes / kGB, 0, t.gradientsBytes / kGB, t.optimizerBytes / kGB};
}

} // namespace

MemoryFigure MemoryFigure::of(const Evaluation &e, const Evaluation *pinned)
{
    MemoryFigure f;
    f.title = tr("Memory to run and to train");
    f.valueAxisTitle = tr("GB (10^9 bytes)");
    f.segments = {tr("Weights"), tr("KV cache"), tr("Activations"), tr("Runtime overhead"), tr("Gradients"),
                  tr("Optimizer states")};
    std::vector<std::array<double, 6>> bars;
    if (pinned) {
        bars = {inferenceBar(*pinned), inferenceBar(e), trainingBar(*pinned), trainingBar(e)};
        f.bars = {tr("Run A"), tr("Run B"), tr("Train A"), tr("Train B")};
    } else {
        bars = {inferenceBar(e), trainingBar(e)};
        f.bars = {tr("Run (inference)"), tr("Train (one replica)")};
    }
    f.values.assign(f.segments.size(), std::vector<double>(bars.size(), 0.0));
    for (size_t b = 0; b < bars.size(); ++b) {
        double sum = 0;
        for (size_t s = 0; s < bars[b].size(); ++s) {
            f.values[s][b] = bars[b][s];
            sum += bars[b][s];
        }
        f.top = std::max(f.top, sum);
    }
    f.capacity = e.hardware.deviceMemoryBytes / kGB;
    f.barsTop = f.top;
    f.capacityOffScale = f.barsTop > 0 && f.capacity > 2.0 * f.barsTop;
    if (f.capacityOffScale) {
        f.capacityName = tr("Device (%1 GB) ↑ off scale").arg(f.capacity, 0, 'f', 0);
    } else {
        f.capacityName = tr("Device memory (%1 GB)").arg(f.capacity, 0, 'f', 0);
        f.top = std::max(f.top, f.capacity);
    }
    return f;
}

} // namespace tx
