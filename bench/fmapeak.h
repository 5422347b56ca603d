#pragma once

// Measured FMA peak of this CPU, for benchmark lines that compare a kernel with the machine
// (bench_train's t2_train_gflops). Compiled for AVX-512, AVX2+FMA or SSE with
// __attribute__((target)) and picked by cpuid at run time, so the portable build measures the
// machine it runs on.

#include <immintrin.h>

#include <chrono>
#include <thread>
#include <vector>

namespace txbench {

// 10 independent accumulators hide the FMA latency (4-5 cycles × 2 ports).
__attribute__((target("avx512f"))) inline float fmaLoop512(long n)
{
    __m512 a[10];
    for (auto &x : a)
        x = _mm512_set1_ps(1.0f);
    const __m512 m = _mm512_set1_ps(0.999999f), c = _mm512_set1_ps(1e-7f);
    for (long i = 0; i < n; ++i)
        for (auto &x : a)
            x = _mm512_fmadd_ps(x, m, c);
    __m512 s = a[0];
    for (int k = 1; k < 10; ++k)
        s = _mm512_add_ps(s, a[k]);
    float out[16];
    _mm512_storeu_ps(out, s);
    return out[0];
}

__attribute__((target("avx2,fma"))) inline float fmaLoop256(long n)
{
    __m256 a[10];
    for (auto &x : a)
        x = _mm256_set1_ps(1.0f);
    const __m256 m = _mm256_set1_ps(0.999999f), c = _mm256_set1_ps(1e-7f);
    for (long i = 0; i < n; ++i)
        for (auto &x : a)
            x = _mm256_fmadd_ps(x, m, c);
    __m256 s = a[0];
    for (int k = 1; k < 10; ++k)
        s = _mm256_add_ps(s, a[k]);
    float out[8];
    _mm256_storeu_ps(out, s);
    return out[0];
}

inline float mulAddLoop128(long n)
{
    __m128 a[10];
    for (auto &x : a)
        x = _mm_set1_ps(1.0f);
    const __m128 m = _mm_set1_ps(0.999999f), c = _mm_set1_ps(1e-7f);
    for (long i = 0; i < n; ++i)
        for (auto &x : a)
            x = _mm_add_ps(_mm_mul_ps(x, m), c);
    return _mm_cvtss_f32(a[0]);
}

struct FmaPeak
{
    const char *isa = "sse";
    double gflopsPerCore = 0.0; // float32 FLOP/s of one core, in GFLOP/s (an FMA is 2 FLOPs)
};

// Best of several 50 ms runs on one thread (a shared machine steals time from some of them).
inline FmaPeak measureFmaPeak()
{
    FmaPeak p;
    int width = 4;
    float (*loop)(long) = mulAddLoop128;
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) {
        loop = fmaLoop512;
        width = 16;
        p.isa = "avx512";
    } else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        loop = fmaLoop256;
        width = 8;
        p.isa = "avx2+fma";
    }
    const long n = 2'000'000;
    volatile float sink = 0.0f;
    for (int run = 0; run < 7; ++run) {
        const auto start = std::chrono::steady_clock::now();
        sink = sink + loop(n);
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double flops = double(n) * 10.0 * width * 2.0 /* FLOPs per lane per multiply-add */;
        p.gflopsPerCore = std::max(p.gflopsPerCore, flops / s / 1e9);
    }
    return p;
}

} // namespace txbench
