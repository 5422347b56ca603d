#include "core/calibrate/cpuprobe.h"

#include "core/nn/vectormath.h"

#include <QFile>
#include <QString>

#include <immintrin.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

namespace tx {

namespace {

// 10 independent accumulators hide the FMA latency (4-5 cycles × 2 ports).
__attribute__((target("avx512f"))) float fmaLoop512(long n)
{
    __m512 a[10];
    for (auto &x : a)
        x = _mm512_set1_ps(1.0f);
    const __m512 m = _mm512_set1_ps(0.999999f), c = _mm512_set1_ps(1e-7f);
    for (long i = 0; i < n; ++i)
        for (auto &x : a)
            x = _mm512_fmadd_ps(x, m, c);
    __m512 s = a[0];
    for (int k = 1; k < 10; ++k)
        s = _mm512_add_ps(s, a[k]);
    float out[16];
    _mm512_storeu_ps(out, s);
    return out[0];
}

__attribute__((target("avx2,fma"))) float fmaLoop256(long n)
{
    __m256 a[10];
    for (auto &x : a)
        x = _mm256_set1_ps(1.0f);
    const __m256 m = _mm256_set1_ps(0.999999f), c = _mm256_set1_ps(1e-7f);
    for (long i = 0; i < n; ++i)
        for (auto &x : a)
            x = _mm256_fmadd_ps(x, m, c);
    __m256 s = a[0];
    for (int k = 1; k < 10; ++k)
        s = _mm256_add_ps(s, a[k]);
    float out[8];
    _mm256_storeu_ps(out, s);
    return out[0];
}

float mulAddLoop128(long n)
{
    __m128 a[10];
    for (auto &x : a)
        x = _mm_set1_ps(1.0f);
    const __m128 m = _mm_set1_ps(0.999999f), c = _mm_set1_ps(1e-7f);
    for (long i = 0; i < n; ++i)
        for (auto &x : a)
            x = _mm_add_ps(_mm_mul_ps(x, m), c);
    return _mm_cvtss_f32(a[0]);
}

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

double CpuProbe::measureGflopsPerCore(QString *isa)
{
    int width = 4;
    float (*loop)(long) = mulAddLoop128;
    QString name = QStringLiteral("sse");
    __builtin_cpu_init();
    // The width the engine's kernels run (TX_KERNELS=avx2|sse caps it, vec::isa()); under
    // TX_KERNELS=reference the products are OpenBLAS's, which use the widest the CPU has.
    const char *engine = vec::isa();
    const bool capAvx2 = std::strcmp(engine, "avx2+fma") == 0, capSse = std::strcmp(engine, "sse4.2") == 0;
    if (!capAvx2 && !capSse && __builtin_cpu_supports("avx512f")) {
        loop = fmaLoop512;
        width = 16;
        name = QStringLiteral("avx512");
    } else if (!capSse && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        loop = fmaLoop256;
        width = 8;
        name = QStringLiteral("avx2+fma");
    }
    if (isa)
        *isa = name;
    const long n = 2'000'000;
    volatile float sink = 0.0f;
    double best = 0.0;
    for (int run = 0; run < 7; ++run) {
        const auto start = std::chrono::steady_clock::now();
        sink = sink + loop(n);
        const double s = secondsSince(start);
        const double flops = double(n) * 10.0 * width * 2.0; // FLOPs per lane per multiply-add
        best = std::max(best, flops / s / 1e9);
    }
    return best;
}

double CpuProbe::measureBandwidthBytesPerSecond()
{
    // a = b + s·c over 3 × 32 MB: 2 reads and 1 write of 4 bytes per element (STREAM's triad
    // counts no write-allocate traffic either).
    const std::ptrdiff_t n = 8 * 1024 * 1024;
    std::vector<float> a(std::size_t(n), 0.0f), b(std::size_t(n), 1.0f), c(std::size_t(n), 2.0f);
    double best = 0.0;
    for (int run = 0; run < 5; ++run) {
        const auto start = std::chrono::steady_clock::now();
#pragma omp parallel for schedule(static)
        for (std::ptrdiff_t i = 0; i < n; ++i)
            a[std::size_t(i)] = b[std::size_t(i)] + 0.5f * c[std::size_t(i)];
        const double s = secondsSince(start);
        best = std::max(best, 3.0 * 4.0 * double(n) / s);
    }
    volatile float sink = a[std::size_t(n / 2)];
    (void)sink;
    return best;
}

QString CpuProbe::cpuName()
{
    QFile f(QStringLiteral("/proc/cpuinfo"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    for (const QString &line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("model name")))
            return line.section(QLatin1Char(':'), 1).trimmed();
    }
    return {};
}

double CpuProbe::loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly))
        return 0.0;
    return QString::fromUtf8(f.readAll()).section(QLatin1Char(' '), 0, 0).toDouble();
}

CpuPeak CpuProbe::measure()
{
    CpuPeak p;
    p.cpuName = cpuName();
    p.loadAverage = loadAverage();
    p.threads = std::max(1, omp_get_max_threads());
    p.gflopsPerCore = measureGflopsPerCore(&p.isa);
    p.bandwidthBytesPerSecond = measureBandwidthBytesPerSecond();
    return p;
}

} // namespace tx
