#include "core/nn/forwardops.h"

#include <cmath>
#include <limits>

#include <omp.h>

namespace tx::forwardops {

namespace {

// out += x * w, where w is any Eigen expression of shape (K, M) whose middleCols can be taken.
template <typename W>
void matmulAddSplit(Eigen::Ref<Mat> out, const Eigen::Ref<const Mat> &x, const W &w)
{
    const Eigen::Index M = w.cols();
    const int threads = omp_in_parallel() ? 1 : omp_get_max_threads();
    // Below ~4 MFLOP (2·N·K·M) a thread join costs more than it saves.
    if (threads < 2 || double(x.rows()) * double(x.cols()) * double(M) < 2e6 || M < 64 * threads) {
        out.noalias() += x * w;
        return;
    }
    // Each thread computes a band of output columns with a single-threaded Eigen product: one
    // join per product, where Eigen's own parallel GEMM synchronises on every block.
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int t = 0; t < threads; ++t) {
        const Eigen::Index c0 = t == 0 ? 0 : (M * t / threads) & ~Eigen::Index(15);
        const Eigen::Index c1 = t + 1 == threads ? M : (M * (t + 1) / threads) & ~Eigen::Index(15);
        out.middleCols(c0, c1 - c0).noalias() += x * w.middleCols(c0, c1 - c0);
    }
}

} // namespace

void linearForward(Mat &out, const Eigen::Ref<const Mat> &x, const Eigen::Ref<const Mat> &w, const RowVec &bias)
{
    out.resize(x.rows(), w.cols());
    // Eigen's `out = x * w` zeroes `out` and then accumulates; starting from the bias instead
    // saves that pass over the output.
    if (bias.size() > 0)
        out.rowwise() = bias;
    else
        out.setZero();
    matmulAdd(out, x, w);
}

void matmulAdd(Eigen::Ref<Mat> out, const Eigen::Ref<const Mat> &x, const Eigen::Ref<const Mat> &w)
{
    matmulAddSplit(out, x, w);
}

void matmulAddTransposed(Eigen::Ref<Mat> out, const Eigen::Ref<const Mat> &x, const Eigen::Ref<const Mat> &w)
{
    matmulAddSplit(out, x, w.transpose());
}

void layerNormForward(Mat &out, ColVec &mean, ColVec &rstd, const Eigen::Ref<const Mat> &x, const RowVec &scale,
                      const RowVec &bias, float eps)
{
    const Eigen::Index n = x.rows();
    const float inv = 1.0f / float(x.cols());
    out.resize(n, x.cols());
    mean.resize(n);
    rstd.resize(n);
    for (Eigen::Index r = 0; r < n; ++r) {
        const float m = x.row(r).sum() * inv;
        const float var = (x.row(r).array() - m).square().sum() * inv;
        const float s = 1.0f / std::sqrt(var + eps);
        mean(r) = m;
        rstd(r) = s;
        out.row(r) = ((x.row(r).array() - m) * s) * scale.array();
        if (bias.size() > 0)
            out.row(r) += bias;
    }
}

void rmsNormForward(Mat &out, ColVec &rstd, const Eigen::Ref<const Mat> &x, const RowVec &scale, float eps)
{
    const Eigen::Index n = x.rows();
    out.resize(n, x.cols());
    rstd.resize(n);
    for (Eigen::Index r = 0; r < n; ++r) {
        const float s = 1.0f / std::sqrt(x.row(r).squaredNorm() / float(x.cols()) + eps);
        rstd(r) = s;
        out.row(r) = (x.row(r).array() * s) * scale.array();
    }
}

void normForward(Mat &out, ColVec &mean, ColVec &rstd, const Eigen::Ref<const Mat> &x, NormKind kind,
                 const RowVec &scale, const RowVec &bias, float eps)
{
    if (kind == NormKind::RmsNorm) {
        mean.resize(0);
        rmsNormForward(out, rstd, x, scale, eps);
    } else {
        layerNormForward(out, mean, rstd, x, scale, bias, eps);
    }
}

void activationForward(Mat &x, Activation act)
{
    auto a = x.array();
    switch (act) {
    case Activation::Relu:
        a = a.max(0.0f);
        break;
    case Activation::Gelu: {
        // Exact GELU: 0.5 x (1 + erf(x / sqrt 2)) (Hendrycks & Gimpel 2016), torch's default.
        float *p = x.data();
        for (Eigen::Index i = 0; i < x.size(); ++i)
            p[i] = 0.5f * p[i] * (1.0f + std::erf(p[i] * float(M_SQRT1_2)));
        break;
    }
    case Activation::GeluTanh: {
        // GPT-2's gelu_new: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x³))).
        const float c = 0.7978845608028654f;
        a = 0.5f * a * (1.0f + (c * (a + 0.044715f * a.cube())).tanh());
        break;
    }
    case Activation::Silu:
        a = a / (1.0f + (-a).exp());
        break;
    }
}

void gatedForward(Mat &out, const Eigen::Ref<const Mat> &gateUp, Activation act)
{
    const Eigen::Index f = gateUp.cols() / 2;
    out = gateUp.leftCols(f);
    activationForward(out, act);
    out.array() *= gateUp.rightCols(f).array();
}

void ropeTables(Mat &cos, Mat &sin, int T, int rotDim, double theta)
{
    const int half = rotDim / 2;
    cos.resize(T, half);
    sin.resize(T, half);
    for (int i = 0; i < half; ++i) {
        // Computed in float32 like Hugging Face, so positions * inv_freq round the same way.
        const float invFreq = float(1.0 / std::pow(theta, double(float(2 * i) / float(rotDim))));
        for (int t = 0; t < T; ++t) {
            const float angle = float(t) * invFreq;
            cos(t, i) = std::cos(angle);
            sin(t, i) = std::sin(angle);
        }
    }
}

void ropeForward(Eigen::Ref<Mat> x, int col0, int nHeads, int headDim, int rotDim, const Mat &cos, const Mat &sin)
{
    const int half = rotDim / 2;
    for (Eigen::Index t = 0; t < x.rows(); ++t) {
        for (int h = 0; h < nHeads; ++h) {
            float *p = x.row(t).data() + col0 + h * headDim;
            for (int i = 0; i < half; ++i) {
                const float a = p[i];
                const float b = p[i + half];
                p[i] = a * cos(t, i) - b * sin(t, i);
                p[i + half] = b * cos(t, i) + a * sin(t, i);
            }
        }
    }
}

void attentionHeadForward(Eigen::Ref<Mat> out, Mat &probs, Mat *scores, const Eigen::Ref<const Mat> &q,
                          const Eigen::Ref<const Mat> &k, const Eigen::Ref<const Mat> &v, bool causal,
                          int slidingWindow)
{
    const Eigen::Index T = q.rows();
    const float scale = 1.0f / std::sqrt(float(q.cols()));
    probs.resize(T, T);
    probs.noalias() = q * k.transpose();
    probs *= scale;
    if (scores)
        *scores = probs;
    for (Eigen::Index i = 0; i < T; ++i) {
        const Eigen::Index hi = causal ? i : T - 1; // last visible key
        const Eigen::Index lo = slidingWindow > 0 ? std::max<Eigen::Index>(0, i - slidingWindow + 1) : 0;
        auto row = probs.row(i);
        if (lo > hi) {
            row.setZero();
            continue;
        }
        auto seen = row.segment(lo, hi - lo + 1).array();
        const float m = seen.maxCoeff();
        seen = (seen - m).exp();
        seen /= seen.sum();
        if (lo > 0)
            row.head(lo).setZero();
        if (hi + 1 < T)
            row.tail(T - hi - 1).setZero();
    }
    out.noalias() = probs * v;
}

Mat sinusoidalTable(int T, int d)
{
    Mat pe(T, d);
    for (int t = 0; t < T; ++t) {
        for (int i = 0; i < d; ++i) {
            const double freq = std::pow(10000.0, -double(i - i % 2) / double(d));
            pe(t, i) = float(i % 2 == 0 ? std::sin(t * freq) : std::cos(t * freq));
        }
    }
    return pe;
}

} // namespace tx::forwardops
