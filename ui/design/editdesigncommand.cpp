#include "ui/design/editdesigncommand.h"

#include "ui/design/designstate.h"

namespace tx {

EditDesignCommand::EditDesignCommand(DesignState *state, const Values &before, const Values &after,
                                     const QString &text, const QString &field, bool mergeable)
    : QUndoCommand(text)
    , m_state(state)
    , m_before(before)
    , m_after(after)
    , m_field(field)
    , m_mergeable(mergeable)
{
}

void EditDesignCommand::undo()
{
    m_state->apply(m_before.config, m_before.assumptions, m_before.locks);
}

void EditDesignCommand::redo()
{
    m_state->apply(m_after.config, m_after.assumptions, m_after.locks);
}

int EditDesignCommand::id() const
{
    // All design edits share one id; mergeWith() decides by field and drag state.
    return 1;
}

bool EditDesignCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const EditDesignCommand *>(other);
    if (!m_mergeable || !next->m_mergeable || next->m_field != m_field || m_field.isEmpty())
        return false;
    m_after = next->m_after;
    return true;
}

} // namespace tx
