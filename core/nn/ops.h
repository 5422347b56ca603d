#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/attentionmask.h"
#include "core/nn/mat.h"

#include <vector>

namespace tx::ops {

// The engine's layers as forward/backward pairs (llm.c style), one kernel each, used by
// running, the attention view and training alike. Every *Forward keeps nothing itself: what its
// *Backward needs (inputs, means, reciprocal standard deviations, probabilities) lives in the
// caller's buffers. N is the number of rows (the tokens of all sequences stacked).
//
// Vectors (biases, norm scales) are (1, n) matrices; an empty one means "absent".
// Backward conventions: input gradients (dx) are assigned; parameter gradients (dw, db) are
// accumulated (+=), so a tied or shared tensor collects from every use.

// out (N, M) += x (N, K) * w (K, M), the output columns split over the OpenMP threads when the
// product is large enough to pay for the join: gemm::addAB (the engine's own kernels) for 8 or
// more rows against a w that stays in the L2 cache (gemm::suitsAB), otherwise Eigen's product
// (OpenBLAS).
void matmulAdd(Eigen::Ref<Mat> out, const Eigen::Ref<const Mat> &x, const Eigen::Ref<const Mat> &w);
// out (N, M) += x (N, K) * w (M, K)ᵀ, e.g. the tied LM head: logits = h * wteᵀ. For 16–256 rows
// and a w larger than gemm::kStreamedBytes gemm::addXWt (the engine's own kernels), otherwise
// Eigen's product as matmulAdd.
void matmulAddTransposed(Eigen::Ref<Mat> out, const Eigen::Ref<const Mat> &x, const Eigen::Ref<const Mat> &w);

// y (N, out) = x (N, in) * w (in, out) + bias (1, out); where gemm::suitsAB, written once
// (bias + product) by gemm::addAB.
void linearForward(Mat &y, const Eigen::Ref<const Mat> &x, const Mat &w, const Mat &bias);
// The same with the weight stored (out, in), nn.Linear's layout: y = x * wTᵀ + bias, for the
// transposed copies inference keeps (TransposedWeights): gemm::addXWt for 16–256 rows, written
// once (bias + product); otherwise Eigen's product.
void linearForwardTransposed(Mat &y, const Eigen::Ref<const Mat> &x, const Mat &wT, const Mat &bias);
// dx (N, in) = dy wᵀ (skipped when dx is null; gemm::addABt where gemm::suitsAB); dw += xᵀ dy
// (OpenBLAS: its packing of the transposed x beat the engine's by 6–12 % on AVX2); dbias += Σ_rows dy.
void linearBackward(Mat *dx, Mat &dw, Mat &dbias, const Mat &dy, const Eigen::Ref<const Mat> &x, const Mat &w);

// LayerNorm (biased variance, torch.nn.LayerNorm) or RMSNorm (Llama) over the last dim.
// mean (N) is 0 for RMSNorm; rstd (N) = 1/sqrt(var + eps) or 1/sqrt(mean(x²) + eps).
void normForward(NormKind kind, Mat &y, ColVec &mean, ColVec &rstd, const Mat &x, const Mat &scale, const Mat &bias,
                 float eps);
void normBackward(NormKind kind, Mat &dx, Mat &dscale, Mat &dbias, const Mat &dy, const Mat &x, const ColVec &mean,
                  const ColVec &rstd, const Mat &scale);

// Elementwise y = act(x); Gelu is the exact erf form, GeluTanh the tanh approximation
// (Hendrycks & Gimpel 2016; GPT-2's gelu_new), Silu = x·sigmoid(x).
void activationForward(Activation act, Mat &y, const Mat &x);
void activationBackward(Activation act, Mat &dx, const Mat &dy, const Mat &x);

// Gated FFN (SwiGLU with Silu, GeGLU with Gelu): y (N, f) = act(gateUp[:, :f]) ⊙ gateUp[:, f:];
// gateUp (N, 2f), columns [gate | up] as in the engine's ffnIn.
void gatedForward(Activation act, Mat &y, const Mat &gateUp);
void gatedBackward(Activation act, Mat &dGateUp, const Mat &dy, const Mat &gateUp);

// RoPE tables for positions 0..T-1: cos, sin (T, rotDim/2), inv_freq[i] = theta^(-2i/rotDim)
// (Su et al. 2021; Hugging Face LlamaRotaryEmbedding, whose exponent and angles are float32).
void ropeTables(Mat &cos, Mat &sin, int T, int rotDim, double theta);
// Rotates in place the first rotDim dims of nHeads heads of width headDim starting at column
// col0 of x; row r is at position pos0 + r % T (T rows per sequence), rotate_half convention:
//   out[i] = x[i] cos - x[i + r/2] sin,  out[i + r/2] = x[i + r/2] cos + x[i] sin.
// inverse = true rotates by the negative angle, which is the backward pass (rotations are orthogonal).
void ropeApply(Eigen::Ref<Mat> x, int T, int col0, int nHeads, int headDim, int rotDim, const Mat &cos,
               const Mat &sin, bool inverse, int pos0 = 0);

// What a head's logits get beyond q·kᵀ/sqrt(hd).
struct HeadLogits
{
    float softcap = 0;    // > 0: s ← softcap · tanh(s / softcap) before the mask (Gemma 2's attn_logit_softcapping)
    bool hasSink = false; // a learned sink logit joins each row's softmax and is dropped after it (gpt-oss)
    float sink = 0;
    float scale = 0;      // multiplies q·kᵀ; 0 is 1/sqrt(hd). T5 leaves its logits unscaled (1).
    // T5's relative position bias, added to the scaled logits before any soft-capping: the bias of
    // key position k seen from query position q is offsetBias[k − q] (a pointer into the middle of
    // one head's row of RelativePositionBias::forward).
    const float *offsetBias = nullptr;
};

// One head of one sequence.
//   q (Tq, hd) at positions qPos0.., k, v (Tk, hd) at positions kPos0..; out (Tq, hd)
//   probs (Tq, Tk): softmax of the logits over the visible keys (and the sink, whose share
//                   1 − Σ_k probs is not stored), 0 elsewhere
//   scores (Tq, Tk): the logits q·kᵀ/sqrt(hd) (soft-capped when asked) before the mask, or nullptr
void attentionHeadForward(Eigen::Ref<Mat> out, Eigen::Ref<Mat> probs, Mat *scores, const Eigen::Ref<const Mat> &q,
                          const Eigen::Ref<const Mat> &k, const Eigen::Ref<const Mat> &v, AttentionMask mask,
                          int qPos0 = 0, int kPos0 = 0, HeadLogits logits = {});
// dq (T, hd) is assigned; dk, dv (T, hd) are accumulated (GQA: several query heads share them),
// and so are *dSink (the sink logit's gradient) and dOffsetBias[k − q] (the relative bias's, in
// logits.offsetBias's layout) when given. Query and key positions both start at 0.
void attentionHeadBackward(Eigen::Ref<Mat> dq, Eigen::Ref<Mat> dk, Eigen::Ref<Mat> dv, Mat &scratch,
                           const Eigen::Ref<const Mat> &dOut, const Eigen::Ref<const Mat> &probs,
                           const Eigen::Ref<const Mat> &q, const Eigen::Ref<const Mat> &k,
                           const Eigen::Ref<const Mat> &v, HeadLogits logits = {}, float *dSink = nullptr,
                           float *dOffsetBias = nullptr);

// Multi-head attention with GQA over the stacked sequences of `offsets` (B + 1 row offsets).
//   qkv   (N, (nHeads + 2*nKvHeads) * headDim): columns [q heads | k heads | v heads]
//   out   (N, nHeads * headDim): head h in columns [h*headDim, (h+1)*headDim)
//   probs (nHeads * N, max T): sequence b, head h is the (T_b, T_b) block at row
//         nHeads * offsets[b] + h * T_b, row = query, col = key, masked entries 0.
// Query head h reads key/value head h / (nHeads / nKvHeads).
//   softcap > 0 soft-caps the logits; sinks (1, nHeads), when given, are the heads' sink logits.
void attentionForward(Mat &out, Mat &probs, const Mat &qkv, const std::vector<int> &offsets, int nHeads,
                      int nKvHeads, int headDim, AttentionMask mask, float softcap = 0, const Mat *sinks = nullptr);
// dQkv (N, (nHeads + 2*nKvHeads) * headDim) is assigned; dSinks (1, nHeads) accumulated when given.
// T5: offsetBias (nHeads, 2P − 1) is RelativePositionBias::forward's table for P >= max T, whose
// gradient accumulates into dOffsetBias (same shape); `scale` as HeadLogits::scale.
void attentionBackward(Mat &dQkv, const Mat &dOut, const Mat &probs, const Mat &qkv, const std::vector<int> &offsets,
                       int nHeads, int nKvHeads, int headDim, float softcap = 0, const Mat *sinks = nullptr,
                       Mat *dSinks = nullptr, const Mat *offsetBias = nullptr, Mat *dOffsetBias = nullptr,
                       float scale = 0);
// B sequences of length T each (row b*T + t), causal or not: probs (B*nHeads*T, T).
void attentionForward(Mat &out, Mat &probs, const Mat &qkv, int B, int T, int nHeads, int nKvHeads, int headDim,
                      bool causal);
void attentionBackward(Mat &dQkv, const Mat &dOut, const Mat &probs, const Mat &qkv, int B, int T, int nHeads,
                       int nKvHeads, int headDim);

// Mean cross-entropy over the rows whose mask is non-zero (mask weights each row).
//   logits (N, V); targets, mask (N). Returns the loss in nats; 0 when the mask is empty.
// dlogits (N, V), when given, is assigned d loss / d logits. correct, when given, receives the
// masked rows whose argmax equals the target, and counted the number of masked rows.
// meanOver > 0 divides by that weight instead of this mask's sum: a batch split into shards
// passes the whole batch's mask sum, and the shards' losses and dlogits then add up to the
// whole batch's.
double crossEntropy(const Mat &logits, const std::vector<int> &targets, const std::vector<float> &mask, Mat *dlogits,
                    int *correct = nullptr, int *counted = nullptr, double meanOver = 0.0);

// Sinusoidal table of Vaswani et al. 2017, §3.5: (T, d),
// PE(p, 2i) = sin(p / 10000^(2i/d)), PE(p, 2i+1) = cos(p / 10000^(2i/d)).
Mat sinusoidalTable(int T, int d);

} // namespace tx::ops
