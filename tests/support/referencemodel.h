#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/nn/mat.h"
#include "core/nn/transformer.h"

#include <QString>

#include <vector>

namespace tx {

// A tiny random model written by a reference script (tests/reference/make_*_reference.py) into
// tests/data/engine-features/<name>: design.json, weights.safetensors with the engine's registry
// tensors, and reference.json with PyTorch's outputs.
struct ReferenceModel
{
    std::vector<int> tokens;
    Mat logits;                 // (T, vocab)
    std::vector<Mat> attention; // [layer * heads + head] (T, T)

    static QString folder(const QString &name); // tests/data/engine-features/<name>/
    // PyTorch's outputs (reference.json).
    static ReferenceModel read(const QString &name);
    // The design with the file's weights, RMSNorm eps 1e-6 as the scripts'. Every tensor of the
    // file must fill one of the engine's, and back.
    static Expected<Transformer, Error> load(const QString &name);
    // Copies the file's tensors into `weights` (registry names); an error names a missing one.
    static std::optional<Error> fill(const QString &name, TransformerWeights &weights);
};

// Largest |a − b|, infinite when the shapes differ.
float maxAbsDiff(const Mat &a, const Mat &b);

} // namespace tx
