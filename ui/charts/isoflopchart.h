#pragma once

#include "core/estimate/assumptions.h"
#include "core/estimate/evaluation.h"

#include <QChart>
#include <QList>

#include <optional>

class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

namespace tx {

// Iso-FLOP curves (Hoffmann et al. 2022, Fig. 3): predicted loss against parameters for
// fixed compute budgets, one curve per decade of FLOPs, the compute-optimal frontier through
// their minima, the design's own budget highlighted and the design marked. x: parameters
// (log), y: loss (nats/token). The law follows Assumptions::law.
class IsoFlopChart : public QChart
{
    Q_OBJECT
public:
    explicit IsoFlopChart(QGraphicsItem *parent = nullptr);

    void setEvaluation(const Assumptions &assumptions, const Evaluation &evaluation);
    void setPinned(const Evaluation *pinned);
    // Sets the fixed titles, legend names and axis titles again in the current language
    // (names that carry numbers are set again by the next evaluation).
    void retranslate();

    const QList<QLineSeries *> &budgets() const { return m_budgets; }
    QLineSeries *frontier() const { return m_frontier; }
    QLineSeries *designBudget() const { return m_designBudget; }
    QScatterSeries *design() const { return m_design; }

    static constexpr double kMinParams = 1e7;
    static constexpr double kMaxParams = 1e13;

private:
    void rebuildLaw(ScalingLawKind kind);

    std::optional<ScalingLawKind> m_law;
    double m_shownBudget = -1; // FLOPs of the design curve on screen
    double m_shownLo = 0;
    double m_shownHi = 0;
    QList<QLineSeries *> m_budgets;
    QLineSeries *m_frontier;
    QLineSeries *m_designBudget;
    QScatterSeries *m_design;
    QScatterSeries *m_pinned;
    QLogValueAxis *m_x;
    QValueAxis *m_y;
};

} // namespace tx
