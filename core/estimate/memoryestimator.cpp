#include "core/estimate/memoryestimator.h"

#include "core/estimate/layerkinds.h"

#include <algorithm>

namespace tx {

double MemoryEstimator::cachedTokens(const ModelConfig &c, double context)
{
    const int layers = c.isCausal() ? c.decoderLayers() : c.encoderLayers();
    const LayerKinds kinds = LayerKinds::of(c, layers);
    double widest = 0;
    for (int k = 0; k < kinds.size(); ++k)
        widest = std::max(widest, c.attendedTokens(kinds.at(k), context));
    return layers > 0 ? widest : context;
}

std::vector<MemoryEstimator::KvGroup> MemoryEstimator::kvCacheGroups(const ModelConfig &c, double context)
{
    const double perToken = c.attention == AttentionKind::Mla
        ? double(c.mla.kvLoraRank) + c.mla.qkRopeHeadDim // compressed latent + shared rotary key
        : 2.0 * c.nKvHeads * c.effectiveHeadDim();       // K and V
    // Layers counted per kind first (LayerKinds), named once per group: this runs on every
    // slider tick, and naming each of a thousand layers cost more than the rest of the estimate.
    const LayerKinds kinds = LayerKinds::of(c, c.decoderLayers());
    std::vector<KvGroup> groups;
    for (int j = 0; j < kinds.size(); ++j) {
        const LayerAttention t = kinds.at(j);
        groups.push_back({toString(t), kinds.layers(t), c.attendedTokens(t, context), perToken});
    }
    if (c.layout == Layout::EncoderDecoder && c.decoderLayers() > 0)
        groups.push_back({QStringLiteral("cross"), c.decoderLayers(), context, 2.0 * c.nKvHeads * c.effectiveHeadDim()});
    return groups;
}

int MemoryEstimator::cacheLayers(const ModelConfig &c)
{
    if (c.layout == Layout::EncoderDecoder)
        return 2 * c.decoderLayers(); // self-attention + cross-attention over the encoder output
    return c.decoderLayers();
}

double MemoryEstimator::kvCacheBytes(const ModelConfig &c, double batch, double context)
{
    // Per layer type: (b, L_type, s_type, values) at the KV precision; (2, b, L, n_kv, s, d_head)
    // for multi-head attention.
    double values = 0;
    for (const KvGroup &g : kvCacheGroups(c, context))
        values += double(g.layers) * g.tokens * g.valuesPerToken;
    return batch * values * bytesPerElement(c.kvPrecision);
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

double MemoryEstimator::trainingLogitsBytes(const ModelConfig &c, double batch, double context)
{
    return c.lmHead ? 4.0 * context * batch * double(c.vocabSize) : 0.0;
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
