#include "core/nn/gemmnt.h"

#include "core/nn/vectormath.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include <immintrin.h>
#include <omp.h>

namespace tx::gemm {

namespace {

// One tile: R rows of Wt (R outputs n) against W lanes·NV rows of X (outputs i), over all of K.
//   xT (K, Mp): X transposed, this tile's first row i0 at column 0; W (R, K; ldw) rows of Wt
//   tmp (R, lanes·NV): tmp[r][l] = Σ_k W[r][k] · xT[k][l], one float32 sum in k order
// The R·NV accumulators stay in registers (AVX-512: 24 of the 32, AVX2 and SSE: 12 of the 16).
// `GCC unroll` because -O2's loop passes would otherwise leave the accumulators in memory.
// pf: npf rows (stride ldw) of the next tile's Wt, one cache line of each per 16 values of k,
// fetched into the cache while this tile computes (see addXWt).
#define TX_GEMM_TILE(NAME, TARGET, VEC, LANES, ZERO, LOAD, STORE, SET1, MULADD)                                   \
    template <int R, int NV>                                                                                       \
    TARGET void NAME(const float *xT, long Mp, const float *W, long ldw, long K, float *tmp, const float *pf, int npf)                       \
    {                                                                                                              \
        VEC acc[R][NV];                                                                                            \
        _Pragma("GCC unroll 24") for (int r = 0; r < R; ++r) _Pragma("GCC unroll 4") for (int v = 0; v < NV; ++v) \
            acc[r][v] = ZERO();                                                                                    \
        for (long k = 0; k < K; ++k) {                                                                             \
            if ((k & 15) == 0)                                                                                     \
                for (int q = 0; q < npf; ++q)                                                                      \
                    __builtin_prefetch(pf + q * ldw + k, 0, 3);                                                    \
            VEC b[NV];                                                                                             \
            _Pragma("GCC unroll 4") for (int v = 0; v < NV; ++v) b[v] = LOAD(xT + k * Mp + LANES * v);             \
            _Pragma("GCC unroll 24") for (int r = 0; r < R; ++r)                                                   \
            {                                                                                                      \
                const VEC a = SET1(W[r * ldw + k]);                                                                \
                _Pragma("GCC unroll 4") for (int v = 0; v < NV; ++v) acc[r][v] = MULADD(a, b[v], acc[r][v]);       \
            }                                                                                                      \
        }                                                                                                          \
        _Pragma("GCC unroll 24") for (int r = 0; r < R; ++r) _Pragma("GCC unroll 4") for (int v = 0; v < NV; ++v) \
            STORE(tmp + (r * NV + v) * LANES, acc[r][v]);                                                          \
    }

#define TX_FMA512(a, b, c) _mm512_fmadd_ps(a, b, c)
#define TX_FMA256(a, b, c) _mm256_fmadd_ps(a, b, c)
#define TX_MULADD128(a, b, c) _mm_add_ps(_mm_mul_ps(a, b), c)
TX_GEMM_TILE(tile512, __attribute__((target("avx512f"))), __m512, 16, _mm512_setzero_ps, _mm512_loadu_ps,
             _mm512_storeu_ps, _mm512_set1_ps, TX_FMA512)
TX_GEMM_TILE(tile256, __attribute__((target("avx2,fma"))), __m256, 8, _mm256_setzero_ps, _mm256_loadu_ps,
             _mm256_storeu_ps, _mm256_set1_ps, TX_FMA256)
TX_GEMM_TILE(tile128, , __m128, 4, _mm_setzero_ps, _mm_loadu_ps, _mm_storeu_ps, _mm_set1_ps, TX_MULADD128)
#undef TX_GEMM_TILE
#undef TX_FMA512
#undef TX_FMA256
#undef TX_MULADD128

using TileFn = void (*)(const float *, long, const float *, long, long, float *, const float *, int);

struct Kernel
{
    long width = 0; // rows of X per tile (lanes · NV)
    int rows = 0;   // rows of Wt per tile
    TileFn full = nullptr;
    TileFn one = nullptr; // one row of Wt, for the last rows of N
};

// Sixteen-lane kernels take 64 rows of X at a time, or 32 when there are no more.
Kernel kernelFor(long M)
{
    const char *isa = vec::isa();
    if (std::strcmp(isa, "avx512") == 0)
        return M > 32 ? Kernel{64, 6, tile512<6, 4>, tile512<1, 4>} : Kernel{32, 12, tile512<12, 2>, tile512<1, 2>};
    if (std::strcmp(isa, "avx2+fma") == 0)
        return Kernel{16, 6, tile256<6, 2>, tile256<1, 2>};
    return Kernel{8, 6, tile128<6, 2>, tile128<1, 2>};
}

constexpr long kMaxTile = 12 * 32; // floats of the largest tile (R · width)

} // namespace

bool suits(long M)
{
    return M >= 16 && M <= 256 && !vec::reference();
}

void addXWt(float *C, long ldc, const float *X, long ldx, long M, long K, const float *Wt, long ldw, long N,
            bool accumulate, const float *bias)
{
    if (M <= 0 || N <= 0)
        return;
    const Kernel kernel = kernelFor(M);
    const long width = kernel.width, Mp = (M + width - 1) / width * width;
    // X transposed, zero-padded to whole tiles: (K, Mp). Written here, read by every thread.
    thread_local std::vector<float> panel;
    panel.assign(std::size_t(K * Mp), 0.0f);
    for (long i = 0; i < M; ++i) {
        const float *x = X + i * ldx;
        for (long k = 0; k < K; ++k)
            panel[std::size_t(k * Mp + i)] = x[k];
    }
    const float *xT = panel.data();
    const long blocks = (N + kernel.rows - 1) / kernel.rows, tiles = Mp / width;
    auto work = [&](long b0, long b1) {
        alignas(64) float tmp[kMaxTile];
        for (long b = b0; b < b1; ++b) {
            const long n0 = b * kernel.rows, rows = std::min<long>(kernel.rows, N - n0);
            // With several tiles of X per block of Wt rows (AVX2, SSE: 16 or 8 rows of X per
            // tile), the first tile reads the block from memory and the others from cache, so
            // the memory traffic comes in bursts; each tile therefore prefetches a share of the
            // next block's rows, which keeps a steady stream (64 × 768 × 2304 under AVX2: 61–73 →
            // 90 GFLOP/s of CPU time on one Zen 4 core, weights cold). AVX-512's 64-row tile
            // reads each block once.
            const bool nextFull = b + 1 < b1 && n0 + 2 * kernel.rows <= N;
            const long per = (kernel.rows + tiles - 1) / tiles; // next block's rows per tile
            for (long i0 = 0; i0 < M; i0 += width) {
                const long cols = std::min(width, M - i0);
                const long r0 = i0 / width * per;
                const int npf = tiles > 1 && nextFull && r0 < kernel.rows ? int(std::min(per, kernel.rows - r0)) : 0;
                const float *pf = npf > 0 ? Wt + (n0 + kernel.rows + r0) * ldw : nullptr;
                for (long q = 0; q < rows; q += rows == kernel.rows ? rows : 1) {
                    const long R = rows == kernel.rows ? rows : 1;
                    (R == 1 ? kernel.one : kernel.full)(xT + i0, Mp, Wt + (n0 + q) * ldw, ldw, K, tmp, pf,
                                                        R == 1 ? 0 : npf);
                    for (long l = 0; l < cols; ++l) {
                        float *c = C + (i0 + l) * ldc + n0 + q;
                        if (accumulate) {
                            for (long r = 0; r < R; ++r)
                                c[r] += tmp[r * width + l];
                        } else if (bias) {
                            for (long r = 0; r < R; ++r)
                                c[r] = bias[n0 + q + r] + tmp[r * width + l];
                        } else {
                            for (long r = 0; r < R; ++r)
                                c[r] = tmp[r * width + l];
                        }
                    }
                }
            }
        }
    };
    // A join costs more than it saves below ~4 MFLOP, as in ops::matmulAdd.
    int threads = omp_in_parallel() ? 1 : omp_get_max_threads();
    if (double(M) * double(K) * double(N) < 2e6 || blocks < 2L * threads)
        threads = 1;
    if (threads == 1) {
        work(0, blocks);
        return;
    }
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int t = 0; t < threads; ++t)
        work(blocks * t / threads, blocks * (t + 1) / threads);
}

} // namespace tx::gemm
