#pragma once

namespace tx::gemm {

// The engine's own product for the shape inference has most: few rows of activations against a
// large weight matrix stored (out, in), nn.Linear's layout, e.g. the tied LM head h · wteᵀ.
//
//   C (M, N; row stride ldc) += X (M, K; ldx) · Wtᵀ,   Wt (N, K; ldw) row-major
//
// X is transposed once into a small (K, M) panel that stays in the core's L2 cache; Wt is then
// read exactly once, in blocks of 96 rows, six of its rows at a time against 64 rows of X
// (AVX-512: 24 accumulators of 16 floats), k in slices of 128 so that the panel's slice stays in
// L1 (each tile fetches its rows' next slice ahead), with no packing pass over the weights. OpenBLAS packs the weights first, a pass that is bound by memory bandwidth and
// does not overlap the arithmetic (perf on GPT-2 small at 64 tokens: its packing took 47 % as
// long as its kernel). Compiled for AVX-512F, AVX2+FMA and SSE4.2 and chosen by vec::isa().
//
// Each output is one float32 sum over k in order, independent of the thread count: the output
// columns (rows of Wt) are split over the OpenMP threads when the product is worth a join.

// Whether addXWt is the engine's choice for M rows: not under TX_KERNELS=reference (which keeps
// the former Eigen/OpenBLAS products bit for bit), and M in [16, 256] (fewer rows waste the
// vector lanes, a matrix–vector product is gemm::xWt's (gemv.h); more rows than L2 holds are OpenBLAS's).
bool suits(long M);

// Where the engine uses addXWt: weights larger than this do not stay in the last-level cache
// from one pass to the next (this machine's L3 is 32 MB), so every pass streams them from memory
// and OpenBLAS's packing pass costs a second trip. Weights that stay cached are packed at cache
// speed, and OpenBLAS is as fast or faster there (T1's and T2's products: 50–80 GFLOP/s both).
constexpr double kStreamedBytes = 32e6;

// accumulate: C += X · Wtᵀ. Otherwise C = X · Wtᵀ + bias (bias (N), or null for none): the
// output is written once, with no pass that first fills it with the bias or zeros (GPT-2's
// logits are 13 MB per 64 tokens).
void addXWt(float *C, long ldc, const float *X, long ldx, long M, long K, const float *Wt, long ldw, long N,
            bool accumulate = true, const float *bias = nullptr);

} // namespace tx::gemm
