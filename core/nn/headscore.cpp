#include "core/nn/headscore.h"

#include <cmath>

namespace tx {

namespace {

// Accumulates the scores of one head over (T, T) probability blocks.
struct Sums
{
    double entropy = 0.0, previous = 0.0, first = 0.0, induction = 0.0;
    long long rows = 0, later = 0, inductionRows = 0;

    void add(const Eigen::Ref<const Mat> &p, int repeatStart, int repeatLength)
    {
        const Eigen::Index T = p.rows();
        for (Eigen::Index i = 0; i < T; ++i) {
            for (Eigen::Index j = 0; j < p.cols(); ++j) {
                const double v = p(i, j);
                if (v > 0.0)
                    entropy -= v * std::log2(v);
            }
            ++rows;
            if (i >= 1) {
                previous += p(i, i - 1);
                first += p(i, 0);
                ++later;
            }
        }
        if (repeatLength > 0) {
            for (Eigen::Index i = repeatStart + repeatLength; i < repeatStart + 2 * repeatLength && i < T; ++i) {
                induction += p(i, i - repeatLength + 1);
                ++inductionRows;
            }
        }
    }

    HeadScore score(int layer, int head) const
    {
        HeadScore s;
        s.layer = layer;
        s.head = head;
        s.entropyBits = rows > 0 ? entropy / double(rows) : 0.0;
        s.previousToken = later > 0 ? previous / double(later) : 0.0;
        s.firstToken = later > 0 ? first / double(later) : 0.0;
        s.induction = inductionRows > 0 ? induction / double(inductionRows) : 0.0;
        return s;
    }
};

} // namespace

std::vector<HeadScore> HeadScore::measure(const ForwardResult &result)
{
    std::vector<HeadScore> out;
    if (result.attention.size() != std::size_t(result.nLayers) * std::size_t(result.nHeads))
        return out;
    out.reserve(result.attention.size());
    for (int l = 0; l < result.nLayers; ++l) {
        for (int h = 0; h < result.nHeads; ++h) {
            Sums s;
            s.add(result.attentionAt(l, h), 0, 0);
            out.push_back(s.score(l, h));
        }
    }
    return out;
}

std::vector<HeadScore> HeadScore::measureLayer(const Mat &probs, int layer, int nHeads, int B, int T,
                                               const std::vector<int> &repeatStart,
                                               const std::vector<int> &repeatLength)
{
    std::vector<HeadScore> out;
    if (probs.rows() != Eigen::Index(B) * nHeads * T || probs.cols() != T)
        return out;
    for (int h = 0; h < nHeads; ++h) {
        Sums s;
        for (int b = 0; b < B; ++b) {
            const bool repeats = std::size_t(b) < repeatStart.size() && std::size_t(b) < repeatLength.size();
            s.add(probs.block((Eigen::Index(b) * nHeads + h) * T, 0, T, T), repeats ? repeatStart[std::size_t(b)] : 0,
                  repeats ? repeatLength[std::size_t(b)] : 0);
        }
        out.push_back(s.score(layer, h));
    }
    return out;
}

std::vector<HeadScore> HeadScore::measureCross(const Mat &probs, int layer, int nHeads, int B, int T, int Te,
                                               const std::vector<int> &sourcePosition)
{
    std::vector<HeadScore> out;
    if (probs.rows() != Eigen::Index(B) * nHeads * T || probs.cols() != Te)
        return out;
    const bool aligned = sourcePosition.size() == std::size_t(B) * T;
    for (int h = 0; h < nHeads; ++h) {
        double entropy = 0.0, alignment = 0.0;
        long long rows = 0, alignedRows = 0;
        for (int b = 0; b < B; ++b) {
            const auto p = probs.block((Eigen::Index(b) * nHeads + h) * T, 0, T, Te);
            for (int i = 0; i < T; ++i) {
                for (int j = 0; j < Te; ++j)
                    if (const double v = p(i, j); v > 0.0)
                        entropy -= v * std::log2(v);
                ++rows;
                const int source = aligned ? sourcePosition[std::size_t(b) * T + i] : -1;
                if (source >= 0 && source < Te) {
                    alignment += p(i, source);
                    ++alignedRows;
                }
            }
        }
        HeadScore s;
        s.kind = Kind::Cross;
        s.layer = layer;
        s.head = h;
        s.entropyBits = rows > 0 ? entropy / double(rows) : 0.0;
        s.alignment = alignedRows > 0 ? alignment / double(alignedRows) : 0.0;
        out.push_back(s);
    }
    return out;
}

const HeadScore *HeadScore::strongestInduction(const std::vector<HeadScore> &heads)
{
    const HeadScore *best = nullptr;
    for (const HeadScore &h : heads)
        if (h.kind == Kind::Self && h.layer >= 1 && (!best || h.induction > best->induction))
            best = &h;
    return best;
}

const HeadScore *HeadScore::formedInduction(const std::vector<HeadScore> &heads)
{
    const HeadScore *best = strongestInduction(heads);
    return best && best->induction > kInductionThreshold ? best : nullptr;
}

} // namespace tx
