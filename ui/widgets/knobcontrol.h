#pragma once

#include <QWidget>

#include <functional>

class QLabel;
class QSlider;
class QSpinBox;

namespace tx {

// One design knob: a plain-word label, a slider for the common range and a spin box for
// the full range. The slider snaps to valid values (snap function); the spin box takes any
// value so a user can type an invalid one and read why it is invalid (setProblem()).
class KnobControl : public QWidget
{
    Q_OBJECT
public:
    enum class Scale { Linear, Log };

    // [sliderMin, sliderMax] is what the slider covers; [min, max] what the spin box accepts.
    KnobControl(const QString &label, int min, int max, int sliderMin, int sliderMax, Scale scale,
                QWidget *parent = nullptr);

    // Maps any value to the nearest valid one (d_model to a multiple of the heads, …).
    void setSnap(std::function<int(int)> snap) { m_snap = std::move(snap); }
    void setSuffix(const QString &suffix);
    void setHelp(const QString &tooltip);

    int value() const;
    // Shows `value` without emitting valueEdited.
    void setValue(int value);
    // Marks the knob invalid with `reason` (empty clears the mark).
    void setProblem(const QString &reason);
    // Why the knob takes no edits for this design (shown first in its tooltip); empty clears.
    void setDisabledReason(const QString &reason);
    QString problem() const { return m_problem; }

    QSlider *slider() const { return m_slider; }
    QSpinBox *spinBox() const { return m_spin; }
    QLabel *label() const { return m_label; }

signals:
    // The user changed the value; `dragging` while the slider is held.
    void valueEdited(int value, bool dragging);

private:
    int positionFor(int value) const;
    int valueAt(int position) const;
    void onSliderMoved(int position);
    void onSpinEdited();

    static constexpr int kLogSteps = 1000; // slider positions of a log-scale knob

    QLabel *m_label;
    QSlider *m_slider;
    QSpinBox *m_spin;
    QLabel *m_problemLabel;
    QString m_help;
    QString m_problem;
    QString m_disabledReason;
    int m_sliderMin;
    int m_sliderMax;
    Scale m_scale;
    std::function<int(int)> m_snap;
};

} // namespace tx
