#pragma once

// The engine's register-tile kernels (gemm::addAB, gemm::addXWt) in the Sanitize build
// (CMakeLists.txt: -O1 with AddressSanitizer and UndefinedBehaviorSanitizer).
//
// Instrumented, a tile keeps its array of accumulator vectors on the stack, where every access
// carries a shadow-memory check: the tiles were 68 % of the samples of tst_trainseq2seq's
// training run, which took 303 s alone, and 92 s with them uninstrumented and checked as below
// (perf and /usr/bin/time on the Emerald Rapids Xeon, 6 Dec 2026). Beside the other tests the
// sanitizer suite's three training runs had taken 315–412 s each in CI.
//
// So the tiles are TX_UNINSTRUMENTED, and each checks its whole footprint once per call with
// memcheck::span instead: every operand a tile reads or writes is one contiguous span of one
// buffer, from its first element to its last. A span that reaches into memory AddressSanitizer
// has poisoned (past a buffer's end, freed, out of scope) is reported as the tile's own access
// would have been: the same error report, with the stack of the call.
#define TX_UNINSTRUMENTED __attribute__((no_sanitize("address", "undefined")))

#if defined(__SANITIZE_ADDRESS__)
#define TX_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TX_ASAN 1
#endif
#endif

namespace tx::memcheck {

// Whether this build checks memory (AddressSanitizer).
constexpr bool enabled()
{
#ifdef TX_ASAN
    return true;
#else
    return false;
#endif
}

#ifdef TX_ASAN
// Reports (AddressSanitizer's report, then the process ends) if any byte of the floats
// [first, end) is not addressable; nothing when end ≤ first.
void span(const float *first, const float *end);
#else
inline void span(const float *, const float *) {}
#endif

} // namespace tx::memcheck
