#include "core/nn/feedforwardblock.h"

#include "core/nn/clampedswiglu.h"
#include "core/nn/ops.h"

#include <algorithm>
#include <functional>
#include <numeric>

namespace tx {

FeedForwardBlock::FeedForwardBlock(const ModelConfig &config, int layer)
    : m_config(config), m_sparse(isSparse(config, layer))
{
}

bool FeedForwardBlock::isSparse(const ModelConfig &c, int i)
{
    if (!c.moe.enabled() || i < c.moe.firstDense)
        return false;
    if (std::find(c.moe.denseLayers.begin(), c.moe.denseLayers.end(), i) != c.moe.denseLayers.end())
        return false;
    return i % c.moe.sparseEvery == c.moe.sparseEvery - 1;
}

void FeedForwardBlock::act(Mat &y, const Mat &pre) const
{
    if (m_config.ffn == FfnKind::Gated3 && m_config.swigluLimit > 0)
        ClampedSwiglu::forward(y, pre, float(m_config.swigluLimit));
    else if (m_config.ffn == FfnKind::Gated3)
        ops::gatedForward(m_config.activation, y, pre);
    else
        ops::activationForward(m_config.activation, y, pre);
}

void FeedForwardBlock::actBackward(Mat &dPre, const Mat &dy, const Mat &pre) const
{
    if (m_config.ffn == FfnKind::Gated3 && m_config.swigluLimit > 0)
        ClampedSwiglu::backward(dPre, dy, pre, float(m_config.swigluLimit));
    else if (m_config.ffn == FfnKind::Gated3)
        ops::gatedBackward(m_config.activation, dPre, dy, pre);
    else
        ops::activationBackward(m_config.activation, dPre, dy, pre);
}

void FeedForwardBlock::forward(const TransformerWeights::Layer &w, ActivationCache::Layer &a, const Mat &in,
                               const TransposedWeights::Layer *t) const
{
    if (m_sparse) {
        moeForward(w, a, in);
        return;
    }
    if (t && t->ffnIn.size() > 0)
        ops::linearForwardTransposed(a.ffPre, in, t->ffnIn, w.ffnInBias);
    else
        ops::linearForward(a.ffPre, in, w.ffnIn, w.ffnInBias);
    act(a.ffAct, a.ffPre);
    if (t && t->ffnOut.size() > 0)
        ops::linearForwardTransposed(a.m, a.ffAct, t->ffnOut, w.ffnOutBias);
    else
        ops::linearForward(a.m, a.ffAct, w.ffnOut, w.ffnOutBias);
}

void FeedForwardBlock::backward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g,
                                const ActivationCache::Layer &a, const Mat &in, const Mat &dOut, Mat &dInput) const
{
    if (m_sparse) {
        moeBackward(w, g, a, in, dOut, dInput);
        return;
    }
    Mat dAct, dPre;
    ops::linearBackward(&dAct, g.ffnOut, g.ffnOutBias, dOut, a.ffAct, w.ffnOut);
    actBackward(dPre, dAct, a.ffPre);
    ops::linearBackward(&dInput, g.ffnIn, g.ffnInBias, dPre, in, w.ffnIn);
}

void FeedForwardBlock::route(const TransformerWeights::Layer &w, ActivationCache::Layer &a) const
{
    const MoeConfig &moe = m_config.moe;
    const int N = int(a.routerLogits.rows()), E = moe.numExperts, K = moe.topK;
    const bool sigmoid = moe.routerScore == RouterScore::Sigmoid;
    if (sigmoid) {
        a.routerScores = (1.0f + (-a.routerLogits.array()).exp()).inverse().matrix();
    } else {
        a.routerScores.resize(N, E);
        for (int t = 0; t < N; ++t) {
            const auto row = a.routerLogits.row(t).array();
            a.routerScores.row(t) = (row - row.maxCoeff()).exp().matrix();
            a.routerScores.row(t) /= a.routerScores.row(t).sum();
        }
    }
    a.chosen.assign(std::size_t(N) * K, 0);
    a.gates.resize(N, K);
    a.expertRows.assign(std::size_t(E), {});
    a.expertSlot.assign(std::size_t(N) * K, 0);
    const int G = std::max(1, moe.groups), perGroup = E / G;
    std::vector<int> order(static_cast<std::size_t>(E)), groupOrder(static_cast<std::size_t>(G));
    std::vector<float> choice(static_cast<std::size_t>(E)), groupScore(static_cast<std::size_t>(G));
    for (int t = 0; t < N; ++t) {
        for (int e = 0; e < E; ++e)
            choice[std::size_t(e)] = a.routerScores(t, e) + (w.routerScoreBias.size() > 0 ? w.routerScoreBias(0, e) : 0.0f);
        if (G > 1) {
            // Each group's score is the sum of its two best experts; outside the topGroups best
            // groups every score becomes 0.0, as DeepseekV3TopkRouter's masked_fill.
            for (int g = 0; g < G; ++g) {
                std::vector<float> members(choice.begin() + g * perGroup, choice.begin() + (g + 1) * perGroup);
                const int two = std::min(2, perGroup);
                std::partial_sort(members.begin(), members.begin() + two, members.end(), std::greater<float>());
                groupScore[std::size_t(g)] = std::accumulate(members.begin(), members.begin() + two, 0.0f);
            }
            std::iota(groupOrder.begin(), groupOrder.end(), 0);
            std::partial_sort(groupOrder.begin(), groupOrder.begin() + moe.topGroups, groupOrder.end(), [&](int x, int y) {
                return groupScore[std::size_t(x)] > groupScore[std::size_t(y)] || (groupScore[std::size_t(x)] == groupScore[std::size_t(y)] && x < y);
            });
            std::vector<bool> kept(static_cast<std::size_t>(G), false);
            for (int i = 0; i < moe.topGroups; ++i)
                kept[std::size_t(groupOrder[std::size_t(i)])] = true;
            for (int e = 0; e < E; ++e)
                if (!kept[std::size_t(e / perGroup)])
                    choice[std::size_t(e)] = 0.0f;
        }
        // torch.topk: the k best, best first (ties to the lower index).
        std::iota(order.begin(), order.end(), 0);
        std::partial_sort(order.begin(), order.begin() + K, order.end(), [&](int x, int y) {
            return choice[std::size_t(x)] > choice[std::size_t(y)] || (choice[std::size_t(x)] == choice[std::size_t(y)] && x < y);
        });
        float sum = sigmoid ? 1e-20f : 0.0f;
        for (int j = 0; j < K; ++j)
            sum += a.routerScores(t, order[std::size_t(j)]);
        const float scale = float(moe.routedScale) / (moe.normTopK ? sum : 1.0f);
        for (int j = 0; j < K; ++j) {
            const int e = order[std::size_t(j)];
            a.gates(t, j) = a.routerScores(t, e) * scale;
            a.chosen[std::size_t(t) * K + j] = e;
            a.expertSlot[std::size_t(t) * K + j] = int(a.expertRows[std::size_t(e)].size());
            a.expertRows[std::size_t(e)].push_back(t);
        }
    }
}

void FeedForwardBlock::moeForward(const TransformerWeights::Layer &w, ActivationCache::Layer &a, const Mat &in) const
{
    const int N = int(in.rows()), d = int(in.cols()), E = m_config.moe.numExperts, K = m_config.moe.topK;
    const int F = int(w.expertsOut.rows()) / E;
    ops::linearForward(a.routerLogits, in, w.router, w.routerBias); // (N, E)
    route(w, a);
    a.m = Mat::Zero(N, d);
    a.expertIn.resize(std::size_t(E));
    a.expertPre.resize(std::size_t(E));
    a.expertAct.resize(std::size_t(E));
    a.expertOut.resize(std::size_t(E));
    for (int e = 0; e < E; ++e) {
        const std::vector<int> &rows = a.expertRows[std::size_t(e)];
        const int n = int(rows.size());
        Mat &x = a.expertIn[std::size_t(e)];
        x.resize(n, d);
        for (int i = 0; i < n; ++i)
            x.row(i) = in.row(rows[std::size_t(i)]);
        Mat &pre = a.expertPre[std::size_t(e)];
        pre.resize(n, w.expertsIn.cols());
        pre.noalias() = x * w.expertsIn.middleRows(Eigen::Index(e) * d, d);
        if (w.expertsInBias.size() > 0)
            pre.rowwise() += w.expertsInBias.row(e);
        act(a.expertAct[std::size_t(e)], pre);
        Mat &out = a.expertOut[std::size_t(e)];
        out.resize(n, d);
        out.noalias() = a.expertAct[std::size_t(e)] * w.expertsOut.middleRows(Eigen::Index(e) * F, F);
        if (w.expertsOutBias.size() > 0) // gpt-oss: the bias is part of the expert's output, gated with it
            out.rowwise() += w.expertsOutBias.row(e);
    }
    for (int t = 0; t < N; ++t)
        for (int j = 0; j < K; ++j) {
            const int e = a.chosen[std::size_t(t) * K + j];
            a.m.row(t) += a.gates(t, j) * a.expertOut[std::size_t(e)].row(a.expertSlot[std::size_t(t) * K + j]);
        }
    if (w.sharedIn.size() > 0) {
        ops::linearForward(a.sharedPre, in, w.sharedIn, Mat());
        act(a.sharedAct, a.sharedPre);
        ops::matmulAdd(a.m, a.sharedAct, w.sharedOut);
    }
}

void FeedForwardBlock::moeBackward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g,
                                   const ActivationCache::Layer &a, const Mat &in, const Mat &dOut, Mat &dInput) const
{
    const int N = int(in.rows()), d = int(in.cols()), E = m_config.moe.numExperts, K = m_config.moe.topK;
    const int F = int(w.expertsOut.rows()) / E;
    dInput = Mat::Zero(N, d);
    if (w.sharedIn.size() > 0) {
        Mat dAct, dPre, noBias;
        ops::linearBackward(&dAct, g.sharedOut, noBias, dOut, a.sharedAct, w.sharedOut);
        actBackward(dPre, dAct, a.sharedPre);
        ops::linearBackward(&dInput, g.sharedIn, noBias, dPre, in, w.sharedIn);
    }
    // y_t = Σ_j gate_tj · out_{e_j}(x_t): d gate_tj = out · dy_t, d out = gate_tj · dy_t.
    Mat dGates(N, K);
    for (int e = 0; e < E; ++e) {
        const std::vector<int> &rows = a.expertRows[std::size_t(e)];
        const int n = int(rows.size());
        if (n == 0)
            continue;
        Mat dOutE(n, d);
        for (int t = 0; t < N; ++t)
            for (int j = 0; j < K; ++j)
                if (a.chosen[std::size_t(t) * K + j] == e) {
                    const int i = a.expertSlot[std::size_t(t) * K + j];
                    dOutE.row(i) = a.gates(t, j) * dOut.row(t);
                    dGates(t, j) = a.expertOut[std::size_t(e)].row(i).dot(dOut.row(t));
                }
        Mat dAct(n, F), dPre, dX(n, d);
        dAct.noalias() = dOutE * w.expertsOut.middleRows(Eigen::Index(e) * F, F).transpose();
        g.expertsOut.middleRows(Eigen::Index(e) * F, F).noalias() += a.expertAct[std::size_t(e)].transpose() * dOutE;
        if (g.expertsOutBias.size() > 0)
            g.expertsOutBias.row(e) += dOutE.colwise().sum();
        actBackward(dPre, dAct, a.expertPre[std::size_t(e)]);
        g.expertsIn.middleRows(Eigen::Index(e) * d, d).noalias() += a.expertIn[std::size_t(e)].transpose() * dPre;
        if (g.expertsInBias.size() > 0)
            g.expertsInBias.row(e) += dPre.colwise().sum();
        dX.noalias() = dPre * w.expertsIn.middleRows(Eigen::Index(e) * d, d).transpose();
        for (int i = 0; i < n; ++i)
            dInput.row(rows[std::size_t(i)]) += dX.row(i);
    }
    // gate_j = c · s_j / S (S = Σ chosen s, normalised) or c · s_j: d s_j = c/S (d gate_j − Σ_i d gate_i ·
    // gate_i / c) or c · d gate_j; then through the softmax or the sigmoid. The unchosen experts'
    // scores get nothing from the weights, but a softmax passes the chosen ones' gradient to them.
    const MoeConfig &moe = m_config.moe;
    const bool sigmoid = moe.routerScore == RouterScore::Sigmoid;
    const float c = float(moe.routedScale);
    Mat dLogits = Mat::Zero(N, E);
    for (int t = 0; t < N; ++t) {
        float sum = sigmoid ? 1e-20f : 0.0f;
        for (int j = 0; j < K; ++j)
            sum += a.routerScores(t, a.chosen[std::size_t(t) * K + j]);
        const float dot = moe.normTopK ? a.gates.row(t).dot(dGates.row(t)) / c : 0.0f;
        for (int j = 0; j < K; ++j)
            dLogits(t, a.chosen[std::size_t(t) * K + j]) = moe.normTopK ? c / sum * (dGates(t, j) - dot) : c * dGates(t, j);
        if (sigmoid) {
            dLogits.row(t).array() *= a.routerScores.row(t).array() * (1.0f - a.routerScores.row(t).array());
        } else {
            const float pds = a.routerScores.row(t).dot(dLogits.row(t));
            dLogits.row(t).array() = a.routerScores.row(t).array() * (dLogits.row(t).array() - pds);
        }
    }
    Mat dIn;
    ops::linearBackward(&dIn, g.router, g.routerBias, dLogits, in, w.router);
    dInput += dIn;
}

} // namespace tx
