#include "core/train/adamw.h"

#include <cmath>

namespace tx {

void AdamW::step(const std::vector<Parameter> &params, double lr)
{
    ++m_step;
    const float b1 = float(m_settings.beta1), b2 = float(m_settings.beta2);
    const double bc1 = 1.0 - std::pow(m_settings.beta1, m_step);
    const double bc2 = 1.0 - std::pow(m_settings.beta2, m_step);
    const float stepSize = float(lr / bc1);
    const float bc2Sqrt = float(std::sqrt(bc2));
    const float eps = float(m_settings.eps);
    const float decay = float(1.0 - lr * m_settings.weightDecay);
    for (const Parameter &p : params) {
        if (p.adamM.size() != p.value.size()) {
            p.adamM = Mat::Zero(p.value.rows(), p.value.cols());
            p.adamV = Mat::Zero(p.value.rows(), p.value.cols());
        }
        float *w = p.value.data();
        float *m = p.adamM.data();
        float *v = p.adamV.data();
        const float *g = p.grad.data();
        const Eigen::Index n = p.value.size();
        const bool doDecay = p.decay && m_settings.weightDecay != 0.0;
        // Each element's update is on its own, so splitting the tensor over threads gives the
        // same weights bit for bit; large tensors only (a thread join costs about 10 µs).
#pragma omp parallel for schedule(static) if (n >= 65536)
        for (Eigen::Index i = 0; i < n; ++i) {
            if (doDecay)
                w[i] *= decay;
            m[i] = b1 * m[i] + (1.0f - b1) * g[i];
            v[i] = b2 * v[i] + (1.0f - b2) * g[i] * g[i];
            w[i] -= stepSize * m[i] / (std::sqrt(v[i]) / bc2Sqrt + eps);
        }
    }
}

double AdamW::clipGradNorm(const std::vector<Parameter> &params, double maxNorm)
{
    double sq = 0.0;
    for (const Parameter &p : params)
        sq += p.grad.cast<double>().squaredNorm();
    const double norm = std::sqrt(sq);
    if (maxNorm > 0.0 && norm > maxNorm) {
        const float scale = float(maxNorm / (norm + 1e-6));
        for (const Parameter &p : params)
            p.grad *= scale;
    }
    return norm;
}

} // namespace tx
