#include "core/nn/ropefrequencies.h"

#include "core/base/numberformat.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tx {

namespace {

// torch's float32 pow of a scalar base: base ** (arange(0, dim, 2).float() / dim).
float powf32(double base, float exponent)
{
    return float(std::pow(double(float(base)), double(exponent)));
}

float exponentOf(int i, int rotaryDim)
{
    return float(2 * i) / float(rotaryDim);
}

// _compute_yarn_parameters: interpolated (÷ factor) and extrapolated (plain) frequencies blended
// over a linear ramp between the dimensions that turn beta_fast and beta_slow times over the
// original context.
std::vector<float> yarn(const RopeScaling &s, double theta, int dim, int original)
{
    const int half = dim / 2;
    const double factor = s.factor;
    // find_correction_dim: the dimension that turns `rotations` times over `original` positions.
    auto correctionDim = [&](double rotations) {
        return double(dim) * std::log(double(original) / (rotations * 2.0 * std::numbers::pi)) / (2.0 * std::log(theta));
    };
    double low = correctionDim(s.betaFast), high = correctionDim(s.betaSlow);
    if (s.truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    low = std::max(low, 0.0);
    high = std::min(high, double(dim - 1));
    if (low == high)
        high += 0.001; // linear_ramp_factor: "Prevent singularity"
    std::vector<float> out(static_cast<std::size_t>(half));
    for (int i = 0; i < half; ++i) {
        const float pos = powf32(theta, exponentOf(i, dim));
        const float extrapolation = 1.0f / pos;
        const float interpolation = 1.0f / (float(factor) * pos);
        const float ramp = std::clamp((float(i) - float(low)) / float(high - low), 0.0f, 1.0f);
        const float keep = 1.0f - ramp; // inv_freq_extrapolation_factor
        out[std::size_t(i)] = interpolation * (1.0f - keep) + extrapolation * keep;
    }
    return out;
}

// _compute_llama3_parameters: wavelengths longer than original / low_freq_factor divided by
// factor, shorter than original / high_freq_factor kept, a smooth blend between (none when the
// two factors are equal, as Llama 4's: transformers' torch.where never picks its 0/0 there).
std::vector<float> llama3(const RopeScaling &s, double theta, int dim, int original)
{
    const double lowWavelen = double(original) / s.lowFreqFactor, highWavelen = double(original) / s.highFreqFactor;
    const float factor = float(s.factor);
    std::vector<float> out(static_cast<std::size_t>(dim / 2));
    for (int i = 0; i < dim / 2; ++i) {
        float f = 1.0f / powf32(theta, exponentOf(i, dim));
        // torch's scalar / tensor is tensor.reciprocal() · scalar.
        const float wavelen = (1.0f / f) * float(2.0 * std::numbers::pi);
        if (wavelen > lowWavelen) {
            f = f / factor;
        } else if (!(wavelen < highWavelen) && s.highFreqFactor > s.lowFreqFactor) {
            const float smooth = ((1.0f / wavelen) * float(original) - float(s.lowFreqFactor)) / float(s.highFreqFactor - s.lowFreqFactor);
            f = (1.0f - smooth) * f / factor + smooth * f;
        }
        out[std::size_t(i)] = f;
    }
    return out;
}

} // namespace

int RopeFrequencies::rotaryDim(const ModelConfig &c)
{
    if (c.positions != PositionKind::Rotary)
        return 0;
    if (c.attention == AttentionKind::Mla) // DeepSeek rotates the decoupled rope part of each query and the shared key
        return c.mla.qkRopeHeadDim;
    return (int(c.effectiveHeadDim() * c.rotaryFraction) / 2) * 2;
}

std::vector<float> RopeFrequencies::plain(double theta, int rotaryDim)
{
    std::vector<float> out(static_cast<std::size_t>(rotaryDim / 2));
    for (int i = 0; i < rotaryDim / 2; ++i)
        out[std::size_t(i)] = float(1.0 / std::pow(theta, double(exponentOf(i, rotaryDim))));
    return out;
}

int RopeFrequencies::originalPositions(const ModelConfig &c)
{
    return c.ropeScaling.originalMaxPositions > 0 ? c.ropeScaling.originalMaxPositions : c.maxPositions;
}

std::vector<float> RopeFrequencies::inverse(const ModelConfig &c, int rotaryDim, int positions)
{
    const RopeScaling &s = c.ropeScaling;
    const double theta = c.ropeTheta;
    const int dim = rotaryDim, original = originalPositions(c);
    switch (s.kind) {
    case RopeScalingKind::None: break;
    case RopeScalingKind::Linear: {
        std::vector<float> out = plain(theta, dim);
        for (float &f : out)
            f /= float(s.factor);
        return out;
    }
    case RopeScalingKind::Dynamic: {
        // The base grows once the sequence passes the trained length: base · (factor · len /
        // max − (factor − 1))^(dim / (dim − 2)), len = max(positions, max).
        const double len = std::max(double(positions), double(original));
        const double base = theta * std::pow(s.factor * len / double(original) - (s.factor - 1.0), double(dim) / double(dim - 2));
        std::vector<float> out(static_cast<std::size_t>(dim / 2));
        for (int i = 0; i < dim / 2; ++i)
            out[std::size_t(i)] = 1.0f / powf32(base, exponentOf(i, dim));
        return out;
    }
    case RopeScalingKind::Yarn: return yarn(s, theta, dim, original);
    case RopeScalingKind::Llama3: return llama3(s, theta, dim, original);
    case RopeScalingKind::LongRope: {
        // The long factors once the sequence is longer than the trained context
        // (dynamic_rope_update's longrope_frequency_update), else the short ones.
        const std::vector<double> &ext = positions > original ? s.longFactor : s.shortFactor;
        std::vector<float> out(static_cast<std::size_t>(dim / 2));
        for (int i = 0; i < dim / 2; ++i) {
            const float e = std::size_t(i) < ext.size() ? float(ext[std::size_t(i)]) : 1.0f;
            out[std::size_t(i)] = 1.0f / (e * powf32(theta, exponentOf(i, dim)));
        }
        return out;
    }
    }
    return plain(theta, dim);
}

double RopeFrequencies::yarnMscale(double scale, double mscale)
{
    return scale <= 1.0 ? 1.0 : 0.1 * mscale * std::log(scale) + 1.0;
}

double RopeFrequencies::attentionFactor(const ModelConfig &c)
{
    const RopeScaling &s = c.ropeScaling;
    if (s.kind != RopeScalingKind::Yarn && s.kind != RopeScalingKind::LongRope)
        return 1.0;
    if (s.attentionFactor > 0)
        return s.attentionFactor;
    if (s.kind == RopeScalingKind::Yarn) {
        if (s.mscale > 0 && s.mscaleAllDim > 0)
            return yarnMscale(s.factor, s.mscale) / yarnMscale(s.factor, s.mscaleAllDim);
        return yarnMscale(s.factor, 1.0);
    }
    // longrope: sqrt(1 + ln(factor) / ln(original_max_position_embeddings)).
    const double original = double(originalPositions(c));
    return s.factor <= 1.0 || original <= 1.0 ? 1.0 : std::sqrt(1.0 + std::log(s.factor) / std::log(original));
}

double RopeFrequencies::mlaSoftmaxFactor(const ModelConfig &c)
{
    const RopeScaling &s = c.ropeScaling;
    if (!s.enabled() || !(s.mscaleAllDim > 0))
        return 1.0;
    const double m = 0.1 * s.mscaleAllDim * std::log(s.factor) + 1.0;
    return m * m;
}

void RopeFrequencies::tables(Mat &cos, Mat &sin, int T, const std::vector<float> &invFreq, float attentionFactor)
{
    const int half = int(invFreq.size());
    cos.resize(T, half);
    sin.resize(T, half);
    for (int i = 0; i < half; ++i) {
        for (int t = 0; t < T; ++t) {
            const float angle = float(t) * invFreq[std::size_t(i)];
            cos(t, i) = std::cos(angle) * attentionFactor;
            sin(t, i) = std::sin(angle) * attentionFactor;
        }
    }
}

QString RopeFrequencies::describe(const ModelConfig &c)
{
    if (c.positions != PositionKind::Rotary)
        return {};
    const RopeScaling &s = c.ropeScaling;
    QStringList parts;
    if (s.enabled()) {
        const QString from = NumberFormat::exact(originalPositions(c));
        switch (s.kind) {
        case RopeScalingKind::None: break;
        case RopeScalingKind::Linear: parts << tr("linear, factor %1").arg(s.factor); break;
        case RopeScalingKind::Dynamic: parts << tr("dynamic NTK, factor %1 past %2 positions").arg(s.factor).arg(from); break;
        case RopeScalingKind::Yarn:
            parts << tr("yarn, factor %1 from %2 positions, beta_fast %3, beta_slow %4%5")
                         .arg(s.factor)
                         .arg(from)
                         .arg(s.betaFast)
                         .arg(s.betaSlow)
                         .arg(s.truncate ? QString() : tr(", not truncated"));
            break;
        case RopeScalingKind::Llama3:
            parts << tr("llama3, factor %1 from %2 positions, low_freq_factor %3, high_freq_factor %4")
                         .arg(s.factor)
                         .arg(from)
                         .arg(s.lowFreqFactor)
                         .arg(s.highFreqFactor);
            break;
        case RopeScalingKind::LongRope: parts << tr("longrope, %1 factors from %2 positions").arg(s.shortFactor.size()).arg(from); break;
        }
        if (const double a = attentionFactor(c); a != 1.0)
            parts << tr("cos/sin × %1").arg(a, 0, 'f', 4);
        if (c.attention == AttentionKind::Mla)
            if (const double m = mlaSoftmaxFactor(c); m != 1.0)
                parts << tr("softmax scale × %1").arg(m, 0, 'f', 4);
    }
    if (c.ropeLocalTheta > 0)
        parts << tr("sliding layers: plain RoPE, base %1").arg(c.ropeLocalTheta);
    return parts.join(QStringLiteral("; "));
}

} // namespace tx
