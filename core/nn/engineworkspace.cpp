#include "core/nn/engineworkspace.h"

#include "core/nn/ops.h"
#include "core/nn/ropefrequencies.h"

#include <algorithm>

namespace tx {

EngineWorkspace &EngineWorkspace::local()
{
    thread_local EngineWorkspace ws;
    return ws;
}

void EngineWorkspace::RopeTables::ensure(const std::vector<float> &freq, float factor, int positions, int rows)
{
    if (cos.rows() >= positions && invFreq == freq && attentionFactor == factor)
        return;
    RopeFrequencies::tables(cos, sin, rows, freq, factor);
    invFreq = freq;
    attentionFactor = factor;
}

void EngineWorkspace::ensureTables(const ModelConfig &c, int rotaryDim, int positions)
{
    const int rows = std::max(positions, std::min(c.maxPositions, 2 * positions));
    const int width = c.effectiveEmbeddingDim(); // positions join the (possibly factorised) token embedding
    if (c.positions == PositionKind::Sinusoidal && (sinusoid.rows() < positions || sinusoid.cols() != width))
        sinusoid = ops::sinusoidalTable(rows, width);
    if (rotaryDim <= 0)
        return;
    // Dynamic NTK and longrope frequencies depend on how far this pass reaches: computed anew
    // each pass (rotaryDim / 2 numbers), the tables rebuilt only when they change.
    rope.ensure(RopeFrequencies::inverse(c, rotaryDim, positions), float(RopeFrequencies::attentionFactor(c)), positions,
                rows);
    if (c.ropeLocalTheta > 0)
        ropeLocal.ensure(RopeFrequencies::plain(c.ropeLocalTheta, rotaryDim), 1.0f, positions, rows);
}

AttentionPass EngineWorkspace::passOver(const ModelConfig &c, const std::vector<int> &offsets, int maxT) const
{
    AttentionPass pass;
    pass.offsets = &offsets;
    pass.maxT = maxT;
    pass.ropeCos = &rope.cos;
    pass.ropeSin = &rope.sin;
    if (c.ropeLocalTheta > 0) {
        pass.ropeLocalCos = &ropeLocal.cos;
        pass.ropeLocalSin = &ropeLocal.sin;
    }
    return pass;
}

} // namespace tx
