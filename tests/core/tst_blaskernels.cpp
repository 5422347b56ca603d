// BlasKernels: OpenBLAS 0.3.21 picks its kernels from the CPU model and falls
// back to SSE3
// ("Prescott") on models it does not know (an Intel Xeon of family 6 model 207
// here, with AVX-512). ensure() raises them to what the CPU's flags allow,
// leaves a user's OPENBLAS_CORETYPE alone, and the products stay right after
// OpenBLAS initialises again.
#include "core/nn/blaskernels.h"
#include "core/nn/mat.h"

#include <QProcess>
#include <QTest>

#include <random>

extern "C" char *openblas_get_corename(void);

using tx::ops::BlasKernels;

class TestBlasKernels : public QObject {
  Q_OBJECT

private slots:
  void widthOfOpenBlasNames() {
    QCOMPARE(BlasKernels::widthOfCore(QStringLiteral("Prescott")), 0);
    QCOMPARE(BlasKernels::widthOfCore(QStringLiteral("Nehalem")), 0);
    QCOMPARE(BlasKernels::widthOfCore(QStringLiteral("Sandybridge")), 1);
    QCOMPARE(BlasKernels::widthOfCore(QStringLiteral("Steamroller")), 1);
    QCOMPARE(BlasKernels::widthOfCore(QStringLiteral("Haswell")), 2);
    QCOMPARE(BlasKernels::widthOfCore(QStringLiteral("Zen")), 2);
    QCOMPARE(BlasKernels::widthOfCore(QStringLiteral("SkylakeX")), 3);
    QCOMPARE(BlasKernels::widthOfCore(QStringLiteral("cooperlake")),
             3); // OpenBLAS ignores case
    QCOMPARE(BlasKernels::widthOfCore(QString()), 0);
  }

  // What the CPU allows, as far as this process's cpuid says, matches the name
  // ensure() asks for.
  void bestCoreFollowsTheFlags() {
    __builtin_cpu_init();
    const QString best = BlasKernels::bestCoreForCpu();
    if (__builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl"))
      QVERIFY(best == QLatin1String("SkylakeX") ||
              best == QLatin1String("Cooperlake"));
    else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
      QCOMPARE(best, QStringLiteral("Haswell"));
    if (best == QLatin1String("Cooperlake"))
      QVERIFY(__builtin_cpu_supports("avx512bf16"));
  }

  void ensureRaisesNarrowKernels() {
    if (qEnvironmentVariableIsSet("TX_BLAS_CHILD"))
      QSKIP("the child prints its report only");
    const bool userSet = qEnvironmentVariableIsSet("OPENBLAS_CORETYPE");
    const BlasKernels::Report &r = BlasKernels::ensure();
    // What OpenBLAS runs now is what the report says.
    QCOMPARE(QString::fromLatin1(openblas_get_corename()), r.used);
    if (userSet)
      QSKIP("OPENBLAS_CORETYPE is set: the user's choice stands (checked in "
            "userChoiceStands)");
    QVERIFY2(BlasKernels::widthOfCore(r.used) >=
                 BlasKernels::widthOfCore(BlasKernels::bestCoreForCpu()),
             qPrintable(r.detected + QLatin1String(" → ") + r.used));
    if (r.detected == r.used) {
      QVERIFY(r.reason.isEmpty());
    } else {
      // e.g. "OpenBLAS does not know this CPU model and chose Prescott kernels;
      // its flags allow Cooperlake, which are used instead"
      QVERIFY(r.reason.contains(r.detected));
      QVERIFY(r.reason.contains(r.used));
      QCOMPARE(qEnvironmentVariable("OPENBLAS_CORETYPE"),
               r.used); // the PyTorch reference inherits it
    }
    // Calling again changes nothing.
    QCOMPARE(&BlasKernels::ensure(), &r);
  }

  // A product through OpenBLAS (EIGEN_USE_BLAS) after ensure() equals the plain
  // sum.
  void productsStayRight() {
    BlasKernels::ensure();
    std::mt19937 rng(7);
    std::normal_distribution<float> n(0.0f, 1.0f);
    const int M = 96, K = 300, N = 200;
    tx::Mat a(M, K), b(K, N);
    for (int i = 0; i < a.size(); ++i)
      a.data()[i] = n(rng);
    for (int i = 0; i < b.size(); ++i)
      b.data()[i] = n(rng);
    const tx::Mat c = a * b;
    double worst = 0.0;
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        double s = 0.0;
        for (int k = 0; k < K; ++k)
          s += double(a(i, k)) * double(b(k, j));
        worst = std::max(worst, std::abs(s - double(c(i, j))));
      }
    QVERIFY2(worst < 1e-3, qPrintable(QString::number(worst)));
  }

  // The child half of userChoiceStands: prints what ensure() found.
  void printReport() {
    if (!qEnvironmentVariableIsSet("TX_BLAS_CHILD"))
      QSKIP("run by userChoiceStands in a child process");
    const auto &r = BlasKernels::ensure();
    fprintf(stdout, "detected=%s used=%s reason=%s\n", qPrintable(r.detected),
            qPrintable(r.used), qPrintable(r.reason));
    fflush(stdout);
  }

  // OpenBLAS reads OPENBLAS_CORETYPE when it loads, so a child process checks
  // it.
  void userChoiceStands() {
    if (qEnvironmentVariableIsSet("TX_BLAS_CHILD"))
      QSKIP("the child prints its report only");
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("OPENBLAS_CORETYPE"), QStringLiteral("Prescott"));
    env.insert(QStringLiteral("TX_BLAS_CHILD"), QStringLiteral("1"));
    child.setProcessEnvironment(env);
    child.start(QCoreApplication::applicationFilePath(),
                {QStringLiteral("printReport")});
    QVERIFY(child.waitForFinished(60'000));
    QCOMPARE(child.exitCode(), 0);
    const QString out = QString::fromUtf8(child.readAllStandardOutput());
    QVERIFY2(out.contains(
                 QLatin1String("detected=Prescott used=Prescott reason=\n")),
             qPrintable(out));
  }
};

QTEST_GUILESS_MAIN(TestBlasKernels)
#include "tst_blaskernels.moc"
