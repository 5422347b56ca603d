#pragma once

#include "core/estimate/paramcount.h"

#include <QChart>
#include <QList>

class QBarCategoryAxis;
class QBarSet;
class QHorizontalStackedBarSeries;
class QValueAxis;

namespace tx {

// Where the parameters are: one horizontal stacked bar whose segments are the components
// (embeddings, attention, feed-forward, experts, norms, output head, pooler). The segments
// sum to the model's total (unique stored parameters). Values are in millions of parameters.
class BreakdownChart : public QChart
{
    Q_OBJECT
public:
    explicit BreakdownChart(QGraphicsItem *parent = nullptr);

    void setParams(const ParamCount &params);
    // Puts a second bar, "A", beside the design (comparison); nullptr removes it.
    void setPinned(const ParamCount *pinned);
    // Sets every title, legend entry and axis title again in the current language.
    void retranslate();

    // Components in drawing order (ParamComponents::keys()); sets()[i] holds component i, in parameters / 10^6.
    const QList<QBarSet *> &sets() const { return m_sets; }
    // Exact parameters per component of the last design, same order as sets().
    const std::vector<std::int64_t> &components() const { return m_components; }


private:
    void refresh();

    QHorizontalStackedBarSeries *m_series;
    QBarCategoryAxis *m_categories;
    QValueAxis *m_values;
    QList<QBarSet *> m_sets;
    std::vector<std::int64_t> m_components;
    std::vector<std::int64_t> m_pinned;
    std::vector<bool> m_legendShown; // legend markers currently visible, by component
};

} // namespace tx
