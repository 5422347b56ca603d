#pragma once

#include <QString>

namespace tx {

// What this computer can do at most, as the estimator needs it for a CPU: the float32 FLOP/s of
// its cores and the bytes per second its memory streams (CpuProbe measures both).
struct CpuPeak
{
    QString cpuName;                    // /proc/cpuinfo "model name", e.g. "AMD EPYC 7B13"
    QString isa;                        // the multiply-add kernel measured: "avx512", "avx2+fma", "sse"
    int threads = 1;                    // OpenMP threads the engine runs on
    double gflopsPerCore = 0;           // float32 GFLOP/s of one core (an FMA is 2 FLOPs)
    double bandwidthBytesPerSecond = 0; // memory bandwidth, all threads (bytes/s)
    double loadAverage = 0;             // 1-minute load average when measured (other work on the machine)

    double peakFlops() const { return threads * gflopsPerCore * 1e9; } // FLOP/s, all threads

    bool operator==(const CpuPeak &) const = default;
};

} // namespace tx
