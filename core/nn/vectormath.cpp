// Elementwise kernels written once with GCC's vector extensions over a vector type F (4, 8 or
// 16 floats) and compiled for three targets with __attribute__((target)): the always_inline
// bodies below are inlined into each target's wrapper, so the AVX-512 wrapper runs 16-lane
// zmm code, the AVX2 one 8-lane ymm with FMA, the SSE one 4-lane xmm. The tail of an array runs
// through the same vector code on a zero-padded copy, so every element gets the same formula.
#include "core/nn/vectormath.h"

#include <cstdlib>
#include <cstring>

// Passing 32/64-byte vectors by value changes the ABI between targets; every such function here
// is always_inline into one target's wrapper, so no vector crosses a call.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace tx::vec {

namespace {

typedef float F4 __attribute__((vector_size(16)));
typedef float F8 __attribute__((vector_size(32)));
typedef float F16 __attribute__((vector_size(64)));
typedef int I4 __attribute__((vector_size(16)));
typedef int I8 __attribute__((vector_size(32)));
typedef int I16 __attribute__((vector_size(64)));

template <class F> struct IntOf;
template <> struct IntOf<F4> { using type = I4; };
template <> struct IntOf<F8> { using type = I8; };
template <> struct IntOf<F16> { using type = I16; };

template <class F> [[gnu::always_inline]] inline F splat(float c)
{
    return F{} + c;
}

// Cephes expf: exp(x) = 2^n · exp(r), n = round(x / ln 2), |r| <= ln2 / 2, exp(r) by a degree-5
// polynomial in r (relative error ≈ 2e-7). Below −87.3 (where 2^n would leave the normal range)
// the result is 0; above 88 it is clamped at exp(88) ≈ 1.65e38.
template <class F> [[gnu::always_inline]] inline F vexp(F x)
{
    using I = typename IntOf<F>::type;
    const F lo = splat<F>(-87.3365447f), hi = splat<F>(88.0f);
    const I under = x < lo;
    x = x > hi ? hi : x;
    x = x < lo ? lo : x;
    const F magic = splat<F>(12582912.0f); // 1.5 · 2^23: adding it rounds to an integer
    const F t = x * 1.44269504088896341f + magic;
    const F n = t - magic;
    F r = x - n * 0.693359375f;
    r = r - n * -2.12194440e-4f;
    F p = splat<F>(1.9875691500e-4f);
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    const F y = p * (r * r) + r + 1.0f;
    const I bits = ((I)t - (I)magic + 127) << 23; // 2^n as float bits
    const F out = y * (F)bits;
    return under ? F{} : out;
}

constexpr float kSqrt2OverPi = 0.7978845608028654f;
constexpr float kGeluCubic = 0.044715f;

// tanh(u) = 1 − 2 / (exp(2u) + 1), saturating to ±1 through exp's clamps.
template <class F> [[gnu::always_inline]] inline F vtanh(F u)
{
    return 1.0f - 2.0f / (vexp(u + u) + 1.0f);
}

template <class F> struct GeluTanhOp
{
    [[gnu::always_inline]] F operator()(F x) const
    {
        const F t = vtanh(kSqrt2OverPi * (x + kGeluCubic * x * x * x));
        return 0.5f * x * (1.0f + t);
    }
};

template <class F> struct GeluTanhGradOp
{
    [[gnu::always_inline]] F operator()(F x, F dy) const
    {
        const F t = vtanh(kSqrt2OverPi * (x + kGeluCubic * x * x * x));
        return dy
            * (0.5f * (1.0f + t)
               + 0.5f * x * (1.0f - t * t) * kSqrt2OverPi * (1.0f + 3.0f * kGeluCubic * x * x));
    }
};

template <class F> struct SiluOp
{
    [[gnu::always_inline]] F operator()(F x) const { return x / (1.0f + vexp(-x)); }
};

template <class F> struct SiluGradOp
{
    [[gnu::always_inline]] F operator()(F x, F dy) const
    {
        const F s = 1.0f / (1.0f + vexp(-x));
        return dy * s * (1.0f + x * (1.0f - s));
    }
};

template <class F> [[gnu::always_inline]] inline F load(const float *p, long count)
{
    F v{};
    std::memcpy(&v, p, std::size_t(count) * sizeof(float));
    return v;
}

template <class F> [[gnu::always_inline]] inline void store(float *p, const F &v, long count)
{
    std::memcpy(p, &v, std::size_t(count) * sizeof(float));
}

// y[i] = op(x[i])
template <class F, class Op> [[gnu::always_inline]] inline void map1(float *y, const float *x, long n, Op op)
{
    constexpr long W = long(sizeof(F) / sizeof(float));
    long i = 0;
    for (; i + W <= n; i += W)
        store<F>(y + i, op(load<F>(x + i, W)), W);
    if (i < n)
        store<F>(y + i, op(load<F>(x + i, n - i)), n - i);
}

// dx[i] = op(x[i], dy[i])
template <class F, class Op>
[[gnu::always_inline]] inline void map2(float *dx, const float *dy, const float *x, long n, Op op)
{
    constexpr long W = long(sizeof(F) / sizeof(float));
    long i = 0;
    for (; i + W <= n; i += W)
        store<F>(dx + i, op(load<F>(x + i, W), load<F>(dy + i, W)), W);
    if (i < n)
        store<F>(dx + i, op(load<F>(x + i, n - i), load<F>(dy + i, n - i)), n - i);
}

template <class F> [[gnu::always_inline]] inline float expShiftedLoop(float *x, long n, float shift)
{
    constexpr long W = long(sizeof(F) / sizeof(float));
    F sum{};
    long i = 0;
    for (; i + W <= n; i += W) {
        const F e = vexp(load<F>(x + i, W) - shift);
        store<F>(x + i, e, W);
        sum += e;
    }
    float total = 0.0f;
    for (long k = 0; k < W; ++k)
        total += sum[k];
    if (i < n) {
        const F e = vexp(load<F>(x + i, n - i) - shift);
        store<F>(x + i, e, n - i);
        for (long k = 0; k < n - i; ++k)
            total += e[k];
    }
    return total;
}

struct Table
{
    const char *isa;
    float (*expShifted)(float *, long, float);
    void (*geluTanh)(float *, const float *, long);
    void (*geluTanhGrad)(float *, const float *, const float *, long);
    void (*silu)(float *, const float *, long);
    void (*siluGrad)(float *, const float *, const float *, long);
};

// One set of wrappers per target; TARGET is the attribute, F the vector type it runs.
#define TX_VEC_WRAPPERS(SUFFIX, TARGET, F)                                                                             \
    TARGET float expShifted##SUFFIX(float *x, long n, float s) { return expShiftedLoop<F>(x, n, s); }                \
    TARGET void geluTanh##SUFFIX(float *y, const float *x, long n) { map1<F>(y, x, n, GeluTanhOp<F>{}); }            \
    TARGET void geluTanhGrad##SUFFIX(float *dx, const float *dy, const float *x, long n)                             \
    {                                                                                                                \
        map2<F>(dx, dy, x, n, GeluTanhGradOp<F>{});                                                                  \
    }                                                                                                                \
    TARGET void silu##SUFFIX(float *y, const float *x, long n) { map1<F>(y, x, n, SiluOp<F>{}); }                    \
    TARGET void siluGrad##SUFFIX(float *dx, const float *dy, const float *x, long n)                                 \
    {                                                                                                                \
        map2<F>(dx, dy, x, n, SiluGradOp<F>{});                                                                      \
    }

TX_VEC_WRAPPERS(512, __attribute__((target("avx512f"))), F16)
TX_VEC_WRAPPERS(256, __attribute__((target("avx2,fma"))), F8)
TX_VEC_WRAPPERS(128, , F4)
#undef TX_VEC_WRAPPERS

Table pick()
{
    __builtin_cpu_init();
    // TX_KERNELS caps the width: sse < avx2 < avx512 (the default is the widest there is).
    int cap = 2;
    if (const char *forced = std::getenv("TX_KERNELS")) {
        if (std::strcmp(forced, "sse") == 0)
            cap = 0;
        else if (std::strcmp(forced, "avx2") == 0)
            cap = 1;
    }
    if (cap >= 2 && __builtin_cpu_supports("avx512f"))
        return {"avx512", expShifted512, geluTanh512, geluTanhGrad512, silu512, siluGrad512};
    if (cap >= 1 && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return {"avx2+fma", expShifted256, geluTanh256, geluTanhGrad256, silu256, siluGrad256};
    return {"sse4.2", expShifted128, geluTanh128, geluTanhGrad128, silu128, siluGrad128};
}

const Table &table()
{
    static const Table t = pick();
    return t;
}

} // namespace

const char *isa()
{
    return table().isa;
}

float expShifted(float *x, long n, float shift)
{
    return table().expShifted(x, n, shift);
}

void geluTanh(float *y, const float *x, long n)
{
    table().geluTanh(y, x, n);
}

void geluTanhGrad(float *dx, const float *dy, const float *x, long n)
{
    table().geluTanhGrad(dx, dy, x, n);
}

void silu(float *y, const float *x, long n)
{
    table().silu(y, x, n);
}

void siluGrad(float *dx, const float *dy, const float *x, long n)
{
    table().siluGrad(dx, dy, x, n);
}

} // namespace tx::vec
