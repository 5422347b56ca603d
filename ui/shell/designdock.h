#pragma once

#include <QDockWidget>

class QScrollArea;

namespace tx {

class DesignControls;
class DesignState;

// The window's left dock: the design's knobs (DesignControls) in a scroll area as wide as they
// need. A language switch builds the controls anew (their labels, choices and tooltips come from
// tr() at construction); the design, its undo history and the d_ff lock live in DesignState, so
// nothing the user set is lost.
class DesignDock : public QDockWidget
{
    Q_OBJECT
public:
    DesignDock(DesignState *state, QWidget *parent);

    DesignControls *controls() const { return m_controls; }
    // Relabels the dock and replaces the controls with ones built in the current language; the
    // old ones are deleted later (a slot of theirs may be on the stack).
    void retranslate();

private:
    void setControls(DesignControls *controls);

    DesignState *m_state;
    QScrollArea *m_scroll;
    DesignControls *m_controls = nullptr;
};

} // namespace tx
