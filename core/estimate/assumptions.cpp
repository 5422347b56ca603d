#include "core/estimate/assumptions.h"

#include "core/base/nametable.h"

namespace tx {

namespace {

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

} // namespace

QString toString(Optimizer v) { return nameOf(kOptimizers, v); }
QString toString(Recompute v) { return nameOf(kRecomputes, v); }
QString toString(ScalingLawKind v) { return nameOf(kLaws, v); }
bool fromString(const QString &s, Optimizer &out) { return parseName(kOptimizers, s, out); }
bool fromString(const QString &s, Recompute &out) { return parseName(kRecomputes, s, out); }
bool fromString(const QString &s, ScalingLawKind &out) { return parseName(kLaws, s, out); }

} // namespace tx
