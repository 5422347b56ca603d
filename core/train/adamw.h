#pragma once

#include "core/train/parameter.h"

#include <vector>

namespace tx {

// AdamW (Loshchilov & Hutter 2019) with decoupled weight decay, written to match
// torch.optim.AdamW (PyTorch 1.13, foreach=False) step for step:
//   p ← p − lr·wd·p;  m ← β1 m + (1−β1) g;  v ← β2 v + (1−β2) g²
//   p ← p − (lr / (1−β1^t)) · m / (sqrt(v) / sqrt(1−β2^t) + eps)
// Weight decay applies only to parameters with Parameter::decay set.
class AdamW
{
public:
    struct Settings
    {
        double beta1 = 0.9;
        double beta2 = 0.999;
        double eps = 1e-8;
        double weightDecay = 0.01;
    };

    AdamW() = default;
    explicit AdamW(const Settings &s) : m_settings(s) {}

    void step(const std::vector<Parameter> &params, double lr);
    int steps() const { return m_step; }
    const Settings &settings() const { return m_settings; }

    // Global L2 norm of all gradients, then scales them by maxNorm / (norm + 1e-6) when the norm
    // exceeds maxNorm (torch.nn.utils.clip_grad_norm_). Returns the norm before clipping.
    static double clipGradNorm(const std::vector<Parameter> &params, double maxNorm);

private:
    Settings m_settings;
    int m_step = 0;
};

} // namespace tx
