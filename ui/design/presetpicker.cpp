#include "ui/design/presetpicker.h"

#include "core/base/numberformat.h"
#include "core/design/presetlibrary.h"
#include "ui/design/designstate.h"

#include <QCompleter>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QStandardItemModel>

#include <algorithm>

namespace tx {

PresetPicker::PresetPicker(DesignState *state, QWidget *parent)
    : QComboBox(parent)
    , m_state(state)
{
    setEditable(true);
    setInsertPolicy(QComboBox::NoInsert);
    addItem(tr("Custom design"), QString());
    auto *items = qobject_cast<QStandardItemModel *>(model());
    for (const PresetGroup &g : groups()) {
        // A header row: the family and its years, bold, not selectable.
        addItem(g.title, QString());
        if (QStandardItem *header = items ? items->item(count() - 1) : nullptr) {
            header->setFlags(header->flags() & ~(Qt::ItemIsSelectable | Qt::ItemIsEnabled));
            QFont bold = font();
            bold.setBold(true);
            header->setFont(bold);
        }
        for (const Preset *p : g.presets) {
            const QString name = p->config.name.isEmpty() ? p->id : p->config.name;
            const QString params = NumberFormat::count(double(p->publishedParams));
            addItem(p->year > 0 ? tr("%1 (%2 parameters, %3)").arg(name, params).arg(p->year)
                                : tr("%1 (%2 parameters)").arg(name, params),
                    p->id);
            setItemData(count() - 1, p->config.source, Qt::ToolTipRole);
        }
    }
    completer()->setCompletionMode(QCompleter::PopupCompletion);
    completer()->setFilterMode(Qt::MatchContains);
    completer()->setCaseSensitivity(Qt::CaseInsensitive);
    lineEdit()->setPlaceholderText(tr("Type to search models"));
    setToolTip(tr("Start from a published model, grouped by family, newest first; type any part of its name to filter."));
    setMinimumContentsLength(22);
    connect(this, &QComboBox::activated, this, &PresetPicker::onActivated);
}

std::vector<PresetPicker::PresetGroup> PresetPicker::groups()
{
    std::vector<PresetGroup> out;
    for (const Preset &p : PresetLibrary::builtIn().presets()) {
        const QString family = p.family.isEmpty() ? tr("Other") : p.family;
        auto it = std::find_if(out.begin(), out.end(), [&](const PresetGroup &g) { return g.family == family; });
        if (it == out.end()) {
            out.push_back({family, {}, {}});
            it = out.end() - 1;
        }
        it->presets.push_back(&p);
    }
    auto newest = [](const PresetGroup &g) {
        int y = 0;
        for (const Preset *p : g.presets)
            y = std::max(y, p->year);
        return y;
    };
    for (PresetGroup &g : out) {
        // Newest first; within a year, smallest first.
        std::stable_sort(g.presets.begin(), g.presets.end(), [](const Preset *a, const Preset *b) {
            return a->year != b->year ? a->year > b->year : a->publishedParams < b->publishedParams;
        });
        const int first = g.presets.back()->year, last = g.presets.front()->year;
        g.title = first == last ? tr("%1 · %2").arg(g.family).arg(last)
                                : tr("%1 · %2–%3").arg(g.family).arg(first).arg(last);
    }
    // Families with the newest models first, then by name.
    std::stable_sort(out.begin(), out.end(), [&](const PresetGroup &a, const PresetGroup &b) {
        const int ya = newest(a), yb = newest(b);
        return ya != yb ? ya > yb : a.family.compare(b.family, Qt::CaseInsensitive) < 0;
    });
    return out;
}

void PresetPicker::showConfig(const ModelConfig &config)
{
    int index = 0;
    for (const Preset &p : PresetLibrary::builtIn().presets()) {
        if (p.config == config) {
            index = std::max(0, findData(p.id));
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
