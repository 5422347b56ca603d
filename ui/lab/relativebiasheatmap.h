#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/mat.h"
#include "ui/lab/heatmapdata.h"

#include <QCoreApplication>
#include <QString>

namespace tx {

// The attention view's Positions tab for a design with T5's relative position buckets: the
// bias every head adds to its logits, by the key's offset from the query (k − q). Where a
// sinusoidal design shows its encoding table, this shows the one table of the stack.
struct RelativeBiasHeatmap
{
    Q_DECLARE_TR_FUNCTIONS(tx::RelativeBiasHeatmap)

public:
    // bias (nHeads, 2T − 1): RelativePositionBias::forward for T tokens, column T − 1 the offset 0.
    // A decoder's later keys (offsets > 0) are drawn masked: its queries never see them.
    static HeatmapData data(const Mat &bias, const ModelConfig &config);
    // What the reader is looking at, with the design's buckets and distance put in.
    static QString note(const ModelConfig &config);
};

} // namespace tx
