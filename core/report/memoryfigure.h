#pragma once

#include "core/estimate/evaluation.h"

#include <QCoreApplication>
#include <QStringList>

#include <vector>

namespace tx {

// The memory figure, as the window and the exports draw it: stacked bars "to run" and "to
// train" (with a pinned design, A and B side by side), one segment per part, values in GB
// (10^9 bytes), and a line at the device's memory.
struct MemoryFigure
{
    Q_DECLARE_TR_FUNCTIONS(tx::MemoryFigure)
public:
    QString title;
    QString valueAxisTitle;
    QStringList bars;     // bar names, left to right
    QStringList segments; // weights, KV cache, activations, runtime overhead, gradients, optimizer states
    std::vector<std::vector<double>> values; // values[segment][bar], GB
    double capacity = 0;  // the device's memory, GB
    QString capacityName; // "Device memory (80 GB)"
    double top = 0;       // the top of the scale: the tallest bar, or the capacity when it is on the scale (GB)
    double barsTop = 0;   // the tallest bar, GB
    // The capacity is more than twice the tallest bar (GPT-2's 3 GB beside an 80 GB device):
    // the scale then fits the bars, and the capacity is marked at its top edge, named as off the scale.
    bool capacityOffScale = false;

    static MemoryFigure of(const Evaluation &design, const Evaluation *pinned = nullptr);
};

} // namespace tx
