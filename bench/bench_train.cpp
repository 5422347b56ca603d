// Median wall time of one training step (forward + backward + gradient clipping + AdamW) at
// batch 32 for the engine issue's T1 and T2 shapes (GPT-2 family: learned positions,
// LayerNorm, GELU-tanh, biases, tied head). `--pytorch` also times bench/pytorch_reference.py
// (PyTorch 1.13 with Debian's OpenBLAS) on the same rows and threads in the same run
// (alternating twice, each side's better median) and prints ratio[row]: PyTorch ÷ engine.
// t2_train_gflops is the T2 step's model FLOPs (forward + backward: 6 × matrix parameters ×
// tokens, plus attention's 12 × layers × T² × d per sequence) per second, beside the measured
// FMA peak of this CPU (fma_peak_gflops, per core and for the threads used).
#include "bench/pytorchreference.h"
#include "core/calibrate/cpuprobe.h"
#include "core/train/adamw.h"
#include "core/base/rng.h"
#include "core/train/trainablemodel.h"
#include "core/nn/vectormath.h"

#include <QCoreApplication>
#include <QTextStream>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <vector>

#include <omp.h>

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
    double parameters = 0; // the model's
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
    return {ms[ms.size() / 2], cpu[cpu.size() / 2], double(model->parameterCount())};
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const QStringList args = app.arguments();
    const bool onlyT1 = args.contains(QStringLiteral("--t1"));
    const bool pytorch = args.contains(QStringLiteral("--pytorch"));
    // Threads per row: T1's products are too small to split well, T2's are not; `--threads N`
    // forces one count for both.
    const int at = int(args.indexOf(QStringLiteral("--threads")));
    const int forced = at > 0 && at + 1 < args.size() ? std::max(1, args[at + 1].toInt()) : 0;
    const int cores = omp_get_num_procs();
    out << txbench::machineLines() << "kernels: " << vec::isa() << Qt::endl;
    if (args.contains(QStringLiteral("--thread-sweep"))) {
        // Where a second thread starts to pay (Trainer's one-thread cutoff): small GPT-2-family
        // steps at T 64, batch 1 to 32, on one thread and on two, with the parameter-tokens
        // (parameters × batch × T) the cutoff is stated in.
        struct Shape
        {
            int d, layers, heads, dFf;
        };
        for (const Shape &sh : {Shape{64, 2, 4, 256}, Shape{128, 2, 4, 512}}) {
            for (int B : {1, 2, 4, 8, 16, 32}) {
                const Timing one = medianStep(64, sh.d, sh.layers, sh.heads, sh.dFf, 64, B, 15, 1);
                const Timing two = medianStep(64, sh.d, sh.layers, sh.heads, sh.dFf, 64, B, 15, std::min(2, cores));
                const QString key = QStringLiteral("d%1_b%2").arg(sh.d).arg(B);
                out << "parameter_tokens[" << key << "]: " << QString::number(one.parameters * B * 64, 'g', 3) << Qt::endl;
                out << "step_ms_1t[" << key << "]: " << one.wallMs << Qt::endl;
                out << "step_ms_2t[" << key << "]: " << two.wallMs << Qt::endl;
                out << "cpu_ms_2t[" << key << "]: " << two.cpuMs << Qt::endl;
            }
        }
        out << txbench::loadLine("end");
        return 0;
    }
    struct Row
    {
        const char *name;
        int vocab, d, layers, heads, dFf, T, B, repeats, threads;
    };
    // Both rows split their batch of 32 over two threads (TrainableModel::setThreads: one
    // reduction per step); train_T1_1t is T1 on one thread, beside PyTorch on one.
    const Row rows[] = {{"train_T1", 64, 128, 2, 4, 512, 64, 32, 21, 2},
                        {"train_T1_1t", 64, 128, 2, 4, 512, 64, 32, 21, 1},
                        {"train_T2", 256, 256, 4, 8, 1024, 128, 32, 7, 2}};
    for (const Row &r : rows) {
        if (onlyT1 && r.T != 64)
            break;
        const int threads = std::min(cores, forced > 0 ? forced : r.threads);
        out << "threads[" << r.name << "]: " << threads << Qt::endl;
        Timing t = medianStep(r.vocab, r.d, r.layers, r.heads, r.dFf, r.T, r.B, r.repeats, threads);
        txbench::TorchTiming torch;
        if (pytorch) {
            const txbench::TorchRow row{"train", r.vocab, r.d, r.layers, r.heads, r.dFf, r.T, r.B, threads, r.repeats};
            const txbench::TorchTiming first = txbench::pytorchMedianMs(row);
            const Timing again = medianStep(r.vocab, r.d, r.layers, r.heads, r.dFf, r.T, r.B, r.repeats, threads);
            torch = txbench::better(first, txbench::pytorchMedianMs(row));
            t.wallMs = std::min(t.wallMs, again.wallMs);
            t.cpuMs = std::min(t.cpuMs, again.cpuMs);
        }
        out << "step_ms[" << r.name << "]: " << t.wallMs << Qt::endl;
        out << "cpu_ms[" << r.name << "]: " << t.cpuMs << Qt::endl;
        if (pytorch && torch.wallMs > 0) {
            out << "pytorch_ms[" << r.name << "]: " << torch.wallMs << Qt::endl;
            out << "pytorch_cpu_ms[" << r.name << "]: " << torch.cpuMs << Qt::endl;
            out << "ratio[" << r.name << "]: " << QString::number(torch.wallMs / t.wallMs, 'f', 2) << Qt::endl;
            out << "cpu_ratio[" << r.name << "]: " << QString::number(torch.cpuMs / t.cpuMs, 'f', 2) << Qt::endl;
        } else if (pytorch) {
            out << "pytorch_ms[" << r.name << "]: unavailable (needs /usr/bin/python3 with torch)" << Qt::endl;
        }
        if (r.T == 128) {
            // Matrix parameters: per layer qkv, attention out, FFN in and out; the tied head.
            const double matrixParams = double(r.layers) * (4.0 * r.d * r.d + 2.0 * r.d * r.dFf) + double(r.vocab) * r.d;
            const double tokens = double(r.B) * r.T;
            const double flops = 6.0 * matrixParams * tokens + 12.0 * r.layers * double(r.T) * r.T * r.d * r.B;
            QString isa;
            const double peakPerCore = tx::CpuProbe::measureGflopsPerCore(&isa); // the calibration's probe
            const double gflops = flops / (t.wallMs * 1e-3) / 1e9;
            out << "t2_train_gflops: " << gflops << Qt::endl;
            out << "fma_peak_isa: " << isa << Qt::endl;
            out << "fma_peak_gflops[1t]: " << peakPerCore << Qt::endl;
            out << "fma_peak_gflops[" << threads << "t]: " << peakPerCore * threads << Qt::endl;
            out << "t2_train_share_of_peak: " << QString::number(gflops / (peakPerCore * threads), 'f', 2)
                << Qt::endl;
        }
    }
    out << txbench::loadLine("end");
    return 0;
}
