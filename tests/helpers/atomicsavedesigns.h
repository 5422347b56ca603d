#pragma once

#include "core/design/modelconfig.h"

namespace tx {

// The two versions tx_save_loop writes in turn: a 1,024-layer design with a per-layer attention
// list and a long source text (about 4 MB of design file, so a save takes long enough to be
// interrupted), told apart by `version` (0 or 1) in its layer count, pattern and text.
inline ModelConfig atomicSaveDesign(int version)
{
    ModelConfig c;
    c.name = QStringLiteral("torn-save test v%1").arg(version);
    c.nLayers = 1024 - version;
    c.slidingWindow = 4096;
    c.layerTypes.assign(std::size_t(c.nLayers), version == 0 ? LayerAttention::Sliding : LayerAttention::Full);
    c.layerTypes.back() = version == 0 ? LayerAttention::Full : LayerAttention::Sliding;
    c.source = QString(4 * 1024 * 1024, QLatin1Char(version == 0 ? 'a' : 'b'));
    return c;
}

} // namespace tx
