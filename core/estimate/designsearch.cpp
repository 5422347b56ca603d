#include "core/estimate/designsearch.h"

#include "core/design/designedits.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/paramcounter.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <optional>

namespace tx {

namespace {

// Resizes `base` to `layers` layers and a width near `width`, keeping its proportions:
// d_ff/d_model, the GQA ratio n_heads/n_kv_heads and a head dimension of 64 or 128. This is
// not an edit of one field (DesignEdits::couple keeps the key/value head count when heads
// change); scaling a whole design keeps its ratios, and both stacks of an encoder-decoder.
ModelConfig reshape(const ModelConfig &base, int layers, double width, int headDim)
{
    ModelConfig c = base;
    const int hd = headDim;
    const int baseHeads = std::max(1, base.nHeads);
    const int group = std::max(1, baseHeads / std::max(1, base.nKvHeads)); // queries per KV head
    // Heads on a multiple of the family's grouping, so a GQA family stays GQA (Llama-3: 4 queries
    // per KV head) instead of falling back to full multi-head attention at an odd head count.
    const int heads = DesignEdits::nearestMultiple(width / hd, group);
    c.nLayers = layers;
    if (c.layout == Layout::EncoderDecoder)
        c.nDecoderLayers = layers;
    c.nHeads = heads;
    c.nKvHeads = heads / group;
    c.headDim = 0;
    c.dModel = heads * hd;
    const double ffnRatio = base.dModel > 0 ? double(base.dFf) / base.dModel : 4.0;
    // d_ff on a multiple of 64 as real designs do (Llama: 11008 = 172·64), as the window's slider lands.
    c.dFf = DesignEdits::nearestMultiple(ffnRatio * c.dModel, 64);
    if (c.embeddingDim == base.dModel)
        c.embeddingDim = 0;
    return c;
}

int headDimFor(double width)
{
    return width >= 2048 ? 128 : 64;
}

} // namespace

Expected<ModelConfig, Error> DesignSearch::largestForMemory(const ModelConfig &base, const Assumptions &assumptions,
                                                             double aspectRatio, double budgetBytes, Budget budget,
                                                             const HardwareCatalog &catalog)
{
    if (!std::isfinite(aspectRatio) || aspectRatio < 1 || aspectRatio > 10000)
        return Error{{}, QStringLiteral("aspect_ratio"), tr("expected d_model / n_layers from 1 to 10,000")};
    if (!std::isfinite(budgetBytes) || budgetBytes <= 0)
        return Error{{}, QStringLiteral("memory"), tr("expected a positive memory budget in bytes")};

    auto memoryOf = [&](int layers) -> std::optional<double> {
        const double width = aspectRatio * layers;
        const ModelConfig c = reshape(base, layers, width, headDimFor(width));
        auto e = evaluate(c, assumptions, catalog);
        if (!e)
            return std::nullopt;
        return budget == Budget::Inference ? e->inference.totalBytes : e->training.perDeviceBytes;
    };
    auto fits = [&](int layers) {
        const auto m = memoryOf(layers);
        return m && *m <= budgetBytes;
    };
    if (!fits(1))
        return Error{{}, QStringLiteral("memory"), tr("not even a one-layer design of this shape fits the budget")};
    // Memory grows with depth at a fixed aspect ratio (≈ L³ in the weights): bisect on layers.
    int lo = 1, hi = 2;
    while (hi < 1024 && fits(hi)) {
        lo = hi;
        hi = std::min(1024, hi * 2);
    }
    if (hi == 1024 && fits(hi))
        lo = hi;
    while (hi - lo > 1) {
        const int mid = (lo + hi) / 2;
        (fits(mid) ? lo : hi) = mid;
    }
    const double width = aspectRatio * lo;
    return reshape(base, lo, width, headDimFor(width));
}

ModelConfig DesignSearch::resized(const ModelConfig &base, int layers, double aspectRatio)
{
    const double width = aspectRatio * layers;
    return reshape(base, layers, width, headDimFor(width));
}

Expected<ModelConfig, Error> DesignSearch::suggestShape(const ModelConfig &base, std::int64_t targetParams,
                                                         double aspectRatio)
{
    if (targetParams < 1000 || targetParams > 100'000'000'000'000LL)
        return Error{{}, QStringLiteral("params"), tr("expected a target from 1,000 to 10^14 parameters")};
    if (!std::isfinite(aspectRatio) || aspectRatio < 1 || aspectRatio > 10000)
        return Error{{}, QStringLiteral("aspect_ratio"), tr("expected d_model / n_layers from 1 to 10,000")};

    // Start from Kaplan et al. 2020 eq. 2.1, N ≈ 12·L·d² with d = r·L, i.e. L ≈ (N / 12r²)^(1/3),
    // then count exactly around it and keep the closest.
    const double guess = std::cbrt(double(targetParams) / (12.0 * aspectRatio * aspectRatio));
    const int center = std::clamp(static_cast<int>(std::lround(guess)), 1, 1024);
    std::optional<ModelConfig> best;
    double bestGap = 0;
    for (int layers = std::max(1, center / 2); layers <= std::min(1024, center * 2 + 2); ++layers) {
        const double width = aspectRatio * layers;
        const ModelConfig c = reshape(base, layers, width, headDimFor(width));
        const auto count = countParams(c);
        if (!count)
            continue;
        const double gap = std::fabs(std::log(double(count->total) / double(targetParams)));
        if (!best || gap < bestGap) {
            best = c;
            bestGap = gap;
        }
    }
    if (!best)
        return Error{{}, QStringLiteral("params"), tr("no valid design of this shape reaches the target")};
    return *best;
}

} // namespace tx
