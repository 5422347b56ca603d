#pragma once

namespace tx::gemm {

// The engine's matrix–vector products: one row of activations against a weight matrix, the
// shape of every product of a decode step (Decoder, `run --generate`, bench_decode).
//
//   xW:   y (N) = [y +] x (K) · W (K, N; row stride ldw) [+ bias]    weights stored (in, out)
//   xWt:  y (N) = [y +] Wt (N, K; ldw) · x (K) [+ bias]               weights stored (out, in)
//
// A decode step reads every weight once and does two flops with it, so it is bound by memory,
// and the kernels read the weights in memory order: xW adds row k of W, times x[k], into a panel
// of up to 2048 outputs kept in L1; xWt takes Wt one row at a time, a dot product with two
// accumulators. OpenBLAS 0.3.21 ran these as sgemv_n plus a saxpby pass over y on every call
// (perf on the stories15M shape, Zen 4, 3 Dec 2026: 81 % of a decode step); reading eight rows of
// Wt at once, as the batched kernels do, streamed the 37 MB head at 8.6 GB/s on one core, one row
// at a time at 19 GB/s (a microbenchmark of both loops; the prefetcher follows one stream, not
// eight 1152 bytes apart).
//
// Each output is one float32 sum in a fixed order (xW: over k in order; xWt: two accumulators of
// lanes each, then their lanes, then the last K mod lanes terms), whatever the thread count: outputs
// are split over the OpenMP threads only when the product is large enough to pay for a join (an LM head).
// Compiled for AVX-512F, AVX2+FMA and SSE4.2 and chosen by vec::isa().

// Whether these are the engine's choice for M rows: one row, and not under TX_KERNELS=reference
// (which keeps the former Eigen/OpenBLAS products bit for bit).
bool suitsGemv(long M);

void xW(float *y, const float *x, long K, const float *W, long ldw, long N, bool accumulate,
        const float *bias = nullptr);
void xWt(float *y, const float *x, long K, const float *Wt, long ldw, long N, bool accumulate,
         const float *bias = nullptr);

} // namespace tx::gemm
