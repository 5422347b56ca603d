#pragma once

#include "core/teach/architectureblock.h"

#include <cstdint>
#include <vector>

namespace tx {

// Layers of one kind folded into one frame of the diagram ("× 32").
struct ArchitectureStack
{
    QString title;                 // translated, "Decoder layer", "MoE layer"
    int layers = 0;                // executed layers of this kind
    int storedLayers = 0;          // of them, the ones with their own weights (sharing)
    std::int64_t layerParams = 0;  // one layer: the sum of its blocks' params
    std::vector<ArchitectureBlock> blocks; // in the order data flows through them
};

} // namespace tx
