#include "core/nn/gemmnn.h"

#include "core/nn/memorycheck.h"
#include "core/nn/vectormath.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include <immintrin.h>
#include <omp.h>

namespace tx::gemm {

namespace {

// How a tile's accumulators start: zero, the bias (N), or the C tile itself.
enum class Start { Zero, Bias, C };

// One tile: C (MR, lanes·NV; ldc) = start + A (MR, K; rs, cs) · B (K, lanes·NV; ldb).
// The MR·NV accumulators stay in registers; `GCC unroll` keeps them there at every -O level.
// Uninstrumented in the Sanitize build, which checks the tile's footprint instead (memorycheck.h).
#define TX_NN_TILE(NAME, TARGET, VEC, LANES, ZERO, LOAD, STORE, SET1, MULADD)                                     \
    template <int MR, int NV>                                                                                      \
    TARGET TX_UNINSTRUMENTED void NAME(const float *A, long rs, long cs, const float *B, long ldb, long K, float *C, \
                                       long ldc, const float *bias, Start start)                                    \
    {                                                                                                              \
        memcheck::span(A, A + (MR - 1) * rs + (K - 1) * cs + 1);                                                   \
        memcheck::span(B, B + (K - 1) * ldb + LANES * NV);                                                         \
        memcheck::span(C, C + (MR - 1) * ldc + LANES * NV);                                                        \
        if (start == Start::Bias)                                                                                  \
            memcheck::span(bias, bias + LANES * NV);                                                               \
        VEC acc[MR][NV];                                                                                           \
        VEC base[NV];                                                                                              \
        _Pragma("GCC unroll 4") for (int v = 0; v < NV; ++v) base[v] =                                            \
            start == Start::Bias ? LOAD(bias + LANES * v) : ZERO();                                                \
        _Pragma("GCC unroll 12") for (int r = 0; r < MR; ++r) _Pragma("GCC unroll 4") for (int v = 0; v < NV; ++v) \
            acc[r][v] = start == Start::C ? LOAD(C + r * ldc + LANES * v) : base[v];                               \
        const float *a[MR];                                                                                        \
        _Pragma("GCC unroll 12") for (int r = 0; r < MR; ++r) a[r] = A + r * rs;                                  \
        for (long k = 0; k < K; ++k) {                                                                             \
            VEC b[NV];                                                                                             \
            _Pragma("GCC unroll 4") for (int v = 0; v < NV; ++v) b[v] = LOAD(B + LANES * v);                       \
            B += ldb;                                                                                              \
            _Pragma("GCC unroll 12") for (int r = 0; r < MR; ++r)                                                  \
            {                                                                                                      \
                const VEC x = SET1(*a[r]);                                                                         \
                a[r] += cs;                                                                                        \
                _Pragma("GCC unroll 4") for (int v = 0; v < NV; ++v) acc[r][v] = MULADD(x, b[v], acc[r][v]);       \
            }                                                                                                      \
        }                                                                                                          \
        _Pragma("GCC unroll 12") for (int r = 0; r < MR; ++r) _Pragma("GCC unroll 4") for (int v = 0; v < NV; ++v) \
            STORE(C + r * ldc + LANES * v, acc[r][v]);                                                             \
    }

#define TX_FMA512(a, b, c) _mm512_fmadd_ps(a, b, c)
#define TX_FMA256(a, b, c) _mm256_fmadd_ps(a, b, c)
TX_NN_TILE(tile512, __attribute__((target("avx512f"))), __m512, 16, _mm512_setzero_ps, _mm512_loadu_ps,
           _mm512_storeu_ps, _mm512_set1_ps, TX_FMA512)
TX_NN_TILE(tile256, __attribute__((target("avx2,fma"))), __m256, 8, _mm256_setzero_ps, _mm256_loadu_ps,
           _mm256_storeu_ps, _mm256_set1_ps, TX_FMA256)
#undef TX_NN_TILE
#undef TX_FMA512
#undef TX_FMA256

using TileFn = void (*)(const float *, long, long, const float *, long, long, float *, long, const float *, Start);

constexpr int kRows = 6;         // MR, the rows of one tile, for every instruction set
constexpr long kMaxWidth = 64;   // the widest NR (AVX-512)

struct Kernel
{
    long width = 0;                 // NR: columns of C per tile
    TileFn rows[kRows + 1] = {};    // rows[m]: the tile of m rows, m = 1..kRows
};

// narrow: the kernel for at most 32 columns (an attention head's width), where AVX-512's 64-wide
// tile would compute half zeros: 6 × 32 with 12 accumulators.
Kernel makeKernel(bool narrow)
{
    Kernel k;
    const char *isa = vec::isa();
    if (std::strcmp(isa, "avx512") == 0 && !narrow) {
        k.width = 64;
        k.rows[1] = tile512<1, 4>; k.rows[2] = tile512<2, 4>; k.rows[3] = tile512<3, 4>;
        k.rows[4] = tile512<4, 4>; k.rows[5] = tile512<5, 4>; k.rows[6] = tile512<6, 4>;
    } else if (std::strcmp(isa, "avx512") == 0) {
        k.width = 32;
        k.rows[1] = tile512<1, 2>; k.rows[2] = tile512<2, 2>; k.rows[3] = tile512<3, 2>;
        k.rows[4] = tile512<4, 2>; k.rows[5] = tile512<5, 2>; k.rows[6] = tile512<6, 2>;
    } else if (std::strcmp(isa, "avx2+fma") == 0) {
        k.width = 16;
        k.rows[1] = tile256<1, 2>; k.rows[2] = tile256<2, 2>; k.rows[3] = tile256<3, 2>;
        k.rows[4] = tile256<4, 2>; k.rows[5] = tile256<5, 2>; k.rows[6] = tile256<6, 2>;
    }
    return k; // width 0 without FMA: suitsAB() is false there
}

// The kernel for N columns; vec::isa() is fixed for the process.
const Kernel &kernel(long N)
{
    static const Kernel wide = makeKernel(false), narrow = makeKernel(true);
    return N <= 32 ? narrow : wide;
}

// Values of k per block: a (256, 64) panel of B is 64 KB, which stays in L2 beside A's block.
constexpr long kDepth = 256;

// Rows of A per block when B is packed: a (144, 256) block of A is 144 KB, which stays in the
// L2 cache (512 KB on Zen 3, 2 MB on Emerald Rapids) while every column panel of B passes over
// it. Without the blocking a product of 2048 rows streamed all of A from L3 once per panel:
// 2048 × 512 × 128 ran at 78 GFLOP/s against OpenBLAS Haswell's 89 on one AVX2 core.
constexpr long kBlockRows = 144; // 24 tiles of 6 rows

// Row tiles over which a B panel is packed: fewer read it straight from the weight (its rows
// stay in L1/L2 between tiles and the copy would cost more than it saves: T1's 64 rows ran
// at 110 GFLOP/s unpacked and 101 packed on one Zen 4 core), more read it often enough that a
// contiguous copy pays (2048 × 512 × 128: 87 → 102 GFLOP/s).
constexpr long kPackAfterTiles = 16;

// B (k, n) at B[k · bk + n · bn]: bn = 1 for a row-major (K, N) B, bk = 1 for the transpose of a
// row-major (N, K) matrix (dy · wᵀ, a layer's input gradient).
struct BLayout
{
    const float *data;
    long bk, bn;
};

// Copies B (k0 … k0 + kc, n0 … n0 + w) into dst (kc, NR), zero-padded at the right edge.
void packB(float *dst, const BLayout &B, long k0, long kc, long n0, long w, long NR)
{
    if (B.bn == 1) { // a loop, not memcpy: a call per 64-byte row took 9 % of a weight gradient
        for (long k = 0; k < kc; ++k) {
            const float *src = B.data + (k0 + k) * B.bk + n0;
            float *row = dst + k * NR;
            for (long n = 0; n < w; ++n)
                row[n] = src[n];
            for (long n = w; n < NR; ++n)
                row[n] = 0.0f;
        }
        return;
    }
    // Transposed: column n of the panel is a contiguous run of B's source row n0 + n.
    for (long k = 0; k < kc; ++k)
        std::fill(dst + k * NR + w, dst + (k + 1) * NR, 0.0f);
    for (long n = 0; n < w; ++n) {
        const float *src = B.data + (n0 + n) * B.bn + k0 * B.bk;
        for (long k = 0; k < kc; ++k)
            dst[k * NR + n] = src[k];
    }
}

// Column panels [p0, p1) of the product (addAB's arguments), in blocks of KC values of k. A
// block's B panels (KC, NR) are copied once into a contiguous buffer (zero-padded at the right
// edge) when the rows are many or B is transposed; A then goes in blocks of kBlockRows rows that
// every panel passes over while they are in L2, re-laid out as (MR, KC) tiles when its rows are
// not contiguous (a transposed A), so every tile reads both operands sequentially.
void panels(long p0, long p1, float *C, long ldc, const float *A, long rs, long cs, long M, long K, const BLayout &B,
            long N, bool accumulate, const float *bias)
{
    const Kernel &kn = kernel(N);
    const long NR = kn.width, KC = kDepth;
    thread_local std::vector<float> bPack, aPack;
    alignas(64) float tile[kRows * kMaxWidth];
    alignas(64) float edgeBias[kMaxWidth];
    const long tiles = (M + kRows - 1) / kRows;
    // Packed: B's panels when the tiles are many or B is transposed (and a narrow last panel
    // always). With more rows than one block of A, all of this thread's panels are packed
    // before the blocks pass over them; otherwise each panel just before its tiles, while the
    // copy is in L1 (as before the blocking: up to 144 rows nothing changed).
    const bool pack = tiles > kPackAfterTiles || B.bn != 1;
    const bool packAll = pack && M > kBlockRows;
    const long blockRows = packAll ? kBlockRows : tiles * kRows;
    const bool packA = cs != 1;
    for (long k0 = 0; k0 < K; k0 += KC) {
        const long kc = std::min(KC, K - k0);
        const Start start = k0 > 0 || accumulate ? Start::C : bias ? Start::Bias : Start::Zero;
        if (packAll) {
            bPack.resize(std::size_t((p1 - p0) * kc * NR));
            for (long p = p0; p < p1; ++p)
                packB(bPack.data() + (p - p0) * kc * NR, B, k0, kc, p * NR, std::min(NR, N - p * NR), NR);
        }
        const float *a = A + k0 * cs; // A's block: A(i, k0 + k) at a + i·rs + k·cs
        for (long m0 = 0; m0 < M; m0 += blockRows) {
            const long m1 = std::min(M, m0 + blockRows), t0 = m0 / kRows, t1 = (m1 + kRows - 1) / kRows;
            if (packA) {
                aPack.resize(std::size_t((t1 - t0) * kRows * kc));
                for (long t = t0; t < t1; ++t) {
                    float *dst = aPack.data() + (t - t0) * kRows * kc;
                    for (long k = 0; k < kc; ++k)
                        for (long r = 0; r < kRows; ++r) {
                            const long i = t * kRows + r;
                            dst[k * kRows + r] = i < M ? a[i * rs + k * cs] : 0.0f;
                        }
                }
            }
            for (long p = p0; p < p1; ++p) {
                const long n0 = p * NR, w = std::min(NR, N - n0);
                const float *b = B.data + k0 * B.bk + n0;
                long bld = B.bk;
                if (packAll) {
                    b = bPack.data() + (p - p0) * kc * NR;
                    bld = NR;
                } else if (pack || w < NR) {
                    bPack.resize(std::size_t(kc * NR));
                    packB(bPack.data(), B, k0, kc, n0, w, NR);
                    b = bPack.data();
                    bld = NR;
                }
                const float *pb = bias ? bias + n0 : nullptr;
                if (w < NR && bias) {
                    std::fill(edgeBias, edgeBias + NR, 0.0f);
                    std::memcpy(edgeBias, bias + n0, std::size_t(w) * sizeof(float));
                    pb = edgeBias;
                }
                for (long t = t0; t < t1; ++t) {
                    const long i0 = t * kRows, m = std::min<long>(kRows, M - i0);
                    const float *at = packA ? aPack.data() + (t - t0) * kRows * kc : a + i0 * rs;
                    const long trs = packA ? 1 : rs, tcs = packA ? kRows : cs;
                    if (w == NR) {
                        kn.rows[m](at, trs, tcs, b, bld, kc, C + i0 * ldc + n0, ldc, pb, start);
                        continue;
                    }
                    if (start == Start::C)
                        for (long r = 0; r < m; ++r)
                            std::memcpy(tile + r * NR, C + (i0 + r) * ldc + n0, std::size_t(w) * sizeof(float));
                    kn.rows[m](at, trs, tcs, b, bld, kc, tile, NR, pb, start);
                    for (long r = 0; r < m; ++r)
                        std::memcpy(C + (i0 + r) * ldc + n0, tile + r * NR, std::size_t(w) * sizeof(float));
                }
            }
        }
    }
}

// addAB and addABt: C = [C +] A · B [+ bias] for either layout of B.
void product(float *C, long ldc, const float *A, long rs, long cs, long M, long K, const BLayout &B, long N,
             bool accumulate, const float *bias)
{
    if (M <= 0 || N <= 0)
        return;
    if (kernel(N).width == 0) { // no FMA (SSE4.2, reference): plain float sums in k order
        for (long i = 0; i < M; ++i)
            for (long n = 0; n < N; ++n) {
                float sum = accumulate ? C[i * ldc + n] : bias ? bias[n] : 0.0f;
                for (long k = 0; k < K; ++k)
                    sum += A[i * rs + k * cs] * B.data[k * B.bk + n * B.bn];
                C[i * ldc + n] = sum;
            }
        return;
    }
    const long NR = kernel(N).width, count = (N + NR - 1) / NR;
    // A join costs more than it saves below ~4 MFLOP, as in ops::matmulAdd.
    int threads = omp_in_parallel() ? 1 : omp_get_max_threads();
    const bool byRows = M >= 2 * kBlockRows * threads; // a batch: each thread a band of rows, all of B
    if (double(M) * double(K) * double(N) < 2e6 || (!byRows && count < 2L * threads))
        threads = 1;
    if (threads == 1) {
        panels(0, count, C, ldc, A, rs, cs, M, K, B, N, accumulate, bias);
        return;
    }
    if (byRows) { // bands of whole tiles; each thread packs its own copy of B's panels
        const long tiles = (M + kRows - 1) / kRows;
#pragma omp parallel for num_threads(threads) schedule(static)
        for (int t = 0; t < threads; ++t) {
            const long r0 = std::min(M, tiles * t / threads * kRows);
            const long r1 = std::min(M, tiles * (t + 1) / threads * kRows);
            panels(0, count, C + r0 * ldc, ldc, A + r0 * rs, rs, cs, r1 - r0, K, B, N, accumulate, bias);
        }
        return;
    }
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int t = 0; t < threads; ++t)
        panels(count * t / threads, count * (t + 1) / threads, C, ldc, A, rs, cs, M, K, B, N, accumulate, bias);
}

} // namespace

bool suitsAB(long M, long K, long N)
{
    return kernel(N).width > 0 && M >= 8 && N >= 16 &&
           4.0 * double(K) * double(N) <= (M > kFewRows ? kBatchCachedBytes : kCachedBytes);
}

void addAB(float *C, long ldc, const float *A, long rs, long cs, long M, long K, const float *B, long ldb, long N,
           bool accumulate, const float *bias)
{
    product(C, ldc, A, rs, cs, M, K, BLayout{B, ldb, 1}, N, accumulate, bias);
}

void addABt(float *C, long ldc, const float *A, long rs, long cs, long M, long K, const float *Bt, long ldbt, long N,
            bool accumulate)
{
    product(C, ldc, A, rs, cs, M, K, BLayout{Bt, 1, ldbt}, N, accumulate, nullptr);
}

} // namespace tx::gemm
