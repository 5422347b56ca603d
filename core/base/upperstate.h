#pragma once

// Cleans the upper halves of the vector registers before long SSE loops, so they run at full speed
// on Intel CPUs whatever ran before them.
//
// The program is built for x86-64-v2 (SSE4.2), so its ordinary code is SSE instructions, and it
// calls libm's AVX/FMA variants (__log_fma, __cos_fma). On Intel cores since Skylake, SSE code run
// while the upper halves of the YMM/ZMM registers are in use ("dirty": written by AVX code that did
// not end with `vzeroupper`) pays a false dependency and a merge on every instruction (Intel 64 and
// IA-32 Architectures Optimization Reference Manual, "Mixing AVX code with SSE code"); AMD Zen cores
// do not. Measured on an Intel Xeon, family 6 model 207 (Emerald Rapids), 6 Dec 2026: a Box–Muller
// loop (sqrt, log, cos) took 29.6 ns per value clean and 327.6 ns dirty.
//
// What leaves them dirty here: Debian 12's Qt 6.4.2 (libQt6Core 6.4.2+dfsg-10) hashes strings with
// a 256-bit VAES routine (behind qHashBits) on a CPU with VAES, and it returns without
// `vzeroupper`; so any QHash lookup with a string key dirties the thread. Its QT_NO_CPU_FEATURE
// cannot switch the routine off: the variable is read in QtCore's initialiser, and its tokens are
// compared with feature names that begin with a space, so none ever matches. `transformer-explorer
// run --hf-config gpt2` spent 40 s of its 42 drawing GPT-2 small's initial weights at 320 ns per
// value after reading the config through a QHash.

namespace tx {

class UpperState {
public:
    // Runs `vzeroupper` on a CPU with AVX (nothing on one without, where the instruction faults).
    // A few cycles: call it at the start of a loop of SSE code that calls libm.
    static void clearNow();

    // Whether this thread's upper halves are in use now (XGETBV with ECX=1, XINUSE bits 2 and 6).
    // False where the CPU cannot say; see canTell().
    static bool dirty();
    static bool canTell();

    // Whether this CPU and OS run AVX code (the CPU has it and the OS saves the YMM state): where
    // something can dirty the upper halves at all.
    static bool avxUsable();
};

} // namespace tx
