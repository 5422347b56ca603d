#include "core/nn/gemv.h"

#include "core/nn/vectormath.h"

#include <algorithm>
#include <cstring>

#include <immintrin.h>
#include <omp.h>

namespace tx::gemm {

namespace {

inline float hsum128(__m128 s)
{
    const __m128 t = _mm_add_ps(s, _mm_movehl_ps(s, s));
    return _mm_cvtss_f32(_mm_add_ss(t, _mm_shuffle_ps(t, t, 1)));
}

__attribute__((target("avx2,fma"))) inline float hsum256(__m256 v)
{
    return hsum128(_mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1)));
}

// Through memory: GCC 12's _mm512_reduce_add_ps, _mm512_extractf64x4_pd and even
// _mm512_castps512_ps256 trip -Wuninitialized inside its own header (_mm256_undefined_pd). Once
// per output row, it costs nothing next to the K / 16 multiply-adds.
__attribute__((target("avx512f"))) inline float hsum512(__m512 v)
{
    alignas(64) float t[16];
    _mm512_store_ps(t, v);
    return hsum256(_mm256_add_ps(_mm256_load_ps(t), _mm256_load_ps(t + 8)));
}

// panel: acc[0 .. n) = Σ_k x[k] · W[k][0 .. n), n a multiple of LANES: row k of W is read
// whole, in order, and added into acc (at most kPanel floats, in L1) with one broadcast of x[k].
// row: Σ_k w[k] · x[k] over one row of Wt, two accumulators, the K tail scalar.
// rows: row over rows [n0, n1) of Wt into y, inlined: one call per piece, not per output. Called
// through a pointer per row, stories15M's 32000 × 288 head spent as long between the rows as in
// them (bench_decode 45-53 → 97-122 tok/s on one core of an Emerald Rapids Xeon, both runs beside
// the same fuzzing load, 6 Dec 2026); the sums are the same.
// Both read the weights in memory order. Eight rows of Wt or eight vectors of W's columns at a
// time (one stream per row, 1152 bytes apart) ran at 8.6 GB/s on stories15M's head (Zen 4, one
// core), the plain row order at 19 GB/s: the hardware prefetcher follows one stream, not eight.
#define TX_GEMV_KERNELS(PANEL, ROW, ROWS, TARGET, VEC, LANES, ZERO, LOAD, STORE, SET1, MULADD, ADD, HSUM)                \
    TARGET void PANEL(float *acc, const float *x, long K, const float *W, long ldw, long n)                        \
    {                                                                                                              \
        for (long j = 0; j < n; j += LANES)                                                                        \
            STORE(acc + j, ZERO());                                                                                \
        for (long k = 0; k < K; ++k) {                                                                             \
            const VEC a = SET1(x[k]);                                                                              \
            const float *row = W + k * ldw;                                                                        \
            for (long j = 0; j < n; j += LANES)                                                                    \
                STORE(acc + j, MULADD(a, LOAD(row + j), LOAD(acc + j)));                                           \
        }                                                                                                          \
    }                                                                                                              \
    TARGET float ROW(const float *x, long K, const float *w)                                                       \
    {                                                                                                              \
        VEC a0 = ZERO(), a1 = ZERO();                                                                              \
        long k = 0;                                                                                                \
        for (; k + 2 * LANES <= K; k += 2 * LANES) {                                                               \
            a0 = MULADD(LOAD(w + k), LOAD(x + k), a0);                                                             \
            a1 = MULADD(LOAD(w + k + LANES), LOAD(x + k + LANES), a1);                                             \
        }                                                                                                          \
        if (k + LANES <= K) {                                                                                      \
            a0 = MULADD(LOAD(w + k), LOAD(x + k), a0);                                                             \
            k += LANES;                                                                                            \
        }                                                                                                          \
        float s = HSUM(ADD(a0, a1));                                                                               \
        for (; k < K; ++k)                                                                                         \
            s += w[k] * x[k];                                                                                      \
        return s;                                                                                                  \
    }                                                                                                              \
    TARGET void ROWS(float *y, const float *x, long K, const float *Wt, long ldw, long n0, long n1, bool accumulate, \
                     const float *bias)                                                                            \
    {                                                                                                              \
        for (long n = n0; n < n1; ++n) {                                                                           \
            const float s = ROW(x, K, Wt + n * ldw);                                                               \
            y[n] = (accumulate ? y[n] : bias ? bias[n] : 0.0f) + s;                                                \
        }                                                                                                          \
    }

#define TX_FMA512(a, b, c) _mm512_fmadd_ps(a, b, c)
#define TX_FMA256(a, b, c) _mm256_fmadd_ps(a, b, c)
#define TX_MULADD128(a, b, c) _mm_add_ps(_mm_mul_ps(a, b), c)
TX_GEMV_KERNELS(panel512, row512, rows512, __attribute__((target("avx512f"))), __m512, 16, _mm512_setzero_ps, _mm512_loadu_ps,
                _mm512_storeu_ps, _mm512_set1_ps, TX_FMA512, _mm512_add_ps, hsum512)
TX_GEMV_KERNELS(panel256, row256, rows256, __attribute__((target("avx2,fma"))), __m256, 8, _mm256_setzero_ps, _mm256_loadu_ps,
                _mm256_storeu_ps, _mm256_set1_ps, TX_FMA256, _mm256_add_ps, hsum256)
TX_GEMV_KERNELS(panel128, row128, rows128, , __m128, 4, _mm_setzero_ps, _mm_loadu_ps, _mm_storeu_ps, _mm_set1_ps, TX_MULADD128,
                _mm_add_ps, hsum128)
#undef TX_GEMV_KERNELS
#undef TX_FMA512
#undef TX_FMA256
#undef TX_MULADD128

using PanelFn = void (*)(float *, const float *, long, const float *, long, long);
using RowsFn = void (*)(float *, const float *, long, const float *, long, long, long, bool, const float *);

constexpr long kPanel = 2048; // floats of xW's accumulator panel: 8 KB, half of L1

struct Kernels
{
    long lanes;
    PanelFn panel;
    RowsFn rows;
};

const Kernels &kernels()
{
    static const Kernels k = [] {
        const char *isa = vec::isa();
        if (std::strcmp(isa, "avx512") == 0)
            return Kernels{16, panel512, rows512};
        if (std::strcmp(isa, "avx2+fma") == 0)
            return Kernels{8, panel256, rows256};
        return Kernels{4, panel128, rows128};
    }();
    return k;
}

// y[j] = (y[j] or bias[j] or 0) + sum[j] for count outputs.
void finish(float *y, const float *sum, long count, bool accumulate, const float *bias)
{
    for (long j = 0; j < count; ++j)
        y[j] = (accumulate ? y[j] : bias ? bias[j] : 0.0f) + sum[j];
}

// Runs work(n0, n1) over [0, N) in pieces of whole `align` outputs, on two or more threads when
// the K · N multiply-adds pay for a join (as in gemm::addXWt, ~2 M).
template <typename Work>
void split(long K, long N, long align, Work work)
{
    int threads = omp_in_parallel() ? 1 : omp_get_max_threads();
    if (double(K) * double(N) < 2e6 || N < 4 * align * threads)
        threads = 1;
    if (threads == 1) {
        work(0, N);
        return;
    }
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int t = 0; t < threads; ++t) {
        const long n0 = t == 0 ? 0 : N * t / threads / align * align;
        const long n1 = t + 1 == threads ? N : N * (t + 1) / threads / align * align;
        work(n0, n1);
    }
}

} // namespace

bool suitsGemv(long M)
{
    return M == 1 && !vec::reference();
}

void xW(float *y, const float *x, long K, const float *W, long ldw, long N, bool accumulate, const float *bias)
{
    if (N <= 0)
        return;
    const Kernels &k = kernels();
    split(K, N, k.lanes, [&](long n0, long n1) {
        alignas(64) float sum[kPanel];
        const long vectors = n0 + (n1 - n0) / k.lanes * k.lanes; // the rest is the scalar tail
        long n = n0;
        while (n < vectors) {
            const long width = std::min(kPanel, vectors - n);
            k.panel(sum, x, K, W + n, ldw, width);
            finish(y + n, sum, width, accumulate, bias ? bias + n : nullptr);
            n += width;
        }
        for (; n < n1; ++n) {
            float s = 0.0f;
            for (long t = 0; t < K; ++t)
                s += x[t] * W[t * ldw + n];
            finish(y + n, &s, 1, accumulate, bias ? bias + n : nullptr);
        }
    });
}

void xWt(float *y, const float *x, long K, const float *Wt, long ldw, long N, bool accumulate, const float *bias)
{
    if (N <= 0)
        return;
    const Kernels &k = kernels();
    split(K, N, 16, [&](long n0, long n1) { k.rows(y, x, K, Wt, ldw, n0, n1, accumulate, bias); });
}

} // namespace tx::gemm
