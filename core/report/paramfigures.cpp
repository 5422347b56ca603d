#include "core/report/paramfigures.h"

#include "core/base/numberformat.h"
#include "core/report/componentnames.h"

namespace tx {

std::vector<Figure> ParamFigures::of(const ParamCount &p)
{
    QStringList names, values;
    for (const ParamNode &n : p.breakdown.children) {
        if (n.params == 0)
            continue;
        names << ComponentNames::component(n.key);
        values << NumberFormat::exact(n.params);
    }
    const QString source = tr("definition: one line per tensor in core/estimate/paramcounter.cpp; "
                              "published counts pinned in tests/data/reference/models.json");
    std::vector<Figure> out;
    out.push_back({QStringLiteral("params.total"), tr("Parameters"),
                   double(p.total), QStringLiteral("params"), names.join(QStringLiteral(" + ")),
                   values.join(QStringLiteral(" + ")) + QStringLiteral(" = ") + NumberFormat::exact(p.total), source});
    out.push_back({QStringLiteral("params.active"),
                   tr("Active parameters per token"), double(p.active),
                   QStringLiteral("params"),
                   tr("N − unused experts (top-k of E per sparse layer)"),
                   QStringLiteral("%1 − %2 = %3").arg(NumberFormat::exact(p.total), NumberFormat::exact(p.total - p.active),
                                                       NumberFormat::exact(p.active)),
                   tr("Fedus et al. 2021 (Switch Transformer), §2")});
    out.push_back({QStringLiteral("params.non_embedding"),
                   tr("Non-embedding parameters"), double(p.nonEmbedding),
                   QStringLiteral("params"), tr("N − embedding tables"),
                   QStringLiteral("%1 − %2 = %3").arg(NumberFormat::exact(p.total), NumberFormat::exact(p.embedding),
                                                       NumberFormat::exact(p.nonEmbedding)),
                   tr("Kaplan et al. 2020, §2.1")});
    return out;
}

} // namespace tx
