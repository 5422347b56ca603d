#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/mat.h"

namespace tx::forwardops {

// The engine's layers as free functions, llm.c style: each *Forward keeps what its backward
// needs (means, reciprocal standard deviations, pre-activation inputs) in the caller's
// buffers, so the matching *Backward can sit right next to it. N is the number of rows
// (tokens of all sequences stacked), shapes are given as (rows, cols).

// out (N, out) = x (N, in) * w (in, out) + bias (1, out); an empty bias is no bias.
void linearForward(Mat &out, const Eigen::Ref<const Mat> &x, const Eigen::Ref<const Mat> &w, const RowVec &bias);

// out (N, M) += x (N, K) * w (K, M), the output columns split over the OpenMP threads.
void matmulAdd(Eigen::Ref<Mat> out, const Eigen::Ref<const Mat> &x, const Eigen::Ref<const Mat> &w);
// out (N, M) += x (N, K) * w (M, K)ᵀ, e.g. the tied LM head: logits = h * wteᵀ.
void matmulAddTransposed(Eigen::Ref<Mat> out, const Eigen::Ref<const Mat> &x, const Eigen::Ref<const Mat> &w);

// torch.nn.LayerNorm over the last dim (biased variance). mean, rstd: (N) saved for backward.
void layerNormForward(Mat &out, ColVec &mean, ColVec &rstd, const Eigen::Ref<const Mat> &x, const RowVec &scale,
                      const RowVec &bias, float eps);

// Llama's RMSNorm: x * rsqrt(mean(x²) + eps) * scale. rstd: (N) saved for backward.
void rmsNormForward(Mat &out, ColVec &rstd, const Eigen::Ref<const Mat> &x, const RowVec &scale, float eps);

// Either norm, by kind (bias ignored for RMSNorm).
void normForward(Mat &out, ColVec &mean, ColVec &rstd, const Eigen::Ref<const Mat> &x, NormKind kind,
                 const RowVec &scale, const RowVec &bias, float eps);

// Elementwise activation in place: x (N, n).
void activationForward(Mat &x, Activation act);

// out (N, dFf) = act(gateUp[:, :dFf]) * gateUp[:, dFf:] (SwiGLU / GeGLU); gateUp (N, 2*dFf).
void gatedForward(Mat &out, const Eigen::Ref<const Mat> &gateUp, Activation act);

// RoPE tables for positions 0..T-1: cos, sin (T, rotDim/2), rotDim even.
// inv_freq[i] = 1 / theta^(2i / rotDim) as in Hugging Face's rotary embedding.
void ropeTables(Mat &cos, Mat &sin, int T, int rotDim, double theta);

// Rotates, in place, the first rotDim dims of `nHeads` consecutive heads of width headDim
// starting at column col0 of x (T rows), Hugging Face rotate_half convention:
// out[i] = x[i] cos - x[i + r/2] sin, out[i + r/2] = x[i + r/2] cos + x[i] sin.
void ropeForward(Eigen::Ref<Mat> x, int col0, int nHeads, int headDim, int rotDim, const Mat &cos, const Mat &sin);

// One head of one sequence.
//   q, k, v: (T, headDim); out: (T, headDim)
//   probs: (T, T) softmax of q·kᵀ/sqrt(headDim) over the keys query i may see (0 elsewhere)
//   scores: (T, T) q·kᵀ/sqrt(headDim) before the mask, or nullptr
void attentionHeadForward(Eigen::Ref<Mat> out, Mat &probs, Mat *scores, const Eigen::Ref<const Mat> &q,
                          const Eigen::Ref<const Mat> &k, const Eigen::Ref<const Mat> &v, bool causal,
                          int slidingWindow);

// Sinusoidal table of Vaswani et al. 2017, §3.5: (T, d),
// PE(p, 2i) = sin(p / 10000^(2i/d)), PE(p, 2i+1) = cos(p / 10000^(2i/d)).
Mat sinusoidalTable(int T, int d);

} // namespace tx::forwardops
