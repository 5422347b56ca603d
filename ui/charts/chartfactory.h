#pragma once

#include "core/estimate/evaluateddesign.h"
#include "core/report/reportcharts.h"

#include <QCoreApplication>
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
    Q_DECLARE_TR_FUNCTIONS(tx::ChartFactory)

public:
    using Kind = ReportCharts::Kind;
    using Input = EvaluatedDesign; // what every chart draws

    // Names and titles live in core (ReportCharts), shared with the report text.
    static QStringList kindNames() { return ReportCharts::names(); }
    static std::optional<Kind> kindFromString(const QString &name) { return ReportCharts::fromString(name); }
    static QString toString(Kind kind) { return ReportCharts::toString(kind); }
    static QString title(Kind kind, const Input &design) { return ReportCharts::title(kind, design); }

    // Fonts for exported text: a Latin face first (its digits and letters survive PDF text
    // extraction, which the CJK face's do not with Qt's PDF engine), then the UI's CJK-capable face.
    static QStringList fontFamilies();

    // `pinned`, when given, is drawn beside the design (parameters and memory) or as a second
    // marker (scaling) so a comparison reads off one chart.
    static std::unique_ptr<QChart> create(Kind kind, const Input &design, const Input *pinned = nullptr);
};

} // namespace tx
