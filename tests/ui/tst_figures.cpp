// One figure, one drawing: the chart the window shows and the chart an export writes come
// from the same figure data (core/report) and the same chart class, so they hold the same
// series, values and labels; only the title (naming the design) and the print style differ.
#include "core/design/presetlibrary.h"
#include "core/estimate/paramcounter.h"
#include "ui/charts/breakdownchart.h"
#include "ui/charts/chartfactory.h"
#include "ui/charts/chartpanel.h"
#include "ui/charts/concurrencychart.h"
#include "ui/charts/isoflopchart.h"
#include "ui/charts/layerchart.h"
#include "ui/charts/memorychart.h"
#include "ui/charts/rooflinechart.h"
#include "ui/charts/sensitivitychart.h"
#include "ui/design/designcontrols.h"
#include "ui/design/designstate.h"
#include "ui/design/presetpicker.h"
#include "ui/pages/computeview.h"
#include "ui/pages/memoryview.h"
#include "ui/pages/parameterview.h"
#include "ui/pages/scalingview.h"
#include "ui/shell/mainwindow.h"
#include "ui/solve/solvepage.h"
#include "ui/widgets/theme.h"

#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGraphicsTextItem>
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
    void theWindowsChartsShowWholeLabels_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("preset"); // empty: the default design, GPT-2 small
        QTest::newRow("English, GPT-2") << QStringLiteral("en") << QString();
        QTest::newRow("English, Llama 2 7B") << QStringLiteral("en") << QStringLiteral("llama-2-7b");
        QTest::newRow("Chinese, GPT-2") << QStringLiteral("zh_CN") << QString();
        QTest::newRow("Chinese, Llama 2 7B") << QStringLiteral("zh_CN") << QStringLiteral("llama-2-7b");
    }

    void theWindowsChartsShowWholeLabels()
    {
        // The charts of the Parameters, Memory and Compute pages in a 1600 x 1000 window, as the
        // README's screenshots and a new user see them: no title, axis label, axis title or
        // legend entry cut to "...".
        QFETCH(QString, language);
        QFETCH(QString, preset);
        Theme::applyFont(*qApp); // the program's font (main.cpp), Noto Sans CJK SC where installed
        MainWindow window;
        window.setLanguage(language);
        if (!preset.isEmpty()) {
            PresetPicker *picker = window.controls()->presetPicker();
            emit picker->activated(picker->findData(preset));
        }
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCoreApplication::processEvents();
        for (QWidget *page : {static_cast<QWidget *>(window.parameterView()), static_cast<QWidget *>(window.memoryView()),
                              static_cast<QWidget *>(window.computeView())}) {
          window.tabs()->setCurrentWidget(page);
          QTest::qWait(100); // the page's layout settles over a few passes of the event loop
          for (QChartView *view : page->findChildren<QChartView *>()) {
            QStringList cut;
            for (QGraphicsItem *item : view->scene()->items())
                if (auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && text->toPlainText().contains(QStringLiteral("...")))
                    cut << text->toPlainText();
            QVERIFY2(cut.isEmpty(), qPrintable(view->chart()->title() + QStringLiteral(" at ") + QString::number(view->width()) + QLatin1Char('x') + QString::number(view->height()) + QStringLiteral(" plot ") + QString::number(view->chart()->plotArea().width())
                                               + QStringLiteral(" px: ") + cut.join(QStringLiteral(" | "))));
          }
        }
        window.setLanguage(QStringLiteral("en"));
    }

    void aChartPanelAtItsSmallestShowsWholeLabels_data()
    {
        QTest::addColumn<double>("fontScale");
        QTest::addColumn<int>("widthPx"); // the panel's width in a 1600 px window
        QTest::newRow("window fonts") << 1.0 << 760;
        QTest::newRow("presentation fonts") << 1.6 << 1100;
    }

    void aChartPanelAtItsSmallestShowsWholeLabels()
    {
        // The installed package's window once drew the breakdown's axis labels and title as
        // "...": its page was about 20 px shorter than here, and Qt Charts elides axis text when
        // the plot gets short. A panel may not be made smaller than its chart can be read at.
        QFETCH(double, fontScale);
        QFETCH(int, widthPx);
        const auto c = PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config;
        const auto p = countParams(c);
        QVERIFY(p);
        auto *chart = new BreakdownChart;
        chart->setParams(*p);
        for (QAbstractAxis *axis : chart->axes()) {
            QFont labels = axis->labelsFont();
            labels.setPointSizeF(labels.pointSizeF() * fontScale);
            axis->setLabelsFont(labels);
            QFont title = axis->titleFont();
            title.setPointSizeF(title.pointSizeF() * fontScale);
            axis->setTitleFont(title);
        }
        QFont legend = chart->legend()->font();
        legend.setPointSizeF(legend.pointSizeF() * fontScale);
        chart->legend()->setFont(legend);
        ChartPanel panel(chart, nullptr, ChartPanel::Edges::Straight);
        panel.resize(widthPx, panel.minimumSizeHint().height());
        panel.show();
        QCoreApplication::processEvents();
        QStringList texts;
        for (QGraphicsItem *item : panel.scene()->items())
            if (auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && !text->toPlainText().isEmpty())
                texts << text->toPlainText();
        texts.sort();
        QCOMPARE(texts, QStringList({QStringLiteral("0"), QStringLiteral("2000"), QStringLiteral("4000"),
                                     QStringLiteral("6000"), QStringLiteral("8000"), QStringLiteral("Attention"),
                                     QStringLiteral("Design"), QStringLiteral("Embeddings"),
                                     QStringLiteral("Feed-forward (MLP)"), QStringLiteral("Norms"),
                                     QStringLiteral("Output head"), QStringLiteral("Where the parameters are"),
                                     QStringLiteral("parameters (millions)")}));
    }
};

QTEST_MAIN(TestFigures)
#include "tst_figures.moc"
