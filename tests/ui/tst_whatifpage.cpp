// The What if… page in the window: the figures a user reads, "Apply to design" as one undo step,
// both languages. With TX_SCREENSHOT_DIR set it also writes the README's screenshots.
#include "core/whatif/finetunememory.h"
#include "ui/design/designstate.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/presentationmode.h"
#include "ui/whatif/partsbar.h"
#include "ui/whatif/whatifpage.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QUndoStack>
#include <QtTest>

using namespace tx;

namespace {

// QLoRA's headline setting (Dettmers et al. 2023; hand computation in tests/core/tst_whatif.cpp).
FineTuneOptions qloraPaper()
{
    FineTuneOptions o;
    o.method = FineTuneMethod::Qlora;
    o.rank = 64;
    o.alpha = 16;
    o.dropout = 0.05;
    o.targets = TargetAllLinear;
    return o;
}

WhatIfPage *openPage(MainWindow &w)
{
    auto *page = w.findChild<WhatIfPage *>();
    if (page)
        w.tabs()->setCurrentWidget(page);
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
    QCOMPARE(w.size(), QSize(1600, 1000)); // the page does not push the window past the screen
    w.grab().save(QString::fromLocal8Bit(dir) + u'/' + QLatin1String(name));
}

} // namespace

class TestWhatIfPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TransformerExplorerTest"));
    }

    void qloraOn65bReadsTheHeadlineFit()
    {
        MainWindow w;
        w.setLanguage(QStringLiteral("en"));
        QVERIFY(w.loadPreset(QStringLiteral("llama-1-65b")));
        w.state()->editAssumptions(QStringLiteral("device"), QStringLiteral("device"),
                                   [](Assumptions &a) { a.device = QStringLiteral("l40s"); });
        WhatIfPage *page = openPage(w);
        QVERIFY(page);
        QCOMPARE(w.tabs()->tabText(w.tabs()->indexOf(page)), QStringLiteral("&What if…"));
        page->setFineTuneOptions(qloraPaper());
        // Parameters stay 65,285,660,672; fine-tuning memory 1.05 TB (full) → 45.1 GB (QLoRA).
        QCOMPARE(page->comparison()->item(0, 0)->text(), QStringLiteral("65,285,660,672"));
        QCOMPARE(page->comparison()->item(2, 1)->text(), QStringLiteral("45.1 GB"));
        QCOMPARE(page->comparison()->verticalHeaderItem(2)->text(), QStringLiteral("Training memory"));
        const QStringList legend = page->bar()->legendTexts();
        QCOMPARE(legend.first(), QStringLiteral("Frozen base 34.5 GB"));
        QVERIFY(legend.contains(QStringLiteral("Optimizer states (paged) 6.40 GB")));
        QVERIFY(page->working()->toPlainText().contains(
            QStringLiteral("64,760,053,760 · 4.126953125 / 8 + 525,606,912 · 2 = 34,458,927,104 B (34.5 GB)")));
        shoot(w, "whatif-qlora.png");

        // Apply: one undo step that takes the rank, the targets and int4.
        const ModelConfig before = w.state()->config();
        const int steps = w.state()->undoStack()->count();
        QVERIFY(page->applyButton()->isEnabled());
        QTest::mouseClick(page->applyButton(), Qt::LeftButton);
        QCOMPARE(w.state()->undoStack()->count(), steps + 1);
        QCOMPARE(w.state()->undoStack()->undoText(), QStringLiteral("What if: Fine-tuning memory"));
        QCOMPARE(w.state()->config().lora.rank, 64);
        QVERIFY(w.state()->config().weightPrecision == Precision::INT4);
        w.state()->undoStack()->undo();
        QVERIFY(w.state()->config() == before);

        // Presentation mode enlarges the page's text with the rest of the window.
        const int normal = page->bar()->fontMetrics().height();
        w.presentation()->setActive(true);
        QCoreApplication::processEvents();
        const int presenting = page->bar()->fontMetrics().height();
        const QString training = page->comparison()->item(2, 1)->text();
        w.presentation()->setActive(false);
        QCoreApplication::processEvents();
        QVERIFY2(presenting > normal, qPrintable(QStringLiteral("%1 vs %2").arg(presenting).arg(normal)));
        QCOMPARE(training, QStringLiteral("45.1 GB"));
    }

    void tuckerAndGuideTables()
    {
        MainWindow w;
        w.setLanguage(QStringLiteral("en"));
        QVERIFY(w.loadPreset(QStringLiteral("llama-2-7b")));
        WhatIfPage *page = openPage(w);
        FactorisationOptions f;
        f.method = FactorMethod::Tucker;
        f.groups = FactorisationOptions::kAttention;
        f.keep = 0.5;
        page->setFactorisationOptions(f);
        page->setKind(QStringLiteral("factorise"));
        // One group, eight figures: shown turned, a figure per row.
        QCOMPARE(page->details()->verticalHeaderItem(1)->text(), QStringLiteral("Rank"));
        QCOMPARE(page->details()->item(1, 0)->text(), QStringLiteral("920"));
        QCOMPARE(page->details()->item(3, 0)->text(), QStringLiteral("1,073,029,120"));
        QVERIFY(!page->applyButton()->isEnabled()); // factorised attention cannot be stated in a design
        // BPE on the bundled Chinese corpus: 1,024 tokens cut it into 25,607 (tests/core/tst_whatif.cpp).
        page->setKind(QStringLiteral("vocabulary"));
        QCOMPARE(page->details()->horizontalHeaderItem(3)->text(), QStringLiteral("1024 (trained 1024)"));
        QCOMPARE(page->details()->item(0, 3)->text(), QStringLiteral("1,024"));
        QCOMPARE(page->details()->item(1, 3)->text(), QStringLiteral("25,607"));
        shoot(w, "whatif-vocabulary.png");
        page->setKind(QStringLiteral("guide"));
        QVERIFY(page->working()->toPlainText().contains(QStringLiteral("Your 6.74 B-parameter design is in the Dialogue range.")));
    }

    void chineseLabels()
    {
        MainWindow w;
        w.setLanguage(QStringLiteral("zh_CN"));
        QVERIFY(w.loadPreset(QStringLiteral("llama-1-33b")));
        WhatIfPage *page = openPage(w);
        page->setFineTuneOptions(qloraPaper());
        QCOMPARE(page->comparison()->verticalHeaderItem(2)->text(), QStringLiteral("训练内存"));
        QCOMPARE(page->kindBox()->itemText(0), QStringLiteral("微调它（全量、LoRA、QLoRA）"));
        QCOMPARE(page->applyButton()->text(), QStringLiteral("应用到设计"));
        QCOMPARE(page->bar()->legendTexts().first(), QStringLiteral("冻结的基座 17.4 GB"));
        shoot(w, "whatif-qlora-zh.png");
        w.setLanguage(QStringLiteral("en"));
        QCOMPARE(page->applyButton()->text(), QStringLiteral("Apply to design"));
    }
};

QTEST_MAIN(TestWhatIfPage)
#include "tst_whatifpage.moc"
