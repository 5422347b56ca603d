#pragma once

#include "core/estimate/evaluation.h"
#include "core/report/memoryfigure.h"

#include <QChart>
#include <QList>

class QBarCategoryAxis;
class QBarSet;
class QLineSeries;
class QStackedBarSeries;
class QValueAxis;

namespace tx {

// Draws the MemoryFigure (core/report): memory to run vs memory to train as stacked bars,
// with a dashed line at the device's capacity. The window shows it; ChartFactory exports the
// same chart in print style.
class MemoryChart : public QChart
{
    Q_OBJECT
public:
    explicit MemoryChart(QGraphicsItem *parent = nullptr);

    void setEvaluation(const Evaluation &evaluation);
    void setPinned(const Evaluation *pinned);
    // Sets the fixed titles, legend names and axis titles again in the current language
    // (names that carry numbers are set again by the next evaluation).
    void retranslate();

    // weights, KV cache, activations, overhead, gradients, optimizer; values in GB.
    const QList<QBarSet *> &sets() const { return m_sets; }
    QLineSeries *capacityLine() const { return m_capacity; }

private:
    void refresh();
    void draw(const MemoryFigure &figure);

    QStackedBarSeries *m_series;
    QLineSeries *m_capacity;
    QBarCategoryAxis *m_categories;
    QValueAxis *m_values;
    QList<QBarSet *> m_sets;
    std::optional<Evaluation> m_current;
    std::optional<Evaluation> m_pinned;
};

} // namespace tx
