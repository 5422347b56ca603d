#pragma once

#include "core/estimate/evaluateddesign.h"
#include "core/report/sensitivityfigure.h"

#include <QChart>

#include <optional>

class QBarCategoryAxis;
class QBarSet;
class QHorizontalBarSeries;
class QValueAxis;

namespace tx {

// Draws the SensitivityFigure (core/report): the tornado of which knob moves a metric most, a
// bar for one step down and one for one step up per knob, largest effect at the top. The
// window shows it; ChartFactory exports the same chart in print style.
class SensitivityChart : public QChart
{
    Q_OBJECT
public:
    explicit SensitivityChart(QGraphicsItem *parent = nullptr);

    // `locks`: how the design is edited (the window's d_ff lock); exports use none.
    void setDesign(const EvaluatedDesign &design, const DesignLocks &locks = {});
    void setMetric(SensitivityFigure::Metric metric);
    SensitivityFigure::Metric metric() const { return m_metric; }
    // The figure drawn last (its note is shown under the chart by the page).
    const SensitivityFigure &figure() const { return m_figure; }
    void retranslate();

    QBarSet *lowSet() const { return m_low; }
    QBarSet *highSet() const { return m_high; }
    QBarCategoryAxis *knobAxis() const { return m_knobs; }

private:
    void refresh();
    void draw(const SensitivityFigure &figure);

    QHorizontalBarSeries *m_series;
    QBarSet *m_low;
    QBarSet *m_high;
    QBarCategoryAxis *m_knobs;
    QValueAxis *m_values;
    SensitivityFigure::Metric m_metric = SensitivityFigure::Metric::InferenceMemory;
    std::optional<EvaluatedDesign> m_design;
    DesignLocks m_locks;
    SensitivityFigure m_figure;
};

} // namespace tx
