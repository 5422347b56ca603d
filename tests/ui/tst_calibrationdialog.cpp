// "Check against this computer" (ui/calibrate): the Compute page's button, the dialog's table of
// predicted against measured figures with the error (drawn from a made-up measurement, so the
// labels and figures are exact), and a real run on the worker thread that can be cancelled.
#include "core/base/numberformat.h"
#include "core/calibrate/calibrator.h"
#include "core/design/presetlibrary.h"
#include "core/estimate/designsnapshot.h"
#include "ui/calibrate/calibrationdialog.h"
#include "ui/pages/computeview.h"
#include "ui/widgets/livelabel.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QtTest>

using namespace tx;

namespace {

// d 64, 2 layers, 4 heads, d_ff 256, 256 tokens, 128 positions: 124,672 parameters
// (tests/core/tst_calibration.cpp works them out tensor by tensor).
ModelConfig tiny()
{
    ModelConfig c;
    c.name = QStringLiteral("tiny");
    c.dModel = 64;
    c.nLayers = 2;
    c.nHeads = c.nKvHeads = 4;
    c.dFf = 256;
    c.vocabSize = 256;
    c.maxPositions = 128;
    return c;
}

CalibrationTable fakeTable()
{
    CalibrationSettings s;
    s.batch = 2;
    s.seq = 32;
    s.generate = 8;
    s.repeats = 3;
    const auto plan = Calibrator::plan(tiny(), s);
    CpuPeak cpu;
    cpu.cpuName = QStringLiteral("Test CPU");
    cpu.isa = QStringLiteral("avx2+fma");
    cpu.threads = 2;
    cpu.gflopsPerCore = 50.0;
    cpu.bandwidthBytesPerSecond = 10e9;
    cpu.loadAverage = 1.5;
    const CalibrationFigures predicted = *Calibrator::predict(*plan, cpu);
    CalibrationFigures measured = predicted;
    measured.forwardSeconds = 2.0 * predicted.forwardSeconds; // −50 %
    measured.activationsBytes = 983'040;                      // −20 % of 786,432
    measured.trainingPeakBytes = 4'000'000;                   // −30.5 %
    return Calibrator::table(*plan, cpu, predicted, measured);
}

QString cell(QTableWidget *t, int row, int column)
{
    return t->item(row, column) ? t->item(row, column)->text() : QString();
}

} // namespace

class TestCalibrationDialog : public QObject
{
    Q_OBJECT

private slots:
    void computePageOffersTheCheck()
    {
        ComputeView view;
        QPushButton *check = view.checkButton();
        QCOMPARE(check->text(), QStringLiteral("Check against this computer…"));
        QVERIFY(!check->isEnabled()); // nothing to run before the first snapshot
        view.showSnapshot(DesignSnapshot::compute(tiny(), Assumptions{}));
        QVERIFY(check->isEnabled());
    }

    void computePageSaysTheTrainingDevices()
    {
        // Llama-2-7B's training memory (mixed-precision AdamW, 16 bytes per parameter) does not fit
        // one 80 GB H100, so it is timed on the devices that hold it, and the row says how many.
        const ModelConfig c = PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config;
        const DesignSnapshot s = DesignSnapshot::compute(c, Assumptions{});
        const int n = s.evaluation->hardware.trainingDevices;
        QVERIFY(n > 1);
        ComputeView view;
        view.showSnapshot(s);
        QCOMPARE(view.value(QStringLiteral("hardware.training_seconds"))->text(),
                 QStringLiteral("%1 on %2× NVIDIA H100 SXM5 80GB")
                     .arg(NumberFormat::duration(s.evaluation->hardware.trainingSeconds))
                     .arg(n));
    }

    void tableOfPredictedAgainstMeasured()
    {
        CalibrationDialog d(tiny());
        d.showTable(fakeTable());
        QCOMPARE(d.windowTitle(), QStringLiteral("Check against this computer"));
        QTableWidget *t = d.table();
        QStringList headers;
        for (int c = 0; c < t->columnCount(); ++c)
            headers << t->horizontalHeaderItem(c)->text();
        QCOMPARE(headers, (QStringList{QStringLiteral("Figure"), QStringLiteral("Predicted"), QStringLiteral("Measured"),
                                       QStringLiteral("Error"), QStringLiteral("How it was predicted")}));
        QCOMPARE(t->rowCount(), 9);
        QStringList labels;
        for (int r = 0; r < t->rowCount(); ++r)
            labels << cell(t, r, 0);
        QCOMPARE(labels, (QStringList{QStringLiteral("Forward pass"), QStringLiteral("Training step"),
                                      QStringLiteral("Decode, per token"), QStringLiteral("Weights"),
                                      QStringLiteral("Gradients"), QStringLiteral("AdamW moments"),
                                      QStringLiteral("Activation cache"), QStringLiteral("KV cache"),
                                      QStringLiteral("Training peak memory")}));
        // Forward: 15,433,728 FLOPs at 1e11 FLOP/s = 0.154 ms predicted, measured twice that.
        QCOMPARE(cell(t, 0, 1), QStringLiteral("0.154 ms"));
        QCOMPARE(cell(t, 0, 2), QStringLiteral("0.309 ms"));
        QCOMPARE(cell(t, 0, 3), QStringLiteral("\u221250.0 %"));
        QCOMPARE(cell(t, 0, 4), QStringLiteral("2 × 32 tokens, roofline at 100.0 GFLOP/s (2 threads) and 10.0 GB/s"));
        QCOMPARE(cell(t, 1, 3), QStringLiteral("+0.0 %"));
        QCOMPARE(cell(t, 3, 1), QStringLiteral("499 KB"));
        QCOMPARE(cell(t, 6, 3), QStringLiteral("\u221220.0 %"));
        QCOMPARE(cell(t, 8, 3), QStringLiteral("\u221230.5 %"));
        QCOMPARE(d.status()->text(),
                 QStringLiteral("tiny on Test CPU: 2 threads of 50.0 GFLOP/s (avx2+fma), 10.0 GB/s memory; "
                                "load average 1.50 when measured."));
        // TX_SCREENSHOT=FILE.png saves the dialog as drawn, to look at.
        if (const QByteArray out = qgetenv("TX_SCREENSHOT"); !out.isEmpty()) {
            d.resize(1100, 520);
            d.grab().save(QString::fromLocal8Bit(out));
        }
    }

    void runsOnAWorkerThread()
    {
        CalibrationDialog d(tiny());
        d.show(); // starts the run
        QVERIFY(d.running());
        QVERIFY(!d.runButton()->isEnabled());
        QVERIFY(d.cancelButton()->isEnabled());
        // The window keeps drawing while the worker measures; the run ends with the table.
        QTRY_VERIFY_WITH_TIMEOUT(!d.running(), 300000);
        QCOMPARE(d.table()->rowCount(), 9);
        QCOMPARE(cell(d.table(), 3, 0), QStringLiteral("Weights"));
        // 124,672 float32 weights, predicted and allocated alike.
        QCOMPARE(cell(d.table(), 3, 1), cell(d.table(), 3, 2));
        QCOMPARE(cell(d.table(), 3, 3), QStringLiteral("+0.0 %"));
        QVERIFY(d.runButton()->isEnabled());
    }

    void cancelStopsTheRun()
    {
        CalibrationDialog d(tiny());
        d.show();
        QVERIFY(d.running());
        d.cancelButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!d.running(), 300000);
        QCOMPARE(d.status()->text(), QStringLiteral("Cancelled."));
        QCOMPARE(d.table()->rowCount(), 0);
    }
};

QTEST_MAIN(TestCalibrationDialog)
#include "tst_calibrationdialog.moc"
