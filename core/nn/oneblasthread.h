#pragma once

#include <omp.h>

namespace tx::ops {

// OpenBLAS's OpenMP build sizes its thread team from omp_get_max_threads() on every call. A
// product the engine keeps on one thread has to say so, or OpenBLAS forks both cores for a
// 288 × 288 matrix–vector product and, on a busy machine, waits for the other core's time
// slice at the join (perf on bench_decode: two thirds of the samples spinning in libgomp).
class OneBlasThread
{
public:
    OneBlasThread() : m_saved(omp_in_parallel() ? 1 : omp_get_max_threads())
    {
        if (m_saved > 1)
            omp_set_num_threads(1);
    }
    ~OneBlasThread()
    {
        if (m_saved > 1)
            omp_set_num_threads(m_saved);
    }
    OneBlasThread(const OneBlasThread &) = delete;
    OneBlasThread &operator=(const OneBlasThread &) = delete;

private:
    int m_saved;
};

} // namespace tx::ops
