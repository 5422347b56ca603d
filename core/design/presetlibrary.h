#pragma once

#include "core/base/error.h"
#include "core/design/preset.h"

#include <QStringList>

#include <vector>

namespace tx {

// The presets shipped with the program (presets/*.json, embedded as resources),
// sorted by id.
class PresetLibrary
{
public:
    // The built-in library, loaded once on first use.
    static const PresetLibrary &builtIn();

    // Loads every *.json preset in a directory (":/presets" for the built-in set).
    // The hardware catalog (hardware.json) is skipped.
    static PresetLibrary loadDirectory(const QString &dir);

    const std::vector<Preset> &presets() const { return m_presets; }
    // Files that failed to load; empty for the shipped set (a test checks it).
    const std::vector<Error> &errors() const { return m_errors; }

    // Finds a preset by id, case-insensitively ("Llama-2-7B" finds "llama-2-7b").
    const Preset *find(const QString &id) const;
    QStringList ids() const;

private:
    std::vector<Preset> m_presets;
    std::vector<Error> m_errors;
};

} // namespace tx
