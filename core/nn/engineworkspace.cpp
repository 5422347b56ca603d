#include "core/nn/engineworkspace.h"

#include "core/nn/ops.h"

#include <algorithm>

namespace tx {

EngineWorkspace &EngineWorkspace::local()
{
    thread_local EngineWorkspace ws;
    return ws;
}

void EngineWorkspace::ensureTables(const ModelConfig &c, int rotaryDim, int positions)
{
    const int rows = std::max(positions, std::min(c.maxPositions, 2 * positions));
    const int width = c.effectiveEmbeddingDim(); // positions join the (possibly factorised) token embedding
    if (c.positions == PositionKind::Sinusoidal && (sinusoid.rows() < positions || sinusoid.cols() != width))
        sinusoid = ops::sinusoidalTable(rows, width);
    if (rotaryDim > 0 && (ropeCos.rows() < positions || ropeDim != rotaryDim || ropeTheta != c.ropeTheta)) {
        ops::ropeTables(ropeCos, ropeSin, rows, rotaryDim, c.ropeTheta);
        ropeDim = rotaryDim;
        ropeTheta = c.ropeTheta;
    }
}

} // namespace tx
