#include "core/base/upperstate.h"

#include <cpuid.h>

namespace tx {

namespace {

struct CpuFlags {
    bool avx = false;    // AVX usable: the CPU has it and the OS saves the YMM state
    bool xinuse = false; // XGETBV with ECX=1 supported: CPUID.(EAX=0DH,ECX=1):EAX[2]
};

unsigned long long xgetbv(unsigned index)
{
    unsigned lo = 0, hi = 0;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(index));
    return (static_cast<unsigned long long>(hi) << 32) | lo;
}

CpuFlags detect()
{
    CpuFlags f;
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return f;
    const bool osxsave = c & (1u << 27);
    if (!osxsave || !(c & (1u << 28)))
        return f;
    // XCR0 bits 1 and 2: the OS saves the SSE and the upper YMM state.
    if ((xgetbv(0) & 6u) != 6u)
        return f;
    f.avx = true;
    if (__get_cpuid_count(0xd, 1, &a, &b, &c, &d))
        f.xinuse = a & (1u << 2);
    return f;
}

const CpuFlags &flags()
{
    static const CpuFlags f = detect();
    return f;
}

__attribute__((target("avx"))) void zeroUpper()
{
    __builtin_ia32_vzeroupper();
}

} // namespace

void UpperState::clearNow()
{
    if (flags().avx)
        zeroUpper();
}

bool UpperState::avxUsable()
{
    return flags().avx;
}

bool UpperState::canTell()
{
    return flags().xinuse;
}

bool UpperState::dirty()
{
    if (!flags().xinuse)
        return false;
    // XINUSE bit 2: the upper halves of YMM0-15; bit 6: the upper halves of ZMM0-15.
    return (xgetbv(1) & ((1u << 2) | (1u << 6))) != 0;
}

} // namespace tx
