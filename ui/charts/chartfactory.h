#pragma once

#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/evaluation.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class QChart;

namespace tx {

// Slide-styled charts built headless from one evaluated design, for exports and reports:
// large fonts, a title naming the design, axis titles with units, a legend. Each chart is a
// fresh QChart owned by the caller (no scene, no view needed).
class ChartFactory
{
public:
    enum class Kind { Params, Memory, Compute, Scaling };

    // One evaluated design: what every chart draws.
    struct Input
    {
        ModelConfig config;
        Assumptions assumptions;
        Evaluation evaluation;
    };

    // Stable names as on the command line: params, memory, compute, scaling.
    static QStringList kindNames();
    static std::optional<Kind> kindFromString(const QString &name);
    static QString toString(Kind kind);
    // Translated chart title, e.g. "Parameters by component — Llama-2-7B".
    static QString title(Kind kind, const Input &design);

    // Fonts for exported text: a Latin face first (its digits and letters survive PDF text
    // extraction, which the CJK face's do not with Qt's PDF engine), then the UI's CJK-capable face.
    static QStringList fontFamilies();

    // `pinned`, when given, is drawn beside the design (parameters and memory) or as a second
    // marker (scaling) so a comparison reads off one chart.
    static std::unique_ptr<QChart> create(Kind kind, const Input &design, const Input *pinned = nullptr);
};

} // namespace tx
