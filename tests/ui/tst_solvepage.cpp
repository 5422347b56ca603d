// The Solve page: the reverse questions answered live from core's Solver on a worker thread,
// each with the constraint that binds in plain words, and a button that makes the answer the
// current design through DesignState (one undo step); the tornado and concurrency charts beside.
#include "core/base/numberformat.h"
#include "core/design/presetlibrary.h"
#include "core/estimate/evaluator.h"
#include "ui/charts/concurrencychart.h"
#include "ui/charts/sensitivitychart.h"
#include "ui/design/designstate.h"
#include "ui/shell/mainwindow.h"
#include "ui/solve/solvepage.h"
#include "ui/solve/solveworker.h"
#include "ui/widgets/livelabel.h"

#include <QBarCategoryAxis>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QUndoStack>
#include <QtTest>

using namespace tx;

namespace {

// Waits for the answers to the latest request (they come from the worker thread).
bool settle(SolvePage *page)
{
    QSignalSpy spy(page, &SolvePage::answered);
    return spy.wait(10'000);
}

} // namespace

class TestSolvePage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TransformerExplorerTest"));
    }

    void answersTheDesignOnItsDevice()
    {
        MainWindow w;
        auto *page = w.findChild<SolvePage *>();
        QVERIFY(page);
        w.tabs()->setCurrentWidget(page);
        QVERIFY(w.loadPreset(QStringLiteral("llama-3.1-8b")));
        QVERIFY(settle(page));
        // Llama-3.1-8B in bf16 on an 80 GiB H100 without FlashAttention: the prefill's scores bind
        // at 29,573 tokens (tests/core/tst_solver.cpp works the bytes out).
        QCOMPARE(page->answer(QStringLiteral("context"))->text(), QStringLiteral("29,573 tokens"));
        QCOMPARE(page->binding(QStringLiteral("context"))->text(),
                 QStringLiteral("Limited by activations at 29,573 tokens. Inference memory 85.9 GB of 85.9 GB."));
        // With FlashAttention memory would hold 302,879 tokens; the model was trained to 131,072.
        w.state()->editAssumptions(QStringLiteral("flash"), QStringLiteral("flash"), [](Assumptions &a) { a.flash = true; });
        QVERIFY(settle(page));
        QCOMPARE(page->answer(QStringLiteral("context"))->text(), QStringLiteral("131,072 tokens"));
        QVERIFY(page->binding(QStringLiteral("context"))->text().startsWith(
            QStringLiteral("Limited by the design's trained context of 131,072 tokens; memory alone would hold "
                           "302,879 tokens.")));
        // The concurrency chart's limit is the batch answer on the same device.
        page->views()->setCurrentIndex(2);
        const auto &batch = page->answers()->batch;
        QVERIFY(batch && *batch);
        QCOMPARE(page->concurrency()->figure().limit, (*batch)->value);
        QCOMPARE(page->answer(QStringLiteral("batch"))->text(),
                 QStringLiteral("%1 sequences of 2,048 tokens").arg(NumberFormat::exact((*batch)->value)));

        // "Use this context" is one undo step.
        QPushButton *use = page->useButton(QStringLiteral("context"));
        QVERIFY(use->isEnabled());
        use->click();
        QCOMPARE(w.state()->assumptions().contextLength, 131'072);
        QCOMPARE(w.state()->undoStack()->undoText(), QStringLiteral("Use the longest context"));
        w.state()->undoStack()->undo();
        QCOMPARE(w.state()->assumptions().contextLength, 2048);
    }

    void largestDesignBecomesTheDesign()
    {
        MainWindow w;
        auto *page = w.findChild<SolvePage *>();
        w.tabs()->setCurrentWidget(page);
        w.state()->editAssumptions(QStringLiteral("device"), QStringLiteral("device"), [](Assumptions &a) {
            a.device = QStringLiteral("rtx-4090");
            a.contextLength = 4096;
        });
        QVERIFY(settle(page));
        page->familyBox()->setCurrentIndex(page->familyBox()->findData(QStringLiteral("llama-3-8b")));
        emit page->familyBox()->activated(page->familyBox()->currentIndex());
        QVERIFY(settle(page));
        // The largest Llama-3-family design for a 24 GiB card at 4,096 tokens in bf16 (tst_solver pins it).
        QCOMPARE(page->answer(QStringLiteral("largest"))->text(),
                 QStringLiteral("10.6 B parameters: d_model 4,608, 34 layers, 36 heads (9 key/value), d_ff 16,128"));
        QVERIFY(page->binding(QStringLiteral("largest"))->text().startsWith(
            QStringLiteral("Limited by memory at 34 layers (d_model 4,608): 25.7 GB of 25.8 GB;")));
        const ModelConfig before = w.state()->config();
        page->useButton(QStringLiteral("largest"))->click();
        QCOMPARE(w.state()->config().dModel, 4608);
        QCOMPARE(w.state()->config().nLayers, 34);
        QCOMPARE(w.state()->config().name, QStringLiteral("Llama-3-8B resized to 10.6 B parameters"));
        QCOMPARE(evaluate(w.state()->config(), w.state()->assumptions())->params.total, std::int64_t(10'567'604'736));
        w.state()->undoStack()->undo();
        QCOMPARE(w.state()->config(), before);
    }

    void cheapestDeviceSaysWhichPrices()
    {
        MainWindow w;
        auto *page = w.findChild<SolvePage *>();
        w.tabs()->setCurrentWidget(page);
        QVERIFY(w.loadPreset(QStringLiteral("llama-3.1-8b")));
        QVERIFY(settle(page));
        const QString rental = page->binding(QStringLiteral("device"))->text();
        QVERIFY2(rental.contains(QStringLiteral("compared at cloud rental prices")), qPrintable(rental));
        const auto &rented = page->answers()->device;
        QVERIFY(rented && *rented);
        QCOMPARE(HardwareCatalog::builtIn().find((*rented)->deviceId)->priceKind, QStringLiteral("rental"));
        page->pricesBox()->setCurrentIndex(1);
        emit page->pricesBox()->activated(1);
        QVERIFY(settle(page));
        const auto &bought = page->answers()->device;
        QVERIFY(bought && *bought);
        QCOMPARE(HardwareCatalog::builtIn().find((*bought)->deviceId)->priceKind, QStringLiteral("purchase"));
        QVERIFY(page->binding(QStringLiteral("device"))->text().contains(QStringLiteral("compared at purchase prices")));
        // Using it sets the device, the count and the users as one step.
        page->useButton(QStringLiteral("device"))->click();
        QCOMPARE(w.state()->assumptions().device, (*bought)->deviceId);
        QCOMPARE(w.state()->assumptions().devices, (*bought)->count);
        QCOMPARE(w.state()->assumptions().batch, 16);
        w.state()->undoStack()->undo();
        QCOMPARE(w.state()->assumptions().device, QStringLiteral("h100-sxm-80gb"));
    }

    void tornadoFollowsTheMetric()
    {
        MainWindow w;
        auto *page = w.findChild<SolvePage *>();
        w.tabs()->setCurrentWidget(page);
        QVERIFY(w.loadPreset(QStringLiteral("llama-2-7b")));
        page->views()->setCurrentIndex(1);
        QComboBox *metric = page->metricBox();
        metric->setCurrentIndex(metric->findText(QStringLiteral("weights memory")));
        emit metric->activated(metric->currentIndex());
        // The top row (drawn last) is the biggest lever on the weights: their precision.
        QCOMPARE(page->sensitivity()->knobAxis()->categories().last(), QStringLiteral("Weight precision bf16: int8 | fp32"));
        QCOMPARE(page->sensitivityNote()->text(),
                 QStringLiteral("To lower weights memory most: Weight precision bf16 → int8, −49 %."));
    }

    void workerAnswersMatchTheSolver()
    {
        // The page's answers are Solver's own (the CLI's): one request answered synchronously.
        SolveRequest r;
        r.design = PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config;
        r.family = r.design;
        r.assumptions.contextLength = 4096;
        const SolveAnswers s = SolveWorker::answer(r);
        QVERIFY(s.batch && *s.batch);
        QCOMPARE((*s.batch)->value, 18);
        QCOMPARE((*s.batch)->text, QStringLiteral("limited by the KV cache at 18 sequences"));
        QVERIFY(s.shape && *s.shape);
        QCOMPARE((*s.shape)->paramsTotal, std::int64_t(6'738'415'616));
    }
};

QTEST_MAIN(TestSolvePage)
#include "tst_solvepage.moc"
