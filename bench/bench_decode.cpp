// Token-by-token decoding speed of the KV-cache decoder on llama2.c's "stories15M" shape
// (dim 288, 6 layers, 6 heads, vocab 32000, seq 256, hidden 768; Llama: RoPE, RMSNorm, SwiGLU,
// shared classifier) with random weights, on 1 and 2 threads. Like llama2.c's run.c it starts
// from token 1 (BOS), samples with temperature 1.0 and top-p 0.9, runs to the 256-token
// context and reports tokens per second from the second token on (run.c: "achieved tok/s").
// The bar (issue 14): run.c built -Ofast -fopenmp -march=native on the same machine, with a
// random-weight checkpoint of the same shape (README "Engine").
// sample_us is the sampler's share of a token: the median time of one Sampler::next (temperature
// 1.0, top-p 0.9) on the logits this model gives after token 1; sample_us[temperature] the same
// without top-p (run.c's `-p 1.0`: plain softmax sampling).
#include "core/nn/blaskernels.h"
#include "core/nn/decoder.h"
#include "core/nn/sampler.h"
#include "core/nn/transformer.h"
#include "core/nn/vectormath.h"

#include <QCoreApplication>
#include <QTextStream>

#include <algorithm>
#include <chrono>
#include <vector>

#include <omp.h>

using namespace tx;

namespace {

ModelConfig stories15M()
{
    ModelConfig c;
    c.name = QStringLiteral("stories15M");
    c.vocabSize = 32000;
    c.dModel = 288;
    c.nLayers = 6;
    c.nHeads = c.nKvHeads = 6;
    c.dFf = 768;
    c.maxPositions = 256;
    c.positions = PositionKind::Rotary;
    c.norm = NormKind::RmsNorm;
    c.ffn = FfnKind::Gated3;
    c.activation = Activation::Silu;
    c.qkvBias = c.attnOutBias = c.ffnBias = false;
    c.tiedEmbeddings = true;
    return c;
}

// Tokens per second of one 256-token generation, from the second token on.
double tokensPerSecond(const Transformer &model, std::uint64_t seed)
{
    Decoder decoder(model);
    SamplingOptions o;
    o.temperature = 1.0;
    o.topP = 0.9;
    o.seed = seed;
    std::chrono::steady_clock::time_point start;
    int n = 0;
    const int steps = model.maxSequenceLength() - 1;
    decoder.generate({1}, steps, o, 0, [&](int) {
        if (n++ == 0)
            start = std::chrono::steady_clock::now();
        return true;
    });
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return double(n - 1) / seconds;
}

// Median microseconds of one Sampler::next with top-p `topP` at temperature 1, on the logits
// after token 1.
double sampleMicroseconds(const Transformer &model, double topP)
{
    KvCache kv = model.makeKvCache();
    const auto logits = model.decode({1}, kv);
    if (!logits)
        return -1.0;
    const Eigen::RowVectorXf row = logits->row(logits->rows() - 1);
    SamplingOptions o;
    o.temperature = 1.0;
    o.topP = topP;
    Sampler sampler(o);
    std::vector<double> us;
    for (int i = 0; i < 301; ++i) {
        const auto start = std::chrono::steady_clock::now();
        sampler.next(row.data(), int(row.size()));
        us.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(us.begin(), us.end());
    return us[us.size() / 2];
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    auto model = Transformer::create(stories15M());
    if (!model) {
        out << model.error().toString() << Qt::endl;
        return 1;
    }
    model->initGpt2Style(1);
    out << "model: stories15M shape, random weights, " << model->parameterCount() << " parameters" << Qt::endl;
    const auto &blas = tx::ops::BlasKernels::ensure();
    out << "kernels: " << vec::isa() << Qt::endl
        << "blas_core_detected: " << blas.detected << Qt::endl
        << "blas_core: " << blas.used << Qt::endl;
    out << "sample_us: " << sampleMicroseconds(*model, 0.9) << Qt::endl;
    out << "sample_us[temperature]: " << sampleMicroseconds(*model, 1.0) << Qt::endl;
    const int cores = omp_get_num_procs();
    // `--threads N` measures one thread count only (to alternate with another program).
    const QStringList args = app.arguments();
    const int at = int(args.indexOf(QStringLiteral("--threads")));
    const int only = at > 0 && at + 1 < args.size() ? args[at + 1].toInt() : 0;
    // decode_tok_s is the figure of the most threads measured (2, or what --threads asked for).
    double last = 0.0;
    int used = 0;
    for (int threads : {1, 2}) {
        if (threads > cores)
            break;
        if (only > 0 && threads != only)
            continue;
        omp_set_num_threads(threads);
        tokensPerSecond(*model, 99); // warm-up
        std::vector<double> runs;
        for (int i = 0; i < 5; ++i)
            runs.push_back(tokensPerSecond(*model, 1 + std::uint64_t(i)));
        std::sort(runs.begin(), runs.end());
        const double median = runs[runs.size() / 2];
        out << "decode_tok_s[" << threads << "t]: " << median << Qt::endl;
        last = median;
        used = threads;
    }
    if (used == 0) {
        out << "no such thread count: " << only << " (this machine has " << cores << " cores)" << Qt::endl;
        return 1;
    }
    out << "threads: " << used << Qt::endl;
    out << "decode_tok_s: " << last << Qt::endl;
    return 0;
}
