#pragma once

#include "core/nn/mat.h"

#include <QString>
#include <QStringList>

namespace tx {

// One stage of a forward pass as the step-through shows it: the tensor's full shape and a
// corner of its real values from the engine.
struct ForwardStep
{
    enum class Kind { Tokens, Embedding, Norm, Query, Attention, AttentionOut, Residual, FfnHidden, Logits, Next };

    Kind kind = Kind::Tokens;
    int layer = -1;          // 0-based layer, -1 outside the stack
    QString title;           // translated, "Layer 1 · attention weights of head 1"
    QString formula;         // the operation, with the sizes put in
    int rows = 0, cols = 0;  // the tensor's full shape
    Mat preview;             // (≤ kPreviewRows, ≤ kPreviewCols) its top-left corner (attention: the whole T × T)
    QStringList rowLabels;   // one per preview row (the tokens)
    QStringList columnLabels; // one per preview column, or empty (dimensions)
    QString numbers;         // a few of the real values in words: "床: 0.1234, -0.5678, …"
    bool diverging = true;   // signed values (white at 0) or probabilities (0 .. max)
    // Attention only: the same weights without the ÷√d_k, softmax(Q·Kᵀ) under the mask (T, T), and
    // each query's largest weight averaged over the queries, with and without the scaling.
    Mat unscaled;
    double meanMax = 0, unscaledMeanMax = 0;

    static constexpr int kPreviewRows = 32;
    static constexpr int kPreviewCols = 16;
    // "(12, 128)"
    QString shape() const { return QStringLiteral("(%1, %2)").arg(rows).arg(cols); }
};

} // namespace tx
