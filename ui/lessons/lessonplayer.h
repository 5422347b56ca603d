#pragma once

#include "core/lessons/lesson.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QShortcut;

namespace tx {

class DesignState;

// Plays a guided lesson: each step replaces the design (one undo step), asks the window to
// point at a view, and shows its explanation and formula with core's numbers filled in, in
// the window's language. Left/Right arrows, Page Up/Down (what presentation clickers send) and
// the buttons move between steps.
class LessonPlayer : public QWidget
{
    Q_OBJECT
public:
    explicit LessonPlayer(DesignState *state, QWidget *parent = nullptr);

    // Starts lesson `index` of the built-in library at its first step.
    void start(int lessonIndex);
    // Opens lesson `lessonIndex` at `step` without setting its design (crash recovery puts back
    // the design the user had, which may be the step's design edited further).
    void resume(int lessonIndex, int step);
    void next();
    void previous();
    // Redraws the current step's text (after the number units changed).
    void refresh() { showStep(false); }
    int lessonIndex() const { return m_lesson; }
    int stepIndex() const { return m_step; }

    QLabel *titleLabel() const { return m_title; }
    QLabel *textLabel() const { return m_text; }
    QLabel *formulaLabel() const { return m_formula; }

signals:
    // The lesson or step shown changed (lesson -1: none).
    void stepChanged(int lesson, int step);
    // A step wants `target` ("parameters", "memory", "compute", "scaling", "product", "cards",
    // "controls") framed and the knob
    // `focus` (a design-file key, may be empty) to be the one under discussion.
    void highlightRequested(const QString &target, const QString &focus);

protected:
    void changeEvent(QEvent *event) override;

private:
    void showStep(bool applyDesign);
    void retranslate();
    void applyFonts();

    DesignState *m_state;
    QComboBox *m_lessons;
    QLabel *m_title;
    QLabel *m_text;
    QLabel *m_formula;
    QLabel *m_position;
    QPushButton *m_previous;
    QPushButton *m_next;
    QShortcut *m_left;
    QShortcut *m_right;
    QShortcut *m_pageUp;
    QShortcut *m_pageDown;
    int m_lesson = -1;
    int m_step = 0;
};

} // namespace tx
