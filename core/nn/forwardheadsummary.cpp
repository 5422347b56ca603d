#include "core/nn/forwardheadsummary.h"

#include <cmath>

namespace tx {

std::vector<ForwardHeadSummary> ForwardHeadSummary::summarize(const ForwardResult &result)
{
    std::vector<ForwardHeadSummary> out;
    if (result.attention.size() != std::size_t(result.nLayers) * std::size_t(result.nHeads))
        return out;
    out.reserve(result.attention.size());
    for (int l = 0; l < result.nLayers; ++l) {
        for (int h = 0; h < result.nHeads; ++h) {
            const Mat &p = result.attentionAt(l, h); // (T, T), row = query
            const Eigen::Index T = p.rows();
            ForwardHeadSummary s;
            s.layer = l;
            s.head = h;
            double entropy = 0.0;
            for (Eigen::Index i = 0; i < T; ++i) {
                for (Eigen::Index j = 0; j < p.cols(); ++j) {
                    const double v = p(i, j);
                    if (v > 0.0)
                        entropy -= v * std::log2(v);
                }
            }
            s.entropyBits = T > 0 ? entropy / double(T) : 0.0;
            double previous = 0.0, first = 0.0;
            for (Eigen::Index i = 1; i < T; ++i) {
                previous += p(i, i - 1);
                first += p(i, 0);
            }
            if (T > 1) {
                s.previousToken = previous / double(T - 1);
                s.firstToken = first / double(T - 1);
            }
            out.push_back(s);
        }
    }
    return out;
}

} // namespace tx
