#include "core/nn/clampedswiglu.h"

#include <algorithm>
#include <cmath>

namespace tx {

void ClampedSwiglu::forward(Mat &y, const Mat &gateUp, float limit)
{
    const Eigen::Index f = gateUp.cols() / 2;
    y.resize(gateUp.rows(), f);
    for (Eigen::Index r = 0; r < gateUp.rows(); ++r) {
        const float *g = gateUp.row(r).data();
        float *out = y.row(r).data();
        for (Eigen::Index c = 0; c < f; ++c) {
            const float gate = std::min(g[c], limit);
            const float up = std::clamp(g[f + c], -limit, limit);
            out[c] = (up + 1.0f) * gate / (1.0f + std::exp(-kAlpha * gate));
        }
    }
}

void ClampedSwiglu::backward(Mat &dGateUp, const Mat &dy, const Mat &gateUp, float limit)
{
    const Eigen::Index f = gateUp.cols() / 2;
    dGateUp.resize(gateUp.rows(), gateUp.cols());
    for (Eigen::Index r = 0; r < gateUp.rows(); ++r) {
        const float *g = gateUp.row(r).data();
        const float *d = dy.row(r).data();
        float *out = dGateUp.row(r).data();
        for (Eigen::Index c = 0; c < f; ++c) {
            const float gate = std::min(g[c], limit);
            const float up = std::clamp(g[f + c], -limit, limit);
            const float s = 1.0f / (1.0f + std::exp(-kAlpha * gate));
            // d glu / d gate = σ(αg) + αg · σ(αg)(1 − σ(αg))
            out[c] = g[c] <= limit ? d[c] * (up + 1.0f) * (s + kAlpha * gate * s * (1.0f - s)) : 0.0f;
            out[f + c] = std::abs(g[f + c]) <= limit ? d[c] * gate * s : 0.0f;
        }
    }
}

} // namespace tx
