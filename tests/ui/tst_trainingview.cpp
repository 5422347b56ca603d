#include "ui/lab/expertloadchart.h"
#include "ui/lab/heatmapgrid.h"
#include "ui/lab/trainingcharts.h"
#include "ui/lab/trainingview.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTabWidget>
#include <QTest>
#include <QValueAxis>

using namespace tx;

class TestTrainingView : public QObject
{
    Q_OBJECT
private slots:
    void lossCurveGetsOnePointPerStep()
    {
        TrainingView view;
        view.setTask(TrainingView::Copy);
        view.setSteps(30);
        QSignalSpy finished(&view, &TrainingView::runFinished);
        view.start();
        QVERIFY(finished.wait(120000));
        // One training-loss point per step; the copy preset evaluates every 25 steps and at the end.
        QCOMPARE(view.trainLoss()->count(), 30);
        QCOMPARE(view.trainLoss()->at(29).x(), 30.0);
        QCOMPARE(view.validationLoss()->count(), 2);
        QCOMPARE(view.accuracy()->count(), 2);
        QVERIFY(view.trainLoss()->at(0).y() > 0.0);
        // The attention grid shows the last evaluation, and the replay slider can go back to the first.
        QCOMPARE(view.grid()->layers(), 2);
        QCOMPARE(view.grid()->heads(), 4);
        QCOMPARE(view.replay()->maximum(), 1);
        QVERIFY(view.replay()->isEnabled());
        // A dense model has no experts to chart.
        QVERIFY(!view.charts()->expertLoad()->isVisibleTo(&view));
        QVERIFY(!view.charts()->pages()->isTabVisible(TrainingCharts::kExpertPage));
    }

    // The Qwen3-MoE-style preset, 30 steps: per sparse layer, 8 bars that share the routed
    // token-slots of the last 10 steps, the even share 1/8 across them, and each layer's balance
    // loss at every step.
    void moeRunChartsTheExpertLoad()
    {
        TrainingView view;
        view.setTask(TrainingView::MoeAlice);
        view.setSteps(kMoeSteps);
        QSignalSpy finished(&view, &TrainingView::runFinished);
        view.start();
        QVERIFY(finished.wait(300000));
        ExpertLoadChart *chart = view.charts()->expertLoad();
        // Its page opened by itself at the first step.
        QCOMPARE(view.charts()->pages()->currentIndex(), TrainingCharts::kExpertPage);
        QCOMPARE(view.charts()->pages()->tabText(TrainingCharts::kExpertPage), QStringLiteral("Expert load"));
        QVERIFY(chart->isVisibleTo(&view));
        QCOMPARE(chart->layerBox()->count(), 2);
        QCOMPARE(chart->layerBox()->itemText(0), QStringLiteral("Layer 1"));
        QCOMPARE(chart->layerBox()->itemText(1), QStringLiteral("Layer 2"));
        QCOMPARE(chart->bars()->count(), 8);
        QCOMPARE(chart->expertAxis()->categories(),
                 (QStringList{QStringLiteral("E1"), QStringLiteral("E2"), QStringLiteral("E3"), QStringLiteral("E4"),
                              QStringLiteral("E5"), QStringLiteral("E6"), QStringLiteral("E7"), QStringLiteral("E8")}));
        QCOMPARE(chart->expertAxis()->titleText(), QStringLiteral("expert"));
        QCOMPARE(chart->shareAxis()->titleText(), QStringLiteral("share"));
        QCOMPARE(chart->bars()->label(), QStringLiteral("share of the routed token-slots"));
        QCOMPARE(chart->evenLine()->name(), QStringLiteral("even share 1/8 = 0.125"));
        QCOMPARE(chart->evenLine()->count(), 2);
        QCOMPARE(chart->evenLine()->at(0).y(), 0.125);
        double sum = 0.0, top = 0.0;
        for (int e = 0; e < 8; ++e) {
            sum += chart->bars()->at(e);
            top = std::max(top, chart->bars()->at(e));
        }
        QVERIFY(std::abs(sum - 1.0) < 1e-12);
        QVERIFY(chart->shareAxis()->max() >= top);
        QCOMPARE(chart->loadChart()->title(),
                 QStringLiteral("Layer 1, last 10 steps: busiest expert %1 × the even share")
                     .arg(top * 8, 0, 'f', 2));
        QCOMPARE(chart->balanceChart()->title(),
                 QStringLiteral("Balance loss E · Σ fᵢ · Pᵢ (1 = even, E = one expert)"));
        QCOMPARE(int(chart->balanceSeries().size()), 2);
        QCOMPARE(chart->balanceSeries()[1]->name(), QStringLiteral("Layer 2"));
        QCOMPARE(chart->balanceSeries()[0]->count(), kMoeSteps);
        QCOMPARE(chart->balanceSeries()[1]->at(kMoeSteps - 1).x(), double(kMoeSteps));
        // The second layer's bars on choosing it in the box.
        chart->layerBox()->setCurrentIndex(1);
        QVERIFY(chart->loadChart()->title().startsWith(QStringLiteral("Layer 2, last 10 steps")));
        // A character model: sampling works.
        QVERIFY(view.sampleButton()->isEnabled());

        // TX_SCREENSHOT_DIR set: the README's picture, after the preset's whole run.
        if (const QByteArray dir = qgetenv("TX_SCREENSHOT_DIR"); !dir.isEmpty()) {
            view.setTask(TrainingView::MoeAlice); // the preset's steps
            view.start();
            QVERIFY(finished.wait(900000));
            qInfo("moe-chars: %s", qPrintable(view.stats()->text()));
            chart->layerBox()->setCurrentIndex(0);
            view.resize(1600, 1100);
            view.show();
            QCoreApplication::processEvents();
            QTest::qWait(300);
            view.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/training-moe-load.png"));
        }
    }

    // A small T5 (2 + 2 layers) trained to reverse 8 digits: the loss chart, the attention grid
    // with the encoder's, the decoder's and the cross-attention's heads labelled, the head-score
    // series of each kind, and Sample decoding the typed digits through the encoder.
    void t5ReverseTrainsAndDecodes()
    {
        TrainingView view;
        view.setTask(TrainingView::T5Reverse);
        QVERIFY(view.gridCaption()->text().startsWith(QStringLiteral("Attention on a probe pair: encoder self-attention")));
        QCOMPARE(view.prompt()->text(), QStringLiteral("31415926"));
        view.setSteps(kT5Steps);
        QSignalSpy finished(&view, &TrainingView::runFinished);
        view.start();
        // A hang guard, not a speed check (CI's release build runs this whole file in 22 s).
        // Under the sanitizers (-O1, ASan) the engine's own product kernels are instrumented where
        // OpenBLAS is not, and since they also compute the input gradients (gemm::addABt) the run
        // takes 273 s alone and went past 300 s in CI beside the other tests.
        QVERIFY(finished.wait(900000));
        QCOMPARE(view.trainLoss()->count(), kT5Steps);
        QVERIFY(view.stats()->text().startsWith(QStringLiteral("loss ")));
        const double last = view.trainLoss()->at(kT5Steps - 1).y();
        qInfo("t5 reverse: loss %.4f after %d steps (%s)", last, kT5Steps, qPrintable(view.stats()->text()));
        QVERIFY(view.trainLoss()->at(0).y() > 2.0); // ln 10 = 2.30 nats: a guess among the digits
        QVERIFY2(last < 0.1, qPrintable(QString::number(last)));
        QCOMPARE(view.stats()->text().section(QLatin1Char(' '), 1, 1), QString::number(last, 'f', 3));
        // 254 of the 256 validation digits on the 2 shared cores (one thread, seed 1).
        QVERIFY(view.accuracy()->at(view.accuracy()->count() - 1).y() >= 0.99);
        // Rows: encoder layers 1–2, decoder self-attention 1–2, cross-attention 1–2.
        QCOMPARE(view.grid()->layers(), 6);
        QCOMPARE(view.grid()->heads(), 4);
        QCOMPARE(view.grid()->caption(0, 0), QStringLiteral("enc L1 · H1"));
        QCOMPARE(view.grid()->caption(3, 1), QStringLiteral("dec L2 · H2"));
        QCOMPARE(view.grid()->caption(4, 3), QStringLiteral("cross L1 · H4"));
        // The row headers name the stack too (they read L1 … L6 before).
        QCOMPARE(view.grid()->rowLabel(0), QStringLiteral("enc L1"));
        QCOMPARE(view.grid()->rowLabel(3), QStringLiteral("dec L2"));
        QCOMPARE(view.grid()->rowLabel(5), QStringLiteral("cross L2"));
        const QStringList series = view.charts()->seriesNames();
        QCOMPARE(series.size(), 24);
        QCOMPARE(series.at(0), QStringLiteral("enc L1 H1"));
        QCOMPARE(series.at(8), QStringLiteral("dec L1 H1"));
        QCOMPARE(series.at(23), QStringLiteral("cross L2 H4"));
        view.charts()->scoreKind()->setCurrentIndex(3);
        QCOMPARE(view.charts()->scoreKind()->currentText(), QStringLiteral("Alignment (cross-attention)"));

        QVERIFY(view.sampleButton()->isEnabled());
        view.sampleButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(view.samples()->toPlainText(), QStringLiteral("31415926 → 62951413"), 10000);

        // TX_SCREENSHOT_DIR set: the README's picture of the finished run (cross-attention scores).
        if (const QByteArray dir = qgetenv("TX_SCREENSHOT_DIR"); !dir.isEmpty()) {
            view.resize(1600, 1000);
            view.show();
            QCoreApplication::processEvents();
            QTest::qWait(300);
            view.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/training-t5-reverse.png"));
        }
    }

    // The one-click demo: the preset forms a layer-2 induction head and the view says so,
    // naming the layer-1 previous-token head it builds on (issue 7). A few seconds on 2 cores.
    void watchInductionHeadAnnouncesTheHead()
    {
        TrainingView view;
        QSignalSpy formed(&view, &TrainingView::inductionHeadFormed);
        view.watchInductionHead();
        QVERIFY(formed.wait(180000));
        QCOMPARE(formed.first().at(1).toInt(), 1); // 0-based layer index: the second layer
        QVERIFY(view.announcement()->isVisibleTo(&view));
        QVERIFY(view.announcement()->text().startsWith(QStringLiteral("An induction head formed at step")));
        QVERIFY(view.announcement()->text().contains(QStringLiteral("It builds on layer 1 head")));
        view.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!view.isRunning(), 5000);
    }

    void cancelStopsWithinABound()
    {
        TrainingView view;
        view.setTask(TrainingView::Induction);
        view.setSteps(100000);
        QSignalSpy cancelled(&view, &TrainingView::runCancelled);
        view.start();
        // Let it train a little, so the cancel lands in the middle of a step.
        QTRY_VERIFY_WITH_TIMEOUT(view.stats()->text().startsWith(QStringLiteral("loss")), 60000);
        QElapsedTimer timer;
        timer.start();
        view.cancel();
        QVERIFY(cancelled.wait(5000));
        const qint64 ms = timer.elapsed();
        qInfo("cancel took %lld ms (the brief asks for 100 ms)", ms);
        QVERIFY(ms < 1000);
        QVERIFY(!view.isRunning());
    }

    void pauseHoldsTheStepCount()
    {
        TrainingView view;
        view.setTask(TrainingView::Copy);
        view.setSteps(100000);
        QSignalSpy cancelled(&view, &TrainingView::runCancelled);
        view.start();
        QTRY_VERIFY_WITH_TIMEOUT(view.stats()->text().startsWith(QStringLiteral("loss")), 60000);
        view.setPaused(true);
        QTest::qWait(200); // a step in flight lands
        const QString before = view.stats()->text().section(QChar(u'·'), 0, 0);
        const int steps = int(view.history().size());
        QTest::qWait(300);
        QCOMPARE(view.stats()->text().section(QChar(u'·'), 0, 0), before);
        QCOMPARE(int(view.history().size()), steps);
        view.setPaused(false);
        view.cancel();
        QVERIFY(cancelled.wait(5000));
    }

private:
    static constexpr int kT5Steps = 2000; // the preset's run
    static constexpr int kMoeSteps = 30;
};

QTEST_MAIN(TestTrainingView)
#include "tst_trainingview.moc"
