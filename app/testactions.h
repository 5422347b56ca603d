#pragma once

#include <QObject>
#include <QStringList>
#include <QTimer>

namespace tx {

class MainWindow;

// Test hook for the crash-recovery test (tests/cli/tst_autosavekill.cpp), which drives the real
// program as a child process: with TX_TEST_ACTIONS in the environment the window performs these
// actions, separated by ';', one per 50 ms after it has been shown, as a user would:
//   set KEY=VALUE   edit a design-file field (one undo step, like a control)
//   pin             Edit → Pin design as A (the English menu: run with --language en)
//   lesson N        open built-in lesson N (1-based) at its first step
//   next            the lesson's next step
//   answer BUTTON   wait for a message box and press its button with this text ("Restore")
//   print           print the state on stdout, one line each: "design: {…}", "pinned: {…}" or
//                   "pinned: none", "lesson: INDEX STEP" (0-based; -1 0 when none is open)
//   quit            close the window (a clean quit; with unsaved edits, answer its question next)
// After the last action it prints "actions_done". Costs nothing when the variable is not set.
class TestActions : public QObject
{
    Q_OBJECT

public:
    static bool requested();
    explicit TestActions(MainWindow *window);

private:
    void step();
    bool perform(const QString &action); // false: not yet possible, try again next tick

    MainWindow *m_window;
    QStringList m_actions;
    QTimer m_timer;
};

} // namespace tx
