#include "core/report/reportcharts.h"

#include "core/estimate/scalinglaw.h"

namespace tx {

QStringList ReportCharts::names()
{
    return {QStringLiteral("params"), QStringLiteral("memory"), QStringLiteral("compute"), QStringLiteral("scaling"),
            QStringLiteral("sensitivity"), QStringLiteral("concurrency")};
}

std::optional<ReportCharts::Kind> ReportCharts::fromString(const QString &name)
{
    const auto i = names().indexOf(name);
    if (i < 0)
        return std::nullopt;
    return Kind(i);
}

QString ReportCharts::toString(Kind kind)
{
    return names().at(int(kind));
}

QString ReportCharts::designName(const EvaluatedDesign &design)
{
    return design.config.name.isEmpty() ? tr("Custom design") : design.config.name;
}

QString ReportCharts::title(Kind kind, const EvaluatedDesign &design)
{
    const QString name = designName(design);
    switch (kind) {
    case Kind::Params:
        return tr("Parameters by component — %1").arg(name);
    case Kind::Memory:
        return tr("Memory and device fit — %1 on %2").arg(name, design.evaluation.hardware.deviceName);
    case Kind::Compute:
        return tr("Roofline: prefill and decode on %1 — %2").arg(design.evaluation.hardware.deviceName, name);
    case Kind::Scaling:
        return tr("Scaling law — %1 · %2").arg(name, ScalingLaw::of(design.assumptions.law).name());
    case Kind::Sensitivity:
        return tr("Which knob moves inference memory — %1").arg(name);
    case Kind::Concurrency:
        return tr("Decode speed against concurrent users on %1 — %2").arg(design.evaluation.hardware.deviceName, name);
    }
    return name;
}

} // namespace tx
