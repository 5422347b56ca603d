#include "ui/shell/autosave.h"

#include "core/base/saveleftovers.h"
#include "core/design/designfile.h"
#include "core/estimate/assumptionsjson.h"
#include "core/estimate/designsnapshot.h"
#include "ui/design/designstate.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QStandardPaths>

namespace tx {

namespace {

const QString kFormat = QStringLiteral("transformer-explorer-autosave");

QString &folderOverride()
{
    static QString dir;
    return dir;
}

QString lockPathFor(const QString &autosavePath)
{
    return autosavePath.left(autosavePath.size() - int(qstrlen(".json"))) + QStringLiteral(".lock");
}

std::optional<Autosave::Recovered> readAutosave(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    if (o.value(QStringLiteral("format")).toString() != kFormat)
        return std::nullopt;
    auto design = DesignFile::fromJson(o.value(QStringLiteral("design")).toObject(), path);
    if (!design)
        return std::nullopt;
    Autosave::Recovered r;
    r.config = *design;
    r.edited = QDateTime::fromString(o.value(QStringLiteral("edited")).toString(), Qt::ISODate);
    r.filePath = o.value(QStringLiteral("file")).toString();
    r.autosavePath = path;
    if (!r.edited.isValid())
        r.edited = QFileInfo(path).lastModified();
    if (o.contains(QStringLiteral("assumptions")))
        r.assumptions = AssumptionsJson::fromJson(o.value(QStringLiteral("assumptions")).toObject());
    const QJsonObject pinned = o.value(QStringLiteral("pinned")).toObject();
    if (auto a = DesignFile::fromJson(pinned.value(QStringLiteral("design")).toObject(), path); a && !pinned.isEmpty()) {
        r.pinnedConfig = *a;
        r.pinnedAssumptions = AssumptionsJson::fromJson(pinned.value(QStringLiteral("assumptions")).toObject());
    }
    const QJsonObject lesson = o.value(QStringLiteral("lesson")).toObject();
    if (!lesson.isEmpty()) {
        r.lesson = lesson.value(QStringLiteral("index")).toInt(-1);
        r.lessonStep = std::max(0, lesson.value(QStringLiteral("step")).toInt(0));
    }
    return r;
}

} // namespace

Autosave::Autosave(DesignState *state, QObject *parent, int delayMs)
    : QObject(parent)
    , m_state(state)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(delayMs);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::writeNow);
    connect(m_state, &DesignState::snapshotChanged, this, &Autosave::scheduleAfterEdit);
    // Saved, opened or new: nothing is unsaved any more, so nothing needs recovering.
    connect(m_state, &DesignState::modifiedChanged, this, [this](bool modified) {
        if (!modified)
            clear();
    });
}

Autosave::~Autosave()
{
    // Destroyed means shut down in order (a crash runs no destructor), so nothing is left behind.
    clear();
}

void Autosave::abandonForTests()
{
    // What a crash leaves: the file, and a lock no live process holds.
    m_timer.stop();
    m_lock.reset();
    m_path.clear();
}

QString Autosave::folder()
{
    if (!folderOverride().isEmpty())
        return folderOverride();
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

void Autosave::setFolderForTests(const QString &dir)
{
    folderOverride() = dir;
}

void Autosave::setPinned(const DesignSnapshot *pinned)
{
    m_pinnedConfig.reset();
    if (pinned) {
        m_pinnedConfig = pinned->config;
        m_pinnedAssumptions = pinned->assumptions;
    }
    scheduleAfterEdit();
}

void Autosave::setLessonStep(int lesson, int step)
{
    m_lesson = lesson;
    m_lessonStep = step;
    scheduleAfterEdit();
}

void Autosave::scheduleAfterEdit()
{
    // Started once per burst of edits, not restarted by each: a long slider drag is still saved
    // within the delay of its first step.
    if (m_state->isModified() && !m_timer.isActive())
        m_timer.start();
}

bool Autosave::writeNow()
{
    m_timer.stop();
    if (!m_state->isModified())
        return true;
    if (m_path.isEmpty()) {
        const QString dir = folder();
        if (!QDir().mkpath(dir))
            return false;
        m_path = QDir(dir).filePath(QStringLiteral("autosave-%1-%2.json")
                                        .arg(QCoreApplication::applicationPid())
                                        .arg(QDateTime::currentMSecsSinceEpoch()));
        m_lock = std::make_unique<QLockFile>(lockPathFor(m_path));
        m_lock->setStaleLockTime(0); // stale only when its process is gone, however long it ran
        if (!m_lock->tryLock(0)) {
            m_lock.reset();
            m_path.clear();
            return false;
        }
    }
    QJsonObject o;
    o.insert(QStringLiteral("format"), kFormat);
    o.insert(QStringLiteral("version"), 1);
    o.insert(QStringLiteral("edited"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    o.insert(QStringLiteral("file"), m_state->filePath());
    o.insert(QStringLiteral("design"), DesignFile::toJson(m_state->config()));
    o.insert(QStringLiteral("assumptions"), AssumptionsJson::toJson(m_state->assumptions()));
    if (m_pinnedConfig) {
        o.insert(QStringLiteral("pinned"), QJsonObject{{QStringLiteral("design"), DesignFile::toJson(*m_pinnedConfig)},
                                                       {QStringLiteral("assumptions"), AssumptionsJson::toJson(m_pinnedAssumptions)}});
    }
    if (m_lesson >= 0)
        o.insert(QStringLiteral("lesson"), QJsonObject{{QStringLiteral("index"), m_lesson}, {QStringLiteral("step"), m_lessonStep}});
    QSaveFile f(m_path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(QJsonDocument(o).toJson());
    return f.commit();
}

void Autosave::clear()
{
    m_timer.stop();
    if (m_path.isEmpty())
        return;
    QFile::remove(m_path);
    m_lock.reset(); // unlocks and removes the lock file
    m_path.clear();
}

std::optional<Autosave::Recovered> Autosave::findOrphan()
{
    std::optional<Recovered> newest;
    const QDir dir(folder());
    for (const QFileInfo &info : dir.entryInfoList({QStringLiteral("autosave-*.json")}, QDir::Files)) {
        QLockFile lock(lockPathFor(info.filePath()));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0))
            continue; // its window is still open (this one, or another running program)
        lock.unlock();
        auto r = readAutosave(info.filePath());
        if (!r) {
            QFile::remove(info.filePath()); // unreadable: nothing there to restore
            continue;
        }
        // Saved after the autosave was written (by another session): the file holds the newer design.
        const QFileInfo saved(r->filePath);
        if (!r->filePath.isEmpty() && saved.exists() && saved.lastModified() > r->edited) {
            QFile::remove(info.filePath());
            continue;
        }
        if (!newest || r->edited > newest->edited)
            newest = r;
    }
    return newest;
}

void Autosave::removeLeftovers()
{
    // An autosave killed in QSaveFile's commit leaves "autosave-….json.XXXXXX": never offered, removed.
    SaveLeftovers::removeIn(folder(), QStringLiteral("autosave-"));
}

std::optional<Autosave::Recovered> Autosave::offerRestore(QWidget *window)
{
    // A test killed by its timeout leaves an autosave in the test-mode data folder all test
    // windows share; it must not stop the next run's windows in a dialog. Tests that mean to see
    // the offer give their own folder.
    if (QStandardPaths::isTestModeEnabled() && folderOverride().isEmpty())
        return std::nullopt;
    const auto orphan = findOrphan();
    if (!orphan)
        return std::nullopt;
    const QDateTime edited = orphan->edited.toLocalTime();
    const QString when = edited.date() == QDate::currentDate()
        ? QLocale().toString(edited.time(), QStringLiteral("HH:mm"))
        : QLocale().toString(edited, QLocale::ShortFormat);
    QMessageBox box(QMessageBox::Question, tr("Restore design"),
                    tr("Transformer Explorer closed unexpectedly. Restore the design you were working on (edited %1)?")
                        .arg(when),
                    QMessageBox::NoButton, window);
    box.setObjectName(QStringLiteral("autosaveRestoreBox"));
    QPushButton *restore = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
    box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
    box.setDefaultButton(restore);
    box.exec();
    const bool restoring = box.clickedButton() == restore;
    if (restoring) {
        // Undo leads back to the saved file when the design had one that still reads.
        const auto onDisk = orphan->filePath.isEmpty() ? Expected<ModelConfig, Error>(Error{})
                                                       : DesignFile::load(orphan->filePath);
        if (onDisk)
            m_state->reset(*onDisk, orphan->filePath);
        else
            m_state->reset(m_state->config()); // untitled: never tied to the last session's file
        m_state->replace(orphan->config, tr("Restore autosaved design"));
        if (orphan->assumptions && !(*orphan->assumptions == m_state->assumptions())) {
            const Assumptions a = *orphan->assumptions;
            m_state->editAssumptions(tr("Restore autosaved design"), QString(), [a](Assumptions &x) { x = a; });
        }
    }
    QFile::remove(orphan->autosavePath);
    if (!restoring)
        return std::nullopt;
    return orphan;
}

} // namespace tx
