#include "core/calibrate/enginemeasurement.h"

#include "core/base/rng.h"
#include "core/calibrate/processmemory.h"
#include "core/nn/activationcache.h"
#include "core/nn/transformer.h"
#include "core/train/adamw.h"
#include "core/train/trainablemodel.h"
#include "core/train/trainingbatch.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <vector>

namespace tx {

namespace {

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> v)
{
    if (v.empty())
        return -1.0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

template <typename M>
double bytes(const M &m)
{
    return double(m.size()) * 4.0;
}

// Every tensor ActivationCache holds (float32), field by field as activationcache.h lists them.
double cacheBytes(const ActivationCache &c)
{
    double n = bytes(c.embIn) + bytes(c.embMean) + bytes(c.embRstd) + bytes(c.xLast) + bytes(c.xFinal)
        + bytes(c.finalMean) + bytes(c.finalRstd) + bytes(c.logits);
    for (const ActivationCache::Layer &l : c.layers) {
        for (const Mat *m : {&l.x, &l.n1In, &l.n1Out, &l.qkvRaw, &l.qkv, &l.probs, &l.att, &l.a, &l.paOut, &l.h,
                             &l.n2In, &l.n2Out, &l.ffPre, &l.ffAct, &l.m, &l.routerLogits, &l.gates, &l.sharedPre,
                             &l.sharedAct, &l.pfOut})
            n += bytes(*m);
        for (const ColVec *v : {&l.n1Mean, &l.n1Rstd, &l.qMean, &l.qRstd, &l.kMean, &l.kRstd, &l.paMean, &l.paRstd,
                                &l.n2Mean, &l.n2Rstd, &l.pfMean, &l.pfRstd})
            n += bytes(*v);
        for (const std::vector<Mat> *group : {&l.expertIn, &l.expertPre, &l.expertAct, &l.expertOut})
            for (const Mat &m : *group)
                n += bytes(m);
    }
    return n;
}

std::vector<int> randomTokens(int count, int vocab, Rng &rng)
{
    std::vector<int> t(static_cast<std::size_t>(count));
    for (int &id : t)
        id = int(rng.next() % std::uint64_t(vocab));
    return t;
}

} // namespace

int EngineMeasurement::steps(const CalibrationPlan &plan)
{
    return (plan.trainable ? plan.settings.repeats + 1 : 0) + plan.settings.repeats + 1;
}

Expected<CalibrationFigures, Error> EngineMeasurement::measure(const CalibrationPlan &plan, const std::atomic<bool> *stop,
                                                               const std::function<void(int, int)> &progress)
{
    const CalibrationSettings &s = plan.settings;
    const int total = steps(plan);
    int done = 0;
    const auto tick = [&] {
        ++done;
        if (progress)
            progress(done, total);
    };
    const auto stopped = [&] { return stop && stop->load(); };
    const Error cancelled{{}, {}, tr("cancelled")};
    Rng rng(s.seed);
    const int vocab = plan.config.vocabSize;
    CalibrationFigures f;

    // The resident memory the model and its training steps add, from the moment before the model exists.
    ProcessMemory::resetPeak();
    const double residentBefore = ProcessMemory::residentBytes();
    std::optional<TrainableModel> trainable;
    std::optional<Transformer> runOnly;
    const std::int64_t weightCap = std::max<std::int64_t>(s.capBytes, Transformer::kDefaultCapBytes);
    if (plan.trainable) {
        auto created = TrainableModel::create(plan.config, false, 16 * weightCap);
        if (!created)
            return created.error();
        trainable.emplace(std::move(*created));
        trainable->initGpt2Style(s.seed);
    } else {
        auto created = Transformer::create(plan.config, weightCap);
        if (!created)
            return created.error();
        runOnly.emplace(std::move(*created));
        runOnly->initGpt2Style(s.seed);
    }
    const Transformer &model = trainable ? trainable->transformer() : *runOnly;
    f.weightsBytes = double(model.weights().floatCount()) * 4.0;

    if (trainable) {
        TrainingBatch batch;
        batch.batch = s.batch;
        batch.seqLen = s.seq;
        const std::vector<int> ids = randomTokens(s.batch * (s.seq + 1), vocab, rng);
        for (int b = 0; b < s.batch; ++b)
            for (int t = 0; t < s.seq; ++t) {
                batch.inputs.push_back(ids[std::size_t(b * (s.seq + 1) + t)]);
                batch.targets.push_back(ids[std::size_t(b * (s.seq + 1) + t + 1)]);
            }
        batch.mask.assign(batch.inputs.size(), 1.0f);
        AdamW optimizer;
        std::vector<double> times;
        // The first step allocates the gradients, moments and caches; it is not timed.
        for (int run = 0; run <= s.repeats; ++run) {
            if (stopped())
                return cancelled;
            const auto start = std::chrono::steady_clock::now();
            if (trainable->forward(batch, nullptr, nullptr, stop) < 0.0 || !trainable->backward(stop))
                return cancelled;
            AdamW::clipGradNorm(trainable->parameters(), 1.0);
            optimizer.step(trainable->parameters(), 1e-4);
            if (run > 0)
                times.push_back(secondsSince(start));
            tick();
        }
        f.trainStepSeconds = median(times);
        f.trainingPeakBytes = ProcessMemory::peakResidentBytes() - residentBefore;
        f.gradientsBytes = f.momentsBytes = 0;
        for (const Parameter &p : trainable->parameters()) {
            f.gradientsBytes += bytes(p.grad);
            f.momentsBytes += bytes(p.adamM) + bytes(p.adamV);
        }
        ActivationCache cache;
        if (!model.forwardCached(batch.inputs, s.batch, s.seq, cache, stop))
            return cancelled;
        f.activationsBytes = cacheBytes(cache);
    }

    std::vector<std::vector<int>> sequences;
    for (int b = 0; b < s.batch; ++b)
        sequences.push_back(randomTokens(s.seq, vocab, rng));
    ForwardOptions options;
    options.cancel = stop;
    std::vector<double> times;
    for (int run = 0; run <= s.repeats; ++run) {
        const auto start = std::chrono::steady_clock::now();
        auto out = model.forwardBatch(sequences, options);
        if (!out)
            return stopped() ? cancelled : out.error();
        if (run > 0)
            times.push_back(secondsSince(start));
        tick();
    }
    f.forwardSeconds = median(times);

    KvCache kv = model.makeKvCache();
    const std::vector<int> prompt = randomTokens(plan.promptTokens(), vocab, rng);
    if (model.isEncoderDecoder()) // the prompt is the encoder's input, read once, as T5 generates
        if (auto e = model.encode(prompt, kv))
            return *e;
    if (auto out = model.decode(model.isEncoderDecoder() ? std::vector<int>{Transformer::kDecoderStartToken} : prompt, kv); !out)
        return out.error();
    times.clear();
    for (int g = 0; g < s.generate; ++g) {
        if (stopped())
            return cancelled;
        const int next = int(rng.next() % std::uint64_t(vocab));
        const auto start = std::chrono::steady_clock::now();
        if (auto out = model.decode({next}, kv); !out)
            return out.error();
        times.push_back(secondsSince(start));
    }
    tick();
    f.decodeSecondsPerToken = median(times);
    f.kvCacheBytes = double(kv.floatCount()) * 4.0;
    return f;
}

} // namespace tx
