// Saves that cannot tear: a child process (tests/helpers/saveloop.cpp) saves two ~4 MB versions
// of a design to one file in turn, and is killed with SIGKILL at random moments, 200 times. After
// each kill the file must parse and equal one of the two versions, and nothing but the file may
// be left in its folder once the next start has run (QSaveFile writes an unnamed O_TMPFILE on
// Linux and links it in at commit; a kill between the link and the rename leaves
// "design.json.XXXXXX", which the next start moves to the trash: core/base/saveleftovers.h).
// A control run with plain truncating writes (--unsafe) must be caught tearing the file, so the
// check is known to see a torn save when there is one.
#include "core/base/saveleftovers.h"
#include "core/design/designfile.h"
#include "tests/helpers/atomicsavedesigns.h"

#include <QDeadlineTimer>
#include <QCoreApplication>
#include <QDir>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

using namespace tx;

namespace {

enum class OnDisk { Old, New, Torn };

struct Outcome
{
    OnDisk state;
    QString error;
};

Outcome readBack(const QString &path, const ModelConfig versions[2])
{
    auto loaded = DesignFile::load(path);
    if (!loaded)
        return {OnDisk::Torn, loaded.error().toString()};
    if (*loaded == versions[0])
        return {OnDisk::Old, {}};
    if (*loaded == versions[1])
        return {OnDisk::New, {}};
    return {OnDisk::Torn, QStringLiteral("parses, but is neither version")};
}

// Starts the loop, lets it finish one or two saves (drawn at random, so that both versions have
// been on disk whatever the machine's speed), waits a random 0–40 ms and kills it.
void killDuringSaves(const QString &path, bool unsafe, QRandomGenerator &random)
{
    QProcess child;
    QStringList args{path};
    if (unsafe)
        args << QStringLiteral("--unsafe");
    child.start(QStringLiteral(TX_SAVE_LOOP_PATH), args);
    QVERIFY2(child.waitForStarted(10000), qPrintable(child.errorString()));
    const QByteArray saved = "saved " + QByteArray::number(random.bounded(2));
    QByteArray out;
    QDeadlineTimer deadline(60000);
    while (!out.contains(saved) && child.state() == QProcess::Running && !deadline.hasExpired()) {
        child.waitForReadyRead(100);
        out += child.readAllStandardOutput();
    }
    QVERIFY2(out.contains(saved), child.readAllStandardError().constData());
    QCOMPARE(child.state(), QProcess::Running);
    QThread::msleep(random.bounded(40));
    ::kill(pid_t(child.processId()), SIGKILL);
    QVERIFY(child.waitForFinished(10000));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);
}

} // namespace

class TestAtomicSave : public QObject
{
    Q_OBJECT

    const ModelConfig m_versions[2] = {atomicSaveDesign(0), atomicSaveDesign(1)};
    QString m_root; // the test's folders, on the home volume so that the trash is the home trash

    QString trashed(const QString &name) const
    {
        const QDir files(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/Trash/files"));
        const QStringList all = files.entryList({name + QLatin1Char('*')}, QDir::Files | QDir::Hidden);
        return all.isEmpty() ? QString() : files.filePath(all.last());
    }

    static void setModified(const QString &path, const QDateTime &when)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.setFileTime(when, QFileDevice::FileModificationTime));
    }

private slots:
    void initTestCase()
    {
        // The trash of this run: ~/.qttest/share/Trash (QFile::moveToTrash, freedesktop.org spec).
        QStandardPaths::setTestModeEnabled(true);
        // One folder per process: two runs at once (several checkouts, or CI beside a developer)
        // share ~/.qttest, and each run's first and last step empties its folder.
        m_root = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
                 + QStringLiteral("/tst_atomicsave-%1").arg(QCoreApplication::applicationPid());
        QDir(m_root).removeRecursively();
        QVERIFY(QDir().mkpath(m_root));
    }

    void cleanupTestCase()
    {
        QDir(m_root).removeRecursively();
    }

    void theDesignsAreLargeAndDifferent()
    {
        QVERIFY(m_versions[0] != m_versions[1]);
        QVERIFY(DesignFile::serialize(m_versions[0]).size() > 4'000'000);
        QVERIFY(DesignFile::serialize(m_versions[1]).size() > 4'000'000);
    }

    void killedSavesLeaveTheOldOrTheNewFile()
    {
        QTemporaryDir dir(m_root + QStringLiteral("/kills-XXXXXX"));
        const QString path = dir.filePath(QStringLiteral("design.json"));
        QVERIFY(!DesignFile::save(m_versions[0], path));
        QRandomGenerator random(20261201); // fixed seed: a failure replays
        int seen[2] = {0, 0}, leftovers = 0;
        for (int kill = 0; kill < 200; ++kill) {
            killDuringSaves(path, false, random);
            const Outcome o = readBack(path, m_versions);
            QVERIFY2(o.state != OnDisk::Torn, qPrintable(QStringLiteral("kill %1: %2").arg(kill).arg(o.error)));
            ++seen[o.state == OnDisk::Old ? 0 : 1];
            // The next start: a commit cut between Qt's link and its rename left the whole new
            // version under a temporary name; it goes to the trash.
            for (const QString &leftover : SaveLeftovers::find(path)) {
                ++leftovers;
                QVERIFY2(readBack(leftover, m_versions).state != OnDisk::Torn, qPrintable(leftover));
            }
            const QStringList before = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
            const QStringList moved = SaveLeftovers::clear(path);
            const QStringList left = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
            QVERIFY2(left == QStringList{QStringLiteral("design.json")},
                     qPrintable(QStringLiteral("kill %1 (%2) left: %3; before the next start: %4; it moved: %5")
                                    .arg(kill)
                                    .arg(o.state == OnDisk::Old ? QStringLiteral("old") : QStringLiteral("new"))
                                    .arg(left.join(QStringLiteral(", ")), before.join(QStringLiteral(", ")),
                                         moved.join(QStringLiteral(", ")))));
        }
        // The kills landed at different points of the loop: both versions were found on disk.
        qInfo("200 kills: %d times the first version, %d times the second; %d temporaries left by a commit, moved to the trash",
              seen[0], seen[1], leftovers);
        QVERIFY(seen[0] > 0 && seen[1] > 0);
    }

    // What the next start does with what may be a killed commit's temporary, made by hand: only
    // "design.json." + six letters, written after design.json, goes (to the trash, whole).
    void theNextStartMovesACommitsTemporaryToTheTrash()
    {
        QTemporaryDir dir(m_root + QStringLiteral("/start-XXXXXX"));
        const QString path = dir.filePath(QStringLiteral("design.json"));
        const QDateTime saved = QDateTime::currentDateTimeUtc().addSecs(-600);
        QVERIFY(!DesignFile::save(m_versions[0], path));
        setModified(path, saved);
        const QString leftover = path + QStringLiteral(".QwErTy");
        QVERIFY(!DesignFile::save(m_versions[1], leftover)); // the save the kill cut short
        setModified(leftover, saved.addSecs(60));
        const QString backup = path + QStringLiteral(".backup"); // six letters, but older: the user's
        QVERIFY(QFile::copy(path, backup));
        setModified(backup, saved.addSecs(-60));
        const QString digits = path + QStringLiteral(".AbC12x");  // not Qt's letters
        const QString other = dir.filePath(QStringLiteral("other.json.AbCdEf")); // another file's
        for (const QString &p : {digits, other}) {
            QVERIFY(QFile::copy(path, p));
            setModified(p, saved.addSecs(60));
        }
        QCOMPARE(SaveLeftovers::find(path), QStringList{leftover});
        QCOMPARE(SaveLeftovers::clear(path), QStringList{leftover});
        QVERIFY(!QFile::exists(leftover));
        for (const QString &p : {path, backup, digits, other})
            QVERIFY2(QFile::exists(p), qPrintable(p));
        const QString inTrash = trashed(QStringLiteral("design.json.QwErTy"));
        QVERIFY2(!inTrash.isEmpty(), "the temporary is not in the trash");
        QCOMPARE(readBack(inTrash, m_versions).state, OnDisk::New);
        QVERIFY(SaveLeftovers::find(path).isEmpty());
        // Empty this run's trash again (the file and its .trashinfo).
        const QString info = QFileInfo(inTrash).dir().filePath(QStringLiteral("../info/%1.trashinfo").arg(QFileInfo(inTrash).fileName()));
        QVERIFY(QFile::remove(inTrash));
        QVERIFY2(QFile::remove(info), qPrintable(info));
    }

    // The autosave folder is the program's own: a temporary of any file there is removed.
    void theAutosaveFolderLosesItsTemporaries()
    {
        QTemporaryDir dir(m_root + QStringLiteral("/autosave-XXXXXX"));
        const QString autosave = dir.filePath(QStringLiteral("autosave-41-1764600000000.json"));
        QVERIFY(!DesignFile::save(m_versions[0], autosave));
        QVERIFY(QFile::copy(autosave, autosave + QStringLiteral(".zYxWvU")));
        // A user's file that happens to sit there keeps its ".backup" (six letters too).
        const QString other = dir.filePath(QStringLiteral("mine.json"));
        QVERIFY(QFile::copy(autosave, other));
        QVERIFY(QFile::copy(autosave, other + QStringLiteral(".backup")));
        QCOMPARE(SaveLeftovers::removeIn(dir.path(), QStringLiteral("autosave-")),
                 QStringList{autosave + QStringLiteral(".zYxWvU")});
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden, QDir::Name),
                 (QStringList{QStringLiteral("autosave-41-1764600000000.json"), QStringLiteral("mine.json"),
                              QStringLiteral("mine.json.backup")}));
    }

    void plainWritesAreCaughtTearing()
    {
        QTemporaryDir dir(m_root + QStringLiteral("/unsafe-XXXXXX"));
        const QString path = dir.filePath(QStringLiteral("design.json"));
        QVERIFY(!DesignFile::save(m_versions[0], path));
        QRandomGenerator random(7);
        int torn = 0, kills = 0;
        for (; kills < 50 && torn == 0; ++kills) {
            killDuringSaves(path, true, random);
            if (readBack(path, m_versions).state == OnDisk::Torn)
                ++torn;
        }
        qInfo("--unsafe: torn after %d kill(s)", kills);
        QVERIFY2(torn > 0, "50 kills of truncating writes never tore the file: the test would not see a torn save");
    }
};

QTEST_GUILESS_MAIN(TestAtomicSave)
#include "tst_atomicsave.moc"
