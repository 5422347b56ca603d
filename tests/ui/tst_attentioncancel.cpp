// Cancelling a checkpoint that is still loading in the attention view (issue 20 §7): the view
// keeps showing the model it had, says so, and its next run uses that model without loading it
// again.
#include "core/formats/demomodel.h"
#include "tests/support/modellayouts.h"
#include "ui/lab/attentionview.h"
#include "ui/lab/tokenchips.h"

#include <QDir>
#include <QLabel>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <vector>

using namespace tx;

namespace {

// A Llama of 58,466,816 parameters stored as BF16 (117 MB of data, read as 234 MB of float32):
// long enough to load that a cancel lands while its weights are read.
ModelLayouts::Decoder mediumLlama()
{
    ModelLayouts::Decoder d;
    d.dModel = 512;
    d.layers = 8;
    d.heads = 8;
    d.kvHeads = 8;
    d.headDim = 64;
    d.dFf = 1408;
    d.vocab = 32000;
    return d;
}

const QString kDemoSource = QStringLiteral("the demo model: 3 layers × 8 heads, one token per character, trained on "
                                           "3,939 Tang poems by this program (scripts/train-demo-model.sh)");

} // namespace

class TestAttentionCancel : public QObject
{
    Q_OBJECT
private slots:
    void cancelledCheckpointKeepsTheModelShown()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString folder = dir.filePath(QStringLiteral("medium"));
        QVERIFY(ModelLayouts::writeLlamaCheckpoint(folder, mediumLlama()) > 116'933'632); // header + data

        AttentionView view;
        QSignalSpy shown(&view, &AttentionView::shown);
        view.show();
        QVERIFY(shown.wait(60000)); // the demo model on 静夜思
        QCOMPARE(view.chips()->count(), 24);
        QCOMPARE(view.source()->text(), kDemoSource);
        auto *progress = view.findChild<QProgressBar *>();
        QVERIFY(progress);

        // The user opens the folder, sees its weights being read, and cancels.
        bool cancelAsked = false;
        const auto c = connect(progress, &QProgressBar::valueChanged, &view, [&](int value) {
            if (value > 5 && value < 40 && !cancelAsked) { // 5–35 %: "Reading the weights: … of …"
                cancelAsked = true;
                view.cancel();
            }
        });
        QSignalSpy cancelled(&view, &AttentionView::runCancelled);
        QSignalSpy failed(&view, &AttentionView::runFailed);
        view.setCheckpoint(folder);
        QCOMPARE(view.source()->text(), QStringLiteral("checkpoint %1").arg(QDir::toNativeSeparators(folder)));
        view.run();
        QVERIFY(cancelled.wait(120000));
        disconnect(c);
        QVERIFY(cancelAsked);
        QCOMPARE(failed.count(), 0);
        QCOMPARE(shown.count(), 1);
        QVERIFY(!view.isRunning());
        QCOMPARE(progress->format(), QStringLiteral("Cancelled"));
        QCOMPARE(view.message()->text(),
                 QStringLiteral("Cancelled before checkpoint %1 was shown. Still showing %2.")
                     .arg(QDir::toNativeSeparators(folder), kDemoSource));
        // What the view shows is still the demo model's run, and the source line names it.
        QCOMPARE(view.checkpoint(), DemoModel::path());
        QCOMPARE(view.source()->text(), kDemoSource);
        QCOMPARE(view.snapshot()->checkpoint, DemoModel::path());
        QCOMPARE(view.chips()->count(), 24);
        QCOMPARE(view.chips()->labels().at(4), QStringLiteral("光"));

        // The next sentence runs on the kept demo model: the bar never shows the 5 % of "Loading".
        std::vector<int> values;
        const auto v = connect(progress, &QProgressBar::valueChanged, &view, [&](int value) { values.push_back(value); });
        view.setText(QStringLiteral("床前明月光"));
        view.run();
        QVERIFY(shown.wait(60000));
        disconnect(v);
        QCOMPARE(view.chips()->count(), 5);
        QVERIFY(!values.empty());
        for (int value : values)
            QVERIFY2(value == 0 || value >= 40, qPrintable(QString::number(value)));
        QVERIFY(view.message()->text().contains(QStringLiteral("The demo model, chars tokenizer.")));
    }
};

QTEST_MAIN(TestAttentionCancel)
#include "tst_attentioncancel.moc"
