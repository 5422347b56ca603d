#include "core/nn/relativepositionbias.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace tx {

RelativePositionBias::RelativePositionBias(const ModelConfig &config)
    : m_bidirectional(!config.isCausal()), m_numBuckets(config.relativeBuckets),
      m_maxDistance(config.relativeMaxDistance)
{
}

int RelativePositionBias::bucket(int relativePosition, bool bidirectional, int numBuckets, int maxDistance)
{
    int base = 0;
    int n = relativePosition;
    if (bidirectional) {
        numBuckets /= 2; // later keys take the upper half
        if (n > 0)
            base = numBuckets;
        n = std::abs(n);
    } else {
        n = -std::min(n, 0); // later keys (masked anyway) fall into bucket 0
    }
    const int maxExact = numBuckets / 2;
    if (n < maxExact)
        return base + n;
    // The logarithmic buckets. HF divides a float32 log by the Python double
    // math.log(max_distance / max_exact), which torch rounds to float32 first. A design whose
    // max distance does not pass the exact range (T5 never has one) puts every larger offset in
    // the last bucket instead of dividing by a log of 1 or less.
    int large = numBuckets - 1;
    if (maxExact > 0 && maxDistance > maxExact) {
        const float logRatio = float(std::log(double(maxDistance) / double(maxExact)));
        const float scaled = std::log(float(n) / float(maxExact)) / logRatio * float(numBuckets - maxExact);
        large = std::min(maxExact + int(scaled), numBuckets - 1);
    }
    return base + std::max(large, 0);
}

int RelativePositionBias::bucket(int relativePosition) const
{
    return bucket(relativePosition, m_bidirectional, m_numBuckets, m_maxDistance);
}

void RelativePositionBias::forward(Mat &out, const Mat &table, int positions) const
{
    const int H = int(table.cols()), width = 2 * positions - 1;
    out.resize(H, width);
    for (int c = 0; c < width; ++c)
        out.col(c) = table.row(bucket(c - (positions - 1))).transpose();
}

void RelativePositionBias::backward(Mat &dTable, const Mat &dOut) const
{
    const int width = int(dOut.cols()), positions = (width + 1) / 2;
    for (int c = 0; c < width; ++c)
        dTable.row(bucket(c - (positions - 1))) += dOut.col(c).transpose();
}

float RelativePositionBias::tiedHeadScale(const ModelConfig &config)
{
    if (config.positions != PositionKind::RelativeBuckets || !config.tiedEmbeddings)
        return 1.0f;
    return float(1.0 / std::sqrt(double(config.dModel)));
}

} // namespace tx
