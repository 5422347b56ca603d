// One figure, one drawing: the chart the window shows and the chart an export writes come
// from the same figure data (core/report) and the same chart class, so they hold the same
// series, values and labels; only the title (naming the design) and the print style differ.
#include "core/design/presetlibrary.h"
#include "core/estimate/paramcounter.h"
#include "ui/charts/breakdownchart.h"
#include "ui/charts/chartfactory.h"
#include "ui/charts/concurrencychart.h"
#include "ui/charts/isoflopchart.h"
#include "ui/charts/layerchart.h"
#include "ui/charts/memorychart.h"
#include "ui/charts/rooflinechart.h"
#include "ui/charts/sensitivitychart.h"
#include "ui/design/designstate.h"
#include "ui/pages/computeview.h"
#include "ui/pages/memoryview.h"
#include "ui/pages/parameterview.h"
#include "ui/pages/scalingview.h"
#include "ui/shell/mainwindow.h"
#include "ui/solve/solvepage.h"

#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QLineSeries>
#include <QXYSeries>
#include <QTabWidget>
#include <QtTest>

using namespace tx;

namespace {

// Every series of a chart as the text a reader of the chart can see: series and set names,
// category names and each value.
QStringList contents(const QChart *chart)
{
    QStringList out;
    for (QAbstractSeries *series : chart->series()) {
        if (auto *bars = qobject_cast<QAbstractBarSeries *>(series)) {
            for (QBarSet *set : bars->barSets()) {
                QStringList values;
                for (int i = 0; i < set->count(); ++i)
                    values << QString::number(set->at(i), 'g', 12);
                out << set->label() + QStringLiteral(": ") + values.join(QLatin1Char(' '));
            }
        } else if (auto *line = qobject_cast<QXYSeries *>(series)) {
            QStringList points;
            for (const QPointF &p : line->points())
                points << QString::number(p.x(), 'g', 12) + QLatin1Char(',') + QString::number(p.y(), 'g', 12);
            out << line->name() + QStringLiteral(": ") + points.join(QLatin1Char(' '));
        }
    }
    for (QAbstractAxis *axis : chart->axes()) {
        out << QStringLiteral("axis: ") + axis->titleText();
        if (auto *categories = qobject_cast<QBarCategoryAxis *>(axis))
            out << QStringLiteral("categories: ") + categories->categories().join(QStringLiteral(" | "));
    }
    return out;
}

} // namespace

class TestFigures : public QObject
{
    Q_OBJECT
private slots:
    void exportHoldsWhatTheWindowShows_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::newRow("llama-2-7b") << QStringLiteral("llama-2-7b");
        QTest::newRow("t5-base (encoder-decoder)") << QStringLiteral("t5-base");
        QTest::newRow("mixtral-8x7b (experts)") << QStringLiteral("mixtral-8x7b");
    }
    void exportHoldsWhatTheWindowShows()
    {
        QFETCH(QString, preset);
        MainWindow w;
        w.state()->replace(PresetLibrary::builtIn().find(preset)->config, QStringLiteral("preset"));
        const DesignSnapshot &s = w.state()->snapshot();
        QVERIFY(s.valid());
        const ChartFactory::Input design{s.config, s.assumptions, *s.evaluation};

        auto params = ChartFactory::create(ChartFactory::Kind::Params, design);
        const QStringList shownParams = contents(w.parameterView()->breakdown());
        QCOMPARE(contents(params.get()), shownParams);
        QVERIFY2(shownParams.join(QLatin1Char('\n')).contains(QStringLiteral("Feed-forward")), qPrintable(shownParams.join(QLatin1Char('\n'))));

        w.tabs()->setCurrentWidget(w.memoryView()); // pages draw when they are shown
        auto memory = ChartFactory::create(ChartFactory::Kind::Memory, design);
        const QStringList shownMemory = contents(w.memoryView()->chart());
        QCOMPARE(contents(memory.get()), shownMemory);
        // The named difference of old: the exports called the runtime overhead "Overhead".
        QVERIFY(shownMemory.join(QLatin1Char('\n')).contains(QStringLiteral("Runtime overhead: ")));
        // Only the title differs: the export names the design.
        QCOMPARE(memory->title(), ChartFactory::title(ChartFactory::Kind::Memory, design));

        w.tabs()->setCurrentWidget(w.computeView());
        auto compute = ChartFactory::create(ChartFactory::Kind::Compute, design);
        const QStringList shownCompute = contents(w.computeView()->roofline());
        QCOMPARE(contents(compute.get()), shownCompute);
        QVERIFY(shownCompute.join(QLatin1Char('\n')).contains(QStringLiteral("Decode: ")));

        // The scaling export is the page's iso-FLOP chart (it was a figure of its own before).
        w.tabs()->setCurrentWidget(w.scalingView());
        auto scaling = ChartFactory::create(ChartFactory::Kind::Scaling, design);
        const QStringList shownScaling = contents(w.scalingView()->isoFlop());
        QCOMPARE(contents(scaling.get()), shownScaling);
        const QString designPoint = QStringLiteral("Design: ") + QString::number(s.evaluation->scaling.params, 'g', 12)
            + QLatin1Char(',') + QString::number(s.evaluation->scaling.loss, 'g', 12);
        QVERIFY2(shownScaling.contains(designPoint), qPrintable(shownScaling.join(QLatin1Char('\n'))));
        QCOMPARE(scaling->title(), ChartFactory::title(ChartFactory::Kind::Scaling, design));

        // The Solve page's tornado (at its default metric, inference memory) and concurrency chart.
        auto *solve = w.findChild<SolvePage *>();
        QVERIFY(solve);
        w.tabs()->setCurrentWidget(solve);
        solve->views()->setCurrentIndex(1); // a chart follows the design while it is in view
        auto sensitivity = ChartFactory::create(ChartFactory::Kind::Sensitivity, design);
        const QStringList shownSensitivity = contents(solve->sensitivity());
        QCOMPARE(contents(sensitivity.get()), shownSensitivity);
        QVERIFY(shownSensitivity.join(QLatin1Char('\n')).contains(QStringLiteral("axis: change in inference memory (%)")));
        solve->views()->setCurrentIndex(2);
        auto concurrency = ChartFactory::create(ChartFactory::Kind::Concurrency, design);
        const QStringList shownConcurrency = contents(solve->concurrency());
        QCOMPARE(contents(concurrency.get()), shownConcurrency);
        QVERIFY(shownConcurrency.join(QLatin1Char('\n')).contains(QStringLiteral("Memory limit: ")));
        QCOMPARE(concurrency->title(), ChartFactory::title(ChartFactory::Kind::Concurrency, design));
    }

    void aComponentHasOneColourInEveryChart()
    {
        // gpt-oss-20b: MoE layers, alternating sliding and full attention. Its per-layer stacks
        // once drew the experts in the breakdown's output-head vermillion.
        const auto c = PresetLibrary::builtIn().find(QStringLiteral("gpt-oss-20b"))->config;
        const auto p = countParams(c);
        QVERIFY(p);
        BreakdownChart breakdown;
        breakdown.setParams(*p);
        LayerChart layers;
        layers.setParams(*p);
        const auto colourOf = [](const QChart &chart, const QString &label) {
            for (QAbstractSeries *series : chart.series())
                if (auto *bars = qobject_cast<QAbstractBarSeries *>(series))
                    for (QBarSet *set : bars->barSets())
                        if (set->label() == label)
                            return set->color();
            return QColor();
        };
        const QColor experts = colourOf(breakdown, QStringLiteral("Experts (MoE)"));
        QCOMPARE(experts, QColor(0xF0, 0xE4, 0x42)); // Okabe-Ito yellow
        QCOMPARE(colourOf(layers, QStringLiteral("Experts (MoE layer)")), experts);
        QCOMPARE(colourOf(breakdown, QStringLiteral("Output head")), QColor(0xD5, 0x5E, 0x00));
        QCOMPARE(colourOf(layers, QStringLiteral("Attention, full")), colourOf(breakdown, QStringLiteral("Attention")));
        QCOMPARE(colourOf(layers, QStringLiteral("Norms")), colourOf(breakdown, QStringLiteral("Norms")));
        // Windowed layers: attention's blue, tinted, not the breakdown's embedding orange.
        QCOMPARE(colourOf(layers, QStringLiteral("Attention, sliding or chunked")), QColor(0xA9, 0xDA, 0xF4));
        QCOMPARE(colourOf(breakdown, QStringLiteral("Embeddings")), QColor(0xE6, 0x9F, 0x00));
    }
};

QTEST_MAIN(TestFigures)
#include "tst_figures.moc"
