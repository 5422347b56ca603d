#pragma once

#include "core/nn/mat.h"

#include <QString>

namespace tx {

// One learned tensor as the optimizer sees it: views (references) into the model's weights,
// its gradients and AdamW's moments, which all share the engine's tensor registry
// (Transformer::tensors()), so a tensor is named once for all four.
struct Parameter
{
    QString name; // the registry name, e.g. "layers.0.qkv"
    Mat &value;   // the tensor, layout as in TransformerWeights
    Mat &grad;    // same shape: d loss / d value
    Mat &adamM;   // same shape: AdamW first moment (empty until the first step)
    Mat &adamV;   // same shape: AdamW second moment
    bool decay = false; // AdamW weight decay applies (matrices yes, biases and norm scales no)
};

} // namespace tx
