// Median wall time of one training step (forward + backward + gradient clipping + AdamW) at
// batch 32 for the engine issue's T1 and T2 shapes (GPT-2 family: learned positions,
// LayerNorm, GELU-tanh, biases, tied head). Reference, PyTorch 1.13 with OpenBLAS on the same
// 2 cores and 2 threads (issue 7): T1 75 ms, T2 765 ms.
#include "core/train/adamw.h"
#include "core/base/rng.h"
#include "core/train/trainablemodel.h"

#include <QCoreApplication>
#include <QTextStream>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <vector>

using namespace tx;

namespace {

// CPU time of the whole process (all threads), ms: on a machine shared with other jobs the
// wall time includes waiting for a core, the CPU time does not.
double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

struct Timing
{
    double wallMs = -1.0; // median
    double cpuMs = -1.0;  // median
};

Timing medianStep(int vocab, int d, int layers, int heads, int dFf, int T, int B, int repeats, int threads)
{
    ModelConfig c;
    c.vocabSize = vocab;
    c.dModel = d;
    c.nLayers = layers;
    c.nHeads = heads;
    c.nKvHeads = heads;
    c.dFf = dFf;
    c.maxPositions = T;
    auto model = TrainableModel::create(c);
    if (!model)
        return {};
    model->initGpt2Style(1);
    model->setThreads(threads);
    AdamW optimizer;
    Rng rng(2);
    TrainingBatch b;
    b.batch = B;
    b.seqLen = T;
    for (int i = 0; i < B * T; ++i) {
        b.inputs.push_back(rng.uniformInt(vocab));
        b.targets.push_back(rng.uniformInt(vocab));
        b.mask.push_back(1.0f);
    }
    std::vector<double> ms, cpu;
    for (int i = 0; i < repeats + 2; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = cpuMs();
        model->forward(b);
        model->backward();
        AdamW::clipGradNorm(model->parameters(), 1.0);
        optimizer.step(model->parameters(), 1e-3);
        const double t = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        if (i >= 2) { // the first steps allocate the activation buffers and the AdamW moments
            ms.push_back(t);
            cpu.push_back(cpuMs() - cpuStart);
        }
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
    const QStringList args = app.arguments();
    const bool onlyT1 = args.contains(QStringLiteral("--t1"));
    // Threads as in the reference (2); `--threads N` to compare.
    const int at = int(args.indexOf(QStringLiteral("--threads")));
    const int threads = at > 0 && at + 1 < args.size() ? std::max(1, args[at + 1].toInt()) : 2;
    out << "threads: " << threads << Qt::endl;
    const Timing t1 = medianStep(64, 128, 2, 4, 512, 64, 32, 21, threads);
    out << "step_ms[T1]: " << t1.wallMs << Qt::endl;
    out << "cpu_ms[T1]: " << t1.cpuMs << Qt::endl;
    if (onlyT1)
        return 0;
    const Timing t2 = medianStep(256, 256, 4, 8, 1024, 128, 32, 7, threads);
    out << "step_ms[T2]: " << t2.wallMs << Qt::endl;
    out << "cpu_ms[T2]: " << t2.cpuMs << Qt::endl;
    return 0;
}
