#pragma once

#include "core/estimate/paramcount.h"
#include "core/report/paramsfigure.h"

#include <QChart>
#include <QList>

#include <optional>

class QBarCategoryAxis;
class QBarSet;
class QHorizontalStackedBarSeries;
class QValueAxis;

namespace tx {

// Draws the ParamsFigure (core/report): one horizontal stacked bar per design whose segments
// are the components; they sum to the model's total (unique stored parameters), in millions.
// The window shows it; ChartFactory exports the same chart in print style.
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
    void draw(const ParamsFigure &figure);

    QHorizontalStackedBarSeries *m_series;
    QBarCategoryAxis *m_categories;
    QValueAxis *m_values;
    QList<QBarSet *> m_sets;
    std::vector<std::int64_t> m_components;
    ParamCount m_params;
    std::optional<ParamCount> m_pinned;
    std::vector<bool> m_legendShown; // legend markers currently visible, by component
};

} // namespace tx
