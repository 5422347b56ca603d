#pragma once

#include "core/estimate/evaluateddesign.h"
#include "core/estimate/hardwarecatalog.h"
#include "core/estimate/sensitivity.h"

#include <QCoreApplication>
#include <QStringList>

#include <vector>

namespace tx {

// The sensitivity (tornado) figure, as the window and the exports draw it: one row per knob,
// a bar for one step down and one for one step up, each the change of one metric in percent
// (signed), rows sorted by effect with the largest at the top.
struct SensitivityFigure
{
    Q_DECLARE_TR_FUNCTIONS(tx::SensitivityFigure)
public:
    using Metric = Sensitivity::Metric;

    QString title;
    QString valueAxisTitle;  // "change in inference memory (%)"
    QString lowName;         // legend: one step down
    QString highName;        // legend: one step up
    // Bottom to top, as a horizontal bar chart lays categories out: the smallest effect first.
    // "Layers 32: 29 | 35".
    QStringList categories;
    QStringList fields;      // the knob of each category (design-file key or assumption name)
    std::vector<double> low;  // percent, 0 where the step does not exist
    std::vector<double> high; // percent
    double extent = 0;       // the value axis runs from −extent to +extent (percent)
    // The biggest lever in plain words: "To lower inference memory most: Weight precision
    // bf16 → int8, −46.2 %." Empty when no knob moves the metric.
    QString note;

    // Knobs whose steps leave the metric where it is (within 0.05 %) are left out.
    static SensitivityFigure of(const Sensitivity::Result &result, Metric metric);
    // Computes the result first (Sensitivity::of); an invalid design gives the titles only.
    // `locks` as the design is edited (under the d_ff lock d_ff is no knob of its own).
    static SensitivityFigure of(const EvaluatedDesign &design, Metric metric,
                                const HardwareCatalog &catalog = HardwareCatalog::builtIn(),
                                const DesignLocks &locks = {});

    static QString metricName(Metric metric); // "inference memory"
    static std::vector<Metric> metrics();     // every metric, in the menu's order
};

} // namespace tx
