// Forward-pass timings of the Eigen engine, medians in milliseconds with attention
// probabilities captured. The bar (issue 6) is PyTorch 1.13 with OpenBLAS on the same 2 cores:
// batch 1: T1 1.7 ms, T2 9.5 ms, GPT-2 small 114 ms; batch 32: T1 30 ms, T2 277 ms.
// The *_cpu_ms lines give the CPU time of one call summed over threads: on a machine shared
// with other work, wall time measures the scheduler as much as the engine.
#include "core/nn/transformer.h"

#include <QCoreApplication>
#include <QTextStream>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <random>
#include <vector>

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
    model.forwardBatch(batch, options); // warm-up: first-touch of buffers, thread pool start
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
    std::mt19937 rng(7);
    struct Case
    {
        const char *name;
        tx::ModelConfig config;
        int seq;
        bool batch32;
        int repeats;
    };
    const Case cases[] = {
        {"T1", shape(64, 128, 2, 4, 512, 64), 64, true, 51},
        {"T2", shape(256, 256, 4, 8, 1024, 128), 128, true, 21},
        {"GPT2", shape(50257, 768, 12, 12, 3072, 1024), 64, false, 11},
    };
    for (const Case &c : cases) {
        auto model = tx::Transformer::create(c.config);
        if (!model) {
            out << c.name << ": " << model.error().toString() << '\n';
            return 1;
        }
        model->initGpt2Style(1);
        const std::vector<std::vector<int>> one = {randomTokens(rng, c.config.vocabSize, c.seq)};
        const Timing t1 = medianMs(*model, one, c.repeats);
        out << "forward_ms[" << c.name << "]: " << t1.wallMs << '\n';
        out << "forward_cpu_ms[" << c.name << "]: " << t1.cpuMs << '\n';
        out.flush();
        if (c.batch32) {
            std::vector<std::vector<int>> batch;
            for (int b = 0; b < 32; ++b)
                batch.push_back(randomTokens(rng, c.config.vocabSize, c.seq));
            const Timing t32 = medianMs(*model, batch, std::max(5, c.repeats / 4));
            out << "batch32_ms[" << c.name << "]: " << t32.wallMs << '\n';
            out << "batch32_cpu_ms[" << c.name << "]: " << t32.cpuMs << '\n';
            out.flush();
        }
    }
    return 0;
}
