#pragma once

#include "core/design/modelconfig.h"

#include <array>

namespace tx {

// How many of a stack's first `layers` layers attend each way (ModelConfig::layerAttention):
// counted in O(1) for the patterns a rule makes (all full, all sliding, every N-th global) and
// in one pass over an explicit layer_types list. The estimators ask several times per estimate
// and on every slider tick; walking a thousand layers each time was most of a thousand-layer
// design's estimate (bench_designs).
class LayerKinds
{
public:
    static constexpr int kKinds = 4; // LayerAttention::Full, Sliding, Chunked, FullNoRope

    static LayerKinds of(const ModelConfig &config, int layers);

    int layers(LayerAttention kind) const { return m_count[std::size_t(kind)]; }
    // The kinds that occur, in the order their first layer comes.
    int size() const { return m_kinds; }
    LayerAttention at(int i) const { return m_order[std::size_t(i)]; }

private:
    void add(LayerAttention kind, int layers);

    std::array<int, kKinds> m_count{};
    std::array<LayerAttention, kKinds> m_order{};
    int m_kinds = 0;
};

} // namespace tx
