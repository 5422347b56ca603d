#include "core/nn/transposedweights.h"

namespace tx {

TransposedWeights TransposedWeights::of(const TransformerWeights &w)
{
    TransposedWeights t;
    t.layers.resize(w.layers.size());
    for (std::size_t i = 0; i < w.layers.size(); ++i) {
        const TransformerWeights::Layer &l = w.layers[i];
        Layer &out = t.layers[i];
        out.qkv = l.qkv.transpose();
        out.attnOut = l.attnOut.transpose();
        out.ffnIn = l.ffnIn.transpose();
        out.ffnOut = l.ffnOut.transpose();
    }
    return t;
}

std::int64_t TransposedWeights::bytesFor(const TransformerWeights &w)
{
    std::int64_t floats = 0;
    for (const TransformerWeights::Layer &l : w.layers)
        floats += l.qkv.size() + l.attnOut.size() + l.ffnIn.size() + l.ffnOut.size();
    return floats * 4;
}

} // namespace tx
