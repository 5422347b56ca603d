#pragma once

namespace tx::vec {

// The engine's elementwise kernels outside the matrix products: softmax numerators and the
// smooth activations with their derivatives. The shipped build targets x86-64-v2 (SSE4.2), so
// each kernel is compiled three times (AVX-512F, AVX2+FMA, SSE4.2) and the widest one this CPU
// has is chosen once by cpuid. TX_KERNELS=avx512|avx2|sse in the environment forces one (to
// compare them on one machine); an ISA the CPU lacks falls back to the next narrower one.
// All of them use the same float32 formulas (Cephes' expf polynomial, relative error ≈ 2e-7).

// The instruction set chosen: "avx512", "avx2+fma" or "sse4.2".
const char *isa();

// x[i] = exp(x[i] − shift) for i < n; returns Σ x[i] (a softmax row's numerators and their sum).
float expShifted(float *x, long n, float shift);

// y = GELU-tanh(x) = 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))) (GPT-2's gelu_new).
void geluTanh(float *y, const float *x, long n);
// dx = dy · GELU-tanh'(x).
void geluTanhGrad(float *dx, const float *dy, const float *x, long n);
// y = SiLU(x) = x·sigmoid(x).
void silu(float *y, const float *x, long n);
// dx = dy · SiLU'(x) = dy · s·(1 + x·(1 − s)), s = sigmoid(x).
void siluGrad(float *dx, const float *dy, const float *x, long n);

} // namespace tx::vec
