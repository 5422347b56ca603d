#pragma once

#include "core/calibrate/cpupeak.h"

namespace tx {

// Measures this computer (for calibrate, and bench_train's share of peak): the FMA peak of one
// core (AVX-512, AVX2+FMA or SSE picked by cpuid, best of several 50 ms runs, since a shared
// machine steals time from some of them) times the engine's threads, and the memory bandwidth of a STREAM
// triad (McCalpin 1995) over arrays far larger than the caches.
class CpuProbe
{
public:
    static CpuPeak measure();
    // One core's multiply-add peak at the vector width the engine runs: the widest the CPU has,
    // or the one TX_KERNELS=avx2|sse caps it to (isa names it).
    static double measureGflopsPerCore(QString *isa = nullptr);
    static double measureBandwidthBytesPerSecond();
    static QString cpuName();     // "" when /proc/cpuinfo says nothing
    static double loadAverage();  // 1-minute, from /proc/loadavg; 0 when unknown
};

} // namespace tx
