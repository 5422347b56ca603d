#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/mat.h"

#include <vector>

namespace tx::trainingops {

// The layers of a trainable Transformer as forward/backward pairs (llm.c style). Every
// *Forward keeps nothing itself: what its *Backward needs (inputs, means, reciprocal standard
// deviations, probabilities) lives in the caller's buffers. N is the number of rows (tokens
// of all sequences stacked: row b*T + t is position t of sequence b).
//
// Backward conventions: input gradients (dx) are assigned; parameter gradients (dw, db) are
// accumulated (+=), so a tied or shared tensor collects from every use.

using ColVec = Eigen::Matrix<float, Eigen::Dynamic, 1>; // (N): per-row statistics

// y (N, out) = x (N, in) * w (in, out) + bias (1, out); bias may be null.
void linearForward(Mat &y, const Mat &x, const Mat &w, const Mat *bias);
void linearBackward(Mat *dx, Mat &dw, Mat *dbias, const Mat &dy, const Mat &x, const Mat &w);

// LayerNorm (biased variance, torch.nn.LayerNorm) or RMSNorm (Llama) over the last dim.
// mean (N) is unused by RMSNorm; rstd (N) = 1/sqrt(var + eps) or 1/sqrt(mean(x²) + eps).
void normForward(NormKind kind, Mat &y, ColVec &mean, ColVec &rstd, const Mat &x, const Mat &scale,
                 const Mat *bias, float eps);
void normBackward(NormKind kind, Mat &dx, Mat &dscale, Mat *dbias, const Mat &dy, const Mat &x,
                  const ColVec &mean, const ColVec &rstd, const Mat &scale);

// Elementwise y = act(x); Gelu is the exact erf form, GeluTanh the tanh approximation
// (Hendrycks & Gimpel 2016), Silu = x·sigmoid(x).
void activationForward(Activation act, Mat &y, const Mat &x);
void activationBackward(Activation act, Mat &dx, const Mat &dy, const Mat &x);

// Gated FFN (SwiGLU with Silu, GeGLU with Gelu): y (N, f) = act(gateUp[:, :f]) ⊙ gateUp[:, f:];
// gateUp (N, 2f), columns [gate | up] as in the engine's ffnIn.
void gatedForward(Activation act, Mat &y, const Mat &gateUp);
void gatedBackward(Activation act, Mat &dGateUp, const Mat &dy, const Mat &gateUp);

// RoPE tables for positions 0..T-1: cos, sin (T, rotDim/2), inv_freq[i] = theta^(-2i/rotDim)
// (Su et al. 2021; Hugging Face LlamaRotaryEmbedding).
void ropeTables(Mat &cos, Mat &sin, int T, int rotDim, double theta);
// Rotates in place the first rotDim dims of nHeads heads of width headDim starting at column
// col0 of x (N = B*T rows, position = row % T), rotate_half convention:
//   out[i] = x[i] cos - x[i + r/2] sin,  out[i + r/2] = x[i + r/2] cos + x[i] sin.
// inverse = true rotates by the negative angle, which is the backward pass (rotations are orthogonal).
void ropeApply(Mat &x, int T, int col0, int nHeads, int headDim, int rotDim, const Mat &cos, const Mat &sin,
               bool inverse);

// Multi-head attention with GQA over B sequences of length T.
//   qkv   (B*T, (nHeads + 2*nKvHeads) * headDim): columns [q heads | k heads | v heads]
//   out   (B*T, nHeads * headDim): head h in columns [h*headDim, (h+1)*headDim)
//   probs (B*nHeads*T, T): block (b*nHeads + h) is softmax(q kᵀ / sqrt(headDim)) for that
//         sequence and head, row = query, col = key, masked entries 0.
// Query head h reads key/value head h / (nHeads / nKvHeads).
void attentionForward(Mat &out, Mat &probs, const Mat &qkv, int B, int T, int nHeads, int nKvHeads, int headDim,
                      bool causal);
// dQkv (B*T, (nHeads + 2*nKvHeads) * headDim) is assigned.
void attentionBackward(Mat &dQkv, const Mat &dOut, const Mat &probs, const Mat &qkv, int B, int T, int nHeads,
                       int nKvHeads, int headDim);

// Mean cross-entropy over the rows whose mask is non-zero (mask weights each row).
//   logits (N, V); targets, mask (N). Returns the loss in nats; 0 when the mask is empty.
// dlogits (N, V), when given, is assigned d loss / d logits. correct, when given, receives the
// masked rows whose argmax equals the target, and counted the number of masked rows.
double crossEntropy(const Mat &logits, const std::vector<int> &targets, const std::vector<float> &mask,
                    Mat *dlogits, int *correct = nullptr, int *counted = nullptr);

} // namespace tx::trainingops
