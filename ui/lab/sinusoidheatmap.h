#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/mat.h"
#include "ui/lab/heatmapdata.h"

#include <QCoreApplication>
#include <QString>

namespace tx {

// The attention view's Positions tab for every design without T5's buckets: the sinusoidal
// encodings of Vaswani et al. 2017 for the positions of the run (RelativeBiasHeatmap draws the
// buckets' bias instead).
struct SinusoidHeatmap
{
    Q_DECLARE_TR_FUNCTIONS(tx::SinusoidHeatmap)

public:
    // table (T, d): ops::sinusoidalTable of the run's T positions.
    static HeatmapData data(const Mat &table);
    // The formula, and what the design itself uses for positions.
    static QString note(const ModelConfig &config);
};

} // namespace tx
