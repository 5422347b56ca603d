// Issue 20 §6: a bad file opened from the window, by any path a user takes (File → Open, the
// recent-files menu, drag and drop, a model file), shows a dialog naming the file, the field
// and what is wrong, and the window keeps the design it had.
#include "core/design/modelconfig.h"
#include "ui/design/designstate.h"
#include "ui/shell/mainwindow.h"
#include "ui/widgets/fileerrordialog.h"

#include <QAction>
#include <QApplication>
#include <QDropEvent>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace tx;

namespace {

// {"d_model": "wide"}: the field a user would have to fix.
const QByteArray kBrokenDesign = R"({"format": "transformer-explorer-design", "version": 1, "design": {"d_model": "wide"}})";

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// The one error dialog on screen, or null.
FileErrorDialog *shownDialog()
{
    FileErrorDialog *found = nullptr;
    for (QWidget *w : QApplication::topLevelWidgets())
        if (auto *d = qobject_cast<FileErrorDialog *>(w); d && d->isVisible())
            found = d;
    return found;
}

QAction *findAction(QMenu *menu, const QString &text)
{
    for (QAction *a : menu->actions()) {
        if (a->text().contains(text))
            return a;
        if (a->menu())
            if (QAction *inner = findAction(a->menu(), text))
                return inner;
    }
    return nullptr;
}

} // namespace

class TestBadFiles : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString brokenDesign()
    {
        const QString path = m_dir.filePath(QStringLiteral("broken.json"));
        writeFile(path, kBrokenDesign);
        return path;
    }

    // The dialog names the file, the field and the problem, each on its own line.
    static void checkDialog(const QString &path, const QString &field)
    {
        FileErrorDialog *d = nullptr;
        QTRY_VERIFY((d = shownDialog()) != nullptr);
        QCOMPARE(d->text(), QStringLiteral("%1 could not be opened.").arg(QFileInfo(path).fileName()));
        const QStringList lines = d->informativeText().split(QLatin1Char('\n'));
        QCOMPARE(lines.value(0), QStringLiteral("File: %1").arg(path));
        QCOMPARE(lines.value(1), QStringLiteral("Field: %1").arg(field));
        QVERIFY2(lines.value(2).startsWith(QStringLiteral("Problem: ")) && lines.value(2).size() > 12,
                 qPrintable(lines.value(2)));
        QCOMPARE(lines.value(3), QStringLiteral("The design you had is kept."));
        QCOMPARE(d->error().field, field);
        d->close();
        QTRY_VERIFY(shownDialog() == nullptr);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TransformerExplorerTest"));
        QSettings().remove(QStringLiteral("recentFiles"));
    }

    void fileOpenKeepsTheDesign()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.loadPreset(QStringLiteral("llama-2-7b")));
        const ModelConfig before = w.state()->config();
        const QString path = brokenDesign();
        QVERIFY(!w.openFile(path)); // what File → Open does with the chosen path
        checkDialog(path, QStringLiteral("d_model"));
        QCOMPARE(w.state()->config(), before);
        QCOMPARE(w.state()->snapshot().params->total, 6'738'415'616); // still Llama-2-7B
    }

    void recentFilesMenuKeepsTheDesign()
    {
        // The file was fine when it went on the list, and broke since.
        const QString path = brokenDesign();
        QSettings().setValue(QStringLiteral("recentFiles"), QStringList{path});
        MainWindow w;
        w.show();
        const ModelConfig before = w.state()->config();
        QAction *recent = findAction(w.menuBar()->actions().first()->menu(), QStringLiteral("broken.json"));
        QVERIFY(recent);
        recent->trigger();
        checkDialog(path, QStringLiteral("d_model"));
        QCOMPARE(w.state()->config(), before);
        QSettings().remove(QStringLiteral("recentFiles"));
    }

    void dragAndDropKeepsTheDesign()
    {
        MainWindow w;
        w.show();
        const ModelConfig before = w.state()->config();
        const QString path = brokenDesign();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path)});
        // Qt delivers a drop only to the widget that accepted the drag's entry.
        QDragEnterEvent enter(QPoint(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QVERIFY(drop.isAccepted());
        checkDialog(path, QStringLiteral("d_model"));
        QCOMPARE(w.state()->config(), before);
    }

    void brokenModelFileKeepsTheDesign()
    {
        // A safetensors file whose header claims 1 TB: the reader refuses it by its length.
        const QString path = m_dir.filePath(QStringLiteral("model.safetensors"));
        QByteArray bytes(8, '\0');
        qToLittleEndian<quint64>(1'000'000'000'000ULL, bytes.data());
        bytes += "{}";
        writeFile(path, bytes);
        MainWindow w;
        w.show();
        const ModelConfig before = w.state()->config();
        w.openModel(path);
        FileErrorDialog *d = nullptr;
        QTRY_VERIFY((d = shownDialog()) != nullptr);
        QCOMPARE(d->text(), QStringLiteral("model.safetensors could not be opened."));
        QVERIFY2(d->informativeText().startsWith(QStringLiteral("File: %1\n").arg(path)), qPrintable(d->informativeText()));
        QCOMPARE(d->error().file, path);
        QVERIFY2(!d->error().field.isEmpty(), qPrintable(d->error().toString()));
        d->close();
        QCOMPARE(w.state()->config(), before);
    }
};

QTEST_MAIN(TestBadFiles)
#include "tst_badfiles.moc"
