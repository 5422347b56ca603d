#pragma once

#include "core/nn/mat.h"

#include <QString>

namespace tx {

// One learned tensor of a trainable model with its gradient and optimizer state.
// Vectors (biases, norm scales) are (1, n) matrices so every parameter has one type.
struct Parameter
{
    QString name;  // Hugging Face style, e.g. "h.0.attn.c_attn.weight"
    Mat value;     // the tensor, layout as documented where it is created
    Mat grad;      // same shape: d loss / d value
    Mat adamM;     // same shape: AdamW first moment (empty until the first step)
    Mat adamV;     // same shape: AdamW second moment
    bool decay = false; // AdamW weight decay applies (matrices yes, biases and norm scales no)
};

} // namespace tx
