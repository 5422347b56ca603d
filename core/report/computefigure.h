#pragma once

#include "core/estimate/evaluation.h"

#include <QCoreApplication>
#include <QList>
#include <QPointF>
#include <QString>

namespace tx {

// The compute figure (Williams et al. 2009's roofline), as the window and the exports draw
// it: attainable speed against arithmetic intensity, log-log, with the design's prefill and
// decode steps on the roof. x in FLOP per byte moved, y in TFLOP/s.
struct ComputeFigure
{
    Q_DECLARE_TR_FUNCTIONS(tx::ComputeFigure)
public:
    static constexpr double kMinIntensity = 0.1; // FLOP/byte, left edge
    static constexpr double kMaxIntensity = 1e5; // right edge

    QString title;
    QString xTitle;
    QString yTitle;
    QString prefillName;
    QString decodeName;
    // Empty when the device has no peak or bandwidth (then only the names above are set).
    QString roofName;
    QList<QPointF> roof;
    QPointF prefill;
    QPointF decode;
    double yLow = 0;
    double yHigh = 0;

    bool hasRoof() const { return !roof.isEmpty(); }

    // nullptr: the titles and names only, before the first design.
    static ComputeFigure of(const Evaluation *evaluation);
};

} // namespace tx
