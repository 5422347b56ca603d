// Crash recovery in the window (ui/shell/autosave.h): an edit is autosaved within its delay, a
// window that dies without quitting leaves it behind, and the next window offers it back with the
// message the user reads and restores the edited design into its controls and cards.
#include "core/base/numberformat.h"
#include "core/design/designfile.h"
#include "core/estimate/paramcounter.h"
#include "core/lessons/lessonlibrary.h"
#include "ui/design/designcontrols.h"
#include "ui/design/designstate.h"
#include "ui/lessons/lessonplayer.h"
#include "ui/pages/comparisonview.h"
#include "ui/pages/summarycards.h"
#include "ui/shell/autosave.h"
#include "ui/shell/mainwindow.h"
#include "ui/widgets/knobcontrol.h"
#include "ui/widgets/livelabel.h"
#include "ui/widgets/summarycard.h"

#include <QAbstractButton>
#include <QAction>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMessageBox>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <memory>

using namespace tx;

namespace {

void typeInto(KnobControl *knob, int value)
{
    QSpinBox *spin = knob->spinBox();
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, QString::number(value));
    QTest::keyClick(spin, Qt::Key_Return);
}

QStringList autosaves(const QTemporaryDir &dir)
{
    return QDir(dir.path()).entryList({QStringLiteral("autosave-*.json")}, QDir::Files);
}

// Answers the restore question with `button` once it is up, and keeps its text. `painted` is
// set when the window had been painted before the question came (no black window behind it).
void answerRestoreBox(QWidget *window, const QString &button, QString *text, bool *painted = nullptr)
{
    auto *poll = new QTimer(window);
    poll->setInterval(10);
    QObject::connect(poll, &QTimer::timeout, poll, [window, poll, button, text, painted] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || box->objectName() != QLatin1String("autosaveRestoreBox"))
            return;
        poll->deleteLater();
        *text = box->text();
        if (painted)
            *painted = window->property("tx_painted").toBool();
        for (QAbstractButton *b : box->buttons())
            if (b->text() == button)
                b->click();
    });
    poll->start();
}

// Marks `window` (property tx_painted) once it has received its first paint event.
class PaintWatch : public QObject
{
public:
    explicit PaintWatch(QWidget *window)
        : QObject(window)
    {
        window->installEventFilter(this);
    }
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            watched->setProperty("tx_painted", true);
        return false;
    }
};

// What a next start does: restoreSession(), then the window is shown and, once painted, asks.
void startAndAnswer(MainWindow &w, const QString &button, QString *text, bool *painted = nullptr)
{
    new PaintWatch(&w);
    answerRestoreBox(&w, button, text, painted);
    w.restoreSession();
    w.show();
    QTRY_VERIFY_WITH_TIMEOUT(!text->isEmpty(), 10000);
    QTest::qWait(50); // the click's exec() returns and the restore completes
}

// Edit → Pin design as A, as the user chooses it.
void pinAsA(MainWindow &w)
{
    for (QAction *a : w.findChildren<QAction *>())
        if (a->text() == QLatin1String("&Pin design as A"))
            a->trigger();
}

// The one autosave in `dir`, parsed.
QJsonObject autosaveJson(const QTemporaryDir &dir)
{
    const QStringList files = autosaves(dir);
    if (files.size() != 1)
        return {};
    QFile f(QDir(dir.path()).filePath(files.first()));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// The autosave holds `design` (and a pinned design when `pinned`).
bool autosaveHolds(const QTemporaryDir &dir, const ModelConfig &design, bool pinned)
{
    const QJsonObject o = autosaveJson(dir);
    const auto d = DesignFile::fromJson(o.value(QStringLiteral("design")).toObject());
    return d && *d == design && o.contains(QStringLiteral("pinned")) == pinned;
}

// A window that the user edits (6 layers, d_ff 2048, by typing) and that then dies: its autosave
// is written by the timer and left as a crash leaves it.
void editAndCrash(const QTemporaryDir &dir, ModelConfig *edited)
{
    auto w = std::make_unique<MainWindow>();
    w->show();
    typeInto(w->controls()->knob(QStringLiteral("n_layers")), 6);
    typeInto(w->controls()->knob(QStringLiteral("d_ff")), 2048);
    *edited = w->state()->config();
    // The timer writes it (2 s after the first edit), without anyone asking.
    QTRY_COMPARE_WITH_TIMEOUT(autosaves(dir).size(), 1, 10000);
    w->autosave()->abandonForTests();
}

} // namespace

class TestAutosave : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TransformerExplorerTest"));
    }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        Autosave::setFolderForTests(m_dir->path());
    }

    void autosaveHoldsTheEditedDesign()
    {
        MainWindow w;
        typeInto(w.controls()->knob(QStringLiteral("n_heads")), 16);
        QVERIFY(w.autosave()->writeNow());
        QFile f(w.autosave()->path());
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(o.value(QStringLiteral("format")).toString(), QStringLiteral("transformer-explorer-autosave"));
        auto design = DesignFile::fromJson(o.value(QStringLiteral("design")).toObject());
        QVERIFY(design);
        QCOMPARE(design->nHeads, 16);
        QCOMPARE(*design, w.state()->config());
    }

    void restoresTheDesignAfterACrash()
    {
        ModelConfig edited;
        editAndCrash(*m_dir, &edited);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(edited.nLayers, 6);
        QCOMPARE(edited.dFf, 2048);

        MainWindow w;
        QString text;
        bool painted = false;
        startAndAnswer(w, QStringLiteral("Restore"), &text, &painted);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(painted, "the question came before the window was painted");
        QVERIFY2(text.startsWith(QStringLiteral("Transformer Explorer closed unexpectedly. Restore the design you were "
                                                "working on (edited ")),
                 qPrintable(text));
        // "(edited 14:32)?": today's edit by its time of day.
        QVERIFY2(QRegularExpression(QStringLiteral("\\(edited \\d\\d:\\d\\d\\)\\?$")).match(text).hasMatch(), qPrintable(text));

        QCOMPARE(w.state()->config(), edited);
        QCOMPARE(w.controls()->knob(QStringLiteral("n_layers"))->value(), 6);
        QCOMPARE(w.controls()->knob(QStringLiteral("d_ff"))->value(), 2048);
        // GPT-2 small with 6 layers and d_ff 2048: embeddings 50,257·768 + 1,024·768 = 39,383,808,
        // per layer 4d² + 4d + 2·d·d_ff + d_ff + d + 4d = 5,513,984, final LayerNorm 1,536.
        const std::int64_t total = countParams(edited)->total;
        QCOMPARE(total, std::int64_t(39'383'808 + 6 * 5'513'984 + 1'536));
        QCOMPARE(w.cards()->card(QStringLiteral("params.total"))->detailLabel()->text(),
                 QCoreApplication::translate("tx::SummaryCards", "%1 exactly").arg(NumberFormat::exact(total)));
        // Restored edits are unsaved edits: marked, undoable, and autosaved by this window now.
        QVERIFY(w.state()->isModified());
        QVERIFY(w.isWindowModified());
        QCOMPARE(autosaves(*m_dir), QStringList{QFileInfo(w.autosave()->path()).fileName()});

        // Saving makes the autosave pointless: it goes.
        const QString saved = m_dir->filePath(QStringLiteral("saved.json"));
        QVERIFY(!w.state()->save(saved));
        QVERIFY(autosaves(*m_dir).isEmpty());
    }

    // The comparison pin and the open lesson step come back with the design: lesson 2 at its
    // second step, its design pinned as A, then one more layer typed in for B.
    void restoresThePinAndTheLessonStep()
    {
        ModelConfig pinned, edited;
        Assumptions assumptions;
        {
            auto w = std::make_unique<MainWindow>();
            w->show();
            w->startLesson(1);
            w->lessons()->next();
            pinAsA(*w);
            pinned = w->state()->config();
            QVERIFY(w->comparisonView()->pinned());
            typeInto(w->controls()->knob(QStringLiteral("n_layers")), pinned.nLayers + 1);
            edited = w->state()->config();
            QCOMPARE(edited.nLayers, pinned.nLayers + 1);
            w->state()->editAssumptions(QStringLiteral("batch"), QStringLiteral("batch"), [](Assumptions &a) { a.batch = 8; });
            assumptions = w->state()->assumptions();
            // Written by the timer once the last change is in (each change starts it again).
            QTRY_VERIFY_WITH_TIMEOUT(autosaveHolds(*m_dir, edited, true)
                                         && autosaveJson(*m_dir).value(QStringLiteral("assumptions"))[QStringLiteral("batch")].toInt() == 8,
                                     10000);
            const QJsonObject o = autosaveJson(*m_dir);
            QCOMPARE(o.value(QStringLiteral("lesson")).toObject().value(QStringLiteral("index")).toInt(), 1);
            QCOMPARE(o.value(QStringLiteral("lesson")).toObject().value(QStringLiteral("step")).toInt(), 1);
            w->autosave()->abandonForTests();
        }

        MainWindow w;
        QString text;
        startAndAnswer(w, QStringLiteral("Restore"), &text);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(w.state()->config(), edited);
        QCOMPARE(w.state()->assumptions().batch, 8); // the assumptions come back too
        QVERIFY(w.state()->assumptions() == assumptions);
        QVERIFY(w.comparisonView()->pinned());
        QCOMPARE(w.comparisonView()->pinned()->config, pinned);
        // What the user reads: A's parameter count in the comparison table, B's beside it, and
        // the lesson panel at lesson 2's second step, its design not re-applied over the edit.
        w.tabs()->setCurrentWidget(w.comparisonView());
        QCOMPARE(w.comparisonView()->table()->item(0, 0)->text(), NumberFormat::count(double(countParams(pinned)->total)));
        QCOMPARE(w.comparisonView()->table()->item(0, 1)->text(), NumberFormat::count(double(countParams(edited)->total)));
        QCOMPARE(w.lessons()->lessonIndex(), 1);
        QCOMPARE(w.lessons()->stepIndex(), 1);
        QCOMPARE(w.lessons()->titleLabel()->text(), LessonLibrary::builtIn().lessons()[1].steps[1].title.pick(false));
        QVERIFY(w.lessons()->isVisible());
        // This window's own autosave carries all three on from here.
        QVERIFY(autosaveHolds(*m_dir, edited, true));
    }

    void discardDeletesIt()
    {
        ModelConfig edited;
        editAndCrash(*m_dir, &edited);
        if (QTest::currentTestFailed())
            return;
        MainWindow w;
        const ModelConfig before = w.state()->config();
        QString text;
        startAndAnswer(w, QStringLiteral("Discard"), &text);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(w.state()->config(), before);
        QVERIFY(autosaves(*m_dir).isEmpty());
        // Nothing left to offer on the start after.
        QVERIFY(!Autosave::findOrphan());
    }

    // A save killed in QSaveFile's commit leaves "<file>.XXXXXX" beside a recent file (the whole
    // new version; core/base/saveleftovers.h). The next start moves it to the trash and keeps
    // the file and the user's own "<file>.backup", which is older.
    void theStartClearsAKilledSavesTemporary()
    {
        const QString saved = m_dir->filePath(QStringLiteral("recent.json"));
        ModelConfig design;
        design.nLayers = 6;
        QVERIFY(!DesignFile::save(design, saved));
        const QVariant recent = QSettings().value(QStringLiteral("recentFiles"));
        QSettings().setValue(QStringLiteral("recentFiles"), QStringList{saved});
        const auto restoreRecent = qScopeGuard([&] { QSettings().setValue(QStringLiteral("recentFiles"), recent); });
        QFile file(saved);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(QDateTime::currentDateTimeUtc().addSecs(-600), QFileDevice::FileModificationTime));
        file.close();
        const QString leftover = saved + QStringLiteral(".kQzPwT"), backup = saved + QStringLiteral(".backup");
        QVERIFY(QFile::copy(saved, leftover));
        QVERIFY(QFile::copy(saved, backup));
        QFile old(backup);
        QVERIFY(old.open(QIODevice::ReadWrite));
        QVERIFY(old.setFileTime(QDateTime::currentDateTimeUtc().addSecs(-900), QFileDevice::FileModificationTime));
        old.close();
        const QString autosaveLeftover = m_dir->filePath(QStringLiteral("autosave-7-1764600000000.json.AbCdEf"));
        QVERIFY(QFile::copy(saved, autosaveLeftover));

        MainWindow w;
        w.restoreSession();
        QVERIFY(!QFile::exists(leftover));
        QVERIFY(!QFile::exists(autosaveLeftover));
        QVERIFY(QFile::exists(saved));
        QVERIFY(QFile::exists(backup));
        // In the trash, whole: the same bytes as the file it was copied from.
        const QDir trash(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/Trash/files"));
        const QStringList inTrash = trash.entryList({QStringLiteral("recent.json.kQzPwT*")}, QDir::Files);
        QVERIFY2(!inTrash.isEmpty(), qPrintable(trash.path()));
        QFile a(trash.filePath(inTrash.last())), b(saved);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(a.readAll(), b.readAll());
        for (const QString &name : inTrash) {
            QFile::remove(trash.filePath(name));
            QFile::remove(trash.filePath(QStringLiteral("../info/%1.trashinfo").arg(name)));
        }
    }

    void aRunningWindowsAutosaveIsNotOffered()
    {
        MainWindow first;
        typeInto(first.controls()->knob(QStringLiteral("d_model")), 512);
        QVERIFY(first.autosave()->writeNow());
        QCOMPARE(autosaves(*m_dir).size(), 1);
        QVERIFY(!Autosave::findOrphan()); // its lock is held: that program is alive
        MainWindow second;
        QVERIFY(!second.autosave()->offerRestore(&second));
        QCOMPARE(autosaves(*m_dir).size(), 1);
    }

    void aCleanQuitLeavesNothing()
    {
        {
            MainWindow w;
            typeInto(w.controls()->knob(QStringLiteral("d_model")), 512);
            QVERIFY(w.autosave()->writeNow());
            QCOMPARE(autosaves(*m_dir).size(), 1);
        }
        QVERIFY(autosaves(*m_dir).isEmpty());
        QVERIFY(QDir(m_dir->path()).entryList({QStringLiteral("*.lock")}, QDir::Files).isEmpty());
    }
};

QTEST_MAIN(TestAutosave)
#include "tst_autosave.moc"
