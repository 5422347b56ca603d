#pragma once

#include "designsnapshot.h"
#include "error.h"
#include "expected.h"
#include "modelconfig.h"

#include <QObject>

#include <functional>
#include <optional>

class QUndoStack;

namespace tx {

// Owns the design being edited and its undo history. Every change goes through edit()
// (or replace()) as an undo command; after each change the state calls core and emits
// one snapshot that every view draws.
class DesignState : public QObject
{
    Q_OBJECT
public:
    explicit DesignState(QObject *parent = nullptr);

    const ModelConfig &config() const { return m_snapshot.config; }
    const DesignSnapshot &snapshot() const { return m_snapshot; }
    QUndoStack *undoStack() const { return m_undo; }

    // Applies `change` to a copy of the design and pushes it as one undo step named `text`.
    // `field` is the design-file key; with `dragging`, edits of the same field merge.
    void edit(const QString &text, const QString &field, const std::function<void(ModelConfig &)> &change,
              bool dragging = false);
    // Replaces the whole design as one undo step (choosing a preset).
    void replace(const ModelConfig &config, const QString &text);
    // Starts over with `config` and an empty history (new, open).
    void reset(const ModelConfig &config, const QString &filePath = {});

    // The file the design was opened from or last saved to; empty for a new design.
    QString filePath() const { return m_filePath; }
    bool isModified() const;

    Expected<ModelConfig, Error> open(const QString &path);
    std::optional<Error> save(const QString &path);

    // Called by EditDesignCommand: sets the design and emits the new snapshot.
    void apply(const ModelConfig &config);

signals:
    void snapshotChanged(const tx::DesignSnapshot &snapshot);
    void filePathChanged(const QString &path);
    void modifiedChanged(bool modified);

private:
    static DesignSnapshot computeSnapshot(const ModelConfig &config);

    QUndoStack *m_undo;
    DesignSnapshot m_snapshot;
    QString m_filePath;
};

} // namespace tx
