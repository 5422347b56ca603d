// Saves that cannot tear: a child process (tests/helpers/saveloop.cpp) saves two ~4 MB versions
// of a design to one file in turn, and is killed with SIGKILL at random moments, 200 times. After
// each kill the file must parse and equal one of the two versions, and nothing but the file may
// be left in its folder (QSaveFile writes an unnamed O_TMPFILE on Linux and links it in at commit).
// A control run with plain truncating writes (--unsafe) must be caught tearing the file, so the
// check is known to see a torn save when there is one.
#include "core/design/designfile.h"
#include "tests/helpers/atomicsavedesigns.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QProcess>
#include <QRandomGenerator>
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

private slots:
    void theDesignsAreLargeAndDifferent()
    {
        QVERIFY(m_versions[0] != m_versions[1]);
        QVERIFY(DesignFile::serialize(m_versions[0]).size() > 4'000'000);
        QVERIFY(DesignFile::serialize(m_versions[1]).size() > 4'000'000);
    }

    void killedSavesLeaveTheOldOrTheNewFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("design.json"));
        QVERIFY(!DesignFile::save(m_versions[0], path));
        QRandomGenerator random(20261201); // fixed seed: a failure replays
        int seen[2] = {0, 0};
        for (int kill = 0; kill < 200; ++kill) {
            killDuringSaves(path, false, random);
            const Outcome o = readBack(path, m_versions);
            QVERIFY2(o.state != OnDisk::Torn, qPrintable(QStringLiteral("kill %1: %2").arg(kill).arg(o.error)));
            ++seen[o.state == OnDisk::Old ? 0 : 1];
            const QStringList left = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
            QVERIFY2(left == QStringList{QStringLiteral("design.json")},
                     qPrintable(QStringLiteral("kill %1 left: %2").arg(kill).arg(left.join(QStringLiteral(", ")))));
        }
        // The kills landed at different points of the loop: both versions were found on disk.
        qInfo("200 kills: %d times the first version, %d times the second", seen[0], seen[1]);
        QVERIFY(seen[0] > 0 && seen[1] > 0);
    }

    void plainWritesAreCaughtTearing()
    {
        QTemporaryDir dir;
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
