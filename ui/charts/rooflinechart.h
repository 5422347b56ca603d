#pragma once

#include "core/estimate/evaluation.h"
#include "core/report/computefigure.h"

#include <QChart>

#include <optional>

class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace tx {

// The roofline of the chosen device (Williams et al. 2009): attainable speed against
// arithmetic intensity, log-log, with the design's prefill and decode steps marked.
// Reading a prompt sits under the flat compute roof; writing token by token sits on the
// sloped memory-bandwidth roof. x in FLOP per byte, y in TFLOP/s.
class RooflineChart : public QChart
{
    Q_OBJECT
public:
    explicit RooflineChart(QGraphicsItem *parent = nullptr);

    void setEvaluation(const Evaluation &evaluation);
    // Sets the fixed titles, legend names and axis titles again in the current language
    // (names that carry numbers are set again by the next evaluation).
    void retranslate();

    QLineSeries *roof() const { return m_roof; }
    QScatterSeries *prefill() const { return m_prefill; }
    QScatterSeries *decode() const { return m_decode; }

private:
    void draw(const ComputeFigure &figure);

    QLineSeries *m_roof;
    QScatterSeries *m_prefill;
    QScatterSeries *m_decode;
    QLogValueAxis *m_x;
    QLogValueAxis *m_y;
    std::optional<Evaluation> m_current;
};

} // namespace tx
