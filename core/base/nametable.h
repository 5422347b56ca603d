#pragma once

#include <QString>

#include <array>
#include <cstddef>
#include <utility>

namespace tx {

// Stable lower-case names of enum values, for files, the command line and JSON.
template <typename E, std::size_t N>
using NameTable = std::array<std::pair<E, const char *>, N>;

template <typename E, std::size_t N>
QString nameOf(const NameTable<E, N> &table, E v)
{
    for (const auto &[value, name] : table)
        if (value == v)
            return QString::fromLatin1(name);
    return {};
}

// Case-insensitive, surrounding spaces ignored; false (out untouched) for an unknown name.
template <typename E, std::size_t N>
bool parseName(const NameTable<E, N> &table, const QString &s, E &out)
{
    const QString key = s.trimmed().toLower();
    for (const auto &[value, name] : table) {
        if (key == QLatin1String(name)) {
            out = value;
            return true;
        }
    }
    return false;
}

} // namespace tx
