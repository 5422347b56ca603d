#pragma once

#include "core/design/modelconfig.h"
#include "core/design/preset.h"

#include <QComboBox>

#include <vector>

namespace tx {

class DesignState;

// Picks a built-in preset. The list is grouped by family under a header naming the family
// and its years ("Llama · 2023–2025", not selectable), families with the newest models
// first, each family newest first. Typing filters the list (any part of the name matches:
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

    // The groups in the order the list shows them.
    struct PresetGroup
    {
        QString family;
        QString title; // the header row: "Qwen · 2024–2025"
        std::vector<const Preset *> presets;
    };
    static std::vector<PresetGroup> groups();

private:
    void onActivated(int index);

    DesignState *m_state;
};

} // namespace tx
