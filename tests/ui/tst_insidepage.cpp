// The Inside page in the window: the architecture diagram follows every design change with the
// counts a class reads, the forward pass steps through the demo model with the engine's shapes and
// run's next tokens, and the y = Wx + b comparison answers its knobs; both languages. With
// TX_SCREENSHOT_DIR set it also writes the README's screenshots.
#include "core/teach/architecturefigure.h"
#include "ui/design/designstate.h"
#include "ui/shell/mainwindow.h"
#include "ui/teach/architecturediagram.h"
#include "ui/teach/forwardstepview.h"
#include "ui/teach/insidepage.h"
#include "ui/teach/layercomparisonview.h"
#include "ui/widgets/knobcontrol.h"
#include "ui/design/designcontrols.h"

#include <QLineEdit>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace tx;

namespace {

InsidePage *openPage(MainWindow &w, int tab)
{
    auto *page = w.findChild<InsidePage *>();
    w.tabs()->setCurrentWidget(page);
    page->tabs()->setCurrentIndex(tab);
    return page;
}

void shoot(MainWindow &w, const char *name)
{
    const QByteArray dir = qgetenv("TX_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    w.resize(1600, 1000);
    w.show();
    QCoreApplication::processEvents();
    QTest::qWait(200);
    w.grab().save(QString::fromLocal8Bit(dir) + u'/' + QLatin1String(name));
}

bool waitForTrace(ForwardStepView *view)
{
    QSignalSpy spy(view, &ForwardStepView::traced);
    return spy.wait(20'000);
}

} // namespace

class TestInsidePage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TransformerExplorerTest"));
    }

    void diagramFollowsTheDesign()
    {
        MainWindow w;
        w.setLanguage(QStringLiteral("en"));
        QVERIFY(w.loadPreset(QStringLiteral("llama-2-7b")));
        InsidePage *page = openPage(w, 0);
        QCOMPARE(w.tabs()->tabText(w.tabs()->indexOf(page)), QStringLiteral("&Inside"));
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const auto &f = page->diagram()->figure();
        QVERIFY(f.has_value());
        QCOMPARE(f->stacks.front().layers, 32);
        QCOMPARE(f->stacks.front().layerParams, 202'383'360);
        // Every block is drawn inside the diagram, none overlapping the next.
        const auto placed = page->diagram()->placedBlocks();
        QCOMPARE(placed.size(), std::size_t(1 + 4 + 2)); // embeddings; norm, attention, norm, FFN; final norm, head
        for (std::size_t i = 0; i + 1 < placed.size(); ++i)
            QVERIFY(placed[i].rect.bottom() < placed[i + 1].rect.top());
        QVERIFY(placed.back().rect.bottom() <= page->diagram()->height());
        shoot(w, "inside-architecture.png");

        // One more layer on the slider: the frame says × 33 at once.
        KnobControl *layers = w.controls()->knob(QStringLiteral("n_layers"));
        layers->spinBox()->setValue(33);
        QCoreApplication::processEvents();
        QCOMPARE(page->diagram()->figure()->stacks.front().layers, 33);
        QCOMPARE(page->diagram()->figure()->total, 6'738'415'616 + 202'383'360);

        // A mixture of experts gets a frame of its own.
        QVERIFY(w.loadPreset(QStringLiteral("mixtral-8x7b")));
        const auto &moe = page->diagram()->figure();
        QCOMPARE(moe->stacks.front().title, QStringLiteral("MoE layer"));
        // DeepSeek-V3: MLA's latent and 256 experts, 3 dense layers then 58 MoE layers.
        QVERIFY(w.loadPreset(QStringLiteral("deepseek-v3")));
        QCOMPARE(page->diagram()->figure()->stacks.size(), std::size_t(2));
        QCOMPARE(page->diagram()->figure()->stacks.back().layers, 58);
        shoot(w, "inside-architecture-deepseek.png");

        QTemporaryDir dir;
        for (const char *suffix : {"png", "svg", "pdf"}) {
            const QString path = dir.filePath(QStringLiteral("diagram.") + QLatin1String(suffix));
            QCOMPARE(page->exportDiagram(path), QString());
            QVERIFY(QFileInfo(path).size() > 1000);
        }
    }

    void forwardPassStepsThroughTheDemo()
    {
        MainWindow w;
        w.setLanguage(QStringLiteral("en"));
        InsidePage *page = openPage(w, 1);
        ForwardStepView *view = page->forwardSteps();
        w.resize(1600, 1000);
        w.show(); // the first show runs the demo model on its sample text
        if (!view->trace())
            QVERIFY(waitForTrace(view));
        QCOMPARE(view->stepCount(), 29);
        QCOMPARE(view->stepTitle(), QStringLiteral("Text → 24 token ids"));
        view->setStep(4);
        QCOMPARE(view->stepTitle(), QStringLiteral("Layer 1 · attention weights of head 1"));
        // The last query of 静夜思 ("。") and its three heaviest keys, from the engine's weights.
        QVERIFY2(view->stepShape().startsWith(QStringLiteral("Shape (24, 24)  ·  “。” looks most at ")), qPrintable(view->stepShape()));
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(view->stepIndex(), 5);
        QTest::keyClick(view, Qt::Key_Left);
        QTest::keyClick(view, Qt::Key_Left);
        // "Why ÷√d_k?": the same head without the scaling, and the caption says how much it sharpens.
        view->setStep(4);
        view->setUnscaled(true);
        QVERIFY2(view->whyText().startsWith(QStringLiteral("Each query's largest weight, on average: ")), qPrintable(view->whyText()));
        QVERIFY(view->whyText().contains(QStringLiteral(" with ÷√16, ")));
        shoot(w, "inside-why-scaling.png");
        view->setUnscaled(false);
        view->setStep(8);
        QCOMPARE(view->stepTitle(), QStringLiteral("Layer 1 · FFN hidden units"));
        QVERIFY2(view->stepShape().startsWith(QStringLiteral("Shape (24, 352) · showing 24 × 16 of it  ·  床: [")),
                 qPrintable(view->stepShape()));
        shoot(w, "inside-forward.png");
        view->setStep(view->stepCount() - 1);
        QCOMPARE(view->stepTitle(), QStringLiteral("Next token"));
        // After 静夜思's last "。" the demo model ends the line.
        QVERIFY2(view->nextTokensText().startsWith(QStringLiteral("Likeliest next tokens:\n1. “↵”")), qPrintable(view->nextTokensText()));
        view->setSampling(0.0, 0); // greedy
        QCOMPARE(view->sampledText(), QStringLiteral("Sampled (seed 1): “↵”"));

        // Mid-line the model hesitates: the list spreads, and the temperature moves it.
        auto *text = view->findChild<QLineEdit *>(QStringLiteral("forwardText"));
        text->setText(QStringLiteral("床前明月光，疑是地"));
        view->run();
        QVERIFY(waitForTrace(view));
        QCOMPARE(view->stepCount(), 29);
        view->setStep(view->stepCount() - 1);
        view->setSampling(1.0, 0);
        const QString spread = view->nextTokensText();
        view->setSampling(2.0, 0);
        QVERIFY(view->nextTokensText() != spread);
        view->setSampling(1.0, 5);
        shoot(w, "inside-next-token.png");
    }

    void comparisonStartsOnTheSeed()
    {
        MainWindow w;
        w.setLanguage(QStringLiteral("en"));
        QVERIFY(w.loadPreset(QStringLiteral("gpt2")));
        InsidePage *page = openPage(w, 2);
        LayerComparisonView *view = page->comparison();
        QCOMPARE(view->columnTexts(0).at(1), QStringLiteral("1,010 parameters"));
        QCOMPARE(view->columnTexts(2).at(1), QStringLiteral("80,400 parameters"));
        view->setWidths({512, 512, 2048, 2048, {}});
        QCOMPARE(view->columnTexts(3).at(0), QStringLiteral("Transformer layer"));
        QCOMPARE(view->columnTexts(3).at(5), QStringLiteral("512 → 2,048 → 512 · built like GPT-2 Small"));
        QCOMPARE(view->columnTexts(3).at(1), QStringLiteral("3,152,384 parameters"));
        QVERIFY(view->seedText().contains(
            QStringLiteral("The seed prints “≈ 2.7 百万”; its own formula gives 3,149,312 (315万)")));
        QVERIFY(view->seedText().contains(QStringLiteral("173,954,433,024 (1740亿)")));
        view->setWidths({100, 10, 2048, 2048, {}});
        // The MLP's widths are editable: the first lesson's 784 → 256 → 10 digit classifier.
        view->setWidths({784, 10, 2048, 2048, {}});
        view->setMlpWidths(QStringLiteral("256"));
        QCOMPARE(view->columnTexts(1).at(1), QStringLiteral("203,530 parameters"));
        QCOMPARE(view->columnTexts(1).at(5), QStringLiteral("784 → 256 → 10"));
        view->setMlpWidths(QString());
        view->setWidths({100, 10, 2048, 2048, {}});
        shoot(w, "inside-wx-b.png");

        // The labels follow a language switch at once …
        w.setLanguage(QStringLiteral("zh_CN"));
        QCoreApplication::processEvents();
        QCOMPARE(view->columnTexts(0).at(1), QStringLiteral("1,010 个参数"));
        QCOMPARE(w.tabs()->tabText(w.tabs()->indexOf(page)), QStringLiteral("模型内部(&I)"));
    }

    void chineseScreenshots()
    {
        // … and a window started in Chinese shows them from the start.
        MainWindow w;
        w.setLanguage(QStringLiteral("zh_CN"));
        QVERIFY(w.loadPreset(QStringLiteral("gpt2")));
        InsidePage *page = openPage(w, 2);
        QCOMPARE(page->comparison()->columnTexts(2).at(1), QStringLiteral("80,400 个参数"));
        shoot(w, "inside-wx-b-zh.png");
        page->tabs()->setCurrentIndex(0);
        shoot(w, "inside-architecture-zh.png");
    }
};

QTEST_MAIN(TestInsidePage)
#include "tst_insidepage.moc"
