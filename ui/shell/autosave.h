#pragma once

#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"

#include <QDateTime>
#include <QLockFile>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>
#include <optional>

class QWidget;

namespace tx {

class DesignState;
struct DesignSnapshot;

// Crash recovery for the design being edited. After an edit, within delay (2 s), the design is
// written through QSaveFile to autosave-<pid>-<start ms>.json in the application's data folder
// (QStandardPaths::AppDataLocation), beside a QLockFile held while this window lives. Saving the
// design, opening or starting a new one (nothing unsaved) and a clean quit remove the file.
//
// On the next start, an autosave whose lock is no longer held (its program died: crash, kill -9,
// power cut) and that is newer than its design's file is offered back: "Transformer Explorer
// closed unexpectedly. Restore the design you were working on (edited 14:32)?". Several windows
// (processes) each keep their own file and never offer each other's.
//
// The comparison pin and the open lesson step travel with the design (setPinned, setLessonStep):
// a change to either is autosaved within the delay too, while there are unsaved edits.
//
//   { "format": "transformer-explorer-autosave", "version": 1, "edited": "2026-12-01T14:32:05Z",
//     "file": "/home/…/design.json" or "", "design": { …design-file fields… },
//     "assumptions": { …AssumptionsJson… },
//     "pinned": { "design": { … }, "assumptions": { … } }   (only while a design is pinned)
//     "lesson": { "index": 2, "step": 4 } }                  (only while a lesson is open; 0-based)
class Autosave : public QObject
{
    Q_OBJECT

public:
    struct Recovered
    {
        ModelConfig config;
        QDateTime edited;   // when the last autosaved edit was written (UTC)
        QString filePath;   // the design's file then, empty when untitled
        QString autosavePath;
        std::optional<Assumptions> assumptions; // absent in an autosave written before they were kept
        std::optional<ModelConfig> pinnedConfig; // the comparison's A, with its own assumptions
        Assumptions pinnedAssumptions;
        int lesson = -1; // the open lesson (LessonLibrary index) and its step, or -1
        int lessonStep = 0;
    };

    Autosave(DesignState *state, QObject *parent, int delayMs = 2000);
    ~Autosave() override;

    // The folder of the autosaves (AppDataLocation, or setFolderForTests()).
    static QString folder();
    static void setFolderForTests(const QString &dir);

    // This window's autosave file (it exists only while there are unsaved edits).
    QString path() const { return m_path; }
    // Writes the design now (what the timer does); false when it could not be written.
    bool writeNow();
    // Removes this window's autosave: the edits are saved, or the user quit cleanly.
    void clear();
    // What else is kept with the design: the pinned design (nullptr: none) and the open lesson
    // step (lesson -1: none). Each change schedules a write like an edit does.
    void setPinned(const DesignSnapshot *pinned);
    void setLessonStep(int lesson, int step);
    // Leaves the autosave as a crash would (file kept, lock released), for tests.
    void abandonForTests();

    // The newest autosave left by a program that is no longer running, if any.
    static std::optional<Recovered> findOrphan();
    // Removes what autosaves killed in QSaveFile's commit left ("autosave-….json.XXXXXX").
    static void removeLeftovers();
    // Asks whether to restore findOrphan()'s design (not in a QStandardPaths test-mode process
    // unless setFolderForTests() was called); Restore puts it and its assumptions into the state
    // as an edit (undo returns to its saved file), Discard deletes it. The restored autosave when
    // Restore was chosen: the window puts back its pin and lesson step.
    std::optional<Recovered> offerRestore(QWidget *window);

private:
    void scheduleAfterEdit();

    DesignState *m_state;
    std::optional<ModelConfig> m_pinnedConfig;
    Assumptions m_pinnedAssumptions;
    int m_lesson = -1;
    int m_lessonStep = 0;
    QTimer m_timer;
    QString m_path;
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace tx
