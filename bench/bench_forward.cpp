// Forward-pass timings of the engine, medians in milliseconds with attention probabilities
// captured, for the engine issue's rows: T1 and T2 at batch 1 and 32, GPT-2 small at batch 1
// (64 tokens). `--pytorch` also times bench/pytorch_reference.py (PyTorch 1.13 with Debian's
// OpenBLAS) on the same rows and threads in the same run, alternating engine and PyTorch
// twice and keeping each side's better median (a shared machine slows some runs), and prints
// ratio[row]: PyTorch time ÷ engine time. Each row prints the thread count it used: one for
// the small T1 rows, where a thread join costs more than it saves, two elsewhere.
// The *_cpu_ms lines give the CPU time of one call summed over threads: on a machine shared
// with other work, wall time measures the scheduler as much as the engine.
#include "bench/pytorchreference.h"
#include "core/nn/transformer.h"

#include <QCoreApplication>
#include <QTextStream>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <random>
#include <vector>

#include <omp.h>

namespace {

tx::ModelConfig shape(int vocab, int d, int layers, int heads, int dFf, int positions)
{
    tx::ModelConfig c; // GPT-2 family defaults: learned positions, pre-LayerNorm, gelu_tanh, tied head
    c.vocabSize = vocab;
    c.dModel = d;
    c.nLayers = layers;
    c.nHeads = c.nKvHeads = heads;
    c.dFf = dFf;
    c.maxPositions = positions;
    return c;
}

std::vector<int> randomTokens(std::mt19937 &rng, int vocab, int T)
{
    std::uniform_int_distribution<int> pick(0, vocab - 1);
    std::vector<int> t(std::size_t(T), 0);
    for (int &x : t)
        x = pick(rng);
    return t;
}

double cpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

struct Timing
{
    double wallMs = -1; // median wall-clock time of one call
    double cpuMs = -1;  // median CPU time of one call, summed over threads
};

Timing medianMs(const tx::Transformer &model, const std::vector<std::vector<int>> &batch, int repeats)
{
    tx::ForwardOptions options;
    options.captureAttention = true;
    std::vector<double> ms, cpu;
    // Warm-up: first-touch of buffers, thread pool start, and the second pass, which makes the
    // (out, in) copies of the layer matrices that repeated inference runs on (TransposedWeightCache).
    model.forwardBatch(batch, options);
    model.forwardBatch(batch, options);
    for (int i = 0; i < repeats; ++i) {
        const double cpuStart = cpuMs();
        const auto start = std::chrono::steady_clock::now();
        const auto result = model.forwardBatch(batch, options);
        const auto end = std::chrono::steady_clock::now();
        cpu.push_back(cpuMs() - cpuStart);
        if (!result)
            return {};
        ms.push_back(std::chrono::duration<double, std::milli>(end - start).count());
    }
    std::sort(ms.begin(), ms.end());
    std::sort(cpu.begin(), cpu.end());
    return {ms[ms.size() / 2], cpu[cpu.size() / 2]};
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const bool pytorch = app.arguments().contains(QStringLiteral("--pytorch"));
    // `--row NAME` runs that row only (e.g. under perf).
    const int rowAt = int(app.arguments().indexOf(QStringLiteral("--row")));
    const QString onlyRow = rowAt > 0 && rowAt + 1 < app.arguments().size() ? app.arguments()[rowAt + 1] : QString();
    std::mt19937 rng(7);
    struct Case
    {
        const char *name;
        int vocab, d, layers, heads, dFf, positions;
        int seq;
        int batch;
        int threads;
        int repeats;
    };
    const Case cases[] = {
        {"forward_b1_T1", 64, 128, 2, 4, 512, 64, 64, 1, 1, 51},
        {"forward_b32_T1", 64, 128, 2, 4, 512, 64, 64, 32, 2, 15},
        {"forward_b1_T2", 256, 256, 4, 8, 1024, 128, 128, 1, 2, 21},
        {"forward_b32_T2", 256, 256, 4, 8, 1024, 128, 128, 32, 2, 7},
        {"forward_b1_GPT2", 50257, 768, 12, 12, 3072, 1024, 64, 1, 2, 11},
    };
    const int cores = omp_get_num_procs();
    out << txbench::machineLines();
    for (const Case &c : cases) {
        if (!onlyRow.isEmpty() && onlyRow != QLatin1String(c.name))
            continue;
        const int threads = std::min(c.threads, cores);
        omp_set_num_threads(threads);
        auto model = tx::Transformer::create(shape(c.vocab, c.d, c.layers, c.heads, c.dFf, c.positions));
        if (!model) {
            out << c.name << ": " << model.error().toString() << '\n';
            return 1;
        }
        model->initGpt2Style(1);
        std::vector<std::vector<int>> batch;
        for (int b = 0; b < c.batch; ++b)
            batch.push_back(randomTokens(rng, c.vocab, c.seq));
        out << "threads[" << c.name << "]: " << threads << '\n';
        Timing engine = medianMs(*model, batch, c.repeats);
        if (!pytorch) {
            out << "engine_ms[" << c.name << "]: " << engine.wallMs << '\n';
            out << "engine_cpu_ms[" << c.name << "]: " << engine.cpuMs << '\n';
            out.flush();
            continue;
        }
        const txbench::TorchRow row{"forward", c.vocab, c.d, c.layers, c.heads, c.dFf, c.seq, c.batch, threads, c.repeats};
        const txbench::TorchTiming first = txbench::pytorchMedianMs(row);
        const Timing again = medianMs(*model, batch, c.repeats);
        const txbench::TorchTiming torch = txbench::better(first, txbench::pytorchMedianMs(row));
        engine.wallMs = std::min(engine.wallMs, again.wallMs);
        engine.cpuMs = std::min(engine.cpuMs, again.cpuMs);
        out << "engine_ms[" << c.name << "]: " << engine.wallMs << '\n';
        out << "engine_cpu_ms[" << c.name << "]: " << engine.cpuMs << '\n';
        if (torch.wallMs > 0) {
            out << "pytorch_ms[" << c.name << "]: " << torch.wallMs << '\n';
            out << "pytorch_cpu_ms[" << c.name << "]: " << torch.cpuMs << '\n';
            out << "ratio[" << c.name << "]: " << QString::number(torch.wallMs / engine.wallMs, 'f', 2) << '\n';
            out << "cpu_ratio[" << c.name << "]: " << QString::number(torch.cpuMs / engine.cpuMs, 'f', 2) << '\n';
        } else {
            out << "pytorch_ms[" << c.name << "]: unavailable (needs /usr/bin/python3 with torch)\n";
        }
        out.flush();
    }
    out << txbench::loadLine("end");
    return 0;
}
