#include "ui/design/presetpicker.h"

#include "core/base/numberformat.h"
#include "core/design/presetlibrary.h"
#include "ui/design/designstate.h"

#include <QCompleter>
#include <QLineEdit>
#include <QSignalBlocker>

namespace tx {

PresetPicker::PresetPicker(DesignState *state, QWidget *parent)
    : QComboBox(parent)
    , m_state(state)
{
    setEditable(true);
    setInsertPolicy(QComboBox::NoInsert);
    addItem(tr("Custom design"), QString());
    for (const Preset &p : PresetLibrary::builtIn().presets()) {
        const QString name = p.config.name.isEmpty() ? p.id : p.config.name;
        addItem(tr("%1 (%2 parameters)").arg(name, NumberFormat::count(double(p.publishedParams))), p.id);
        setItemData(count() - 1, p.config.source, Qt::ToolTipRole);
    }
    completer()->setCompletionMode(QCompleter::PopupCompletion);
    completer()->setFilterMode(Qt::MatchContains);
    completer()->setCaseSensitivity(Qt::CaseInsensitive);
    lineEdit()->setPlaceholderText(tr("Type to search models"));
    setToolTip(tr("Start from a published model; type any part of its name to filter."));
    setMinimumContentsLength(22);
    connect(this, &QComboBox::activated, this, &PresetPicker::onActivated);
}

void PresetPicker::showConfig(const ModelConfig &config)
{
    int index = 0;
    const auto &presets = PresetLibrary::builtIn().presets();
    for (size_t i = 0; i < presets.size(); ++i) {
        if (presets[i].config == config) {
            index = int(i) + 1;
            break;
        }
    }
    if (index != currentIndex()) {
        const QSignalBlocker block(this);
        setCurrentIndex(index);
        // A name longer than the field (large presentation fonts) shows its start, not its end.
        lineEdit()->setCursorPosition(0);
    }
}

bool PresetPicker::choose(const QString &id)
{
    const Preset *p = PresetLibrary::builtIn().find(id);
    if (!p)
        return false;
    m_state->replace(p->config, tr("Load %1").arg(p->config.name.isEmpty() ? p->id : p->config.name));
    return true;
}

void PresetPicker::onActivated(int index)
{
    const QString id = itemData(index).toString();
    if (!id.isEmpty())
        choose(id);
}

} // namespace tx
