// Issue 20 §3 with the real program: transformer-explorer runs as a child process, a user's
// session is played into it through its test hook (app/testactions.h: open lesson 2, go to its
// second step, pin that design as A, type one more layer), it is killed with SIGKILL once its
// autosave holds that, and the next start is asked "closed unexpectedly … Restore?", answers
// Restore and prints what it then shows: the edited design, the pin and the lesson step.
#include "core/design/designfile.h"
#include "core/lessons/lessonlibrary.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QtTest>

using namespace tx;

namespace {

// The program with its data and settings folders in `home` (XDG), so it sees only this test's
// autosaves, offscreen, in English (its buttons are matched by their text).
void startProgram(QProcess &p, const QTemporaryDir &home, const QString &actions)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("TX_TEST_ACTIONS"), actions);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(TX_APP_PATH), {QStringLiteral("--language"), QStringLiteral("en")});
}

QString autosaveFolder(const QTemporaryDir &home)
{
    // QStandardPaths::AppDataLocation: <XDG_DATA_HOME>/<organisation>/<application>
    return home.filePath(QStringLiteral("data/TransformerExplorer/Transformer Explorer"));
}

QJsonObject readAutosave(const QTemporaryDir &home)
{
    const QDir dir(autosaveFolder(home));
    const QStringList files = dir.entryList({QStringLiteral("autosave-*.json")}, QDir::Files);
    if (files.size() != 1)
        return {};
    QFile f(dir.filePath(files.first()));
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

// The value of "key: value" in the printed state, or empty.
QByteArray line(const QByteArray &out, const QByteArray &key)
{
    for (const QByteArray &l : out.split('\n'))
        if (l.startsWith(key + ": "))
            return l.mid(key.size() + 2).trimmed();
    return {};
}

ModelConfig parse(const QByteArray &json)
{
    auto c = DesignFile::fromJson(QJsonDocument::fromJson(json).object());
    return c ? *c : ModelConfig{};
}

} // namespace

class TestAutosaveKill : public QObject
{
    Q_OBJECT

private slots:
    void killedSessionComesBack()
    {
        QTemporaryDir home;
        QVERIFY(home.isValid());
        // Lesson 2, step 2 sets this design; the user then types one more layer.
        const Lesson &lesson = LessonLibrary::builtIn().lessons().at(1);
        QVERIFY(lesson.configs.size() >= 2);
        const ModelConfig pinned = lesson.configs[1];
        ModelConfig edited = pinned;
        edited.nLayers += 1;
        // The step's design, edited, is that design no longer (DesignEdits::markEdited).
        QCOMPARE(pinned.name, QStringLiteral("1024-wide layer"));
        edited.name = QStringLiteral("1024-wide layer (edited)");

        QProcess first;
        startProgram(first, home,
                     QStringLiteral("lesson 2;next;pin;set n_layers=%1").arg(edited.nLayers));
        QVERIFY2(first.waitForStarted(30'000), qPrintable(first.errorString()));
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += first.readAllStandardOutput()).contains("actions_done")
                                     || first.state() != QProcess::Running,
                                 60'000);
        QVERIFY2(first.state() == QProcess::Running, first.readAllStandardError().constData());
        // Within the autosave's 2 s of the last change (more on a busy machine), all of it is on disk.
        QTRY_VERIFY_WITH_TIMEOUT(parse(QJsonDocument(readAutosave(home).value(QStringLiteral("design")).toObject())
                                           .toJson()) == edited
                                     && readAutosave(home).contains(QStringLiteral("pinned"))
                                     && readAutosave(home).contains(QStringLiteral("lesson")),
                                 20'000);
        first.kill(); // SIGKILL: no destructor, no clean-up, the autosave and its lock file stay
        QVERIFY(first.waitForFinished(30'000));
        QCOMPARE(first.exitStatus(), QProcess::CrashExit);
        QVERIFY(readAutosave(home).contains(QStringLiteral("design"))); // left behind, as a crash leaves it

        QProcess second;
        // Quitting with the restored (unsaved) edits asks to save them: Discard.
        startProgram(second, home, QStringLiteral("answer Restore;print;quit;answer Discard"));
        QVERIFY2(second.waitForStarted(30'000), qPrintable(second.errorString()));
        QVERIFY(second.waitForFinished(120'000));
        out = second.readAllStandardOutput();
        QCOMPARE(second.exitStatus(), QProcess::NormalExit);
        QCOMPARE(second.exitCode(), 0);
        QCOMPARE(parse(line(out, "design")), edited);
        QCOMPARE(parse(line(out, "pinned")), pinned);
        QCOMPARE(line(out, "lesson"), QByteArray("1 1")); // lesson 2, step 2 (0-based)
        // The clean quit after it leaves nothing to offer next time.
        QVERIFY(QDir(autosaveFolder(home)).entryList({QStringLiteral("autosave-*")}, QDir::Files).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestAutosaveKill)
#include "tst_autosavekill.moc"
