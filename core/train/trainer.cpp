#include "core/train/trainer.h"

#include "core/nn/decoder.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tx {

namespace {

// Independent streams from one seed (so adding a validation draw never shifts the data order).
constexpr std::uint64_t kInitStream = 0x1000;
constexpr std::uint64_t kDataStream = 0x2000;
constexpr std::uint64_t kValidationStream = 0x3000;
constexpr std::uint64_t kProbeStream = 0x4000;

double seconds(std::chrono::steady_clock::time_point since)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

} // namespace

Trainer::Trainer(TrainableModel model, const TrainingTask &task, const TrainingSettings &settings)
    : m_model(std::move(model)), m_task(task), m_settings(settings),
      m_optimizer(AdamW::Settings{settings.beta1, settings.beta2, 1e-8, settings.weightDecay}),
      m_dataRng(settings.seed ^ kDataStream)
{
}

Expected<Trainer, Error> Trainer::create(const ModelConfig &config, bool attentionOnly, const TrainingTask &task,
                                         const TrainingSettings &s)
{
    if (s.steps < 1 || s.steps > 10'000'000)
        return Error{{}, QStringLiteral("steps"), tr("must be between 1 and 10000000, got %1").arg(s.steps)};
    if (s.batch < 1 || s.batch > 4096)
        return Error{{}, QStringLiteral("batch"), tr("must be between 1 and 4096, got %1").arg(s.batch)};
    if (!(s.lr > 0.0 && s.lr < 10.0))
        return Error{{}, QStringLiteral("lr"), tr("must be above 0 and below 10, got %1").arg(s.lr)};
    if (config.vocabSize < task.vocabSize())
        return Error{{}, QStringLiteral("vocab_size"),
                     tr("the task uses %1 tokens but the model's vocabulary has %2")
                         .arg(task.vocabSize()).arg(config.vocabSize)};
    const bool encdec = config.layout == Layout::EncoderDecoder;
    const bool encoderOnly = config.layout == Layout::EncoderOnly;
    if (encoderOnly != task.isMaskedLm())
        return Error{{}, QStringLiteral("layout"),
                     encoderOnly ? tr("an encoder alone (BERT, ALBERT) trains on masked characters of a text, not on "
                                      "predicting what comes next")
                                 : tr("masked characters are for an encoder alone (BERT, ALBERT)")};
    if (encdec != task.isSeq2Seq())
        return Error{{}, QStringLiteral("layout"),
                     encdec ? tr("an encoder-decoder trains on a source → target task (copy, reverse, sort or span "
                                 "corruption), not on next-token prediction")
                            : tr("a source → target task needs an encoder-decoder design")};
    if (task.encoderSeqLen() > config.maxPositions)
        return Error{{}, QStringLiteral("max_positions"),
                     tr("the task's sources have %1 tokens but the model's context is %2")
                         .arg(task.encoderSeqLen()).arg(config.maxPositions)};
    if (task.seqLen() > config.maxPositions)
        return Error{{}, QStringLiteral("max_positions"),
                     tr("the task's sequences have %1 tokens but the model's context is %2")
                         .arg(task.seqLen()).arg(config.maxPositions)};
    auto model = TrainableModel::create(config, attentionOnly);
    if (!model)
        return model.error();
    // Activations: about (12 d + 3 heads·T) floats per token per layer must fit in 2 GB.
    // An encoder-decoder: the encoder's tokens through its layers, the decoder's through its
    // own, each decoder layer also keeping its cross-attention (about 6 d + 3 heads·Te more).
    const double tokens = double(s.batch) * task.seqLen();
    const double encoderTokens = double(s.batch) * task.encoderSeqLen();
    const int decoderLayers = encdec ? config.decoderLayers() : config.nLayers;
    double activationBytes =
        4.0 * tokens * decoderLayers * (12.0 * config.dModel + 2.0 * config.dFf + 3.0 * config.nHeads * task.seqLen())
        + 8.0 * tokens * config.vocabSize;
    if (encdec)
        activationBytes += 4.0 * encoderTokens * config.encoderLayers()
                               * (12.0 * config.dModel + 2.0 * config.dFf + 3.0 * config.nHeads * task.encoderSeqLen())
                           + 4.0 * tokens * decoderLayers * (6.0 * config.dModel + 3.0 * config.nHeads * task.encoderSeqLen());
    if (activationBytes > 2e9)
        return Error{{}, QStringLiteral("batch"),
                     tr("a step would hold %1 MB of activations; use a smaller batch or sequence")
                         .arg(activationBytes / 1e6, 0, 'f', 0)};
    model->initGpt2Style(initSeed(s.seed));
    // Below ~2·10⁸ parameter-tokens per step the products are too small to split: OpenMP's
    // barriers cost more than they save (an induction-preset step: 4.0 ms wall and CPU on one
    // thread, 4.6 ms wall and 9.4 ms CPU on two, same losses).
    const double work = double(model->parameterCount()) * (tokens + encoderTokens);
    model->setThreads(s.threads > 0 ? s.threads : (work < 2e8 ? 1 : 0));

    Trainer t(std::move(*model), task, s);
    t.m_schedule.peak = s.lr;
    t.m_schedule.minimum = s.lr * s.minLrRatio;
    t.m_schedule.totalSteps = s.steps;
    t.m_schedule.warmupSteps = s.warmupSteps >= 0 ? s.warmupSteps : std::min(100, s.steps / 20);
    Rng validation(s.seed ^ kValidationStream);
    t.m_validation = task.validationBatch(std::max(1, s.evalBatch), validation);
    Rng probe(s.seed ^ kProbeStream);
    const int T = task.seqLen();
    if (task.isSeq2Seq() || task.isMaskedLm()) { // pairs (with each target's source position) or masked windows
        t.m_probe = task.validationBatch(std::max(1, s.probeBatch), probe);
    } else if (task.options().kind == TaskKind::Induction) {
        t.m_probe = TrainingTask::inductionBatch(std::max(1, s.probeBatch), T, task.vocabSize(),
                                                 task.options().minSegment, task.options().maxSegment, probe);
    } else if (T >= 4) {
        t.m_probe = TrainingTask::inductionBatch(std::max(1, s.probeBatch), T, task.vocabSize(), 2,
                                                 std::max(2, (T + 1) / 2), probe);
    } else {
        t.m_probe = t.m_validation;
    }
    return t;
}

std::optional<TrainingSnapshot> Trainer::step(const std::atomic<bool> *stop)
{
    const auto start = std::chrono::steady_clock::now();
    Rng rng = m_dataRng; // committed only when the step completes
    const TrainingBatch batch = m_task.batch(m_settings.batch, rng);
    const double loss = m_model.forward(batch, nullptr, nullptr, stop);
    if (loss < 0.0 || !m_model.backward(stop))
        return std::nullopt;
    m_dataRng = rng;
    TrainingSnapshot s;
    s.gradNorm = AdamW::clipGradNorm(m_model.parameters(), m_settings.clipNorm);
    s.lr = m_schedule.at(m_step);
    m_optimizer.step(m_model.parameters(), s.lr);
    ++m_step;
    m_tokens += std::int64_t(batch.batch) * (batch.seqLen + batch.encoderSeqLen);
    m_seconds += seconds(start);
    s.step = m_step;
    s.totalSteps = m_settings.steps;
    s.loss = loss;
    // Read before evaluate() runs its own forwards over the caches.
    s.expertLoad = m_model.expertLoad();
    if (!s.expertLoad.empty()) {
        m_recentLoads.push_back(s.expertLoad);
        if (int(m_recentLoads.size()) > kLoadSteps)
            m_recentLoads.erase(m_recentLoads.begin());
        s.recentExpertLoad = ExpertLoad::sum(m_recentLoads);
        s.recentSteps = int(m_recentLoads.size());
    }
    if (m_settings.evalEvery > 0 && (m_step % m_settings.evalEvery == 0 || finished()))
        evaluate(s);
    s.seconds = m_seconds;
    s.tokens = m_tokens;
    return s;
}

void Trainer::evaluate(TrainingSnapshot &s)
{
    const auto start = std::chrono::steady_clock::now();
    int correct = 0, counted = 0;
    s.evaluated = true;
    s.valLoss = m_model.forward(m_validation, &correct, &counted);
    s.accuracy = counted > 0 ? double(correct) / double(counted) : 0.0;
    m_model.forward(m_probe);
    const ModelConfig &c = m_model.config();
    s.heads = m_model.headScores(m_probe);
    s.encoderDecoder = m_model.isEncoderDecoder();
    s.causal = c.isCausal();
    s.nLayers = s.encoderDecoder ? c.decoderLayers() : c.nLayers;
    s.nEncoderLayers = s.encoderDecoder ? c.encoderLayers() : 0;
    s.nHeads = c.nHeads;
    const int T = m_probe.seqLen, Te = m_probe.encoderSeqLen;
    s.probeTokens.assign(m_probe.inputs.begin(), m_probe.inputs.begin() + T);
    s.probeEncoderTokens.assign(m_probe.encoderInputs.begin(), m_probe.encoderInputs.begin() + Te);
    s.attention.clear();
    // The first probe sequence's maps (block h of each layer's probabilities).
    for (int l = 0; l < s.nEncoderLayers; ++l)
        for (int h = 0; h < s.nHeads; ++h)
            s.attention.push_back(m_model.encoderAttention(l).block(Eigen::Index(h) * Te, 0, Te, Te));
    for (int l = 0; l < s.nLayers; ++l)
        for (int h = 0; h < s.nHeads; ++h)
            s.attention.push_back(m_model.attention(l).block(Eigen::Index(h) * T, 0, T, T));
    if (s.encoderDecoder)
        for (int l = 0; l < s.nLayers; ++l)
            for (int h = 0; h < s.nHeads; ++h)
                s.attention.push_back(m_model.crossAttention(l).block(Eigen::Index(h) * T, 0, T, Te));
    m_seconds += seconds(start);
    s.seconds = m_seconds;
}

std::uint64_t Trainer::initSeed(std::uint64_t seed)
{
    return seed ^ kInitStream;
}

std::vector<int> Trainer::sample(const std::vector<int> &prompt, int count, const SamplingOptions &options)
{
    Decoder decoder(m_model.transformer());
    // An encoder-decoder encodes the prompt (its source) whole, up to its context, and decodes
    // from the start token.
    const int context = m_model.isEncoderDecoder() ? m_model.maxSequenceLength() : std::max(1, m_task.seqLen());
    auto out = decoder.generate(prompt, count, options, context);
    return out ? *out : std::vector<int>{};
}

std::vector<int> Trainer::fillMasks(const std::vector<int> &tokens, const SamplingOptions &options)
{
    const int mask = m_task.maskToken();
    const int context = std::min(m_task.seqLen(), m_model.maxSequenceLength());
    if (mask < 0 || tokens.empty() || int(tokens.size()) > context)
        return {};
    auto out = m_model.transformer().forward(tokens);
    if (!out)
        return {};
    // One pass reads the whole text at once (bidirectional); each [MASK] is filled from its own
    // row, never with [MASK] itself, as a masked LM is used.
    Sampler sampler(options);
    std::vector<int> filled = tokens;
    Eigen::RowVectorXf row;
    for (std::size_t t = 0; t < tokens.size(); ++t) {
        if (tokens[t] != mask)
            continue;
        row = out->logits.row(Eigen::Index(t));
        row(mask) = -std::numeric_limits<float>::infinity();
        filled[t] = sampler.next(row.data(), int(row.size()));
    }
    return filled;
}

std::vector<int> Trainer::sample(const std::vector<int> &prompt, int count, double temperature, int topK,
                                 std::uint64_t seed)
{
    SamplingOptions o;
    o.temperature = temperature;
    o.topK = topK;
    o.seed = seed;
    return sample(prompt, count, o);
}

} // namespace tx
