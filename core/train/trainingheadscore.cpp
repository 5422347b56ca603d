#include "core/train/trainingheadscore.h"

#include "core/train/trainabletransformer.h"

#include <cmath>

namespace tx {

std::vector<TrainingHeadScore> TrainingHeadScore::measure(const TrainableTransformer &model, const TrainingBatch &probe)
{
    std::vector<TrainingHeadScore> out;
    for (int l = 0; l < model.config().nLayers; ++l) {
        const std::vector<TrainingHeadScore> layer = measureLayer(model.attention(l), l, model.config().nHeads, probe);
        out.insert(out.end(), layer.begin(), layer.end());
    }
    return out;
}

std::vector<TrainingHeadScore> TrainingHeadScore::measureLayer(const Mat &probs, int l, int nH, const TrainingBatch &probe)
{
    std::vector<TrainingHeadScore> out;
    const int T = probe.seqLen;
    if (probs.rows() != Eigen::Index(probe.batch) * nH * T || probs.cols() != T)
        return out;
    for (int h = 0; h < nH; ++h) {
        TrainingHeadScore s;
        s.layer = l;
        s.head = h;
        double induction = 0.0, previous = 0.0, entropy = 0.0;
        long long nInduction = 0, nPrevious = 0, nRows = 0;
        for (int b = 0; b < probe.batch; ++b) {
            const auto p = probs.block((Eigen::Index(b) * nH + h) * T, 0, T, T);
            for (int i = 0; i < T; ++i) {
                double e = 0.0;
                for (int j = 0; j <= i; ++j) {
                    const double v = p(i, j);
                    if (v > 0.0)
                        e -= v * std::log(v);
                }
                entropy += e;
                ++nRows;
                if (i >= 1) {
                    previous += p(i, i - 1);
                    ++nPrevious;
                }
            }
            if (std::size_t(b) < probe.repeatStart.size()) {
                const int start = probe.repeatStart[std::size_t(b)], len = probe.repeatLength[std::size_t(b)];
                for (int i = start + len; i < start + 2 * len && i < T; ++i) {
                    induction += p(i, i - len + 1);
                    ++nInduction;
                }
            }
        }
        s.inductionScore = nInduction > 0 ? induction / double(nInduction) : 0.0;
        s.previousTokenScore = nPrevious > 0 ? previous / double(nPrevious) : 0.0;
        s.entropy = nRows > 0 ? entropy / double(nRows) : 0.0;
        out.push_back(s);
    }
    return out;
}

const TrainingHeadScore *TrainingHeadScore::strongestInduction(const std::vector<TrainingHeadScore> &heads)
{
    const TrainingHeadScore *best = nullptr;
    for (const TrainingHeadScore &h : heads)
        if (h.layer >= 1 && (!best || h.inductionScore > best->inductionScore))
            best = &h;
    return best;
}

const TrainingHeadScore *TrainingHeadScore::formedInduction(const std::vector<TrainingHeadScore> &heads)
{
    const TrainingHeadScore *best = strongestInduction(heads);
    return best && best->inductionScore > kInductionThreshold ? best : nullptr;
}

} // namespace tx
