// Issue 20 §5, the slice that runs in ctest: 10,000 hostile designs (fields at, past and far
// past every bound, every enum, every 2024–26 field, absurd assumptions) through validate →
// countParams → evaluate → explain → JSON → design-file round trip. bench_designs runs
// 1,000,000 of them and prints designs_per_s.
#include "tests/support/designgauntlet.h"

#include <QtTest>

using namespace tx;

class TestDesignGauntlet : public QObject
{
    Q_OBJECT
private slots:
    void tenThousandHostileDesignsBreakNothing()
    {
        DesignGauntlet::Tally tally;
        DesignGauntlet::run(20261201, 10'000, tally);
        for (const QString &f : std::as_const(tally.failures))
            qWarning("%s", qPrintable(f));
        QCOMPARE(tally.failureCount, 0);
        QCOMPARE(tally.designs, 10'000);
        // The generator reaches both sides of validate(), and past it to the round trip: a
        // generator that made only invalid designs would test only the validator.
        QVERIFY2(tally.valid >= 500, qPrintable(QString::number(tally.valid)));
        QVERIFY2(tally.evaluated >= 200, qPrintable(QString::number(tally.evaluated)));
        QVERIFY2(tally.valid <= 9'500, qPrintable(QString::number(tally.valid)));
        qInfo("10,000 designs: %lld valid, %lld evaluated to the round trip", qlonglong(tally.valid),
              qlonglong(tally.evaluated));
    }
};

QTEST_APPLESS_MAIN(TestDesignGauntlet)
#include "tst_designgauntlet.moc"
