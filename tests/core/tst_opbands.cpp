// The elementwise and row-wise passes of a batch (from 256 K values) run in one band per OpenMP
// thread: the activations, the norms, and the bias a large product starts from. Every value gets
// the same formula wherever its band starts, so two threads give the bits one thread gives, and
// every value is written (a band left out would leave the output's old contents). The formulas
// themselves are checked against finite differences in tst_gradcheck.
#include "core/base/rng.h"
#include "core/nn/ops.h"
#include "core/nn/vectormath.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <omp.h>

using namespace tx;

namespace {

Mat randomMat(Rng &rng, int rows, int cols)
{
    Mat m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = float(rng.normal() * 2.0);
    return m;
}

struct Outputs
{
    Mat y, dx;
};

// Forward and backward at the given thread count, into outputs filled with NaN first.
Outputs run(Activation a, bool gated, const Mat &x, const Mat &dy, int threads)
{
    omp_set_num_threads(threads);
    Outputs o;
    o.y = Mat::Constant(x.rows(), gated ? x.cols() / 2 : x.cols(), std::nanf(""));
    o.dx = Mat::Constant(x.rows(), x.cols(), std::nanf(""));
    if (gated) {
        ops::gatedForward(a, o.y, x);
        ops::gatedBackward(a, o.dx, dy, x);
    } else {
        ops::activationForward(a, o.y, x);
        ops::activationBackward(a, o.dx, dy, x);
    }
    omp_set_num_threads(omp_get_num_procs());
    return o;
}

bool sameBits(const Mat &a, const Mat &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           std::memcmp(a.data(), b.data(), std::size_t(a.size()) * sizeof(float)) == 0;
}

} // namespace

class TestOpBands : public QObject
{
    Q_OBJECT

private slots:
    void twoThreadsGiveTheBitsOfOne_data()
    {
        QTest::addColumn<int>("act");
        QTest::addColumn<bool>("gated");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        // A T1 batch's FFN (2048 × 512), an odd shape whose bands start mid-vector, GPT-2's FFN at
        // 128 tokens, and SwiGLU/GeGLU-tanh halves of 1000 × 301.
        QTest::newRow("gelu_tanh 2048x512") << int(Activation::GeluTanh) << false << 2048 << 512;
        QTest::newRow("gelu_tanh 513x601") << int(Activation::GeluTanh) << false << 513 << 601;
        QTest::newRow("silu 128x3072") << int(Activation::Silu) << false << 128 << 3072;
        QTest::newRow("swiglu 1000x602") << int(Activation::Silu) << true << 1000 << 602;
        QTest::newRow("geglu_tanh 1000x602") << int(Activation::GeluTanh) << true << 1000 << 602;
    }
    void twoThreadsGiveTheBitsOfOne()
    {
        QFETCH(int, act);
        QFETCH(bool, gated);
        QFETCH(int, rows);
        QFETCH(int, cols);
        if (omp_get_num_procs() < 2)
            QSKIP("one core: nothing is split");
        const Activation a = Activation(act);
        Rng rng(7);
        const Mat x = randomMat(rng, rows, cols), dy = randomMat(rng, rows, gated ? cols / 2 : cols);
        const Outputs one = run(a, gated, x, dy, 1), two = run(a, gated, x, dy, 2);
        QVERIFY(!one.y.hasNaN());
        QVERIFY(!one.dx.hasNaN());
        QVERIFY(sameBits(one.y, two.y));
        QVERIFY(sameBits(one.dx, two.dx));
        // And the value a reader would compute: GELU (tanh form) or SiLU of the first and last input.
        for (const Eigen::Index i : {Eigen::Index(0), x.size() - 1}) {
            if (gated)
                break;
            const double v = x.data()[i];
            const double expected = a == Activation::Silu
                                        ? v / (1.0 + std::exp(-v))
                                        : 0.5 * v * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (v + 0.044715 * v * v * v)));
            QVERIFY2(std::abs(double(two.y.data()[i]) - expected) <= 1e-5 * (1.0 + std::abs(expected)),
                     qPrintable(QStringLiteral("%1: %2 against %3 (%4)")
                                    .arg(i)
                                    .arg(double(two.y.data()[i]), 0, 'g', 9)
                                    .arg(expected, 0, 'g', 9)
                                    .arg(QLatin1String(vec::isa()))));
        }
    }

    // LayerNorm with a bias and RMSNorm over 2048 rows of 256: the same bits on two threads as on
    // one, and row 2047 (in the second band) normalised: mean 0 and variance 1 before the scale.
    void normsGiveTheBitsOfOne()
    {
        if (omp_get_num_procs() < 2)
            QSKIP("one core: nothing is split");
        Rng rng(9);
        const Mat x = randomMat(rng, 2048, 256), scale = Mat::Ones(1, 256), bias = Mat::Zero(1, 256);
        for (const NormKind kind : {NormKind::LayerNorm, NormKind::RmsNorm}) {
            Mat y[2];
            ColVec mean[2], rstd[2];
            for (int threads : {1, 2}) {
                omp_set_num_threads(threads);
                y[threads - 1] = Mat::Constant(2048, 256, std::nanf(""));
                ops::normForward(kind, y[threads - 1], mean[threads - 1], rstd[threads - 1], x, scale, bias, 1e-5f);
            }
            omp_set_num_threads(omp_get_num_procs());
            QVERIFY(!y[0].hasNaN());
            QVERIFY(sameBits(y[0], y[1]));
            QVERIFY(mean[0] == mean[1] && rstd[0] == rstd[1]);
            const Eigen::ArrayXd last = y[1].row(2047).cast<double>().transpose().array();
            if (kind == NormKind::LayerNorm)
                QVERIFY(std::abs(last.mean()) < 1e-5);
            const double meanSquare = last.square().mean();
            QVERIFY2(std::abs(meanSquare - 1.0) < 1e-3, qPrintable(QString::number(meanSquare, 'g', 9)));
        }
    }

    // A product too large for the engine's own kernel (a 1.2 MB weight against 600 rows) starts
    // from the bias filled in bands, then OpenBLAS adds x · w: within float round-off of the sum
    // in double in every row, the last band's included.
    void aLargeProductStartsFromItsBias()
    {
        Rng rng(4);
        const Mat x = randomMat(rng, 600, 300), w = randomMat(rng, 300, 1000), bias = randomMat(rng, 1, 1000);
        Mat y;
        ops::linearForward(y, x, w, bias);
        QCOMPARE(y.rows(), 600);
        QCOMPARE(y.cols(), 1000);
        double worst = 0.0;
        for (const int r : {0, 299, 300, 599})
            for (int c = 0; c < 1000; c += 7) {
                double sum = bias(0, c);
                for (int k = 0; k < 300; ++k)
                    sum += double(x(r, k)) * double(w(k, c));
                worst = std::max(worst, std::abs(sum - double(y(r, c))));
            }
        QVERIFY2(worst < 1e-3, qPrintable(QString::number(worst)));
    }
};

QTEST_GUILESS_MAIN(TestOpBands)
#include "tst_opbands.moc"
