// The attention view's "Save checkpoint as…", offscreen: the checkpoint the view runs is written
// into another folder off the UI thread (progress dialog shown while it works), under the same
// tensor names, dtypes and bytes, quantisation included; a folder it cannot write gets a warning
// naming the file; Cancel stops the write and leaves what was in the folder.
#include "core/formats/demomodel.h"
#include "core/formats/hfcheckpoint.h"
#include "core/formats/safetensors.h"
#include "ui/lab/attentionview.h"
#include "ui/lab/checkpointsavebutton.h"

#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tx;

namespace {

const QString kQwenFp8 = QStringLiteral(TX_TEST_DATA_DIR "/engine/qwen3-tiny-fp8");

} // namespace

class TestCheckpointSave : public QObject
{
    Q_OBJECT
private slots:
    // The button follows the view's source: enabled for a checkpoint, disabled for the design.
    void followsTheSource()
    {
        AttentionView view;
        CheckpointSaveButton *button = view.saveCheckpoint();
        QCOMPARE(button->text(), QStringLiteral("Save checkpoint as…"));
        QCOMPARE(view.checkpoint(), DemoModel::path());
        QVERIFY(button->isEnabled());
        view.setCheckpoint(QString());
        QVERIFY(!button->isEnabled());
        view.setCheckpoint(kQwenFp8);
        QVERIFY(button->isEnabled());
        QVERIFY(!button->progressDialog()->isVisible());
    }

    // Saved from the view: the progress dialog is up while the worker writes, the UI thread keeps
    // running, and the copy holds the fixture's 57 tensors with their dtypes and bytes, fp8 and all.
    void savesTheLoadedCheckpoint()
    {
        AttentionView view;
        view.setCheckpoint(kQwenFp8);
        CheckpointSaveButton *button = view.saveCheckpoint();
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("copy"));
        QSignalSpy saved(button, &CheckpointSaveButton::saved);
        button->saveTo(out);
        QVERIFY(button->isSaving());
        QVERIFY(button->progressDialog()->isVisible());
        QVERIFY(button->progressDialog()->isModal() || button->progressDialog()->windowModality() == Qt::WindowModal);
        button->saveTo(dir.filePath(QStringLiteral("second"))); // ignored while the first runs
        QVERIFY(saved.wait(60000));
        QCOMPARE(saved.first().at(0).toString(), out);
        QCOMPARE(saved.first().at(1).toStringList(), (QStringList{QStringLiteral("config.json"), QStringLiteral("model.safetensors")}));
        QCOMPARE(saved.first().at(2).toLongLong(),
                 QFileInfo(out + QStringLiteral("/config.json")).size() + QFileInfo(out + QStringLiteral("/model.safetensors")).size());
        QVERIFY(!button->isSaving());
        QVERIFY(!button->progressDialog()->isVisible());
        QCOMPARE(saved.size(), 1);
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("second"))));

        auto original = Safetensors::open(kQwenFp8 + QStringLiteral("/model.safetensors"));
        auto copy = Safetensors::open(out + QStringLiteral("/model.safetensors"));
        QVERIFY(original && copy);
        QCOMPARE(copy->names().size(), 57);
        for (const QString &n : original->names()) {
            QVERIFY2(copy->contains(n), qPrintable(n));
            QCOMPARE(copy->entry(n)->dtype, original->entry(n)->dtype);
            QCOMPARE(copy->entry(n)->end - copy->entry(n)->begin, original->entry(n)->end - original->entry(n)->begin);
        }
        auto a = HfCheckpoint::load(kQwenFp8), b = HfCheckpoint::load(out);
        QVERIFY(a && b);
        QCOMPARE(b->weightsSha256(), a->weightsSha256());
    }

    // A folder that cannot be made: a warning over the view naming the path.
    void reportsAFailure()
    {
        AttentionView view;
        view.setCheckpoint(kQwenFp8);
        CheckpointSaveButton *button = view.saveCheckpoint();
        const QString blocked = kQwenFp8 + QStringLiteral("/config.json/copy"); // under a file
        QSignalSpy failed(button, &CheckpointSaveButton::saveFailed);
        button->saveTo(blocked);
        QVERIFY(failed.wait(60000));
        QCOMPARE(failed.first().at(0).toString(), blocked + QStringLiteral(": cannot create the folder"));
        QMessageBox *box = button->errorDialog();
        QVERIFY(box);
        QVERIFY(box->isVisible());
        QCOMPARE(box->text(), QStringLiteral("The checkpoint could not be saved."));
        QCOMPARE(box->informativeText(), blocked + QStringLiteral(": cannot create the folder"));
        QVERIFY(button->isEnabled());
        box->close();
    }

    // Cancel before the write: the worker stops, the folder keeps the file it had.
    void cancelKeepsTheFolder()
    {
        AttentionView view;
        view.setCheckpoint(kQwenFp8);
        CheckpointSaveButton *button = view.saveCheckpoint();
        QTemporaryDir dir;
        QFile old(dir.filePath(QStringLiteral("model.safetensors")));
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("old");
        old.close();
        QSignalSpy cancelled(button, &CheckpointSaveButton::saveCancelled);
        QSignalSpy saved(button, &CheckpointSaveButton::saved);
        // The worker thread is held until Cancel is clicked: this fixture saves in milliseconds, and
        // on loaded cores the worker had finished before the click (saved, not cancelled).
        QSemaphore gate;
        auto *holder = new QObject;
        holder->moveToThread(button->workerThread());
        QMetaObject::invokeMethod(holder, [&gate, holder] { gate.acquire(); holder->deleteLater(); }, Qt::QueuedConnection);
        button->saveTo(dir.path());
        // The dialog's Cancel, clicked before the worker has started.
        QPushButton *cancel = button->progressDialog()->findChild<QPushButton *>();
        QVERIFY(cancel);
        QCOMPARE(cancel->text(), QStringLiteral("Cancel"));
        QVERIFY(cancel->isEnabled());
        cancel->click();
        gate.release();
        QVERIFY(cancelled.wait(60000));
        QVERIFY(saved.isEmpty());
        QFile kept(dir.filePath(QStringLiteral("model.safetensors")));
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("old"));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("config.json"))));
        QVERIFY(button->isEnabled());
        QVERIFY(!button->progressDialog()->isVisible());
    }
};

QTEST_MAIN(TestCheckpointSave)
#include "tst_checkpointsave.moc"
