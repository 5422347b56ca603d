#include "core/estimate/layerkinds.h"

#include <algorithm>

namespace tx {

static_assert(int(LayerAttention::Full) == 0 && int(LayerAttention::Sliding) == 1 && int(LayerAttention::Chunked) == 2
              && int(LayerAttention::FullNoRope) == 3);

void LayerKinds::add(LayerAttention kind, int layers)
{
    if (layers <= 0)
        return;
    if (m_count[std::size_t(kind)] == 0)
        m_order[std::size_t(m_kinds++)] = kind;
    m_count[std::size_t(kind)] += layers;
}

LayerKinds LayerKinds::of(const ModelConfig &c, int layers)
{
    LayerKinds k;
    if (layers <= 0)
        return k;
    // The same rules as ModelConfig::layerAttention(i), for i = 0 … layers − 1.
    if (!c.layerTypes.empty()) {
        const int listed = std::min(layers, int(c.layerTypes.size()));
        for (int i = 0; i < listed; ++i)
            k.add(c.layerTypes[std::size_t(i)], 1);
        k.add(LayerAttention::Full, layers - listed); // past the list: full
    } else if (c.slidingWindow <= 0) {
        k.add(LayerAttention::Full, layers);
    } else if (c.globalEvery > 0) {
        // Layer i is global when (i + 1) % every == 0: layers / every of them, the first at
        // every − 1 (layer 0 itself when every is 1).
        const int global = layers / c.globalEvery;
        if (c.globalEvery == 1) {
            k.add(LayerAttention::Full, global);
        } else {
            k.add(LayerAttention::Sliding, layers - global);
            k.add(LayerAttention::Full, global);
        }
    } else {
        k.add(LayerAttention::Sliding, layers);
    }
    return k;
}

} // namespace tx
