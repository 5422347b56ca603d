#pragma once

// Runs bench/pytorch_reference.py (PyTorch 1.13 from Debian's python3-torch, /usr/bin/python3)
// for one row of bench_forward / bench_train and returns its medians in ms (wall, and CPU time
// summed over threads), or -1 when PyTorch is not installed or the script fails.

#include "core/nn/blaskernels.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>

namespace txbench {

struct TorchRow
{
    const char *mode; // "forward" or "train"
    int vocab, d, layers, heads, dFf, seq, batch, threads, repeats;
};

struct TorchTiming
{
    double wallMs = -1.0;
    double cpuMs = -1.0;
};

// The better (lower) of two timings of the same row, side by side, each side on its own.
inline TorchTiming better(TorchTiming a, TorchTiming b)
{
    auto pick = [](double x, double y) { return x < 0 ? y : (y < 0 ? x : std::min(x, y)); };
    return {pick(a.wallMs, b.wallMs), pick(a.cpuMs, b.cpuMs)};
}

// The load average (1, 5, 15 minutes): other jobs share the cores.
inline QString loadLine(const char *when)
{
    QFile load(QStringLiteral("/proc/loadavg"));
    if (!load.open(QIODevice::ReadOnly))
        return {};
    return QStringLiteral("load_average[%1]: ").arg(QString::fromLatin1(when))
           + QString::fromLatin1(load.readAll()).section(QLatin1Char(' '), 0, 2) + QLatin1Char('\n');
}

// What a reader of the figures needs to know about the run: the CPU, the environment that picks
// the kernels (OPENBLAS_CORETYPE reaches PyTorch's OpenBLAS too), and the load at the start.
inline QString machineLines()
{
    QString out;
    QFile cpu(QStringLiteral("/proc/cpuinfo"));
    if (cpu.open(QIODevice::ReadOnly)) {
        const auto model =
            QRegularExpression(QStringLiteral("model name\\s*: ([^\\n]*)")).match(QString::fromLatin1(cpu.readAll()));
        if (model.hasMatch())
            out += QStringLiteral("cpu: ") + model.captured(1) + QLatin1Char('\n');
    }
    // Before the environment lines: ensure() may set OPENBLAS_CORETYPE for both sides.
    const auto &blas = tx::ops::BlasKernels::ensure();
    out += QStringLiteral("blas_core_detected: ") + blas.detected + QLatin1Char('\n');
    out += QStringLiteral("blas_core: ") + blas.used + QLatin1Char('\n');
    for (const char *name : {"OPENBLAS_CORETYPE", "TX_KERNELS", "OMP_NUM_THREADS"})
        if (qEnvironmentVariableIsSet(name))
            out += QString::fromLatin1(name) + QStringLiteral(": ") + qEnvironmentVariable(name) + QLatin1Char('\n');
    return out + loadLine("start");
}

inline TorchTiming pytorchMedianMs(const TorchRow &r)
{
    QProcess p;
    QStringList args{QStringLiteral(TX_SOURCE_DIR "/bench/pytorch_reference.py"), QStringLiteral("--mode"),
                     QString::fromLatin1(r.mode)};
    const std::pair<const char *, int> values[] = {{"--vocab", r.vocab}, {"--d", r.d},         {"--layers", r.layers},
                                                   {"--heads", r.heads}, {"--dff", r.dFf},     {"--seq", r.seq},
                                                   {"--batch", r.batch}, {"--threads", r.threads},
                                                   {"--repeats", r.repeats}};
    for (const auto &[flag, value] : values)
        args << QString::fromLatin1(flag) << QString::number(value);
    p.start(QStringLiteral("/usr/bin/python3"), args);
    if (!p.waitForFinished(600'000) || p.exitCode() != 0)
        return {};
    const QString text = QString::fromUtf8(p.readAllStandardOutput());
    const auto wall = QRegularExpression(QStringLiteral("median_ms: ([0-9.]+)")).match(text);
    const auto cpu = QRegularExpression(QStringLiteral("median_cpu_ms: ([0-9.]+)")).match(text);
    TorchTiming t;
    if (wall.hasMatch())
        t.wallMs = wall.captured(1).toDouble();
    if (cpu.hasMatch())
        t.cpuMs = cpu.captured(1).toDouble();
    return t;
}

} // namespace txbench
