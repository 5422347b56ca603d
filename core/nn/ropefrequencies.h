#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/mat.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace tx {

// The rotary frequencies of a design, scaled as its RopeScaling says: the inverse frequencies
// and the factor cos and sin are multiplied by, computed as Hugging Face transformers computes
// them (src/transformers/modeling_rope_utils.py: _compute_default_rope_parameters,
// _compute_linear_scaling_rope_parameters, _compute_dynamic_ntk_parameters,
// _compute_yarn_parameters, _compute_longrope_parameters, _compute_llama3_parameters, and the
// rotary embeddings' forward: emb = positions · inv_freq, cos = cos(emb) · attention_scaling),
// in float32 where transformers is.
class RopeFrequencies
{
    Q_DECLARE_TR_FUNCTIONS(tx::RopeFrequencies)

public:
    // Dims of each head RoPE rotates: head_dim · rotary_fraction rounded down to pairs, MLA's
    // qk_rope_head_dim; 0 without rotary positions.
    static int rotaryDim(const ModelConfig &c);
    // inv_freq (rotaryDim / 2) of the layers that rotate with the design's scaling, for a pass
    // whose last position is positions − 1 (dynamic and longrope depend on it, as
    // dynamic_rope_update does with max(position_ids) + 1).
    static std::vector<float> inverse(const ModelConfig &c, int rotaryDim, int positions);
    // Plain RoPE: inv_freq[i] = theta^(−2i / rotaryDim), the exponent in float32.
    static std::vector<float> plain(double theta, int rotaryDim);
    // What cos and sin are multiplied by (yarn's and longrope's attention_factor; 1 otherwise).
    static double attentionFactor(const ModelConfig &c);
    // What multi-head latent attention multiplies its softmax scale by: DeepseekV3Attention's
    // mscale² with mscale = 0.1 · mscale_all_dim · ln(factor) + 1, when the design scales its
    // RoPE with an mscale_all_dim; 1 otherwise.
    static double mlaSoftmaxFactor(const ModelConfig &c);
    // yarn_get_mscale: 0.1 · mscale · ln(scale) + 1, and 1 for scale <= 1.
    static double yarnMscale(double scale, double mscale);
    // The positions the scaling is measured from: originalMaxPositions, else max_positions.
    static int originalPositions(const ModelConfig &c);
    // cos, sin (T, invFreq.size()): angle = t · inv_freq in float32, times the attention factor.
    static void tables(Mat &cos, Mat &sin, int T, const std::vector<float> &invFreq, float attentionFactor);
    // One line for the user: "yarn, factor 32 from 4,096 positions, cos/sin × 1.3466", or empty
    // without scaling and without a local base.
    static QString describe(const ModelConfig &c);
};

} // namespace tx
