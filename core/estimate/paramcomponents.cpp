#include "core/estimate/paramcomponents.h"

namespace tx {

QStringList ParamComponents::keys()
{
    return {QStringLiteral("embeddings"), QStringLiteral("attention"), QStringLiteral("cross_attention"),
            QStringLiteral("ffn"), QStringLiteral("moe"), QStringLiteral("norms"), QStringLiteral("lm_head"),
            QStringLiteral("pooler")};
}

std::vector<std::int64_t> ParamComponents::split(const ParamCount &params)
{
    const QStringList keys = ParamComponents::keys();
    std::vector<std::int64_t> out(size_t(keys.size()), 0);
    const auto add = [&](const QString &key, std::int64_t n) {
        // A stack's final norm is drawn with the other norms.
        const QString k = key == QLatin1String("final_norm") ? QStringLiteral("norms") : key;
        const auto i = keys.indexOf(k);
        if (i >= 0)
            out[size_t(i)] += n;
        else
            out[size_t(keys.indexOf(QStringLiteral("pooler")))] += n; // anything new lands in the last bucket
    };
    for (const ParamNode &top : params.breakdown.children) {
        if (top.key == QLatin1String("encoder") || top.key == QLatin1String("decoder")) {
            for (const ParamNode &part : top.children)
                add(part.key, part.params);
        } else {
            add(top.key, top.params);
        }
    }
    return out;
}

} // namespace tx
