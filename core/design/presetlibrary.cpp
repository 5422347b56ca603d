#include "core/design/presetlibrary.h"

#include <QDir>
#include <QFile>

#include <algorithm>

namespace tx {

const PresetLibrary &PresetLibrary::builtIn()
{
    static const PresetLibrary library = loadDirectory(QStringLiteral(":/presets"));
    return library;
}

PresetLibrary PresetLibrary::loadDirectory(const QString &dir)
{
    PresetLibrary lib;
    const QDir d(dir);
    const QStringList files = d.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QString &name : files) {
        if (name == QLatin1String("hardware.json"))
            continue;
        QFile f(d.filePath(name));
        if (!f.open(QIODevice::ReadOnly)) {
            lib.m_errors.push_back({name, {}, f.errorString()});
            continue;
        }
        auto preset = Preset::parse(f.readAll(), name);
        if (preset)
            lib.m_presets.push_back(std::move(*preset));
        else
            lib.m_errors.push_back(preset.error());
    }
    // Smallest first within a family reads naturally in a picker; families by name.
    std::stable_sort(lib.m_presets.begin(), lib.m_presets.end(), [](const Preset &a, const Preset &b) {
        return a.id < b.id;
    });
    return lib;
}

const Preset *PresetLibrary::find(const QString &id) const
{
    for (const Preset &p : m_presets)
        if (p.id.compare(id, Qt::CaseInsensitive) == 0)
            return &p;
    return nullptr;
}

QStringList PresetLibrary::ids() const
{
    QStringList out;
    for (const Preset &p : m_presets)
        out << p.id;
    return out;
}

} // namespace tx
