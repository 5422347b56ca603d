#pragma once

#include "core/design/modelconfig.h"

#include <QComboBox>

namespace tx {

class DesignState;

// Picks a built-in preset. Typing filters the list (any part of the name matches:
// "7b" finds Llama-2-7B); choosing one replaces the design as one undo step.
class PresetPicker : public QComboBox
{
    Q_OBJECT
public:
    explicit PresetPicker(DesignState *state, QWidget *parent = nullptr);

    // Selects the preset equal to `config`, or "Custom design" when none is.
    void showConfig(const ModelConfig &config);
    // Loads the preset with this id (case-insensitive); false when there is none.
    bool choose(const QString &id);

private:
    void onActivated(int index);

    DesignState *m_state;
};

} // namespace tx
