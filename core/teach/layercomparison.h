#pragma once

#include "core/design/modelconfig.h"
#include "core/teach/layercolumn.h"
#include "core/teach/seedcheck.h"

#include <QCoreApplication>

#include <vector>

namespace tx {

// The first seed document's comparison, as numbers: a linear layer, an MLP, an LSTM layer and
// a Transformer layer of the current design's kind, all at the width d.
class LayerComparison
{
    Q_DECLARE_TR_FUNCTIONS(tx::LayerComparison)

public:
    struct Widths
    {
        int dIn = 100;      // d: every column's input width (the Transformer's d_model)
        int dOut = 10;      // the linear layer's and the MLP's output
        int hidden = 2048;  // the MLP's hidden width and the Transformer's d_ff
        int context = 2048; // tokens the Transformer layer attends to (its FLOPs grow with it)
        // The MLP's hidden layers, in order; empty: one hidden layer of `hidden`.
        std::vector<int> mlpHidden;
    };

    // Linear, MLP, LSTM, Transformer layer (the design's first layer with d_model = dIn and
    // d_ff = hidden; heads kept when they divide dIn, else head_dim = dIn / heads rounded down).
    static std::vector<LayerColumn> columns(const Widths &w, const ModelConfig &design);
    // The seed's own examples: 100 → 10, a 512/2048 layer, GPT-3's layer and its 96 layers.
    static std::vector<SeedCheck> seedChecks();
    // The seed's formula for one layer: 4d² (Q, K, V, O) + 2·d·d_ff + d_ff + d (FFN) + 2d (one LayerNorm).
    static std::int64_t seedLayer(std::int64_t d, std::int64_t dFf);
    // The design resized to the widths, as the Transformer column counts it.
    static ModelConfig resized(const ModelConfig &design, const Widths &w);
};

} // namespace tx
