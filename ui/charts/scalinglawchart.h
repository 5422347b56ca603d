#pragma once

#include "core/estimate/assumptions.h"
#include "core/estimate/evaluation.h"

#include <QChart>

#include <optional>

class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

namespace tx {

// Predicted loss against parameters at the design's training tokens, beside the
// compute-optimal loss for each size (D = D*(6·N·D)): how much a bigger model would help
// with the same data. x: parameters (log), y: loss (nats/token). The design is marked.
class ScalingLawChart : public QChart
{
    Q_OBJECT
public:
    explicit ScalingLawChart(QGraphicsItem *parent = nullptr);

    void setEvaluation(const Assumptions &assumptions, const Evaluation &evaluation);
    // Sets the fixed titles, legend names and axis titles again in the current language
    // (names that carry numbers are set again by the next evaluation).
    void retranslate();

    QLineSeries *curve() const { return m_curve; }
    QScatterSeries *design() const { return m_design; }

private:
    QLineSeries *m_curve;
    QScatterSeries *m_design;
    QLogValueAxis *m_x;
    QValueAxis *m_y;
    double m_shownTokens = -1;
    std::optional<ScalingLawKind> m_shownLaw;
};

} // namespace tx
