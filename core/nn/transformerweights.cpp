#include "core/nn/transformerweights.h"

namespace tx {

std::int64_t TransformerWeights::floatCount() const
{
    std::int64_t n = tokenEmbedding.size() + positionEmbedding.size() + embNormScale.size() + embNormBias.size()
        + finalNormScale.size() + finalNormBias.size() + lmHead.size() + lmHeadBias.size();
    for (const Layer &l : layers) {
        n += l.norm1Scale.size() + l.norm1Bias.size() + l.qkv.size() + l.qkvBias.size() + l.attnOut.size()
            + l.attnOutBias.size() + l.norm2Scale.size() + l.norm2Bias.size() + l.ffnIn.size() + l.ffnInBias.size()
            + l.ffnOut.size() + l.ffnOutBias.size();
    }
    return n;
}

} // namespace tx
