#include "core/whatif/finetuneoptions.h"

#include <QStringList>

#include <utility>

namespace tx {

namespace {

const std::pair<const char *, unsigned> kTargets[] = {
    {"q", TargetQ},       {"k", TargetK},         {"v", TargetV},
    {"o", TargetO},       {"gate", TargetGate},   {"up", TargetUp},
    {"down", TargetDown}, {"experts", TargetExperts}, {"embeddings", TargetEmbeddings},
    {"head", TargetHead},
};

} // namespace

QString toString(FineTuneMethod m)
{
    switch (m) {
    case FineTuneMethod::Full: return QStringLiteral("full");
    case FineTuneMethod::Lora: return QStringLiteral("lora");
    case FineTuneMethod::Qlora: return QStringLiteral("qlora");
    }
    return QStringLiteral("lora");
}

bool fromString(const QString &s, FineTuneMethod &out)
{
    for (FineTuneMethod m : {FineTuneMethod::Full, FineTuneMethod::Lora, FineTuneMethod::Qlora}) {
        if (s == toString(m)) {
            out = m;
            return true;
        }
    }
    return false;
}

QString targetsToString(unsigned targets)
{
    QStringList names;
    for (const auto &[name, bit] : kTargets)
        if (targets & bit)
            names << QLatin1String(name);
    return names.join(u',');
}

bool targetsFromString(const QString &s, unsigned &out)
{
    unsigned targets = 0;
    for (const QString &part : s.split(u',', Qt::SkipEmptyParts)) {
        const QString name = part.trimmed();
        if (name == QLatin1String("attention")) {
            targets |= TargetAttention;
            continue;
        }
        if (name == QLatin1String("ffn")) {
            targets |= TargetFfn;
            continue;
        }
        if (name == QLatin1String("all-linear")) {
            targets |= TargetAllLinear;
            continue;
        }
        bool found = false;
        for (const auto &[known, bit] : kTargets) {
            if (name == QLatin1String(known)) {
                targets |= bit;
                found = true;
            }
        }
        if (!found)
            return false;
    }
    out = targets;
    return true;
}

} // namespace tx
