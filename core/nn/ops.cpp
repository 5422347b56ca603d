#include "core/nn/ops.h"

#include "core/nn/gemmnn.h"
#include "core/nn/gemmnt.h"
#include "core/nn/gemv.h"
#include "core/nn/oneblasthread.h"
#include "core/nn/vectormath.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include <omp.h>

namespace tx::ops {

namespace {

constexpr float kSqrt2OverPi = 0.7978845608028654f; // sqrt(2/pi)
constexpr float kInvSqrt2 = 0.7071067811865476f;    // 1/sqrt(2)
constexpr float kInvSqrt2Pi = 0.3989422804014327f;  // 1/sqrt(2*pi)

inline float act(Activation a, float x)
{
    switch (a) {
    case Activation::Relu:
        return x > 0.0f ? x : 0.0f;
    case Activation::Gelu:
        return 0.5f * x * (1.0f + std::erf(x * kInvSqrt2));
    case Activation::GeluTanh:
        return 0.5f * x * (1.0f + std::tanh(kSqrt2OverPi * (x + 0.044715f * x * x * x)));
    case Activation::Silu:
        return x / (1.0f + std::exp(-x));
    }
    return x;
}

// d act(x) / dx
inline float actGrad(Activation a, float x)
{
    switch (a) {
    case Activation::Relu:
        return x > 0.0f ? 1.0f : 0.0f;
    case Activation::Gelu:
        return 0.5f * (1.0f + std::erf(x * kInvSqrt2)) + x * kInvSqrt2Pi * std::exp(-0.5f * x * x);
    case Activation::GeluTanh: {
        const float t = std::tanh(kSqrt2OverPi * (x + 0.044715f * x * x * x));
        return 0.5f * (1.0f + t) + 0.5f * x * (1.0f - t * t) * kSqrt2OverPi * (1.0f + 3.0f * 0.044715f * x * x);
    }
    case Activation::Silu: {
        const float s = 1.0f / (1.0f + std::exp(-x));
        return s * (1.0f + x * (1.0f - s));
    }
    }
    return 1.0f;
}

// activationBackward as it was before vectormath, for TX_KERNELS=reference.
void activationBackwardFormer(Activation a, Mat &dx, const Mat &dy, const Mat &x)
{
    const auto in = x.array();
    if (a == Activation::Silu) {
        const Eigen::Array<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> s = 1.0f / (1.0f + (-in).exp());
        dx.array() = dy.array() * s * (1.0f + in * (1.0f - s));
        return;
    }
    Mat t(x.rows(), x.cols());
    t.array() = (kSqrt2OverPi * (in + 0.044715f * in.cube())).tanh();
    const float *xp = x.data(), *tp = t.data(), *dyp = dy.data();
    float *dxp = dx.data();
    for (Eigen::Index i = 0; i < x.size(); ++i) {
        const float xv = xp[i], tv = tp[i];
        dxp[i] = dyp[i]
            * (0.5f * (1.0f + tv) + 0.5f * xv * (1.0f - tv * tv) * kSqrt2OverPi * (1.0f + 3.0f * 0.044715f * xv * xv));
    }
}

// Elementwise work over [0, n) split into one band per OpenMP thread: from 256 K values (GELU
// runs ~1 ns a value on one AVX2 core; a batch's FFN of 2048 × 1024 took 2 ms alone while the
// other core waited). Below that a join's cost on a shared host (a vCPU away at the barrier)
// can outweigh the gain, so batch-1 passes (GPT-2 small's FFN at 64 tokens, 196 K values) stay
// on one thread; so does a training shard, already inside a parallel region. Every value gets
// the same formula wherever its band starts (vectormath runs a tail through the same vector
// code), so the split changes no bit.
template <class Work> void overBands(long n, long grain, Work work)
{
    const int threads = omp_in_parallel() ? 1 : omp_get_max_threads();
    if (threads < 2 || n * grain < 262144) {
        work(0L, n);
        return;
    }
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int t = 0; t < threads; ++t)
        work(n * t / threads, n * (t + 1) / threads);
}

} // namespace

void activationForward(Activation a, Mat &y, const Mat &x)
{
    y.resize(x.rows(), x.cols());
    const auto in = x.array();
    // The smooth activations run the widest vector kernels of this CPU (vectormath.h); erf stays scalar.
    const bool former = vec::reference();
    switch (a) {
    case Activation::GeluTanh:
        if (former)
            y.array() = 0.5f * in * (1.0f + (kSqrt2OverPi * (in + 0.044715f * in.cube())).tanh());
        else
            overBands(long(x.size()), 1, [&](long a, long b) { vec::geluTanh(y.data() + a, x.data() + a, b - a); });
        return;
    case Activation::Silu:
        if (former)
            y.array() = in / (1.0f + (-in).exp());
        else
            overBands(long(x.size()), 1, [&](long a, long b) { vec::silu(y.data() + a, x.data() + a, b - a); });
        return;
    case Activation::Relu:
        y.array() = in.max(0.0f);
        return;
    case Activation::Gelu:
        break;
    }
    const float *src = x.data();
    float *dst = y.data();
    for (Eigen::Index i = 0; i < x.size(); ++i)
        dst[i] = act(a, src[i]);
}


void activationBackward(Activation a, Mat &dx, const Mat &dy, const Mat &x)
{
    dx.resize(x.rows(), x.cols());
    const auto in = x.array();
    if (vec::reference() && (a == Activation::GeluTanh || a == Activation::Silu)) {
        activationBackwardFormer(a, dx, dy, x);
        return;
    }
    switch (a) {
    case Activation::GeluTanh:
        overBands(long(x.size()), 1,
                  [&](long a, long b) { vec::geluTanhGrad(dx.data() + a, dy.data() + a, x.data() + a, b - a); });
        return;
    case Activation::Silu:
        overBands(long(x.size()), 1,
                  [&](long a, long b) { vec::siluGrad(dx.data() + a, dy.data() + a, x.data() + a, b - a); });
        return;
    case Activation::Relu:
        dx.array() = (in > 0.0f).select(dy.array(), 0.0f);
        return;
    case Activation::Gelu:
        break;
    }
    for (Eigen::Index i = 0; i < x.size(); ++i)
        dx.data()[i] = dy.data()[i] * actGrad(a, x.data()[i]);
}


void gatedForward(Activation a, Mat &y, const Mat &gateUp)
{
    const Eigen::Index f = gateUp.cols() / 2;
    y.resize(gateUp.rows(), f);
    const bool vectorised = (a == Activation::Silu || a == Activation::GeluTanh) && !vec::reference();
    overBands(long(gateUp.rows()), long(f), [&](long r0, long r1) {
        for (long r = r0; r < r1; ++r) {
            const float *g = gateUp.row(r).data();
            float *out = y.row(r).data();
            if (vectorised) {
                if (a == Activation::Silu)
                    vec::silu(out, g, long(f));
                else
                    vec::geluTanh(out, g, long(f));
                for (Eigen::Index c = 0; c < f; ++c)
                    out[c] *= g[f + c];
                continue;
            }
            for (Eigen::Index c = 0; c < f; ++c)
                out[c] = act(a, g[c]) * g[f + c];
        }
    });
}


void gatedBackward(Activation a, Mat &dGateUp, const Mat &dy, const Mat &gateUp)
{
    const Eigen::Index f = gateUp.cols() / 2;
    dGateUp.resize(gateUp.rows(), gateUp.cols());
    const bool vectorised = (a == Activation::Silu || a == Activation::GeluTanh) && !vec::reference();
    overBands(long(gateUp.rows()), long(f), [&](long r0, long r1) {
        for (long r = r0; r < r1; ++r) {
            const float *g = gateUp.row(r).data();
            const float *d = dy.row(r).data();
            float *out = dGateUp.row(r).data();
            if (vectorised) {
                // d gate = dy · up · act'(gate); d up = dy · act(gate)
                if (a == Activation::Silu) {
                    vec::siluGrad(out, d, g, long(f));
                    vec::silu(out + f, g, long(f));
                } else {
                    vec::geluTanhGrad(out, d, g, long(f));
                    vec::geluTanh(out + f, g, long(f));
                }
                for (Eigen::Index c = 0; c < f; ++c) {
                    out[c] *= g[f + c];
                    out[f + c] *= d[c];
                }
                continue;
            }
            for (Eigen::Index c = 0; c < f; ++c) {
                out[c] = d[c] * g[f + c] * actGrad(a, g[c]);
                out[f + c] = d[c] * act(a, g[c]);
            }
        }
    });
}


double crossEntropy(const Mat &logits, const std::vector<int> &targets, const std::vector<float> &mask,
                    Mat *dlogits, int *correct, int *counted, double meanOver)
{
    const Eigen::Index n = logits.rows(), V = logits.cols();
    double weight = 0.0;
    int nCounted = 0;
    for (Eigen::Index r = 0; r < n; ++r) {
        weight += mask[std::size_t(r)];
        nCounted += mask[std::size_t(r)] != 0.0f ? 1 : 0;
    }
    if (dlogits) {
        dlogits->resize(n, V);
        dlogits->setZero();
    }
    if (correct)
        *correct = 0;
    if (counted)
        *counted = nCounted;
    if (weight <= 0.0)
        return 0.0;
    if (meanOver > 0.0)
        weight = meanOver;
    double loss = 0.0;
    Eigen::Array<float, 1, Eigen::Dynamic> e(V);
    for (Eigen::Index r = 0; r < n; ++r) {
        const float w = mask[std::size_t(r)];
        if (w == 0.0f)
            continue;
        const int y = targets[std::size_t(r)];
        Eigen::Index argmax = 0;
        const float m = logits.row(r).maxCoeff(&argmax);
        float sum = 0.0f;
        if (vec::reference()) {
            e = (logits.row(r).array() - m).exp();
            sum = e.sum();
        } else {
            e = logits.row(r).array();
            sum = vec::expShifted(e.data(), long(V), m);
        }
        loss += double(w) * (std::log(double(sum)) - double(logits(r, y) - m));
        if (correct && argmax == y)
            ++*correct;
        if (dlogits) {
            const float s = float(double(w) / weight);
            dlogits->row(r) = (e * (s / sum)).matrix();
            (*dlogits)(r, y) -= s;
        }
    }
    return loss / weight;
}

namespace {

// Below ~4 MFLOP (2·N·K·M) a thread join costs more than it saves.
bool worthThreads(double rows, double inner, double cols)
{
    return rows * inner * cols >= 2e6;
}

// out += x * w, where w is any Eigen expression of shape (K, M) whose middleCols can be taken.
template <typename W>
void matmulAddSplit(Eigen::Ref<Mat> out, const Eigen::Ref<const Mat> &x, const W &w)
{
    const Eigen::Index M = w.cols();
    const int threads = omp_in_parallel() ? 1 : omp_get_max_threads();
    if (threads < 2 || !worthThreads(double(x.rows()), double(x.cols()), double(M)) || M < 64 * threads) {
        const OneBlasThread one;
        out.noalias() += x * w;
        return;
    }
    // Each thread computes a band of output columns with a single-threaded product: one join
    // per product (inside a parallel region OpenBLAS runs on the calling thread).
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int t = 0; t < threads; ++t) {
        const Eigen::Index c0 = t == 0 ? 0 : (M * t / threads) & ~Eigen::Index(15);
        const Eigen::Index c1 = t + 1 == threads ? M : (M * (t + 1) / threads) & ~Eigen::Index(15);
        out.middleCols(c0, c1 - c0).noalias() += x * w.middleCols(c0, c1 - c0);
    }
}

} // namespace

void matmulAdd(Eigen::Ref<Mat> out, const Eigen::Ref<const Mat> &x, const Eigen::Ref<const Mat> &w)
{
    if (gemm::suitsGemv(x.rows())) {
        gemm::xW(out.data(), x.data(), long(x.cols()), w.data(), long(w.outerStride()), long(w.cols()), true);
        return;
    }
    if (gemm::suitsAB(x.rows(), x.cols(), w.cols())) {
        gemm::addAB(out.data(), long(out.outerStride()), x.data(), long(x.outerStride()), 1, long(x.rows()),
                    long(x.cols()), w.data(), long(w.outerStride()), long(w.cols()), true);
        return;
    }
    matmulAddSplit(out, x, w);
}

void matmulAddTransposed(Eigen::Ref<Mat> out, const Eigen::Ref<const Mat> &x, const Eigen::Ref<const Mat> &w)
{
    if (gemm::suitsGemv(x.rows())) {
        gemm::xWt(out.data(), x.data(), long(x.cols()), w.data(), long(w.outerStride()), long(w.rows()), true);
        return;
    }
    if (gemm::suits(x.rows()) && 4.0 * double(w.size()) >= gemm::kStreamedBytes) {
        gemm::addXWt(out.data(), long(out.outerStride()), x.data(), long(x.outerStride()), long(x.rows()),
                     long(x.cols()), w.data(), long(w.outerStride()), long(w.rows()));
        return;
    }
    matmulAddSplit(out, x, w.transpose());
}

void linearForward(Mat &y, const Eigen::Ref<const Mat> &x, const Mat &w, const Mat &bias)
{
    y.resize(x.rows(), w.cols());
    if (gemm::suitsGemv(x.rows())) { // a decode step: writes y once, bias + product
        gemm::xW(y.data(), x.data(), long(x.cols()), w.data(), long(w.outerStride()), long(w.cols()), false,
                 bias.size() > 0 ? bias.data() : nullptr);
        return;
    }
    if (gemm::suitsAB(x.rows(), x.cols(), w.cols())) { // writes y once: bias + product
        gemm::addAB(y.data(), long(y.outerStride()), x.data(), long(x.outerStride()), 1, long(x.rows()),
                    long(x.cols()), w.data(), long(w.outerStride()), long(w.cols()), false,
                    bias.size() > 0 ? bias.data() : nullptr);
        return;
    }
    // Starting from the bias saves the pass that zeroes the output before accumulating. The
    // pass is split over the threads as the product is (3.6 % of T2's batch forward on one).
    overBands(long(y.rows()), long(y.cols()), [&](long r0, long r1) {
        if (bias.size() > 0)
            y.middleRows(r0, r1 - r0).rowwise() = bias.row(0);
        else
            y.middleRows(r0, r1 - r0).setZero();
    });
    matmulAdd(y, x, w);
}

void linearForwardTransposed(Mat &y, const Eigen::Ref<const Mat> &x, const Mat &wT, const Mat &bias)
{
    y.resize(x.rows(), wT.rows());
    if (gemm::suitsGemv(x.rows())) {
        gemm::xWt(y.data(), x.data(), long(x.cols()), wT.data(), long(wT.outerStride()), long(wT.rows()), false,
                  bias.size() > 0 ? bias.data() : nullptr);
        return;
    }
    if (gemm::suits(x.rows())) { // writes y once: bias + product
        gemm::addXWt(y.data(), long(y.outerStride()), x.data(), long(x.outerStride()), long(x.rows()),
                     long(x.cols()), wT.data(), long(wT.outerStride()), long(wT.rows()), false,
                     bias.size() > 0 ? bias.data() : nullptr);
        return;
    }
    if (bias.size() > 0)
        y.rowwise() = bias.row(0);
    else
        y.setZero();
    matmulAddTransposed(y, x, wT);
}

void linearBackward(Mat *dx, Mat &dw, Mat &dbias, const Mat &dy, const Eigen::Ref<const Mat> &x, const Mat &w)
{
    // Both products have dy's N·out·in multiply-adds; small ones stay on this thread.
    std::optional<OneBlasThread> one;
    if (!worthThreads(double(dy.rows()), double(dy.cols()), double(w.rows())))
        one.emplace();
    if (dx) {
        dx->resize(dy.rows(), w.rows());
        if (gemm::suitsAB(dy.rows(), dy.cols(), w.rows())) // written once, no pass that zeroes it first
            gemm::addABt(dx->data(), long(dx->outerStride()), dy.data(), long(dy.outerStride()), 1, long(dy.rows()),
                         long(dy.cols()), w.data(), long(w.outerStride()), long(w.rows()), false);
        else
            dx->noalias() = dy * w.transpose();
    }
    dw.noalias() += x.transpose() * dy;
    if (dbias.size() > 0 && vec::reference()) {
        dbias.row(0) += dy.colwise().sum();
    } else if (dbias.size() > 0) {
        // Row by row: one contiguous pass over dy, where Eigen's column sums of a row-major
        // matrix stride down the rows (3 % of a training step's CPU in perf).
        for (Eigen::Index r = 0; r < dy.rows(); ++r)
            dbias.row(0) += dy.row(r);
    }
}

void normForward(NormKind kind, Mat &y, ColVec &mean, ColVec &rstd, const Mat &x, const Mat &scale, const Mat &bias,
                 float eps)
{
    const Eigen::Index n = x.rows();
    const float invD = 1.0f / float(x.cols());
    y.resize(x.rows(), x.cols());
    mean.resize(n);
    rstd.resize(n);
    const bool hasBias = kind == NormKind::LayerNorm && bias.size() > 0;
    overBands(long(n), long(x.cols()), [&](long r0, long r1) { // rows are independent
        for (Eigen::Index r = r0; r < r1; ++r) {
            if (kind == NormKind::LayerNorm) {
                const float m = x.row(r).sum() * invD;
                const float var = (x.row(r).array() - m).square().sum() * invD;
                mean[r] = m;
                rstd[r] = 1.0f / std::sqrt(var + eps);
                y.row(r) = ((x.row(r).array() - m) * rstd[r] * scale.row(0).array()).matrix();
                if (hasBias)
                    y.row(r) += bias.row(0);
            } else {
                mean[r] = 0.0f;
                rstd[r] = 1.0f / std::sqrt(x.row(r).squaredNorm() * invD + eps);
                y.row(r) = (x.row(r).array() * rstd[r] * scale.row(0).array()).matrix();
            }
        }
    });
}

void normBackward(NormKind kind, Mat &dx, Mat &dscale, Mat &dbias, const Mat &dy, const Mat &x, const ColVec &mean,
                  const ColVec &rstd, const Mat &scale)
{
    const Eigen::Index n = x.rows();
    const float invD = 1.0f / float(x.cols());
    dx.resize(x.rows(), x.cols());
    Eigen::Array<float, 1, Eigen::Dynamic> xhat(x.cols()), dxhat(x.cols());
    for (Eigen::Index r = 0; r < n; ++r) {
        xhat = (x.row(r).array() - mean[r]) * rstd[r];
        dxhat = dy.row(r).array() * scale.row(0).array();
        dscale.row(0).array() += dy.row(r).array() * xhat;
        const float meanDxhatXhat = (dxhat * xhat).sum() * invD;
        if (kind == NormKind::LayerNorm) {
            const float meanDxhat = dxhat.sum() * invD;
            dx.row(r) = (rstd[r] * (dxhat - meanDxhat - xhat * meanDxhatXhat)).matrix();
        } else {
            dx.row(r) = (rstd[r] * (dxhat - xhat * meanDxhatXhat)).matrix();
        }
    }
    if (kind == NormKind::LayerNorm && dbias.size() > 0)
        dbias.row(0) += dy.colwise().sum();
}

void ropeTables(Mat &cos, Mat &sin, int T, int rotDim, double theta)
{
    const int half = rotDim / 2;
    cos.resize(T, half);
    sin.resize(T, half);
    for (int i = 0; i < half; ++i) {
        const float invFreq = float(1.0 / std::pow(theta, double(float(2 * i) / float(rotDim))));
        for (int t = 0; t < T; ++t) {
            const float angle = float(t) * invFreq;
            cos(t, i) = std::cos(angle);
            sin(t, i) = std::sin(angle);
        }
    }
}

void ropeApply(Eigen::Ref<Mat> x, int T, int col0, int nHeads, int headDim, int rotDim, const Mat &cos,
               const Mat &sin, bool inverse, int pos0)
{
    const int half = rotDim / 2;
    const float sign = inverse ? -1.0f : 1.0f;
    for (Eigen::Index r = 0; r < x.rows(); ++r) {
        const int t = pos0 + int(r % T);
        float *row = x.row(r).data();
        for (int h = 0; h < nHeads; ++h) {
            float *v = row + col0 + h * headDim;
            for (int i = 0; i < half; ++i) {
                const float c = cos(t, i), s = sign * sin(t, i);
                const float a = v[i], b = v[i + half];
                v[i] = a * c - b * s;
                v[i + half] = b * c + a * s;
            }
        }
    }
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

} // namespace tx::ops
