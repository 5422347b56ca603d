#pragma once

namespace tx {

// This process's resident memory from /proc/self/status (Linux; 0 elsewhere).
class ProcessMemory
{
public:
    static double residentBytes();     // VmRSS
    static double peakResidentBytes(); // VmHWM: the highest VmRSS since start or the last resetPeak()
    // Sets VmHWM back to VmRSS (writes 5 to /proc/self/clear_refs, Linux 4.0+). False when the
    // kernel refused; the peak then still counts what ran before.
    static bool resetPeak();
};

} // namespace tx
