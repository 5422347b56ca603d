#include "core/estimate/memoryestimator.h"

#include <algorithm>

namespace tx {

double MemoryEstimator::cachedTokens(const ModelConfig &c, double context)
{
    if (c.slidingWindow > 0)
        return std::min(context, double(c.slidingWindow));
    return context;
}

int MemoryEstimator::cacheLayers(const ModelConfig &c)
{
    if (c.layout == Layout::EncoderDecoder)
        return 2 * c.decoderLayers(); // self-attention + cross-attention over the encoder output
    return c.decoderLayers();
}

double MemoryEstimator::kvCacheBytes(const ModelConfig &c, double batch, double context)
{
    // (2, b, L, n_kv, s, d_head) at the KV precision.
    return 2.0 * batch * cachedTokens(c, context) * cacheLayers(c) * c.nKvHeads * c.effectiveHeadDim()
        * bytesPerElement(c.kvPrecision);
}

double MemoryEstimator::activationBytesPerLayer(double s, double b, double h, double a, Recompute recompute,
                                                bool flash, double span)
{
    const double keys = span >= 0 ? std::min(span, s) : s;
    switch (recompute) {
    case Recompute::Full: return 2.0 * s * b * h; // only the layer input is kept
    case Recompute::Selective: return 34.0 * s * b * h;
    case Recompute::None: break;
    }
    if (flash)
        return 34.0 * s * b * h; // scores and softmax are recomputed tile by tile, never stored
    return s * b * h * (34.0 + 5.0 * a * keys / h);
}

double MemoryEstimator::inferenceActivationBytes(const ModelConfig &c, double batch, double context, bool flash)
{
    const double d = c.dModel;
    const double ffnWidth = double(c.dFf) * (c.ffn == FfnKind::Gated3 ? 2 : 1);
    const double scores = flash ? 0.0 : batch * c.nHeads * context * cachedTokens(c, context);
    return 2.0 * (batch * context * (2.0 * d + ffnWidth) + scores);
}

double MemoryEstimator::zeroStateBytes(double w, double g, double o, int stage, int dataParallel)
{
    const double n = std::max(1, dataParallel);
    switch (stage) {
    case 1: return w + g + o / n;
    case 2: return w + (g + o) / n;
    case 3: return (w + g + o) / n;
    default: return w + g + o;
    }
}

} // namespace tx
