#pragma once

#include "core/estimate/evaluateddesign.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

namespace tx {

// The charts of exports and reports, by the names the `chart` subcommand takes, and their
// titles (translated, naming the design).
class ReportCharts
{
    Q_DECLARE_TR_FUNCTIONS(tx::ReportCharts)
public:
    enum class Kind { Params, Memory, Compute, Scaling, Sensitivity, Concurrency };

    // Stable names as on the command line: params, memory, compute, scaling, sensitivity, concurrency.
    static QStringList names();
    static std::optional<Kind> fromString(const QString &name);
    static QString toString(Kind kind);
    // e.g. "Parameters by component — Llama-2-7B".
    static QString title(Kind kind, const EvaluatedDesign &design);
    // The design's name, or "Custom design".
    static QString designName(const EvaluatedDesign &design);
};

} // namespace tx
