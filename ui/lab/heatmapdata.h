#pragma once

#include "core/nn/mat.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace tx {

// One matrix to draw as a heatmap, with what its rows and columns mean.
struct HeatmapData
{
    enum class Scale {
        Sequential, // 0 .. max of the unmasked cells, white → blue (attention probabilities)
        Diverging,  // -m .. +m with m = max |value| of the unmasked cells, blue → white → red
    };

    Mat values; // (rows, cols)
    Scale scale = Scale::Sequential;
    QString title;        // "Layer 1 · Head 2"
    QString rowAxis;      // "query", "position"
    QString columnAxis;   // "key", "dimension"
    QStringList rowLabels;    // rows() labels, or empty
    QStringList columnLabels; // cols() labels, or empty
    // Cells the model cannot use (the causal mask); drawn in kMaskColour. Empty: none.
    std::function<bool(int row, int col)> masked;
    bool squareCells = true; // attention is square; a position table is wide
    // One more value per row drawn as a column of its own beside the cells: a fixed width whatever
    // the number of columns, its own 0 .. max colour scale (orange) and a label (gpt-oss's sinks:
    // what each query gives its head's sink). Empty: none.
    std::vector<float> side; // (rows)
    QString sideLabel;       // "sink · mean 23.4 %"

    bool isMasked(int row, int col) const { return masked && masked(row, col); }
};

} // namespace tx
