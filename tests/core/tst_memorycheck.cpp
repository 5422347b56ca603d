// The Sanitize build's memory checks on the engine's product tiles (core/nn/memorycheck.h): the
// tiles run uninstrumented there, so each checks its whole footprint once per call instead. This
// runs tests/helpers/gemmoverread.cpp, which calls gemm::addAB and gemm::addXWt with one operand
// one float short (or freed), and expects AddressSanitizer's report naming the fault. Without
// the footprint checks the helper reads past the buffer unseen and prints "not caught".
#include "core/nn/memorycheck.h"

#include <QtTest>

#include <QProcess>

class TestMemoryCheck : public QObject
{
    Q_OBJECT

private slots:
    void aShortOperandIsReported_data()
    {
        QTest::addColumn<QString>("which");
        QTest::addColumn<QStringList>("report"); // lines of AddressSanitizer's report
        // The first byte past a buffer one float short: (floats - 1) · 4 bytes.
        auto pastTheEnd = [](long floats) {
            return QStringList{QStringLiteral("ERROR: AddressSanitizer: heap-buffer-overflow"),
                               QStringLiteral("0 bytes to the right of %1-byte region").arg((floats - 1) * 4)};
        };
        QTest::newRow("addAB's A (12 × 40 activations)") << QStringLiteral("addAB-A") << pastTheEnd(12 * 40);
        QTest::newRow("addAB's B (40 × 64 weight)") << QStringLiteral("addAB-B") << pastTheEnd(40 * 64);
        QTest::newRow("addAB's C (12 × 64 output)") << QStringLiteral("addAB-C") << pastTheEnd(12 * 64);
        QTest::newRow("addAB's B, freed")
            << QStringLiteral("addAB-freed")
            << QStringList{QStringLiteral("ERROR: AddressSanitizer: heap-use-after-free"),
                           QStringLiteral("0 bytes inside of 10240-byte region")};
        QTest::newRow("addXWt's Wt (24 × 40 weight)") << QStringLiteral("addXWt-W") << pastTheEnd(24 * 40);
    }

    void aShortOperandIsReported()
    {
        if (!tx::memcheck::enabled())
            QSKIP("only the Sanitize build checks memory (cmake --preset sanitize; ctest --preset sanitize)");
        QFETCH(QString, which);
        QFETCH(QStringList, report);
        QProcess child;
        child.start(QStringLiteral(TX_GEMM_OVERREAD_PATH), {which});
        QVERIFY2(child.waitForStarted(10000), qPrintable(child.errorString()));
        QVERIFY(child.waitForFinished(120000));
        const QString out = QString::fromUtf8(child.readAllStandardOutput());
        const QString err = QString::fromUtf8(child.readAllStandardError());
        QVERIFY2(!out.contains(QStringLiteral("not caught")), qPrintable(which + QStringLiteral(": not caught")));
        QVERIFY(child.exitStatus() == QProcess::CrashExit || child.exitCode() != 0);
        for (const QString &line : report)
            QVERIFY2(err.contains(line), qPrintable(line + QStringLiteral(" not in:\n") + err.left(1500)));
    }
};

QTEST_APPLESS_MAIN(TestMemoryCheck)
#include "tst_memorycheck.moc"
