#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/designedits.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/designsnapshot.h"

#include "ui/snapshot/snapshotsource.h"

#include <functional>
#include <optional>

class QUndoStack;

namespace tx {

// Owns the design being edited (ModelConfig + Assumptions) and its undo history. Every
// change goes through edit()/editAssumptions()/replace() as an undo command; after each
// change the state calls core (validate, countParams, evaluate) and emits one snapshot
// that every view draws.
class DesignState : public SnapshotSource
{
    Q_OBJECT
public:
    explicit DesignState(QObject *parent = nullptr);

    // What a new window and File › New start from: GPT-2 Small, as its preset names and sources
    // it, so a report made before any edit says which model it costs ("GPT-2 Small (edited)"
    // after one). The built-in preset library always holds it; ModelConfig{}, the same shape
    // unnamed, if it ever did not.
    static ModelConfig startingDesign();

    const ModelConfig &config() const { return m_snapshot.config; }
    const Assumptions &assumptions() const { return m_snapshot.assumptions; }
    const DesignLocks &locks() const { return m_snapshot.locks; }
    const DesignSnapshot &snapshot() const override { return m_snapshot; }
    QUndoStack *undoStack() const { return m_undo; }

    // Applies `change` to a copy of the design, then the fields that follow `field`
    // (DesignEdits::couple), and pushes it as one undo step named `text`. `field` is the
    // design-file key; with `dragging`, edits of the same field merge.
    void edit(const QString &text, const QString &field, const std::function<void(ModelConfig &)> &change,
              bool dragging = false);
    // The same for an assumption (context in use, batch, training tokens, device, …);
    // `field` is its command-line name ("seq", "batch", …).
    void editAssumptions(const QString &text, const QString &field,
                         const std::function<void(Assumptions &)> &change, bool dragging = false);
    // Turns the d_ff ×4 lock on or off as one undo step (on: d_ff = 4 · d_model).
    void setDffLock(bool on, const QString &text);
    // Replaces the whole design as one undo step (choosing a preset). The assumptions stay,
    // but the context in use is the one the user asked for (2,048 until they move it) cut to
    // the new design's context limit: GPT-2 is not costed at 2,048 tokens it cannot read, and
    // going on to Llama-2 gives back the 2,048.
    void replace(const ModelConfig &config, const QString &text);
    // Starts over with `config` and an empty history (new, open); assumptions stay, the
    // context in use fitted as in replace().
    void reset(const ModelConfig &config, const QString &filePath = {});

    // The file the design was opened from or last saved to; empty for a new design.
    QString filePath() const { return m_filePath; }
    bool isModified() const;

    Expected<ModelConfig, Error> open(const QString &path);
    std::optional<Error> save(const QString &path);

    // Called by EditDesignCommand: sets the design and emits the new snapshot.
    void apply(const ModelConfig &config, const Assumptions &assumptions, const DesignLocks &locks);

signals:
    void filePathChanged(const QString &path);
    void modifiedChanged(bool modified);

private:
    void push(const ModelConfig &config, const Assumptions &assumptions, const DesignLocks &locks, const QString &text,
              const QString &field, bool dragging);

    // The assumptions with the context in use set to the asked-for context within the limit.
    Assumptions fitted(const ModelConfig &config, Assumptions assumptions) const;

    QUndoStack *m_undo;
    int m_askedContext = Assumptions{}.contextLength; // the last context the user chose
    DesignSnapshot m_snapshot;
    QString m_filePath;
};

} // namespace tx
