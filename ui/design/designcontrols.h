#pragma once

#include "core/estimate/designsnapshot.h"

#include <QHash>
#include <QVariant>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;

namespace tx {

class DesignState;
class KnobControl;
class PresetPicker;
class ReasonCaptions;

// Every design knob, grouped and labelled in plain words. Edits go to DesignState as undo
// commands; the controls only show the snapshot they are given.
class DesignControls : public QWidget
{
    Q_OBJECT
public:
    explicit DesignControls(DesignState *state, QWidget *parent = nullptr);

    void showSnapshot(const DesignSnapshot &snapshot);
    // While presenting, only the control of `focus` (a lesson step's field, or none) takes edits.
    void setPresenting(bool presenting, const QString &focus);

    // The knob editing a design-file key ("d_model"), or nullptr.
    KnobControl *knob(const QString &field) const { return m_knobs.value(field); }
    // The combo box or check box editing a design-file key ("ffn", "tied_embeddings").
    QComboBox *combo(const QString &field) const { return m_combos.value(field); }
    QCheckBox *check(const QString &field) const { return m_checks.value(field); }
    QCheckBox *dffLock() const { return m_dffLock; }
    PresetPicker *presetPicker() const { return m_presets; }
    // Problems of fields without a control of their own.
    QLabel *otherProblems() const { return m_otherProblems; }
    // The caption at the top of the group holding `field` that names the group's controls that
    // do not apply and why (hidden when all apply).
    QLabel *reasonCaption(const QString &field) const;

private:
    KnobControl *addKnob(QWidget *group, const QString &field, const QString &label, const QString &help,
                         int min, int max, int sliderMin, int sliderMax, bool logScale,
                         void (*set)(ModelConfig &, int), const QString &undoText = {});
    KnobControl *addAssumptionKnob(QWidget *group, const QString &field, const QString &label, const QString &help,
                                   int min, int max, int sliderMin, int sliderMax, bool logScale,
                                   void (*set)(Assumptions &, int));
    QComboBox *addCombo(QWidget *group, const QString &field, const QString &label, const QString &help,
                        const QList<QPair<QString, int>> &items, void (*set)(ModelConfig &, int));
    QComboBox *addAssumptionCombo(QWidget *group, const QString &field, const QString &label, const QString &help,
                                  const QList<QPair<QString, QVariant>> &items, void (*set)(Assumptions &, const QVariant &));
    QCheckBox *addCheck(QWidget *group, const QString &field, const QString &label, const QString &help,
                        void (*set)(ModelConfig &, bool));

    void updateEnabled(const DesignSnapshot &snapshot);

    DesignState *m_state;
    PresetPicker *m_presets;
    QHash<QString, KnobControl *> m_knobs;
    QHash<QString, QComboBox *> m_combos;
    QHash<QString, QCheckBox *> m_checks;
    QCheckBox *m_dffLock = nullptr;
    QLabel *m_otherProblems;
    ReasonCaptions *m_reasons;
    bool m_presenting = false;
    QString m_focus;
};

} // namespace tx
