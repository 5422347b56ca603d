#pragma once

#include "modelconfig.h"

#include <QUndoCommand>

namespace tx {

class DesignState;

// One design change on the undo stack. Consecutive edits of the same field while a slider
// is being dragged merge into one step, so undo jumps back to where the drag started.
class EditDesignCommand : public QUndoCommand
{
public:
    EditDesignCommand(DesignState *state, const ModelConfig &before, const ModelConfig &after,
                      const QString &text, const QString &field, bool mergeable);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    DesignState *m_state;
    ModelConfig m_before;
    ModelConfig m_after;
    QString m_field;
    bool m_mergeable;
};

} // namespace tx
