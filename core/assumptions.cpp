#include "assumptions.h"

#include <array>
#include <utility>

namespace tx {

namespace {

template <typename E, std::size_t N>
using NameTable = std::array<std::pair<E, const char *>, N>;

constexpr NameTable<Optimizer, 5> kOptimizers{{
    {Optimizer::AdamW, "adamw"},
    {Optimizer::AdamWMixed, "adamw-mixed"},
    {Optimizer::SgdMomentum, "sgd"},
    {Optimizer::Adam8bit, "adam8bit"},
    {Optimizer::Adafactor, "adafactor"},
}};
constexpr NameTable<Recompute, 3> kRecomputes{{
    {Recompute::None, "none"},
    {Recompute::Selective, "selective"},
    {Recompute::Full, "full"},
}};
constexpr NameTable<ScalingLawKind, 3> kLaws{{
    {ScalingLawKind::Chinchilla, "chinchilla"},
    {ScalingLawKind::EpochRefit, "epoch"},
    {ScalingLawKind::Kaplan, "kaplan"},
}};

template <typename E, std::size_t N>
QString nameOf(const NameTable<E, N> &table, E v)
{
    for (const auto &[value, name] : table)
        if (value == v)
            return QString::fromLatin1(name);
    return {};
}

template <typename E, std::size_t N>
bool parse(const NameTable<E, N> &table, const QString &s, E &out)
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

} // namespace

QString toString(Optimizer v) { return nameOf(kOptimizers, v); }
QString toString(Recompute v) { return nameOf(kRecomputes, v); }
QString toString(ScalingLawKind v) { return nameOf(kLaws, v); }
bool fromString(const QString &s, Optimizer &out) { return parse(kOptimizers, s, out); }
bool fromString(const QString &s, Recompute &out) { return parse(kRecomputes, s, out); }
bool fromString(const QString &s, ScalingLawKind &out) { return parse(kLaws, s, out); }

} // namespace tx
