#pragma once

namespace tx::gemm {

// The engine's own product for weights stored (in, out), the layout of its layer matrices:
//
//   C (M, N; row stride ldc) = [C +] A (M, K) · B (K, N; ldb) [+ bias (N)]
//   A (i, k) at A[i · rs + k · cs]: rs = ld, cs = 1 for a row-major A; rs = 1, cs = ld for the
//   transpose of a row-major (K, M) matrix (xᵀ · dy, a weight gradient)
//
// A register tile of MR rows of C by NR columns (AVX-512: 6 × 64 with 24 accumulators, or 6 × 32
// for at most 32 columns; AVX2+FMA: 6 × 16, 12 of the 16 registers) runs over blocks of 256
// values of k: per k it loads NR/lanes vectors of one row of B and broadcasts MR elements of A.
// The output is written once, bias and product together. For up to 96 rows B's NR-column panel is
// read straight from the weight (it stays in L1/L2 while the row tiles pass over it); for more it
// is copied once into a contiguous panel, and A goes in blocks of 144 rows that stay in L2 while
// every panel passes over them. OpenBLAS packs both operands on every call, which for
// T1's products (64 rows, weights of 64–256 KB already in L2) took 8–14 % of the forward pass in
// perf; this runs them at 105–110 GFLOP/s on one Zen 4 core against OpenBLAS's 87–93.
//
// Each output is one float32 sum over k in order (after C or the bias, one fused multiply-add per
// term), whatever the thread count: the column panels (or, from 288 rows per thread, bands of
// rows) are split over the OpenMP threads when the product pays for a join. Compiled for AVX-512F and AVX2+FMA and chosen by vec::isa(); without
// FMA (SSE4.2, TX_KERNELS=reference) addAB is plain scalar code and suitsAB is false, so those
// products stay OpenBLAS's (the SSE4.2 tile was no faster than OpenBLAS's Nehalem kernels, and
// its two roundings per term moved the gpt-oss training-parity case past its tolerance).
void addAB(float *C, long ldc, const float *A, long rs, long cs, long M, long K, const float *B, long ldb, long N,
           bool accumulate, const float *bias = nullptr);

// The same product with B given as its transpose: C (M, N) = [C +] A · Btᵀ, Bt (N, K; ldbt)
// row-major, e.g. a layer's input gradient dy · wᵀ against the (in, out) weight. Bt's panels are
// always packed (a column of B is a row of Bt).
void addABt(float *C, long ldc, const float *A, long rs, long cs, long M, long K, const float *Bt, long ldbt, long N,
            bool accumulate);

// Whether addAB is the engine's choice for an (M, K) · (K, N) product: an FMA instruction set
// (not SSE4.2 or TX_KERNELS=reference, which keeps the former Eigen/OpenBLAS products bit for
// bit), 8 rows or more (one is a matrix–vector product, gemm::xW's in gemv.h), at least 16
// columns (fewer leave most of a tile's lanes empty, e.g. a router over 8 experts), and a B that
// stays in the L2 cache (K · N · 4 bytes ≤ kCachedBytes, or kBatchCachedBytes above kFewRows
// rows). Up to 96 rows that is where skipping the packing pays; for a batch or a training step
// (2048 rows) B is packed and A goes in L2-sized blocks of rows, which beat OpenBLAS's packed
// kernels by 3–16 % on T1's shapes (forward and dy · wᵀ, one core, AVX2 and AVX-512) and write
// the output once, bias and product.
bool suitsAB(long M, long K, long N);

// A B larger than this streams from L3 or memory on every row tile, and OpenBLAS's packed
// panels are the better way to read it (this machine's L2 is 1 MiB per core).
constexpr double kCachedBytes = 1048576.0; // 1 MiB

// Above this many rows (a batch, a training step) the engine's product packs B and keeps A's
// blocks in L2, as OpenBLAS does, and wins only where B is small: with T2's 1 MiB matrices a
// T2 training step ran 1.7 % slower than with OpenBLAS's products (Emerald Rapids, four
// alternations), with T1's at most 256 KiB the T1 step 2–4 % faster on AVX-512 and AVX2.
constexpr long kFewRows = 256;
constexpr double kBatchCachedBytes = 262144.0; // 256 KiB

} // namespace tx::gemm
