#pragma once

#include "core/nn/mat.h"

#include <functional>

namespace tx {

// Central-difference gradient check (as in tiny-dnn's gradient_check): for entries of
// `values`, compares `analytic` with (loss(x + h) − loss(x − h)) / 2h, restoring every entry.
struct GradientCheck
{
    double maxAbsError = 0.0; // max |analytic − numeric|
    double maxRelError = 0.0; // max |analytic − numeric| / max(|analytic|, |numeric|, floor)
    int checked = 0;          // entries compared

    // Checks up to maxEntries entries spread evenly over the tensor; `floor` keeps the relative
    // error of near-zero gradients meaningful (float32 round-off is about 1e-7 of the loss / h).
    static GradientCheck run(const std::function<double()> &loss, Mat &values, const Mat &analytic, float h = 1e-2f,
                             int maxEntries = 64, double floor = 1e-3);
};

} // namespace tx
