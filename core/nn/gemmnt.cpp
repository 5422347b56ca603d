#include "core/nn/gemmnt.h"

#include "core/nn/memorycheck.h"
#include "core/nn/vectormath.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include <immintrin.h>
#include <omp.h>

namespace tx::gemm {

namespace {

// How the product is cut (AVX-512 figures; the narrower kernels keep the same cuts):
// - k runs in slices of kSliceK. A slice of the X panel (kSliceK × 64 floats = 32 KB) stays in the
//   core's L1 cache (48 KB on Sapphire/Emerald Rapids, 32 KB on Zen 4) while every row of a block of
//   Wt passes over it. Over the whole of K the panel (768 × 64 floats = 192 KB for GPT-2 small) lives
//   in L2, and a tile reading it from there every k ran at ~60 % of the FMA peak; sliced, ~75 %
//   (64 × 768 × 2304 on one Emerald Rapids core, 6 Dec 2026: 116 → 132 GFLOP/s of 168).
// - Wt rows go in blocks of up to kBlockRows, whose partial sums (kBlockRows × 64 floats = 24 KB)
//   wait in a per-thread buffer between slices, and whose outputs are then written to C as whole
//   runs of 96 floats per row of X, not 6 at a time.
// A tile's sums go on from where the last slice left them in k order, so each output is still one
// float32 sum over k in order: the slicing changes no bit of the result.
constexpr long kSliceK = 128;
constexpr long kBlockRows = 96; // a multiple of every kernel's rows (6, 12)

// One tile over one slice of k: R rows of Wt (R outputs n) against lanes·NV rows of X (outputs i).
//   xT (kc, Mp): X transposed, this slice's first k at row 0 and this tile's first row i0 at column 0
//   W (R, kc; ldw): this slice of R rows of Wt
//   part (R, lanes·NV): the sums so far (read unless `first`, then written back)
// The R·NV accumulators stay in registers (AVX-512: 24 of the 32, AVX2 and SSE: 12 of the 16).
// `GCC unroll` because -O2's loop passes would otherwise leave the accumulators in memory.
// pf: R rows of Wt that a later tile reads (stride ldw), one cache line of each fetched per 16
// values of k, so that they are in cache when it comes to them; or null.
// Uninstrumented in the Sanitize build, which checks the tile's footprint instead (memorycheck.h).
#define TX_GEMM_TILE(NAME, TARGET, VEC, LANES, ZERO, LOAD, STORE, SET1, MULADD)                                   \
    template <int R, int NV>                                                                                       \
    TARGET TX_UNINSTRUMENTED void NAME(const float *xT, long Mp, const float *W, long ldw, long kc, float *part,     \
                                       bool first, const float *pf)                                                 \
    {                                                                                                              \
        memcheck::span(xT, xT + (kc - 1) * Mp + LANES * NV);                                                       \
        memcheck::span(W, W + (R - 1) * ldw + kc);                                                                 \
        memcheck::span(part, part + R * NV * LANES);                                                               \
        VEC acc[R][NV];                                                                                            \
        _Pragma("GCC unroll 24") for (int r = 0; r < R; ++r) _Pragma("GCC unroll 4") for (int v = 0; v < NV; ++v) \
            acc[r][v] = first ? ZERO() : LOAD(part + (r * NV + v) * LANES);                                        \
        for (long k = 0; k < kc; ++k) {                                                                            \
            if (pf && (k & 15) == 0)                                                                               \
                _Pragma("GCC unroll 24") for (int r = 0; r < R; ++r) __builtin_prefetch(pf + r * ldw + k, 0, 3);   \
            VEC b[NV];                                                                                             \
            _Pragma("GCC unroll 4") for (int v = 0; v < NV; ++v) b[v] = LOAD(xT + k * Mp + LANES * v);             \
            _Pragma("GCC unroll 24") for (int r = 0; r < R; ++r)                                                   \
            {                                                                                                      \
                const VEC a = SET1(W[r * ldw + k]);                                                                \
                _Pragma("GCC unroll 4") for (int v = 0; v < NV; ++v) acc[r][v] = MULADD(a, b[v], acc[r][v]);       \
            }                                                                                                      \
        }                                                                                                          \
        _Pragma("GCC unroll 24") for (int r = 0; r < R; ++r) _Pragma("GCC unroll 4") for (int v = 0; v < NV; ++v) \
            STORE(part + (r * NV + v) * LANES, acc[r][v]);                                                         \
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

using TileFn = void (*)(const float *, long, const float *, long, long, float *, bool, const float *);

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

// Whether the 8 × 8 transposes below run (AVX2 or AVX-512; SSE4.2 keeps the scalar loops).
bool wideTransposes()
{
    static const bool wide = std::strcmp(vec::isa(), "avx512") == 0 || std::strcmp(vec::isa(), "avx2+fma") == 0;
    return wide;
}

// out[c] (c < 8) = column c of the 8 × 8 block whose row r starts at row[r]: the shuffle-based
// transpose (pairs, then quads, then the 128-bit halves).
__attribute__((target("avx2"))) inline void transpose8(const float *const row[8], __m256 out[8])
{
    __m256 t[8], q[8];
    for (int r = 0; r < 8; r += 2) {
        const __m256 a = _mm256_loadu_ps(row[r]), b = _mm256_loadu_ps(row[r + 1]);
        t[r] = _mm256_unpacklo_ps(a, b);     // a0 b0 a1 b1 | a4 b4 a5 b5
        t[r + 1] = _mm256_unpackhi_ps(a, b); // a2 b2 a3 b3 | a6 b6 a7 b7
    }
    for (int h = 0; h < 8; h += 4) {
        q[h] = _mm256_shuffle_ps(t[h], t[h + 2], _MM_SHUFFLE(1, 0, 1, 0));     // column 0 | 4 of rows h … h+3
        q[h + 1] = _mm256_shuffle_ps(t[h], t[h + 2], _MM_SHUFFLE(3, 2, 3, 2)); // column 1 | 5
        q[h + 2] = _mm256_shuffle_ps(t[h + 1], t[h + 3], _MM_SHUFFLE(1, 0, 1, 0)); // 2 | 6
        q[h + 3] = _mm256_shuffle_ps(t[h + 1], t[h + 3], _MM_SHUFFLE(3, 2, 3, 2)); // 3 | 7
    }
    for (int c = 0; c < 4; ++c) {
        out[c] = _mm256_permute2f128_ps(q[c], q[c + 4], 0x20);
        out[c + 4] = _mm256_permute2f128_ps(q[c], q[c + 4], 0x31);
    }
}

// xT (K, Mp) = X (M, K; ldx)ᵀ, the columns from M to Mp zero: 8 × 8 blocks, scalar edges.
__attribute__((target("avx2"))) void transposeX8(float *xT, long Mp, const float *X, long ldx, long M, long K)
{
    const long M8 = M / 8 * 8, K8 = K / 8 * 8;
    __m256 col[8];
    const float *row[8];
    for (long i = 0; i < M8; i += 8) {
        for (int r = 0; r < 8; ++r)
            row[r] = X + (i + r) * ldx;
        for (long k = 0; k < K8; k += 8) {
            transpose8(row, col);
            for (int c = 0; c < 8; ++c)
                _mm256_storeu_ps(xT + (k + c) * Mp + i, col[c]);
            for (int r = 0; r < 8; ++r)
                row[r] += 8;
        }
    }
    for (long k = 0; k < K; ++k) {
        float *dst = xT + k * Mp;
        for (long i = k < K8 ? M8 : 0; i < M; ++i)
            dst[i] = X[i * ldx + k];
        std::fill(dst + M, dst + Mp, 0.0f);
    }
}

// What writeRows does to each output: C = sum, C += sum, or C = bias + sum.
enum class Write { Set, Add, Bias };

// C (rows l of one tile, columns n0 + j) from a block's partial sums, 8 rows of X by 8 outputs
// at a time: sum(j, lane) starts at src(j) + lane. Scalar for the last j % 8 outputs; lanes past
// M (the padding) are read but not written.
template <class Src>
__attribute__((target("avx2"))) void writeTile8(float *C, long ldc, long l0, long lanes, long M, long rows, Src src,
                                                Write op, const float *bias)
{
    const long rows8 = rows / 8 * 8;
    __m256 col[8];
    const float *row[8];
    for (long c0 = 0; c0 < lanes && l0 + c0 < M; c0 += 8) {
        const long valid = std::min<long>(8, M - l0 - c0);
        for (long j = 0; j < rows8; j += 8) {
            for (int r = 0; r < 8; ++r)
                row[r] = src(j + r) + c0;
            transpose8(row, col);
            for (long c = 0; c < valid; ++c) {
                float *out = C + (l0 + c0 + c) * ldc + j;
                const __m256 v = op == Write::Add    ? _mm256_add_ps(_mm256_loadu_ps(out), col[c])
                                 : op == Write::Bias ? _mm256_add_ps(_mm256_loadu_ps(bias + j), col[c])
                                                     : col[c];
                _mm256_storeu_ps(out, v);
            }
        }
        for (long c = 0; c < valid; ++c) {
            float *out = C + (l0 + c0 + c) * ldc;
            for (long j = rows8; j < rows; ++j) {
                const float sum = src(j)[c0 + c];
                out[j] = op == Write::Add ? out[j] + sum : op == Write::Bias ? bias[j] + sum : sum;
            }
        }
    }
}

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
    // With AVX2 in 8 × 8 blocks (a scalar copy was 1 % of GPT-2 small's forward on AVX2, all of
    // it before the threads start). Otherwise sixteen values of k at a time, so the rows of the
    // panel being written (16 · Mp floats) stay in L1 while every row of X passes; the padding
    // columns are zeroed, nothing else twice.
    thread_local std::vector<float> panel;
    panel.resize(std::size_t(K * Mp));
    float *xT = panel.data();
    if (wideTransposes()) {
        transposeX8(xT, Mp, X, ldx, M, K);
    } else {
        for (long k0 = 0; k0 < K; k0 += 16) {
            const long k1 = std::min(K, k0 + 16);
            for (long i = 0; i < M; ++i) {
                const float *x = X + i * ldx;
                for (long k = k0; k < k1; ++k)
                    xT[k * Mp + i] = x[k];
            }
            for (long k = k0; k < k1; ++k)
                std::fill(xT + k * Mp + M, xT + (k + 1) * Mp, 0.0f);
        }
    }
    const long R = kernel.rows, groups = (N + R - 1) / R; // groups of R rows of Wt (the last may be short)
    // Rows [n0, n0 + rows) of Wt, rows ≤ kBlockRows: runs k slice by slice over them, then writes
    // their outputs. part (rows · Mp): each run of rows (R at a time, then single rows) keeps its
    // tiles' sums at part + q·Mp, tile by tile (R · width floats each).
    auto block = [&](long n0, long rows, float *part) {
        const long full = rows / R * R;
        for (long k0 = 0; k0 < K; k0 += kSliceK) {
            const long kc = std::min(kSliceK, K - k0);
            const bool first = k0 == 0, more = k0 + kSliceK < K;
            for (long q = 0; q < rows; q += q < full ? R : 1) {
                const long rq = q < full ? R : 1;
                const float *w = Wt + (n0 + q) * ldw + k0;
                // What this tile fetches ahead: the next R rows' slice, or after the last run of
                // R rows the block's first rows' next slice (none on the last slice).
                const float *pf = q + 2 * R <= full ? w + R * ldw : more ? Wt + n0 * ldw + k0 + kSliceK : nullptr;
                for (long i0 = 0; i0 < M; i0 += width) // later tiles find the rows in L1: no prefetch
                    (rq == R ? kernel.full : kernel.one)(xT + k0 * Mp + i0, Mp, w, ldw, kc,
                                                         part + q * Mp + i0 * rq, first,
                                                         rq == R && i0 == 0 ? pf : nullptr);
            }
        }
        // Row l of the output, columns n0 … n0 + rows: sum j of the block is in lane l of its
        // run's tile, R·width floats per tile in a run of R rows (width in a single row).
        auto writeRows = [&](auto out) {
            for (long l = 0; l < M; ++l) {
                const long tile = l / width, lane = l % width;
                float *c = C + l * ldc + n0;
                long j = 0;
                for (; j < full; j += R) {
                    const float *p = part + j * Mp + tile * R * width + lane;
                    for (long r = 0; r < R; ++r)
                        out(c, j + r, p[r * width]);
                }
                for (; j < rows; ++j)
                    out(c, j, part[j * Mp + tile * width + lane]);
            }
        };
        if (wideTransposes()) { // 8 × 8 transposes: the scalar loop was 4 % of GPT-2 small's forward on AVX2
            const Write op = accumulate ? Write::Add : bias ? Write::Bias : Write::Set;
            for (long tile = 0; tile * width < M; ++tile) {
                // Output j of the block: in its run of R rows, or a single row after them.
                const auto src = [&](long j) {
                    return j < full ? part + (j / R * R) * Mp + tile * R * width + (j % R) * width
                                    : part + j * Mp + tile * width;
                };
                writeTile8(C + n0, ldc, tile * width, width, M, rows, src, op, bias ? bias + n0 : nullptr);
            }
        } else if (accumulate)
            writeRows([](float *c, long j, float s) { c[j] += s; });
        else if (bias)
            writeRows([b = bias + n0](float *c, long j, float s) { c[j] = b[j] + s; });
        else
            writeRows([](float *c, long j, float s) { c[j] = s; });
    };
    // Groups [g0, g1), in blocks of up to kBlockRows rows.
    auto work = [&](long g0, long g1) {
        thread_local std::vector<float> part;
        part.resize(std::size_t(kBlockRows * Mp));
        const long perBlock = kBlockRows / R;
        for (long g = g0; g < g1; g += perBlock) {
            const long n0 = g * R, n1 = std::min(N, std::min(g1, g + perBlock) * R);
            block(n0, n1 - n0, part.data());
        }
    };
    // A join costs more than it saves below ~4 MFLOP, as in ops::matmulAdd.
    int threads = omp_in_parallel() ? 1 : omp_get_max_threads();
    if (double(M) * double(K) * double(N) < 2e6 || groups < 2L * threads)
        threads = 1;
    if (threads == 1) {
        work(0, groups);
        return;
    }
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int t = 0; t < threads; ++t)
        work(groups * t / threads, groups * (t + 1) / threads);
}

} // namespace tx::gemm
