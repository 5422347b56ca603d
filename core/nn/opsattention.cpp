#include "core/nn/ops.h"

#include "core/nn/gemmnn.h"
#include "core/nn/oneblasthread.h"
#include "core/nn/vectormath.h"

#include <algorithm>
#include <cmath>
#include <vector>

// The attention kernels of ops.h: one head forward and backward, and the (B·T)-row stacks of them.
namespace tx::ops {

void attentionHeadForward(Eigen::Ref<Mat> out, Eigen::Ref<Mat> probs, Mat *scores, const Eigen::Ref<const Mat> &q,
                          const Eigen::Ref<const Mat> &k, const Eigen::Ref<const Mat> &v, AttentionMask mask,
                          int qPos0, int kPos0, HeadLogits logits)
{
    const Eigen::Index Tq = q.rows(), Tk = k.rows();
    const float scale = logits.scale > 0 ? logits.scale : 1.0f / std::sqrt(float(q.cols()));
    const OneBlasThread one; // a head's products are small; the heads are what run in parallel
    const bool former = vec::reference();
    const Eigen::Index hd = q.cols();
    // A prompt's head (T1: 64 × 32 · 32 × 64): the engine's in-cache product on a transposed
    // copy of k, where OpenBLAS's per-call packing cost more than the arithmetic.
    const bool own = gemm::suitsAB(long(Tq), long(hd), long(Tk)) && gemm::suitsAB(long(Tq), long(Tk), long(v.cols()));
    if (own) {
        thread_local std::vector<float> kT; // (hd, Tk)
        kT.resize(std::size_t(hd * Tk));
        for (Eigen::Index j = 0; j < Tk; ++j)
            for (Eigen::Index d = 0; d < hd; ++d)
                kT[std::size_t(d * Tk + j)] = k(j, d);
        gemm::addAB(probs.data(), long(probs.outerStride()), q.data(), long(q.outerStride()), 1, long(Tq), long(hd),
                    kT.data(), long(Tk), long(Tk), false);
    } else {
        probs.noalias() = q * k.transpose();
    }
    if (scale != 1.0f)
        probs *= scale;
    if (logits.offsetBias)
        for (Eigen::Index i = 0; i < Tq; ++i)
            for (Eigen::Index j = 0; j < Tk; ++j)
                probs(i, j) += logits.offsetBias[(kPos0 + j) - (qPos0 + i)];
    if (logits.softcap > 0)
        probs = ((probs.array() / logits.softcap).tanh() * logits.softcap).matrix();
    if (scores)
        *scores = probs;
    for (Eigen::Index i = 0; i < Tq; ++i) {
        const int qp = int(qPos0 + i);
        const Eigen::Index hi = mask.last(qp, int(kPos0 + Tk - 1)) - kPos0;
        const Eigen::Index lo = std::max<Eigen::Index>(0, mask.first(qp) - kPos0);
        auto row = probs.row(i);
        if (lo > hi) {
            row.setZero();
            continue;
        }
        auto seen = row.segment(lo, hi - lo + 1).array();
        float m = seen.maxCoeff();
        if (logits.hasSink)
            m = std::max(m, logits.sink);
        // gpt-oss: the sink's exp(sink − m) joins the denominator; its column is then dropped.
        const float sink = logits.hasSink ? std::exp(logits.sink - m) : 0.0f;
        if (former) {
            seen = (seen - m).exp();
            seen /= seen.sum() + sink;
        } else {
            seen *= 1.0f / (vec::expShifted(row.data() + lo, long(hi - lo + 1), m) + sink);
        }
        if (lo > 0)
            row.head(lo).setZero();
        if (hi + 1 < Tk)
            row.tail(Tk - hi - 1).setZero();
    }
    if (own)
        gemm::addAB(out.data(), long(out.outerStride()), probs.data(), long(probs.outerStride()), 1, long(Tq), long(Tk),
                    v.data(), long(v.outerStride()), long(v.cols()), false);
    else
        out.noalias() = probs * v;
}

void attentionHeadBackward(Eigen::Ref<Mat> dq, Eigen::Ref<Mat> dk, Eigen::Ref<Mat> dv, Mat &dp,
                           const Eigen::Ref<const Mat> &dOut, const Eigen::Ref<const Mat> &p,
                           const Eigen::Ref<const Mat> &q, const Eigen::Ref<const Mat> &k,
                           const Eigen::Ref<const Mat> &v, HeadLogits logits, float *dSink, float *dOffsetBias)
{
    const float scale = logits.scale > 0 ? logits.scale : 1.0f / std::sqrt(float(q.cols()));
    const OneBlasThread one;
    dv.noalias() += p.transpose() * dOut;
    dp.resize(p.rows(), p.cols());
    dp.noalias() = dOut * v.transpose();
    // softmax backward: dS = P ⊙ (dP − rowsum(P ⊙ dP)); masked entries have P = 0. The sink's
    // output is dropped (its dP is 0), so its logit gets −P_sink · rowsum(P ⊙ dP).
    for (Eigen::Index i = 0; i < p.rows(); ++i) {
        const float dot = p.row(i).dot(dp.row(i));
        if (dSink)
            *dSink -= (1.0f - p.row(i).sum()) * dot;
        dp.row(i) = (p.row(i).array() * (dp.row(i).array() - dot)).matrix();
    }
    if (logits.softcap > 0) {
        // d/ds [c·tanh(s/c)] = 1 − tanh²(s/c), from the raw logits recomputed.
        Mat t(p.rows(), p.cols());
        t.noalias() = q * k.transpose();
        t *= scale;
        if (logits.offsetBias)
            for (Eigen::Index i = 0; i < t.rows(); ++i)
                for (Eigen::Index j = 0; j < t.cols(); ++j)
                    t(i, j) += logits.offsetBias[j - i];
        t.array() = (t.array() / logits.softcap).tanh();
        dp.array() *= 1.0f - t.array().square();
    }
    if (dOffsetBias) // the bias enters every logit unscaled
        for (Eigen::Index i = 0; i < dp.rows(); ++i)
            for (Eigen::Index j = 0; j < dp.cols(); ++j)
                dOffsetBias[j - i] += dp(i, j);
    if (scale != 1.0f)
        dp *= scale;
    dq.noalias() = dp * k;
    dk.noalias() += dp.transpose() * q;
}

void attentionForward(Mat &out, Mat &probs, const Mat &qkv, const std::vector<int> &offsets, int nHeads,
                      int nKvHeads, int headDim, AttentionMask mask, float softcap, const Mat *sinks)
{
    const int B = int(offsets.size()) - 1, N = offsets.back();
    int maxT = 0;
    for (int b = 0; b < B; ++b)
        maxT = std::max(maxT, offsets[std::size_t(b) + 1] - offsets[std::size_t(b)]);
    out.resize(N, Eigen::Index(nHeads) * headDim);
    probs.resize(Eigen::Index(nHeads) * N, maxT);
    const int group = nHeads / nKvHeads;
#pragma omp parallel for schedule(dynamic)
    for (int bh = 0; bh < B * nHeads; ++bh) {
        const int b = bh / nHeads, h = bh % nHeads, g = h / group;
        const int r0 = offsets[std::size_t(b)], T = offsets[std::size_t(b) + 1] - r0;
        attentionHeadForward(out.block(r0, Eigen::Index(h) * headDim, T, headDim),
                             probs.block(Eigen::Index(nHeads) * r0 + Eigen::Index(h) * T, 0, T, T), nullptr,
                             qkv.block(r0, Eigen::Index(h) * headDim, T, headDim),
                             qkv.block(r0, Eigen::Index(nHeads + g) * headDim, T, headDim),
                             qkv.block(r0, Eigen::Index(nHeads + nKvHeads + g) * headDim, T, headDim), mask, 0, 0,
                             HeadLogits{softcap, sinks != nullptr, sinks ? (*sinks)(0, h) : 0.0f});
    }
}

void attentionBackward(Mat &dQkv, const Mat &dOut, const Mat &probs, const Mat &qkv, const std::vector<int> &offsets,
                       int nHeads, int nKvHeads, int headDim, float softcap, const Mat *sinks, Mat *dSinks,
                       const Mat *offsetBias, Mat *dOffsetBias, float scale)
{
    const int B = int(offsets.size()) - 1;
    dQkv.resize(qkv.rows(), qkv.cols());
    const int group = nHeads / nKvHeads;
    // Each (sequence, head) writes its own sink gradient; summed over sequences after the loop.
    std::vector<float> dSinkParts(dSinks ? std::size_t(B) * nHeads : 0, 0.0f);
    // The same for the relative bias: one (nHeads, 2P − 1) table per sequence.
    const Eigen::Index center = offsetBias ? (offsetBias->cols() - 1) / 2 : 0;
    std::vector<Mat> dBiasParts(dOffsetBias ? std::size_t(B) : 0);
    for (Mat &part : dBiasParts)
        part = Mat::Zero(dOffsetBias->rows(), dOffsetBias->cols());
#pragma omp parallel for schedule(dynamic)
    for (int bg = 0; bg < B * nKvHeads; ++bg) {
        const int b = bg / nKvHeads, g = bg % nKvHeads;
        const int r0 = offsets[std::size_t(b)], T = offsets[std::size_t(b) + 1] - r0;
        const auto k = qkv.block(r0, Eigen::Index(nHeads + g) * headDim, T, headDim);
        const auto v = qkv.block(r0, Eigen::Index(nHeads + nKvHeads + g) * headDim, T, headDim);
        auto dk = dQkv.block(r0, Eigen::Index(nHeads + g) * headDim, T, headDim);
        auto dv = dQkv.block(r0, Eigen::Index(nHeads + nKvHeads + g) * headDim, T, headDim);
        dk.setZero();
        dv.setZero();
        thread_local Mat dp;
        for (int h = g * group; h < (g + 1) * group; ++h) {
            attentionHeadBackward(dQkv.block(r0, Eigen::Index(h) * headDim, T, headDim), dk, dv, dp,
                                  dOut.block(r0, Eigen::Index(h) * headDim, T, headDim),
                                  probs.block(Eigen::Index(nHeads) * r0 + Eigen::Index(h) * T, 0, T, T),
                                  qkv.block(r0, Eigen::Index(h) * headDim, T, headDim), k, v,
                                  HeadLogits{softcap, sinks != nullptr, sinks ? (*sinks)(0, h) : 0.0f, scale,
                                             offsetBias ? offsetBias->row(h).data() + center : nullptr},
                                  dSinks ? &dSinkParts[std::size_t(b) * nHeads + h] : nullptr,
                                  dOffsetBias ? dBiasParts[std::size_t(b)].row(h).data() + center : nullptr);
        }
    }
    for (const Mat &part : dBiasParts)
        *dOffsetBias += part;
    if (dSinks)
        for (int b = 0; b < B; ++b)
            for (int h = 0; h < nHeads; ++h)
                (*dSinks)(0, h) += dSinkParts[std::size_t(b) * nHeads + h];
}

namespace {

std::vector<int> equalOffsets(int B, int T)
{
    std::vector<int> offsets(std::size_t(B) + 1);
    for (int b = 0; b <= B; ++b)
        offsets[std::size_t(b)] = b * T;
    return offsets;
}

} // namespace

void attentionForward(Mat &out, Mat &probs, const Mat &qkv, int B, int T, int nHeads, int nKvHeads, int headDim,
                      bool causal)
{
    attentionForward(out, probs, qkv, equalOffsets(B, T), nHeads, nKvHeads, headDim, AttentionMask{causal, 0});
}

void attentionBackward(Mat &dQkv, const Mat &dOut, const Mat &probs, const Mat &qkv, int B, int T, int nHeads,
                       int nKvHeads, int headDim)
{
    attentionBackward(dQkv, dOut, probs, qkv, equalOffsets(B, T), nHeads, nKvHeads, headDim);
}

} // namespace tx::ops
