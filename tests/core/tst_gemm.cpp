// gemm::addXWt, the engine's product for inference rows against (out, in) weights, the
// transposed copies of the layer matrices a model run more than once multiplies with
// (TransposedWeightCache), and gemm::addAB, its product against (in, out) weights that stay in
// the cache. The kernels are the instruction set vec::isa() picked: run under
// TX_KERNELS=avx2 and TX_KERNELS=sse to test the narrower ones on a wider CPU.
#include "core/base/rng.h"
#include "core/nn/gemmnn.h"
#include "core/nn/gemmnt.h"
#include "core/nn/gemv.h"
#include "core/nn/transformer.h"
#include "core/nn/vectormath.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <omp.h>
#include <vector>

using namespace tx;

namespace {

std::vector<float> randomFloats(Rng &rng, long n)
{
    std::vector<float> v(std::size_t(n), 0.0f);
    for (float &x : v)
        x = float(rng.uniform() * 2.0 - 1.0);
    return v;
}

ModelConfig smallGpt2(int T)
{
    ModelConfig c; // GPT-2 family defaults: learned positions, pre-LayerNorm, gelu_tanh, tied head
    c.vocabSize = 97;
    c.dModel = 512; // 4 layers of 3.1 M floats: 50 MB of layer matrices, over gemm::kStreamedBytes
    c.nLayers = 4;
    c.nHeads = c.nKvHeads = 8;
    c.dFf = 2048;
    c.maxPositions = T;
    return c;
}

float maxAbsDiff(const Mat &a, const Mat &b)
{
    return (a - b).cwiseAbs().maxCoeff();
}

} // namespace

class TestGemm : public QObject
{
    Q_OBJECT

private slots:
    void matchesTheProductInDouble_data()
    {
        QTest::addColumn<int>("M");
        QTest::addColumn<int>("K");
        QTest::addColumn<int>("N");
        QTest::addColumn<bool>("accumulate");
        // Row counts on either side of the 32- and 64-row tiles, output counts that leave a tail
        // of fewer than six rows of Wt, and GPT-2's head at 64 tokens with a vocabulary cut short.
        QTest::newRow("16x33x7") << 16 << 33 << 7 << true;
        QTest::newRow("17x64x50") << 17 << 64 << 50 << false;
        QTest::newRow("33x20x6") << 33 << 20 << 6 << true;
        QTest::newRow("64x768x97") << 64 << 768 << 97 << false;
        QTest::newRow("100x130x13") << 100 << 130 << 13 << true;
        QTest::newRow("256x40x31") << 256 << 40 << 31 << false;
        // k in slices of 128 with a remainder, and Wt in blocks of 96 rows with a short last one
        // (split over the threads), the tail of single rows inside it.
        QTest::newRow("48x300x250") << 48 << 300 << 250 << true;
        QTest::newRow("20x257x389") << 20 << 257 << 389 << false;
    }
    void matchesTheProductInDouble()
    {
        QFETCH(int, M);
        QFETCH(int, K);
        QFETCH(int, N);
        QFETCH(bool, accumulate);
        QVERIFY(gemm::suits(M) || vec::reference());
        Rng rng(11);
        // Strided on purpose: X and C are views into wider rows, as middleRows/middleCols give.
        const long ldx = K + 3, ldw = K + 1, ldc = N + 5;
        const std::vector<float> X = randomFloats(rng, M * ldx), Wt = randomFloats(rng, N * ldw),
                                 bias = randomFloats(rng, N);
        std::vector<float> C = randomFloats(rng, M * ldc);
        const std::vector<float> before = C;
        gemm::addXWt(C.data(), ldc, X.data(), ldx, M, K, Wt.data(), ldw, N, accumulate,
                     accumulate ? nullptr : bias.data());
        double worst = 0;
        for (long i = 0; i < M; ++i) {
            for (long n = 0; n < N; ++n) {
                double sum = accumulate ? double(before[std::size_t(i * ldc + n)]) : double(bias[std::size_t(n)]);
                for (long k = 0; k < K; ++k)
                    sum += double(X[std::size_t(i * ldx + k)]) * double(Wt[std::size_t(n * ldw + k)]);
                worst = std::max(worst, std::abs(sum - double(C[std::size_t(i * ldc + n)])));
            }
            // The padding between rows is never written.
            for (long n = N; n < ldc; ++n)
                QCOMPARE(C[std::size_t(i * ldc + n)], before[std::size_t(i * ldc + n)]);
        }
        // float32 sums of K products of numbers in [-1, 1]: a few units of 2^-24 · K.
        QVERIFY2(worst <= 4e-7 * K, qPrintable(QStringLiteral("%1 off by %2").arg(QLatin1String(vec::isa())).arg(worst)));
    }

    // The header's promise: each output is one float32 sum over k in order, whatever the slices of
    // k, the blocks of Wt and the threads. Compared bit for bit with that sum written out (fused
    // multiply-adds where the kernels have them, SSE's multiply then add otherwise).
    void eachOutputIsOneSumInKOrder_data()
    {
        QTest::addColumn<int>("M");
        QTest::addColumn<int>("K");
        QTest::addColumn<int>("N");
        QTest::newRow("64x300x250") << 64 << 300 << 250;
        QTest::newRow("24x385x197") << 24 << 385 << 197;
        QTest::newRow("130x129x101") << 130 << 129 << 101;
    }
    void eachOutputIsOneSumInKOrder()
    {
        QFETCH(int, M);
        QFETCH(int, K);
        QFETCH(int, N);
        if (vec::reference())
            QSKIP("TX_KERNELS=reference multiplies with Eigen");
        const bool fused = std::strncmp(vec::isa(), "avx", 3) == 0; // "avx512", "avx2+fma"; not "sse4.2"
        Rng rng(5);
        const std::vector<float> X = randomFloats(rng, long(M) * K), Wt = randomFloats(rng, long(N) * K);
        for (int threads : {1, 2}) {
            omp_set_num_threads(threads);
            std::vector<float> C(std::size_t(M) * N, 0.0f);
            gemm::addXWt(C.data(), N, X.data(), K, M, K, Wt.data(), K, N, false, nullptr);
            for (long i = 0; i < M; ++i) {
                for (long n = 0; n < N; ++n) {
                    float sum = 0.0f;
                    for (long k = 0; k < K; ++k) {
                        const float x = X[std::size_t(i * K + k)], w = Wt[std::size_t(n * K + k)];
                        if (fused) {
                            sum = std::fma(w, x, sum);
                        } else {
                            const volatile float product = w * x; // rounded, as _mm_mul_ps
                            sum = sum + product;
                        }
                    }
                    if (C[std::size_t(i * N + n)] != sum)
                        QFAIL(qPrintable(QStringLiteral("%1, %2 threads: C(%3, %4) = %5, the sum in k order %6")
                                             .arg(QLatin1String(vec::isa()))
                                             .arg(threads)
                                             .arg(i)
                                             .arg(n)
                                             .arg(double(C[std::size_t(i * N + n)]), 0, 'g', 9)
                                             .arg(double(sum), 0, 'g', 9)));
                }
            }
        }
        omp_set_num_threads(omp_get_num_procs());
    }

    void addABMatchesTheProductInDouble_data()
    {
        QTest::addColumn<int>("M");
        QTest::addColumn<int>("K");
        QTest::addColumn<int>("N");
        QTest::addColumn<int>("start"); // 0: C = A·B, 1: C = A·B + bias, 2: C += A·B
        QTest::addColumn<bool>("transposedA");
        QTest::addColumn<bool>("transposedB"); // addABt: B given as Bt (N, K)
        // Rows on either side of the 6-row tile, of 16 tiles (where B is packed) and of the
        // 144-row blocks of A, depths across the 256-deep blocks, column counts that leave a
        // narrower last panel (64, 16 or 8 wide by instruction set), one column, T1's shapes,
        // and a training step's 2048 rows (split into bands of rows over two threads).
        QTest::newRow("8x1x1") << 8 << 1 << 1 << 1 << false << false;
        QTest::newRow("13x7x70") << 13 << 7 << 70 << 2 << false << false;
        QTest::newRow("64x128x384") << 64 << 128 << 384 << 1 << false << false;
        QTest::newRow("64x512x128") << 64 << 512 << 128 << 2 << false << false;
        QTest::newRow("100x300x131") << 100 << 300 << 131 << 0 << false << false;
        QTest::newRow("97x513x24") << 97 << 513 << 24 << 1 << false << false;
        QTest::newRow("256x40x5") << 256 << 40 << 5 << 2 << false << false;
        QTest::newRow("transposed 11x300x67") << 11 << 300 << 67 << 2 << true << false;
        QTest::newRow("transposed 128x64x64") << 128 << 64 << 64 << 0 << true << false;
        QTest::newRow("601x70x50") << 601 << 70 << 50 << 1 << false << false;
        QTest::newRow("2048x128x128") << 2048 << 128 << 128 << 1 << false << false;
        QTest::newRow("transposed 301x600x37") << 301 << 600 << 37 << 2 << true << false;
        QTest::newRow("Bt 13x7x70") << 13 << 7 << 70 << 0 << false << true;
        QTest::newRow("Bt 97x513x24") << 97 << 513 << 24 << 2 << false << true;
        QTest::newRow("Bt 601x70x50") << 601 << 70 << 50 << 0 << false << true;
        QTest::newRow("Bt 2048x384x128") << 2048 << 384 << 128 << 0 << false << true;
    }
    void addABMatchesTheProductInDouble()
    {
        QFETCH(int, M);
        QFETCH(int, K);
        QFETCH(int, N);
        QFETCH(int, start);
        QFETCH(bool, transposedA);
        QFETCH(bool, transposedB);
        Rng rng(12);
        // Strided on purpose, as middleRows/middleCols give. A transposed A is stored (K, M), a
        // transposed B (N, K).
        const long lda = (transposedA ? M : K) + 3, ldb = (transposedB ? K : N) + 1, ldc = N + 5;
        const std::vector<float> A = randomFloats(rng, (transposedA ? K : M) * lda),
                                 B = randomFloats(rng, (transposedB ? N : K) * ldb), bias = randomFloats(rng, N);
        std::vector<float> C = randomFloats(rng, M * ldc);
        const std::vector<float> before = C;
        const long rs = transposedA ? 1 : lda, cs = transposedA ? lda : 1;
        const long bk = transposedB ? 1 : ldb, bn = transposedB ? ldb : 1;
        if (transposedB)
            gemm::addABt(C.data(), ldc, A.data(), rs, cs, M, K, B.data(), ldb, N, start == 2);
        else
            gemm::addAB(C.data(), ldc, A.data(), rs, cs, M, K, B.data(), ldb, N, start == 2,
                        start == 1 ? bias.data() : nullptr);
        double worst = 0;
        for (long i = 0; i < M; ++i) {
            for (long n = 0; n < N; ++n) {
                double sum = start == 2 ? double(before[std::size_t(i * ldc + n)])
                                        : start == 1 ? double(bias[std::size_t(n)]) : 0.0;
                for (long k = 0; k < K; ++k)
                    sum += double(A[std::size_t(i * rs + k * cs)]) * double(B[std::size_t(k * bk + n * bn)]);
                worst = std::max(worst, std::abs(sum - double(C[std::size_t(i * ldc + n)])));
            }
            for (long n = N; n < ldc; ++n) // the padding between rows is never written
                QCOMPARE(C[std::size_t(i * ldc + n)], before[std::size_t(i * ldc + n)]);
        }
        QVERIFY2(worst <= 4e-7 * (K + 1), qPrintable(QStringLiteral("%1 off by %2").arg(QLatin1String(vec::isa())).arg(worst)));
        // Each output is one sum over k in order, so one thread gives the same bits as two
        // (columns or bands of rows split over them).
        std::vector<float> single = before;
        omp_set_num_threads(1);
        if (transposedB)
            gemm::addABt(single.data(), ldc, A.data(), rs, cs, M, K, B.data(), ldb, N, start == 2);
        else
            gemm::addAB(single.data(), ldc, A.data(), rs, cs, M, K, B.data(), ldb, N, start == 2,
                        start == 1 ? bias.data() : nullptr);
        omp_set_num_threads(omp_get_num_procs());
        QVERIFY(single == C);
    }

    void gemvMatchesTheProductInDouble_data()
    {
        QTest::addColumn<int>("K");
        QTest::addColumn<int>("N");
        QTest::addColumn<bool>("transposed"); // Wt (N, K) rather than W (K, N)
        QTest::addColumn<int>("mode");        // 0: y +=, 1: y = … + bias, 2: y = …
        // stories15M's decode products (288 wide, the FFN's 768, a head of 9000 words split over
        // the threads), bands and rows with tails of every size, and K of one.
        QTest::newRow("xW 288x288") << 288 << 288 << false << 0;
        QTest::newRow("xW 288x768 bias") << 288 << 768 << false << 1;
        QTest::newRow("xW 33x7") << 33 << 7 << false << 2;
        QTest::newRow("xW 1x150") << 1 << 150 << false << 1;
        QTest::newRow("xW 300x9001") << 300 << 9001 << false << 0;
        QTest::newRow("xWt 288x288") << 288 << 288 << true << 2;
        QTest::newRow("xWt 768x288 bias") << 768 << 288 << true << 1;
        QTest::newRow("xWt 35x13") << 35 << 13 << true << 0;
        QTest::newRow("xWt 1x9") << 1 << 9 << true << 1;
        QTest::newRow("xWt 288x9001") << 288 << 9001 << true << 2;
    }
    void gemvMatchesTheProductInDouble()
    {
        QFETCH(int, K);
        QFETCH(int, N);
        QFETCH(bool, transposed);
        QFETCH(int, mode);
        QCOMPARE(gemm::suitsGemv(1), !vec::reference());
        QVERIFY(!gemm::suitsGemv(2));
        Rng rng(5);
        const long ldw = (transposed ? K : N) + 3; // strided rows, as a view into a wider matrix
        const std::vector<float> x = randomFloats(rng, K), W = randomFloats(rng, (transposed ? N : K) * ldw),
                                 bias = randomFloats(rng, N);
        std::vector<float> y = randomFloats(rng, N + 4);
        const std::vector<float> before = y;
        const bool accumulate = mode == 0;
        const float *b = mode == 1 ? bias.data() : nullptr;
        if (transposed)
            gemm::xWt(y.data(), x.data(), K, W.data(), ldw, N, accumulate, b);
        else
            gemm::xW(y.data(), x.data(), K, W.data(), ldw, N, accumulate, b);
        double worst = 0;
        for (long n = 0; n < N; ++n) {
            double sum = accumulate ? double(before[std::size_t(n)]) : b ? double(bias[std::size_t(n)]) : 0.0;
            for (long k = 0; k < K; ++k)
                sum += double(x[std::size_t(k)]) * double(transposed ? W[std::size_t(n * ldw + k)] : W[std::size_t(k * ldw + n)]);
            worst = std::max(worst, std::abs(sum - double(y[std::size_t(n)])));
        }
        for (long n = N; n < N + 4; ++n) // nothing past the N outputs is written
            QCOMPARE(y[std::size_t(n)], before[std::size_t(n)]);
        QVERIFY2(worst <= 4e-7 * (K + 1), qPrintable(QStringLiteral("%1 off by %2").arg(QLatin1String(vec::isa())).arg(worst)));
    }

    // addAB serves T1's products (any rows against weights of at most 256 KiB, up to 256 rows
    // against 1 MiB) on an FMA instruction set, and not a matrix–vector product, a router over
    // 8 experts or GPT-2's layer matrices.
    void addABServesCachedWeights()
    {
        const bool fma = std::strcmp(vec::isa(), "avx512") == 0 || std::strcmp(vec::isa(), "avx2+fma") == 0;
        QCOMPARE(gemm::suitsAB(64, 128, 384), fma);
        QCOMPARE(gemm::suitsAB(128, 1024, 256), fma); // exactly 1 MiB
        QCOMPARE(gemm::suitsAB(2048, 128, 512), fma);  // a T1 training step's FFN
        QCOMPARE(gemm::suitsAB(4096, 256, 256), fma);  // a T2 batch's attention out
        QVERIFY(!gemm::suitsAB(4096, 1024, 256));      // its FFN out (1 MiB): OpenBLAS's
        QCOMPARE(gemm::suitsAB(256, 1024, 256), fma);  // but 256 rows of it stay the engine's
        QVERIFY(!gemm::suitsAB(2048, 768, 3072));      // GPT-2 small's FFN: 9 MiB, OpenBLAS's
        QVERIFY(!gemm::suitsAB(1, 128, 384));
        QVERIFY(!gemm::suitsAB(64, 128, 8));
        QVERIFY(!gemm::suitsAB(64, 768, 2304));
    }

    // The second pass of a model multiplies with the (out, in) copies, the first with the
    // stored (in, out) weights through OpenBLAS: the logits agree to float32 rounding, and a
    // change written through weights() is seen by the next pass.
    void repeatedRunsUseTheCurrentWeights()
    {
        const int T = 40;
        auto model = Transformer::create(smallGpt2(T));
        QVERIFY(model.hasValue());
        QVERIFY(double(TransposedWeights::bytesFor(model->weights())) >= gemm::kStreamedBytes);
        model->initGpt2Style(5);
        std::vector<int> tokens;
        for (int t = 0; t < T; ++t)
            tokens.push_back((t * 37) % 97);
        const Mat first = model->forward(tokens)->logits;
        const Mat second = model->forward(tokens)->logits;
        const Mat third = model->forward(tokens)->logits;
        QCOMPARE(first.rows(), T);
        QCOMPARE(first.cols(), 97);
        QVERIFY2(maxAbsDiff(first, second) < 1e-5f, qPrintable(QString::number(maxAbsDiff(first, second))));
        QCOMPARE(maxAbsDiff(second, third), 0.0f); // the same copies, the same sums

        model->weights().layers[0].ffnOut *= 3.0f;
        const Mat changed = model->forward(tokens)->logits;
        const Mat changedAgain = model->forward(tokens)->logits;
        auto fresh = Transformer::create(smallGpt2(T));
        fresh->initGpt2Style(5);
        fresh->weights().layers[0].ffnOut *= 3.0f;
        const Mat expected = fresh->forward(tokens)->logits;
        QVERIFY(maxAbsDiff(changed, first) > 1e-3f);
        QCOMPARE(maxAbsDiff(changed, expected), 0.0f); // both first passes after the change
        QVERIFY2(maxAbsDiff(changedAgain, expected) < 1e-5f, qPrintable(QString::number(maxAbsDiff(changedAgain, expected))));
    }
};

QTEST_GUILESS_MAIN(TestGemm)
#include "tst_gemm.moc"
