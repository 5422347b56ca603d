#pragma once

#include "core/estimate/evaluateddesign.h"
#include "core/report/concurrencyfigure.h"

#include <QChart>

#include <optional>

class QLineSeries;
class QValueAxis;

namespace tx {

// Draws the ConcurrencyFigure (core/report): decode speed per user (left axis) and for all
// users together (right axis) against users decoding at once, up to the memory limit, which
// a dashed line marks. The window shows it; ChartFactory exports the same chart in print style.
class ConcurrencyChart : public QChart
{
    Q_OBJECT
public:
    explicit ConcurrencyChart(QGraphicsItem *parent = nullptr);

    void setDesign(const EvaluatedDesign &design);
    const ConcurrencyFigure &figure() const { return m_figure; }
    void retranslate();

    QLineSeries *perUser() const { return m_perUser; }
    QLineSeries *total() const { return m_total; }
    QLineSeries *limit() const { return m_limit; }

private:
    void draw(const ConcurrencyFigure &figure);

    QLineSeries *m_perUser;
    QLineSeries *m_total;
    QLineSeries *m_limit;
    QValueAxis *m_x;
    QValueAxis *m_perUserAxis;
    QValueAxis *m_totalAxis;
    std::optional<EvaluatedDesign> m_design;
    ConcurrencyFigure m_figure;
};

} // namespace tx
