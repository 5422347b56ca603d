// Central-difference gradient checks (tiny-dnn / llm.c practice) for every backward pass the
// trainer uses, op by op on small shapes; whole models are checked in tst_gradcheckmodel.cpp.
#include "core/base/rng.h"
#include "core/nn/clampedswiglu.h"
#include "core/nn/feedforwardblock.h"
#include "core/nn/ops.h"
#include "tests/support/gradientcheck.h"

#include <QTest>

using namespace tx;

namespace {

Mat randomMat(Rng &rng, int rows, int cols, double scale = 1.0)
{
    Mat m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = float(rng.normal() * scale);
    return m;
}

// Scalar probe loss sum(y ⊙ R) in double, so d loss / d y = R exactly.
double probe(const Mat &y, const Mat &r)
{
    return (y.cast<double>().array() * r.cast<double>().array()).sum();
}

// float32 forward passes: central differences with h = 1e-2 agree to about 1e-3 relative
// (round-off ~1e-7 · loss / h plus O(h²) curvature); a wrong backward is off by O(1).
constexpr double kTolerance = 1e-2;
constexpr double kMoeTolerance = 2e-2; // moeBlock: see there

} // namespace

class TestGradCheck : public QObject
{
    Q_OBJECT

private slots:
    void linear()
    {
        Rng rng(1);
        Mat x = randomMat(rng, 5, 4), w = randomMat(rng, 4, 3), b = randomMat(rng, 1, 3), r = randomMat(rng, 5, 3);
        Mat y, dx, dw = Mat::Zero(4, 3), db = Mat::Zero(1, 3);
        ops::linearForward(y, x, w, b);
        ops::linearBackward(&dx, dw, db, r, x, w);
        auto loss = [&] { ops::linearForward(y, x, w, b); return probe(y, r); };
        QVERIFY(GradientCheck::run(loss, x, dx).maxRelError < kTolerance);
        QVERIFY(GradientCheck::run(loss, w, dw).maxRelError < kTolerance);
        QVERIFY(GradientCheck::run(loss, b, db).maxRelError < kTolerance);
    }

    void norm_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("layernorm") << int(NormKind::LayerNorm);
        QTest::newRow("rmsnorm") << int(NormKind::RmsNorm);
    }
    void norm()
    {
        QFETCH(int, kind);
        const NormKind k = NormKind(kind);
        Rng rng(2);
        Mat x = randomMat(rng, 4, 6), s = randomMat(rng, 1, 6), b = randomMat(rng, 1, 6), r = randomMat(rng, 4, 6);
        Mat y, dx, ds = Mat::Zero(1, 6), db = Mat::Zero(1, 6);
        ColVec mean, rstd;
        ops::normForward(k, y, mean, rstd, x, s, b, 1e-5f);
        ops::normBackward(k, dx, ds, db, r, x, mean, rstd, s);
        auto loss = [&] { ops::normForward(k, y, mean, rstd, x, s, b, 1e-5f); return probe(y, r); };
        const GradientCheck cx = GradientCheck::run(loss, x, dx);
        QVERIFY2(cx.maxRelError < kTolerance, qPrintable(QString::number(cx.maxRelError)));
        QVERIFY(GradientCheck::run(loss, s, ds).maxRelError < kTolerance);
        if (k == NormKind::LayerNorm)
            QVERIFY(GradientCheck::run(loss, b, db).maxRelError < kTolerance);
        else
            QCOMPARE(db.squaredNorm(), 0.0f); // RMSNorm has no bias
    }

    void activation_data()
    {
        QTest::addColumn<int>("act");
        QTest::addColumn<bool>("gated");
        QTest::newRow("relu") << int(Activation::Relu) << false;
        QTest::newRow("gelu") << int(Activation::Gelu) << false;
        QTest::newRow("gelu_tanh") << int(Activation::GeluTanh) << false;
        QTest::newRow("silu") << int(Activation::Silu) << false;
        QTest::newRow("swiglu") << int(Activation::Silu) << true;
        QTest::newRow("geglu") << int(Activation::Gelu) << true;
    }
    void activation()
    {
        QFETCH(int, act);
        QFETCH(bool, gated);
        const Activation a = Activation(act);
        Rng rng(3);
        // Keep inputs 0.1 away from ReLU's kink so h = 1e-2 never straddles it.
        Mat x = randomMat(rng, 4, gated ? 10 : 5);
        for (Eigen::Index i = 0; i < x.size(); ++i)
            x.data()[i] += x.data()[i] >= 0 ? 0.1f : -0.1f;
        Mat r = randomMat(rng, 4, 5), y, dx;
        auto run = [&] {
            if (gated)
                ops::gatedForward(a, y, x);
            else
                ops::activationForward(a, y, x);
            return probe(y, r);
        };
        run();
        if (gated)
            ops::gatedBackward(a, dx, r, x);
        else
            ops::activationBackward(a, dx, r, x);
        const GradientCheck c = GradientCheck::run(run, x, dx);
        QCOMPARE(c.checked, int(x.size()));
        QVERIFY2(c.maxRelError < kTolerance, qPrintable(QString::number(c.maxRelError)));
    }

    // gpt-oss's clamped SwiGLU (GptOssExperts): values, and gradients on both sides of the clamp.
    void clampedSwiglu()
    {
        Rng rng(31);
        const float limit = 1.5f;
        // (4, 2·6) [gate | up], kept 0.1 away from ±limit so that h = 1e-2 never straddles a corner.
        Mat x = randomMat(rng, 4, 12, 2.0), r = randomMat(rng, 4, 6), y, dx;
        for (Eigen::Index i = 0; i < x.size(); ++i)
            for (float corner : {limit, -limit})
                if (std::abs(x.data()[i] - corner) < 0.1f)
                    x.data()[i] = corner + (x.data()[i] >= corner ? 0.1f : -0.1f);
        ClampedSwiglu::forward(y, x, limit);
        // gate 0.5, up 3 (clamped to 1.5): (1.5 + 1) · 0.5 · σ(1.702 · 0.5)
        Mat one(1, 2), yOne;
        one << 0.5f, 3.0f;
        ClampedSwiglu::forward(yOne, one, limit);
        QVERIFY(std::abs(yOne(0, 0) - 2.5 * 0.5 / (1.0 + std::exp(-1.702 * 0.5))) < 1e-6);
        // gate 4 (clamped to 1.5), up −0.5: 0.5 · 1.5 · σ(2.553)
        one << 4.0f, -0.5f;
        ClampedSwiglu::forward(yOne, one, limit);
        QVERIFY(std::abs(yOne(0, 0) - 0.5 * 1.5 / (1.0 + std::exp(-1.702 * 1.5))) < 1e-6);
        ClampedSwiglu::backward(dx, r, x, limit);
        int clamped = 0;
        for (Eigen::Index row = 0; row < 4; ++row)
            for (Eigen::Index c = 0; c < 6; ++c) {
                if (x(row, c) > limit) {
                    QCOMPARE(dx(row, c), 0.0f);
                    ++clamped;
                }
                if (std::abs(x(row, 6 + c)) > limit) {
                    QCOMPARE(dx(row, 6 + c), 0.0f);
                    ++clamped;
                }
            }
        QVERIFY(clamped > 0);
        auto loss = [&] {
            ClampedSwiglu::forward(y, x, limit);
            return probe(y, r);
        };
        const GradientCheck c = GradientCheck::run(loss, x, dx);
        QCOMPARE(c.checked, int(x.size()));
        QVERIFY2(c.maxRelError < kTolerance, qPrintable(QString::number(c.maxRelError)));
    }

    void rope()
    {
        // 2 sequences of 3 positions, 2 heads of width 6 with 4 rotated dims (partial rotary).
        Rng rng(4);
        const int T = 3;
        Mat x = randomMat(rng, 6, 12), r = randomMat(rng, 6, 12), cos, sin;
        ops::ropeTables(cos, sin, T, 4, 10000.0);
        auto loss = [&] {
            Mat y = x;
            ops::ropeApply(y, T, 0, 2, 6, 4, cos, sin, false);
            return probe(y, r);
        };
        Mat dx = r;
        ops::ropeApply(dx, T, 0, 2, 6, 4, cos, sin, true);
        QVERIFY(GradientCheck::run(loss, x, dx, 1e-2f, 72).maxRelError < kTolerance);
        // The un-rotated dims pass through untouched.
        Mat y = x;
        ops::ropeApply(y, T, 0, 2, 6, 4, cos, sin, false);
        QCOMPARE(y.col(4), x.col(4));
        QCOMPARE(y.row(0), x.row(0)); // position 0: angle 0
    }

    void attention_data()
    {
        QTest::addColumn<int>("nHeads");
        QTest::addColumn<int>("nKvHeads");
        QTest::newRow("mha") << 2 << 2;
        QTest::newRow("gqa") << 4 << 2;
        QTest::newRow("mqa") << 3 << 1;
    }
    void attention()
    {
        QFETCH(int, nHeads);
        QFETCH(int, nKvHeads);
        const int B = 2, T = 5, hd = 3;
        Rng rng(5);
        Mat qkv = randomMat(rng, B * T, (nHeads + 2 * nKvHeads) * hd, 0.5), r = randomMat(rng, B * T, nHeads * hd);
        Mat out, probs, dQkv;
        ops::attentionForward(out, probs, qkv, B, T, nHeads, nKvHeads, hd, true);
        // Causal: query 0 sees only key 0; rows sum to 1.
        QCOMPARE(probs(0, 0), 1.0f);
        QCOMPARE(probs(0, 1), 0.0f);
        QVERIFY(std::abs(probs.row(T - 1).sum() - 1.0f) < 1e-6f);
        ops::attentionBackward(dQkv, r, probs, qkv, B, T, nHeads, nKvHeads, hd);
        auto loss = [&] {
            ops::attentionForward(out, probs, qkv, B, T, nHeads, nKvHeads, hd, true);
            return probe(out, r);
        };
        const GradientCheck c = GradientCheck::run(loss, qkv, dQkv, 1e-2f, int(qkv.size()));
        QCOMPARE(c.checked, int(qkv.size()));
        QVERIFY2(c.maxRelError < kTolerance, qPrintable(QString::number(c.maxRelError)));
    }

    // The head kernel with Gemma 2's soft-capping and gpt-oss's sinks, sliding and chunked masks.
    void attentionSoftcapSinks_data()
    {
        QTest::addColumn<float>("softcap");
        QTest::addColumn<bool>("sinks");
        QTest::addColumn<int>("window");
        QTest::addColumn<int>("chunk");
        QTest::newRow("softcap") << 0.8f << false << 0 << 0;
        QTest::newRow("sinks, window 2") << 0.0f << true << 2 << 0;
        QTest::newRow("softcap, sinks, chunks of 3") << 1.2f << true << 0 << 3;
    }
    void attentionSoftcapSinks()
    {
        QFETCH(float, softcap);
        QFETCH(bool, sinks);
        QFETCH(int, window);
        QFETCH(int, chunk);
        const int T = 5, hd = 3, H = 4, KV = 2;
        Rng rng(8);
        Mat qkv = randomMat(rng, 2 * T, (H + 2 * KV) * hd, 0.8), r = randomMat(rng, 2 * T, H * hd);
        Mat sinkLogits = randomMat(rng, 1, H), dSinks = Mat::Zero(1, H);
        const std::vector<int> offsets{0, T, 2 * T};
        const AttentionMask mask{true, window, chunk};
        Mat out, probs, dQkv;
        auto loss = [&] {
            ops::attentionForward(out, probs, qkv, offsets, H, KV, hd, mask, softcap, sinks ? &sinkLogits : nullptr);
            return probe(out, r);
        };
        loss();
        if (sinks) // the sink takes a share: rows sum to less than 1
            QVERIFY(probs.row(T - 1).sum() < 0.99f);
        ops::attentionBackward(dQkv, r, probs, qkv, offsets, H, KV, hd, softcap, sinks ? &sinkLogits : nullptr,
                               sinks ? &dSinks : nullptr);
        // Absolute errors stay near 3e-5 (float round-off / 2h); a floor of 1e-2 keeps the few
        // near-zero entries from reading that noise as a relative error.
        const GradientCheck c = GradientCheck::run(loss, qkv, dQkv, 1e-2f, int(qkv.size()), 1e-2);
        QCOMPARE(c.checked, int(qkv.size()));
        QVERIFY2(c.maxRelError < kTolerance, qPrintable(QString::number(c.maxRelError)));
        if (sinks) {
            const GradientCheck cs = GradientCheck::run(loss, sinkLogits, dSinks, 1e-2f, H);
            QCOMPARE(cs.checked, H);
            QVERIFY2(cs.maxRelError < kTolerance, qPrintable(QString::number(cs.maxRelError)));
        }
    }

    // A sparse MoE layer of gated experts plus a shared expert, under each router. The choice of
    // experts is a step function, so central differences only mean something where no step of h
    // can change it: every row's k-th and (k+1)-th choice scores (and, with groups, the last kept
    // and first dropped group scores) are checked to lie further apart than any step can move them
    // (|Δlogit| <= h · max |x|, |W|; a sigmoid moves less). Whole models always have some row near
    // a tie, hence this check on the block rather than through a model.
    void moeBlock_data()
    {
        QTest::addColumn<int>("variant");
        QTest::newRow("softmax, top-2 of 4, normalised (Qwen3-MoE, Mixtral)") << 0;
        // DeepseekV3TopkRouter: sigmoid, correction bias, 2 of 4 groups of 2, top 3, normalised, × 2.5
        QTest::newRow("sigmoid, bias, groups, top-3 of 8, ×2.5 (DeepSeek-V3)") << 1;
        QTest::newRow("softmax, top-2 of 4, unnormalised, ×1.5 (DeepSeek-V2)") << 2;
        // GptOssTopKRouter (softmax over the top-k biased logits) and GptOssExperts: biases on
        // both expert projections, the clamped SwiGLU (limit 0.8 here, so that a good share of
        // the gate and up values are clamped), no shared expert.
        QTest::newRow("gpt-oss: biased experts, clamped swiglu") << 3;
    }
    void moeBlock()
    {
        QFETCH(int, variant);
        ModelConfig c;
        c.dModel = 8;
        c.nLayers = 1;
        c.ffn = FfnKind::Gated3;
        c.activation = Activation::Silu;
        const bool oss = variant == 3;
        c.ffnBias = oss;
        c.swigluLimit = oss ? 0.8 : 0.0;
        c.moe.numExperts = variant == 1 ? 8 : 4;
        c.moe.topK = variant == 1 ? 3 : 2;
        c.moe.expertDff = 6;
        c.moe.sharedExperts = oss ? 0 : 1;
        c.moe.routerBias = true;
        if (variant == 1) {
            c.moe.routerScore = RouterScore::Sigmoid;
            c.moe.scoreCorrectionBias = true;
            c.moe.groups = 4;
            c.moe.topGroups = 2;
            c.moe.routedScale = 2.5;
        } else if (variant == 2) {
            c.moe.normTopK = false;
            c.moe.routedScale = 1.5;
        }
        const int E = c.moe.numExperts, K = c.moe.topK;
        QVERIFY(FeedForwardBlock::isSparse(c, 0));
        const FeedForwardBlock block(c, 0);
        Rng rng(9);
        TransformerWeights::Layer w;
        w.router = randomMat(rng, 8, E, variant == 1 ? 0.5 : 1.5);
        w.routerBias = randomMat(rng, 1, E);
        if (variant == 1)
            w.routerScoreBias = randomMat(rng, 1, E, 0.1);
        w.expertsIn = randomMat(rng, E * 8, 2 * 6, 0.5);
        w.expertsOut = randomMat(rng, E * 6, 8, 0.5);
        if (oss) {
            w.expertsInBias = randomMat(rng, E, 2 * 6, 0.5);
            w.expertsOutBias = randomMat(rng, E, 8, 0.5);
        } else {
            w.sharedIn = randomMat(rng, 8, 2 * 6, 0.5);
            w.sharedOut = randomMat(rng, 6, 8, 0.5);
        }
        // Candidate rows; the first 6 clear of every tie (and of the clamp's corners) are the block's input.
        const int nCandidates = oss ? 200 : 40; // the clamp's corners rule out more rows
        const Mat candidates = randomMat(rng, nCandidates, 8);
        ActivationCache::Layer act;
        block.forward(w, act, candidates);
        const float h = 1e-2f;
        const float reach = h * std::max({candidates.cwiseAbs().maxCoeff(), w.router.cwiseAbs().maxCoeff(), 1.0f})
                            * (variant == 1 ? 0.25f : 1.0f); // a sigmoid moves at most 1/4 of its logit
        // The clamp's corners: a gate or up value within a step of ±limit.
        const float clampReach = h * std::max({candidates.cwiseAbs().maxCoeff(), w.expertsIn.cwiseAbs().maxCoeff(), 1.0f});
        auto clampClear = [&](int t) {
            if (!oss)
                return true;
            for (int j = 0; j < K; ++j) {
                const int e = act.chosen[std::size_t(t) * K + j];
                const Mat pre = act.expertPre[std::size_t(e)].row(act.expertSlot[std::size_t(t) * K + j]);
                for (Eigen::Index i = 0; i < pre.size(); ++i) {
                    const float v = pre(0, i), limit = float(c.swigluLimit);
                    if (std::abs(v - limit) < 2 * clampReach || (i >= 6 && std::abs(v + limit) < 2 * clampReach))
                        return false;
                }
            }
            return true;
        };
        std::vector<int> clear;
        for (int t = 0; t < nCandidates && clear.size() < 6; ++t) {
            std::vector<float> choice(static_cast<std::size_t>(E));
            for (int e = 0; e < E; ++e)
                choice[std::size_t(e)] = variant == 1 ? act.routerScores(t, e) + w.routerScoreBias(0, e) : act.routerLogits(t, e);
            bool groupsClear = true;
            if (variant == 1) {
                std::vector<float> groups;
                for (int g = 0; g < 4; ++g)
                    groups.push_back(choice[std::size_t(2 * g)] + choice[std::size_t(2 * g + 1)]);
                std::vector<float> sorted = groups;
                std::sort(sorted.begin(), sorted.end(), std::greater<float>());
                groupsClear = sorted[1] - sorted[2] > 4 * reach;
                for (int e = 0; e < E; ++e)
                    if (groups[std::size_t(e / 2)] < sorted[1])
                        choice[std::size_t(e)] = 0.0f;
            }
            std::sort(choice.begin(), choice.end(), std::greater<float>());
            if (groupsClear && choice[std::size_t(K - 1)] - choice[std::size_t(K)] > 2 * reach && clampClear(t))
                clear.push_back(t);
        }
        QCOMPARE(int(clear.size()), 6);
        Mat x(6, 8), r = randomMat(rng, 6, 8);
        for (int i = 0; i < 6; ++i)
            x.row(i) = candidates.row(clear[std::size_t(i)]);
        block.forward(w, act, x);
        TransformerWeights::Layer g;
        for (auto f : {&TransformerWeights::Layer::router, &TransformerWeights::Layer::routerBias,
                       &TransformerWeights::Layer::expertsIn, &TransformerWeights::Layer::expertsOut,
                       &TransformerWeights::Layer::expertsInBias, &TransformerWeights::Layer::expertsOutBias,
                       &TransformerWeights::Layer::sharedIn, &TransformerWeights::Layer::sharedOut})
            if ((w.*f).size() > 0)
                g.*f = Mat::Zero((w.*f).rows(), (w.*f).cols());
        Mat dx;
        block.backward(w, g, act, x, r, dx);
        auto loss = [&] {
            block.forward(w, act, x);
            return probe(act.m, r);
        };
        const std::vector<std::pair<const char *, std::pair<Mat *, Mat *>>> checks{
            {"x", {&x, &dx}},
            {"router", {&w.router, &g.router}},
            {"routerBias", {&w.routerBias, &g.routerBias}},
            {"expertsIn", {&w.expertsIn, &g.expertsIn}},
            {"expertsOut", {&w.expertsOut, &g.expertsOut}},
            {"expertsInBias", {&w.expertsInBias, &g.expertsInBias}},
            {"expertsOutBias", {&w.expertsOutBias, &g.expertsOutBias}},
            {"sharedIn", {&w.sharedIn, &g.sharedIn}},
            {"sharedOut", {&w.sharedOut, &g.sharedOut}},
        };
        int clamped = 0;
        for (const Mat &pre : act.expertPre)
            for (Eigen::Index r = 0; r < pre.rows(); ++r)
                for (Eigen::Index i = 0; i < pre.cols(); ++i)
                    clamped += i < 6 ? pre(r, i) > c.swigluLimit : std::abs(pre(r, i)) > c.swigluLimit;
        if (oss) // the clamp is exercised: its gradient (none past the limit) is checked too
            QVERIFY2(clamped >= 10, qPrintable(QString::number(clamped)));
        for (const auto &[name, pair] : checks) {
            if (pair.first->size() == 0)
                continue;
            const GradientCheck gc = GradientCheck::run(loss, *pair.first, *pair.second, h, 96, 1e-2);
            // Float central differences of this block sit near 1 % whichever step is taken (5e-3: the
            // sums' rounding, 2e-2: the curvature), and which OpenBLAS kernels sum the small products
            // moves them across it: 0.0144 (router) under Haswell's and Zen's, 0.0110 (expertsIn)
            // under Nehalem's, below 1e-2 under SkylakeX's (measured on one Xeon with
            // OPENBLAS_CORETYPE). A wrong gradient term is off by far more than 2e-2.
            QVERIFY2(gc.maxRelError < kMoeTolerance,
                     qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(name)).arg(gc.maxRelError)));
        }
        // Each row went to exactly k experts; normalised weights sum to the routed scale.
        for (int t = 0; t < 6; ++t) {
            const float sum = act.gates.row(t).sum();
            if (variant == 2)
                QVERIFY(sum > 0.0f && sum < 1.5f);
            else
                QVERIFY(std::abs(sum - float(c.moe.routedScale)) < 1e-5f);
        }
    }

    void crossEntropyWithMask()
    {
        Rng rng(6);
        Mat logits = randomMat(rng, 4, 7), dlogits;
        const std::vector<int> targets{1, 3, 0, 6};
        const std::vector<float> mask{1, 0, 1, 1};
        int correct = -1, counted = -1;
        const double l = ops::crossEntropy(logits, targets, mask, &dlogits, &correct, &counted);
        QCOMPARE(counted, 3);
        // The masked-out row contributes nothing to the loss or the gradient.
        QCOMPARE(dlogits.row(1).squaredNorm(), 0.0f);
        double expected = 0.0;
        for (int r : {0, 2, 3}) {
            const double lse = std::log(logits.row(r).cast<double>().array().exp().sum());
            expected += lse - double(logits(r, targets[std::size_t(r)]));
        }
        QVERIFY(std::abs(l - expected / 3.0) < 1e-6);
        auto loss = [&] { return ops::crossEntropy(logits, targets, mask, nullptr); };
        QVERIFY(GradientCheck::run(loss, logits, dlogits, 1e-2f, 28).maxRelError < kTolerance);
    }
};

QTEST_APPLESS_MAIN(TestGradCheck)
#include "tst_gradcheck.moc"
