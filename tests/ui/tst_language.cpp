#include "core/estimate/paramcounter.h"
#include "ui/charts/breakdownchart.h"
#include "ui/charts/isoflopchart.h"
#include "ui/charts/layerchart.h"
#include "ui/charts/memorychart.h"
#include "ui/charts/rooflinechart.h"
#include "ui/design/designcontrols.h"
#include "ui/design/designstate.h"
#include "ui/lab/attentionview.h"
#include "ui/lab/trainingview.h"
#include "ui/lessons/lessonplayer.h"
#include "ui/pages/comparisonview.h"
#include "ui/pages/computeview.h"
#include "ui/pages/memoryview.h"
#include "ui/pages/parameterview.h"
#include "ui/pages/productpanel.h"
#include "ui/pages/readoutbar.h"
#include "ui/pages/scalingview.h"
#include "ui/pages/showworkview.h"
#include "ui/pages/summarycards.h"
#include "ui/shell/languagemanager.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/presentationmode.h"
#include "ui/widgets/highlightoverlay.h"
#include "ui/widgets/knobcontrol.h"
#include "ui/widgets/livelabel.h"
#include "ui/widgets/pagebar.h"
#include "ui/widgets/summarycard.h"

#include <QApplication>
#include <QChart>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QToolButton>

using namespace tx;

// Switching the language relabels the window at once, without a restart, and numbers switch
// between "124 M" and "1.24亿" with it (GPT-2 small: 124,439,808 parameters, the default design,
// tests/data/reference/models.json).
class TestLanguage : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(QStringLiteral("TransformerExplorerTest"));
        QApplication::setApplicationName(QStringLiteral("tst_language"));
    }

    void switchingLanguageRelabelsTheWindow()
    {
        MainWindow window;
        window.setLanguage(QStringLiteral("en"));
        QCOMPARE(countParams(window.state()->config())->total, 124439808);

        const auto menuTitles = [&] {
            QStringList t;
            for (QAction *a : window.menuBar()->actions())
                t << a->text();
            return t;
        };
        QCOMPARE(menuTitles().first(), QStringLiteral("&File"));
        QCOMPARE(window.controls()->knob(QStringLiteral("d_model"))->label()->text(), QStringLiteral("Width (d_model)"));
        QCOMPARE(window.parameterView()->breakdown()->title(), QStringLiteral("Where the parameters are"));
        QCOMPARE(window.cards()->card(QStringLiteral("params.total"))->titleLabel()->text(), QStringLiteral("Parameters"));
        QCOMPARE(window.cards()->card(QStringLiteral("params.total"))->valueLabel()->text(), QStringLiteral("124 M"));
        QCOMPARE(window.tabs()->tabText(window.tabs()->indexOf(window.productPanel())), QStringLiteral("What does this &buy me?"));
        QVERIFY(window.productPanel()->body()->text().contains(QStringLiteral("Thinking bandwidth")));

        window.setLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(window.language()->current(), QStringLiteral("zh_CN"));
        QCOMPARE(menuTitles().first(), QStringLiteral("文件(&F)"));
        QVERIFY(menuTitles().contains(QStringLiteral("语言(&L)")));
        QCOMPARE(window.controls()->knob(QStringLiteral("d_model"))->label()->text(), QStringLiteral("隐藏维度（d_model）"));
        QVERIFY(window.controls()->knob(QStringLiteral("d_model"))->slider()->toolTip().startsWith(QStringLiteral("思考带宽")));
        QCOMPARE(window.parameterView()->breakdown()->title(), QStringLiteral("参数量分布"));
        QCOMPARE(window.parameterView()->layers()->title(), QStringLiteral("每层参数量"));
        QCOMPARE(window.cards()->card(QStringLiteral("params.total"))->titleLabel()->text(), QStringLiteral("参数量"));
        QCOMPARE(window.cards()->card(QStringLiteral("params.total"))->valueLabel()->text(), QStringLiteral("1.24亿"));
        QCOMPARE(window.cards()->card(QStringLiteral("params.total"))->detailLabel()->text(),
                 QStringLiteral("精确值 124,439,808"));
        QCOMPARE(window.tabs()->tabText(0), QStringLiteral("参数量(&P)"));
        QVERIFY(window.productPanel()->body()->text().contains(QStringLiteral("思考带宽")));
        QVERIFY(window.productPanel()->body()->text().contains(QStringLiteral("专家团队的规模")));
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("未命名设计")));
        // The estimate pages and their charts follow too.
        QCOMPARE(window.memoryView()->chart()->title(), QStringLiteral("运行与训练所需内存"));
        QCOMPARE(window.computeView()->roofline()->title(), QStringLiteral("设备的速度上限（屋顶线）"));
        QCOMPARE(window.scalingView()->isoFlop()->title(), QStringLiteral("等算力曲线：给定算力预算下的最佳规模"));
        QCOMPARE(window.tabs()->tabText(window.tabs()->indexOf(window.memoryView())), QStringLiteral("内存(&M)"));
        QCOMPARE(window.cards()->card(QStringLiteral("memory.inference.weights_bytes"))->titleLabel()->text(),
                 QStringLiteral("权重内存"));
        QCOMPARE(window.comparisonView()->table()->horizontalHeaderItem(2)->text(), QStringLiteral("变化"));
        // The show-the-work headings and the new tabs follow too.
        const auto labelTexts = [](QWidget *w) {
            QStringList t;
            for (QLabel *l : w->findChildren<QLabel *>())
                t << l->text();
            return t;
        };
        QVERIFY(labelTexts(window.showWorkView()).contains(QStringLiteral("公式")));
        QVERIFY(labelTexts(window.showWorkView()).contains(QStringLiteral("代入此设计的数字")));
        QCOMPARE(window.tabs()->tabText(window.tabs()->indexOf(window.attentionView())), QStringLiteral("注意力(&A)"));
        QCOMPARE(window.tabs()->tabText(window.tabs()->indexOf(window.trainingView())), QStringLiteral("训练(&T)"));
        // The attention view is built before the window picks its language: it follows on LanguageChange.
        QCOMPARE(window.attentionView()->tabs()->tabText(0), QStringLiteral("注意力头"));
        QCOMPARE(window.attentionView()->tabs()->tabText(4), QStringLiteral("专家")); // it once stayed "Experts"
        QVERIFY(labelTexts(window.attentionView()).contains(QStringLiteral("模型：")));
        QVERIFY(labelTexts(window.trainingView()).contains(QStringLiteral("任务：")));

        window.setLanguage(QStringLiteral("en"));
        QCOMPARE(menuTitles().first(), QStringLiteral("&File"));
        QCOMPARE(window.controls()->knob(QStringLiteral("d_model"))->label()->text(), QStringLiteral("Width (d_model)"));
        QCOMPARE(window.parameterView()->breakdown()->title(), QStringLiteral("Where the parameters are"));
        QCOMPARE(window.cards()->card(QStringLiteral("params.total"))->valueLabel()->text(), QStringLiteral("124 M"));
        QCOMPARE(window.memoryView()->chart()->title(), QStringLiteral("Memory to run and to train"));
        QCOMPARE(window.comparisonView()->table()->horizontalHeaderItem(2)->text(), QStringLiteral("Change"));
    }

    // The design and its undo history survive a language switch (only the labels change).
    void switchingKeepsTheDesign()
    {
        MainWindow window;
        window.setLanguage(QStringLiteral("en"));
        window.state()->edit(QStringLiteral("test"), QStringLiteral("d_model"), [](ModelConfig &c) { c.dModel = 1024; });
        window.setLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(window.state()->config().dModel, 1024);
        QCOMPARE(window.controls()->knob(QStringLiteral("d_model"))->value(), 1024);
        QVERIFY(window.state()->isModified());
        // The rebuilt Edit menu's undo answers Ctrl+Z (no duplicate, ambiguous shortcut left).
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(window.state()->config().dModel, 768);
        window.setLanguage(QStringLiteral("en"));
    }

    void lessonStepsOnArrowKeys()
    {
        MainWindow window;
        window.setLanguage(QStringLiteral("en"));
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        LessonPlayer *player = window.lessons();
        window.startLesson(0);
        QVERIFY(player->isVisible());
        QCOMPARE(player->stepIndex(), 0);
        QVERIFY(player->textLabel()->text().contains(QStringLiteral("1,010 parameters")));
        // As after clicking into the lesson panel: the arrows and a clicker's Page Down/Up step.
        player->setFocus();
        QTest::keyClick(&window, Qt::Key_Right);
        QCOMPARE(player->stepIndex(), 1);
        QTest::keyClick(&window, Qt::Key_Left);
        QCOMPARE(player->stepIndex(), 0);
        QTest::keyClick(&window, Qt::Key_PageDown);
        QCOMPARE(player->stepIndex(), 1);
        QTest::keyClick(&window, Qt::Key_PageUp);
        QCOMPARE(player->stepIndex(), 0);
        // Step 3 sets GPT-2 small and frames the parameter charts.
        player->next();
        player->next();
        QCOMPARE(player->formulaLabel()->text().right(11), QStringLiteral("= 7,087,872"));
        QCOMPARE(window.highlightOverlay()->parentWidget(), window.parameterView());
        window.setLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(player->titleLabel()->text(), QStringLiteral("Transformer 层：六个矩阵加归一化"));
        QVERIFY(player->textLabel()->text().contains(QStringLiteral("合计 7,087,872 个参数")));
        window.setLanguage(QStringLiteral("en"));
        // Closing the lesson removes its frame.
        window.findChild<QDockWidget *>(QStringLiteral("lessonDock"))->close();
        QCOMPARE(window.highlightOverlay()->target(), nullptr);
    }

    void presentationModeScalesAndLocks()
    {
        MainWindow window;
        window.setLanguage(QStringLiteral("en"));
        window.show(); // as the program does: presentation starts on a window on screen
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // Without experts "experts per token" is off: presentation mode must leave that alone.
        QVERIFY(!window.controls()->knob(QStringLiteral("moe_top_k"))->slider()->isEnabled());
        const double before = QApplication::font().pointSizeF();
        const double titleBefore = window.parameterView()->breakdown()->titleFont().pointSizeF();
        window.presentation()->setActive(true);
        QCOMPARE(QApplication::font().pointSizeF(), before * PresentationMode::kFontScale);
        QCOMPARE(window.parameterView()->breakdown()->titleFont().pointSizeF(), titleBefore * PresentationMode::kFontScale);
        QVERIFY(window.readout()->isVisibleTo(&window));
        QCOMPARE(window.readout()->valueLabel()->text(), QStringLiteral("Width (d_model) = 768"));
        // Every page title stays readable on the black window: its text is drawn in a colour far
        // from the button's background (the bar's style sheet once kept the light palette's black
        // text, and every page but the current one went blank).
        QCoreApplication::processEvents();
        for (int i = 0; i < window.pageBar()->count(); ++i) {
            QToolButton *b = window.pageBar()->button(i);
            const QImage shot = b->grab().toImage();
            int lo = 255, hi = 0;
            for (int y = 2; y < shot.height() - 5; ++y) // above the 3 px page line
                for (int x = 2; x < shot.width() - 2; ++x) {
                    const int v = qGray(shot.pixel(x, y));
                    lo = std::min(lo, v);
                    hi = std::max(hi, v);
                }
            QVERIFY2(hi - lo > 160, qPrintable(QStringLiteral("%1: grey levels %2-%3").arg(b->text()).arg(lo).arg(hi)));
            // The dark palette's colours: white text on black, the current page on black too.
            QCOMPARE(qGray(shot.pixel(3, 3)), 0);
        }
        QVERIFY(window.controls()->knob(QStringLiteral("d_model"))->slider()->isEnabled());
        QVERIFY(!window.controls()->knob(QStringLiteral("n_layers"))->slider()->isEnabled());
        QVERIFY(!window.controls()->knob(QStringLiteral("n_layers"))->spinBox()->isEnabled());

        window.presentation()->setFocusField(QStringLiteral("n_layers"));
        QVERIFY(!window.controls()->knob(QStringLiteral("d_model"))->slider()->isEnabled());
        QVERIFY(window.controls()->knob(QStringLiteral("n_layers"))->slider()->isEnabled());
        QCOMPARE(window.readout()->valueLabel()->text(), QStringLiteral("Layers = 12"));
        window.state()->edit(QStringLiteral("test"), QStringLiteral("n_layers"), [](ModelConfig &c) { c.nLayers = 24; });
        QCOMPARE(window.readout()->valueLabel()->text(), QStringLiteral("Layers = 24"));
        // Locks survive a snapshot and a language switch (the controls are rebuilt).
        window.setLanguage(QStringLiteral("zh_CN"));
        QVERIFY(!window.controls()->knob(QStringLiteral("d_model"))->slider()->isEnabled());
        QCOMPARE(window.readout()->valueLabel()->text(), QStringLiteral("层数 = 24"));
        window.setLanguage(QStringLiteral("en"));

        window.presentation()->setActive(false);
        QCOMPARE(QApplication::font().pointSizeF(), before);
        QCOMPARE(window.parameterView()->breakdown()->titleFont().pointSizeF(), titleBefore);
        QVERIFY(window.controls()->knob(QStringLiteral("d_model"))->slider()->isEnabled());
        QVERIFY(!window.readout()->isVisibleTo(&window));
        QVERIFY(!window.controls()->knob(QStringLiteral("moe_top_k"))->slider()->isEnabled());
    }
};

QTEST_MAIN(TestLanguage)
#include "tst_language.moc"
