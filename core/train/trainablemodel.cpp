#include "core/train/trainablemodel.h"

#include "core/nn/enginesizer.h"
#include "core/nn/ops.h"

#include <QCoreApplication>

#include <algorithm>
#include <malloc.h>
#include <omp.h>

namespace tx {

namespace {

// A training step allocates and frees the same few-MB activation buffers every time. With
// glibc's defaults those come from fresh mmap()s or a heap top that is trimmed after each step,
// so every step page-faults its buffers in again (a fifth of a T1 step in perf). Keep freed
// memory in the process instead; the buffers are reused on the next step. glibc refuses an mmap
// threshold above 32 MiB (HEAP_MAX_SIZE / 2 on 64-bit) and then keeps the 128 KiB default, fixed
// (setting M_TRIM_THRESHOLD turns the adaptive threshold off): so 32 MiB it is. Buffers up to it
// (a T2 step's largest, the attention probabilities, is 16.8 MB) come from the heap and stay.
void keepFreedMemory()
{
    static const bool once = [] {
        mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
        mallopt(M_TRIM_THRESHOLD, 1024 * 1024 * 1024);
        return true;
    }();
    (void)once;
}

TransformerWeights emptyLike(const TransformerWeights &w)
{
    TransformerWeights e;
    e.layers.resize(w.layers.size());
    return e;
}

// Zero gradients for the tensors the model trains (an attention-only model's FFN has none).
TransformerWeights gradientsFor(const Transformer &model)
{
    TransformerWeights g = emptyLike(model.weights());
    for (const TransformerWeights::Slot &s : model.tensors()) {
        const Mat &m = s.in(model.weights());
        s.in(g) = Mat::Zero(m.rows(), m.cols());
    }
    return g;
}

QString capMessage(std::int64_t floats, std::int64_t capBytes)
{
    return TrainableModel::tr("training this design needs %1 MB (weights, gradients and AdamW moments, 16 bytes "
              "per parameter), over the cap of %2 MB")
        .arg(double(floats) * 16.0 / 1e6, 0, 'f', 0)
        .arg(double(capBytes) / 1e6, 0, 'f', 0);
}

} // namespace

TrainableModel::TrainableModel(Transformer model)
    : m_model(std::move(model)), m_grad(gradientsFor(m_model)), m_adamM(emptyLike(m_model.weights())),
      m_adamV(emptyLike(m_model.weights()))
{
}

Expected<TrainableModel, Error> TrainableModel::create(const ModelConfig &c, bool attentionOnly, std::int64_t capBytes,
                                                       float normEps)
{
    if (auto e = EngineSizer::unsupported(c, EnginePurpose::Train))
        return *e;
    // Count before allocating anything.
    const std::int64_t floats = EngineSizer::weightBytes(c) / 4;
    if (floats > capBytes / 16)
        return Error{{}, QStringLiteral("d_model"), capMessage(floats, capBytes)};
    auto model = Transformer::create(c, Transformer::kDefaultCapBytes, normEps, attentionOnly);
    if (!model)
        return model.error();
    model->initGpt2Style(0);
    return fromTransformer(std::move(*model), capBytes);
}

Expected<TrainableModel, Error> TrainableModel::fromTransformer(Transformer model, std::int64_t capBytes)
{
    if (auto e = EngineSizer::unsupported(model.config(), EnginePurpose::Train))
        return *e;
    const std::int64_t floats = model.weights().floatCount();
    if (floats * 16 > capBytes)
        return Error{{}, QStringLiteral("d_model"), capMessage(floats, capBytes)};
    keepFreedMemory();
    return TrainableModel(std::move(model));
}

void TrainableModel::initGpt2Style(std::uint64_t seed)
{
    m_model.initGpt2Style(seed);
    m_adamM = emptyLike(m_model.weights());
    m_adamV = emptyLike(m_model.weights());
}

std::vector<Parameter> TrainableModel::parameters()
{
    std::vector<Parameter> out;
    TransformerWeights &w = m_model.weights();
    for (const TransformerWeights::Slot &s : m_model.tensors())
        out.push_back(Parameter{s.name, s.in(w), s.in(m_grad), s.in(m_adamM), s.in(m_adamV), s.matrix});
    return out;
}

namespace {

int threadsFor(int setting)
{
    return setting > 0 ? setting : omp_get_num_procs();
}

// Rows [begin, end) of each per-row vector of a batch: the sequences of one shard.
template <typename T>
std::vector<T> rowsOf(const std::vector<T> &v, int begin, int end)
{
    return std::vector<T>(v.begin() + begin, v.begin() + end);
}

} // namespace

double TrainableModel::forward(const TrainingBatch &batch, int *correct, int *counted, const std::atomic<bool> *stop)
{
    const int threads = threadsFor(m_threads);
    omp_set_num_threads(threads);
    m_joined = false;
    const int shards = omp_in_parallel() ? 1 : std::max(1, std::min(threads, batch.batch));
    m_caches.resize(std::size_t(shards));
    m_dLogits.resize(std::size_t(shards));
    // An encoder-decoder's pairs: the encoder reads the sources, the decoder the shifted targets.
    auto run = [&](ActivationCache &cache, int b0, int b1) {
        const int T = batch.seqLen, Te = batch.encoderSeqLen;
        if (batch.isSeq2Seq())
            return m_model.forwardCached(rowsOf(batch.encoderInputs, b0 * Te, b1 * Te), Te,
                                         rowsOf(batch.inputs, b0 * T, b1 * T), b1 - b0, T, cache, stop);
        return m_model.forwardCached(rowsOf(batch.inputs, b0 * T, b1 * T), b1 - b0, T, cache, stop);
    };
    if (shards == 1) {
        if (!run(m_caches[0], 0, batch.batch))
            return -1.0;
        return ops::crossEntropy(m_caches[0].logits, batch.targets, batch.mask, &m_dLogits[0], correct, counted);
    }
    // Every shard's loss is divided by the whole batch's mask weight, so they add up to its mean.
    double weight = 0.0;
    for (const float m : batch.mask)
        weight += m;
    std::vector<double> losses(std::size_t(shards), 0.0);
    std::vector<int> right(std::size_t(shards), 0), seen(std::size_t(shards), 0);
    std::vector<char> finished(std::size_t(shards), 0);
    const int T = batch.seqLen;
#pragma omp parallel num_threads(shards)
    for (int i = omp_get_thread_num(); i < shards; i += omp_get_num_threads()) {
        const int b0 = batch.batch * i / shards, b1 = batch.batch * (i + 1) / shards;
        const int r0 = b0 * T, r1 = b1 * T;
        ActivationCache &cache = m_caches[std::size_t(i)];
        if (!run(cache, b0, b1))
            continue;
        losses[std::size_t(i)] = ops::crossEntropy(cache.logits, rowsOf(batch.targets, r0, r1), rowsOf(batch.mask, r0, r1),
                                                   &m_dLogits[std::size_t(i)], &right[std::size_t(i)],
                                                   &seen[std::size_t(i)], weight);
        finished[std::size_t(i)] = 1;
    }
    double loss = 0.0;
    int nRight = 0, nSeen = 0;
    for (int i = 0; i < shards; ++i) {
        if (!finished[std::size_t(i)])
            return -1.0;
        loss += losses[std::size_t(i)];
        nRight += right[std::size_t(i)];
        nSeen += seen[std::size_t(i)];
    }
    if (correct)
        *correct = nRight;
    if (counted)
        *counted = nSeen;
    return loss;
}

bool TrainableModel::backward(const std::atomic<bool> *stop)
{
    omp_set_num_threads(threadsFor(m_threads));
    const std::vector<TransformerWeights::Slot> registry = m_model.tensors();
    const int shards = int(m_caches.size());
    if (shards == 0)
        return false; // no forward yet
    if (shards == 1) {
        for (const TransformerWeights::Slot &s : registry)
            s.in(m_grad).setZero();
        return m_model.backward(m_caches[0], m_dLogits[0], m_grad, stop);
    }
    while (int(m_shardGrads.size()) < shards - 1)
        m_shardGrads.push_back(gradientsFor(m_model));
    std::vector<char> finished(std::size_t(shards), 0);
#pragma omp parallel num_threads(shards)
    {
        const int team = omp_get_num_threads();
        for (int i = omp_get_thread_num(); i < shards; i += team) {
            TransformerWeights &g = i == 0 ? m_grad : m_shardGrads[std::size_t(i) - 1];
            for (const TransformerWeights::Slot &s : registry)
                s.in(g).setZero();
            finished[std::size_t(i)] = m_model.backward(m_caches[std::size_t(i)], m_dLogits[std::size_t(i)], g, stop);
        }
#pragma omp barrier
        // The one reduction: each thread adds the shards' gradients, in shard order, into its
        // share of every tensor's elements.
        const int me = omp_get_thread_num();
        for (const TransformerWeights::Slot &s : registry) {
            Mat &total = s.in(m_grad);
            const Eigen::Index n = total.size(), e0 = n * me / team, e1 = n * (me + 1) / team;
            float *out = total.data();
            for (int i = 1; i < shards; ++i) {
                const float *part = s.in(m_shardGrads[std::size_t(i) - 1]).data();
                for (Eigen::Index k = e0; k < e1; ++k)
                    out[k] += part[k];
            }
        }
    }
    for (const char f : finished)
        if (!f)
            return false;
    return true;
}

const Mat &TrainableModel::logits() const
{
    static const Mat none;
    if (m_caches.empty())
        return none;
    if (m_caches.size() == 1)
        return m_caches[0].logits;
    if (!m_joined) {
        Eigen::Index rows = 0;
        for (const ActivationCache &c : m_caches)
            rows += c.logits.rows();
        m_joinedLogits.resize(rows, m_caches[0].logits.cols());
        Eigen::Index at = 0;
        for (const ActivationCache &c : m_caches) {
            m_joinedLogits.middleRows(at, c.logits.rows()) = c.logits;
            at += c.logits.rows();
        }
        // Each kind of attention's probabilities, the shards' rows stacked in order.
        auto join = [this](std::vector<Mat> &joined, std::size_t layers, auto probsOf) {
            joined.assign(layers, Mat());
            for (std::size_t l = 0; l < layers; ++l) {
                Eigen::Index probRows = 0;
                for (const ActivationCache &c : m_caches)
                    probRows += probsOf(c, l).rows();
                joined[l].resize(probRows, probsOf(m_caches[0], l).cols());
                Eigen::Index row = 0;
                for (const ActivationCache &c : m_caches) {
                    joined[l].middleRows(row, probsOf(c, l).rows()) = probsOf(c, l);
                    row += probsOf(c, l).rows();
                }
            }
        };
        join(m_joinedProbs, m_caches[0].layers.size(),
             [](const ActivationCache &c, std::size_t l) -> const Mat & { return c.layers[l].probs; });
        join(m_joinedEncoderProbs, m_caches[0].encoderLayers.size(),
             [](const ActivationCache &c, std::size_t l) -> const Mat & { return c.encoderLayers[l].probs; });
        join(m_joinedCrossProbs, isEncoderDecoder() ? m_caches[0].layers.size() : 0,
             [](const ActivationCache &c, std::size_t l) -> const Mat & { return c.layers[l].crossProbs; });
        m_joined = true;
    }
    return m_joinedLogits;
}

const Mat &TrainableModel::attention(int layer) const
{
    if (m_caches.size() == 1)
        return m_caches[0].layers[std::size_t(layer)].probs;
    logits(); // joins the shards
    return m_joinedProbs[std::size_t(layer)];
}

const Mat &TrainableModel::encoderAttention(int layer) const
{
    if (m_caches.size() == 1)
        return m_caches[0].encoderLayers[std::size_t(layer)].probs;
    logits();
    return m_joinedEncoderProbs[std::size_t(layer)];
}

const Mat &TrainableModel::crossAttention(int layer) const
{
    if (m_caches.size() == 1)
        return m_caches[0].layers[std::size_t(layer)].crossProbs;
    logits();
    return m_joinedCrossProbs[std::size_t(layer)];
}

std::vector<HeadScore> TrainableModel::headScores(const TrainingBatch &probe) const
{
    std::vector<HeadScore> out;
    const int H = config().nHeads;
    const int encoderLayers = m_caches.empty() ? 0 : int(m_caches[0].encoderLayers.size());
    for (int l = 0; l < encoderLayers; ++l) { // bidirectional: no repeats to find, no causal mask
        std::vector<HeadScore> layer =
            HeadScore::measureLayer(encoderAttention(l), l, H, probe.batch, probe.encoderSeqLen);
        for (HeadScore &h : layer)
            h.kind = HeadScore::Kind::EncoderSelf;
        out.insert(out.end(), layer.begin(), layer.end());
    }
    const int layers = m_caches.empty() ? 0 : int(m_caches[0].layers.size());
    const bool encoderOnly = config().layout == Layout::EncoderOnly; // BERT, ALBERT: scored as the T5 encoder
    for (int l = 0; l < layers; ++l) {
        std::vector<HeadScore> layer = HeadScore::measureLayer(attention(l), l, H, probe.batch, probe.seqLen,
                                                               probe.repeatStart, probe.repeatLength);
        if (encoderOnly)
            for (HeadScore &h : layer)
                h.kind = HeadScore::Kind::EncoderSelf;
        out.insert(out.end(), layer.begin(), layer.end());
    }
    if (isEncoderDecoder())
        for (int l = 0; l < layers; ++l) {
            const std::vector<HeadScore> layer = HeadScore::measureCross(crossAttention(l), l, H, probe.batch, probe.seqLen,
                                                                         probe.encoderSeqLen, probe.sourcePosition);
            out.insert(out.end(), layer.begin(), layer.end());
        }
    return out;
}

std::vector<ExpertLoad> TrainableModel::expertLoad() const
{
    std::vector<ExpertLoad> out;
    for (std::size_t shard = 0; shard < m_caches.size(); ++shard) {
        std::size_t k = 0;
        const std::vector<ActivationCache::Layer> &layers = m_caches[shard].layers;
        for (std::size_t l = 0; l < layers.size(); ++l) {
            if (layers[l].chosen.empty())
                continue; // a dense layer
            const ExpertLoad load = ExpertLoad::measure(int(l), layers[l], config().moe.routerScore);
            if (shard == 0)
                out.push_back(load);
            else if (k < out.size())
                out[k].add(load);
            ++k;
        }
    }
    return out;
}

} // namespace tx
