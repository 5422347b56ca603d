#pragma once

#include "core/design/designedits.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"

#include <QUndoCommand>

namespace tx {

class DesignState;

// One design change on the undo stack. Consecutive edits of the same field while a slider
// is being dragged merge into one step, so undo jumps back to where the drag started.
class EditDesignCommand : public QUndoCommand
{
public:
    struct Values
    {
        ModelConfig config;
        Assumptions assumptions;
        DesignLocks locks;
        bool operator==(const Values &) const = default;
    };

    EditDesignCommand(DesignState *state, const Values &before, const Values &after, const QString &text,
                      const QString &field, bool mergeable);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    DesignState *m_state;
    Values m_before;
    Values m_after;
    QString m_field;
    bool m_mergeable;
};

} // namespace tx
