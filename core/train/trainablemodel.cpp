#include "core/train/trainablemodel.h"

#include "core/nn/enginesizer.h"
#include "core/nn/ops.h"

#include <QCoreApplication>

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

double TrainableModel::forward(const TrainingBatch &batch, int *correct, int *counted, const std::atomic<bool> *stop)
{
    omp_set_num_threads(m_threads > 0 ? m_threads : omp_get_num_procs());
    m_batch = batch;
    if (!m_model.forwardCached(batch.inputs, batch.batch, batch.seqLen, m_cache, stop))
        return -1.0;
    return ops::crossEntropy(m_cache.logits, batch.targets, batch.mask, &m_dLogits, correct, counted);
}

bool TrainableModel::backward(const std::atomic<bool> *stop)
{
    omp_set_num_threads(m_threads > 0 ? m_threads : omp_get_num_procs());
    for (const TransformerWeights::Slot &s : m_model.tensors())
        s.in(m_grad).setZero();
    return m_model.backward(m_cache, m_dLogits, m_grad, stop);
}

std::vector<HeadScore> TrainableModel::headScores(const TrainingBatch &probe) const
{
    std::vector<HeadScore> out;
    for (int l = 0; l < int(m_cache.layers.size()); ++l) {
        const std::vector<HeadScore> layer = HeadScore::measureLayer(attention(l), l, config().nHeads, probe.batch,
                                                                     probe.seqLen, probe.repeatStart, probe.repeatLength);
        out.insert(out.end(), layer.begin(), layer.end());
    }
    return out;
}

} // namespace tx
