#pragma once

#include "core/estimate/evaluation.h"

#include <QChart>
#include <QList>

class QBarCategoryAxis;
class QBarSet;
class QLineSeries;
class QStackedBarSeries;
class QValueAxis;

namespace tx {

// Memory to run vs memory to train, as stacked bars (weights, KV cache, activations,
// runtime overhead, gradients, optimizer states), with a dashed line at the device's
// capacity. Values in GB (10^9 bytes). With a pinned design, A and B stand side by side.
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

    QStackedBarSeries *m_series;
    QLineSeries *m_capacity;
    QBarCategoryAxis *m_categories;
    QValueAxis *m_values;
    QList<QBarSet *> m_sets;
    std::optional<Evaluation> m_current;
    std::optional<Evaluation> m_pinned;
};

} // namespace tx
