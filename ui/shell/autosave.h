#pragma once

#include "core/design/modelconfig.h"

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
//   { "format": "transformer-explorer-autosave", "version": 1, "edited": "2026-12-01T14:32:05Z",
//     "file": "/home/…/design.json" or "", "design": { …design-file fields… } }
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
    // Leaves the autosave as a crash would (file kept, lock released), for tests.
    void abandonForTests();

    // The newest autosave left by a program that is no longer running, if any.
    static std::optional<Recovered> findOrphan();
    // Asks whether to restore findOrphan()'s design (not in a QStandardPaths test-mode process
    // unless setFolderForTests() was called); Restore puts it into the state as an edit
    // (undo returns to its saved file), Discard deletes it. True when a design was restored.
    bool offerRestore(QWidget *window);

private:
    void scheduleAfterEdit();

    DesignState *m_state;
    QTimer m_timer;
    QString m_path;
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace tx
