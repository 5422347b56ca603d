#include "core/train/trainabletransformer.h"

#include "core/train/rng.h"

#include <QCoreApplication>

#include <cmath>
#include <variant>
#include <malloc.h>
#include <omp.h>

namespace tx {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("tx::TrainableTransformer", text);
}

QString layerName(int layer, const char *field)
{
    return QStringLiteral("layers.%1.%2").arg(layer).arg(QLatin1String(field));
}

// A training step allocates and frees the same few-MB activation buffers every time. With
// glibc's defaults those come from fresh mmap()s or a heap top that is trimmed after each step,
// so every step page-faults its buffers in again (a fifth of a T1 step in perf). Keep freed
// memory in the process instead; the buffers are reused on the next step.
void keepFreedMemory()
{
    static const bool once = [] {
        mallopt(M_MMAP_THRESHOLD, 512 * 1024 * 1024);
        mallopt(M_TRIM_THRESHOLD, 1024 * 1024 * 1024);
        return true;
    }();
    (void)once;
}

// The engine field a trainable parameter name refers to (names are the field names).
std::variant<std::monostate, Mat *, RowVec *> engineField(TransformerWeights &w, const QString &name)
{
    if (name == QLatin1String("tokenEmbedding"))
        return &w.tokenEmbedding;
    if (name == QLatin1String("positionEmbedding"))
        return &w.positionEmbedding;
    if (name == QLatin1String("finalNormScale"))
        return &w.finalNormScale;
    if (name == QLatin1String("finalNormBias"))
        return &w.finalNormBias;
    if (name == QLatin1String("lmHead"))
        return &w.lmHead;
    if (name == QLatin1String("lmHeadBias"))
        return &w.lmHeadBias;
    const QStringList parts = name.split(QLatin1Char('.'));
    if (parts.size() != 3 || parts[0] != QLatin1String("layers"))
        return {};
    bool ok = false;
    const int l = parts[1].toInt(&ok);
    if (!ok || l < 0 || l >= int(w.layers.size()))
        return {};
    TransformerWeights::Layer &L = w.layers[std::size_t(l)];
    const QString &f = parts[2];
    if (f == QLatin1String("norm1Scale")) return &L.norm1Scale;
    if (f == QLatin1String("norm1Bias")) return &L.norm1Bias;
    if (f == QLatin1String("qkv")) return &L.qkv;
    if (f == QLatin1String("qkvBias")) return &L.qkvBias;
    if (f == QLatin1String("attnOut")) return &L.attnOut;
    if (f == QLatin1String("attnOutBias")) return &L.attnOutBias;
    if (f == QLatin1String("norm2Scale")) return &L.norm2Scale;
    if (f == QLatin1String("norm2Bias")) return &L.norm2Bias;
    if (f == QLatin1String("ffnIn")) return &L.ffnIn;
    if (f == QLatin1String("ffnInBias")) return &L.ffnInBias;
    if (f == QLatin1String("ffnOut")) return &L.ffnOut;
    if (f == QLatin1String("ffnOutBias")) return &L.ffnOutBias;
    return {};
}

} // namespace

Expected<Transformer, Error> TrainableTransformer::toTransformer() const
{
    auto engine = Transformer::create(m_config, Transformer::kDefaultCapBytes, m_normEps);
    if (!engine)
        return engine.error();
    TransformerWeights &w = engine->weights();
    if (m_attentionOnly) {
        for (TransformerWeights::Layer &L : w.layers) {
            L.ffnIn.setZero();
            L.ffnOut.setZero();
            if (L.ffnInBias.size() > 0)
                L.ffnInBias.setZero();
            if (L.ffnOutBias.size() > 0)
                L.ffnOutBias.setZero();
            if (L.norm2Scale.size() > 0)
                L.norm2Scale.setOnes();
            if (L.norm2Bias.size() > 0)
                L.norm2Bias.setZero();
        }
    }
    for (const Parameter &p : m_params) {
        const auto field = engineField(w, p.name);
        if (auto *m = std::get_if<Mat *>(&field); m && (*m)->rows() == p.value.rows() && (*m)->cols() == p.value.cols())
            **m = p.value;
        else if (auto *v = std::get_if<RowVec *>(&field); v && (*v)->size() == p.value.size())
            **v = p.value.row(0);
        else
            return Error{{}, p.name, tr("has no place of shape %1×%2 in the engine's weights")
                                         .arg(p.value.rows()).arg(p.value.cols())};
    }
    return engine;
}

Expected<TrainableTransformer, Error> TrainableTransformer::fromTransformer(const Transformer &model)
{
    auto m = create(model.config(), false, kDefaultCapBytes, model.normEps());
    if (!m)
        return m.error();
    TransformerWeights w = model.weights();
    for (Parameter &p : m->m_params) {
        const auto field = engineField(w, p.name);
        if (auto *mat = std::get_if<Mat *>(&field); mat && (*mat)->rows() == p.value.rows() && (*mat)->cols() == p.value.cols())
            p.value = **mat;
        else if (auto *v = std::get_if<RowVec *>(&field); v && (*v)->size() == p.value.size())
            p.value.row(0) = **v;
        else
            return Error{{}, p.name, tr("is missing or has another shape in the loaded model")};
    }
    return m;
}

Expected<TrainableTransformer, Error> TrainableTransformer::create(const ModelConfig &c, bool attentionOnly,
                                                                   std::int64_t capBytes, float normEps)
{
    auto refuse = [](const char *field, const QString &message) {
        return Error{{}, QLatin1String(field), message};
    };
    if (c.layout != Layout::DecoderOnly)
        return refuse("layout", tr("training runs decoder-only models (causal language modelling)"));
    if (c.dModel < 1 || c.dModel > 8192)
        return refuse("d_model", tr("must be between 1 and 8192, got %1").arg(c.dModel));
    if (c.nLayers < 1 || c.nLayers > 256)
        return refuse("n_layers", tr("must be between 1 and 256, got %1").arg(c.nLayers));
    if (c.nHeads < 1 || c.nKvHeads < 1 || c.nKvHeads > c.nHeads || c.nHeads % c.nKvHeads != 0)
        return refuse("n_kv_heads", tr("n_heads (%1) must be a multiple of n_kv_heads (%2)").arg(c.nHeads).arg(c.nKvHeads));
    const int hd = c.effectiveHeadDim();
    if (hd < 1 || hd > 1024)
        return refuse("head_dim", tr("must be between 1 and 1024, got %1").arg(hd));
    if (!attentionOnly && (c.dFf < 1 || c.dFf > 65536))
        return refuse("d_ff", tr("must be between 1 and 65536, got %1").arg(c.dFf));
    if (c.vocabSize < 2 || c.vocabSize > 1'000'000)
        return refuse("vocab_size", tr("must be between 2 and 1000000, got %1").arg(c.vocabSize));
    if (c.maxPositions < 1 || c.maxPositions > 65536)
        return refuse("max_positions", tr("must be between 1 and 65536, got %1").arg(c.maxPositions));
    if (c.positions == PositionKind::RelativeBuckets)
        return refuse("positions", tr("relative position buckets (T5) are not trainable here; pick learned, sinusoidal, rotary or none"));
    if (c.moe.enabled())
        return refuse("moe", tr("mixture-of-experts layers are not trainable here"));
    if (c.parallelBlock)
        return refuse("parallel_block", tr("parallel attention+MLP blocks are not trainable here"));
    if (c.sharing != Sharing::None)
        return refuse("sharing", tr("shared layers are not trainable here"));
    if (c.tokenTypes > 0 || c.embeddingNorm || c.effectiveEmbeddingDim() != c.dModel)
        return refuse("embedding_dim", tr("token types, embedding norms and factorized embeddings are not trainable here"));
    if (c.slidingWindow > 0)
        return refuse("sliding_window", tr("sliding-window attention is not trainable here"));
    if (c.lora.enabled())
        return refuse("lora", tr("LoRA adapters are not trainable here"));
    if (!c.lmHead)
        return refuse("lm_head", tr("a language model needs its vocabulary head"));

    // Count before allocating anything (64-bit, all factors bounded above).
    const std::int64_t d = c.dModel, V = c.vocabSize, L = c.nLayers, qkvCols = std::int64_t(c.nHeads + 2 * c.nKvHeads) * hd;
    const std::int64_t ffIn = c.ffn == FfnKind::Gated3 ? 2 * std::int64_t(c.dFf) : c.dFf;
    std::int64_t perLayer = d * qkvCols + qkvCols + std::int64_t(c.nHeads) * hd * d + 3 * d;
    if (!attentionOnly)
        perLayer += d * ffIn + ffIn + std::int64_t(c.dFf) * d + 3 * d;
    std::int64_t total = V * d + L * perLayer + 2 * d + (c.tiedEmbeddings ? 0 : V * d) + V;
    if (c.positions == PositionKind::Learned)
        total += std::int64_t(c.maxPositions) * d;
    if (total * 16 > capBytes)
        return refuse("d_model", tr("training this design needs %1 MB (weights, gradients and AdamW moments, 16 bytes "
                                    "per parameter), over the cap of %2 MB")
                                     .arg(double(total) * 16.0 / 1e6, 0, 'f', 0)
                                     .arg(double(capBytes) / 1e6, 0, 'f', 0));

    keepFreedMemory();
    TrainableTransformer m;
    m.m_config = c;
    m.m_attentionOnly = attentionOnly;
    m.m_normEps = normEps;
    m.m_headDim = hd;
    if (c.positions == PositionKind::Rotary) {
        m.m_rotaryDim = int(double(hd) * c.rotaryFraction) / 2 * 2;
        if (m.m_rotaryDim < 2)
            return refuse("rotary_fraction", tr("rotates fewer than 2 dims of each head"));
    }
    const bool ln = c.norm == NormKind::LayerNorm;
    m.m_tokenEmbedding = m.add(QStringLiteral("tokenEmbedding"), c.vocabSize, c.dModel, true);
    if (c.positions == PositionKind::Learned)
        m.m_positionEmbedding = m.add(QStringLiteral("positionEmbedding"), c.maxPositions, c.dModel, true);
    for (int l = 0; l < c.nLayers; ++l) {
        LayerIndex li;
        li.norm1Scale = m.add(layerName(l, "norm1Scale"), 1, c.dModel, false);
        if (ln)
            li.norm1Bias = m.add(layerName(l, "norm1Bias"), 1, c.dModel, false);
        li.qkv = m.add(layerName(l, "qkv"), c.dModel, int(qkvCols), true);
        if (c.qkvBias)
            li.qkvBias = m.add(layerName(l, "qkvBias"), 1, int(qkvCols), false);
        li.attnOut = m.add(layerName(l, "attnOut"), c.nHeads * hd, c.dModel, true);
        if (c.attnOutBias)
            li.attnOutBias = m.add(layerName(l, "attnOutBias"), 1, c.dModel, false);
        if (!attentionOnly) {
            li.norm2Scale = m.add(layerName(l, "norm2Scale"), 1, c.dModel, false);
            if (ln)
                li.norm2Bias = m.add(layerName(l, "norm2Bias"), 1, c.dModel, false);
            li.ffnIn = m.add(layerName(l, "ffnIn"), c.dModel, int(ffIn), true);
            if (c.ffnBias)
                li.ffnInBias = m.add(layerName(l, "ffnInBias"), 1, int(ffIn), false);
            li.ffnOut = m.add(layerName(l, "ffnOut"), c.dFf, c.dModel, true);
            if (c.ffnBias)
                li.ffnOutBias = m.add(layerName(l, "ffnOutBias"), 1, c.dModel, false);
        }
        m.m_layers.push_back(li);
    }
    if (c.finalNorm) {
        m.m_finalNormScale = m.add(QStringLiteral("finalNormScale"), 1, c.dModel, false);
        if (ln)
            m.m_finalNormBias = m.add(QStringLiteral("finalNormBias"), 1, c.dModel, false);
    }
    if (!c.tiedEmbeddings)
        m.m_lmHead = m.add(QStringLiteral("lmHead"), c.vocabSize, c.dModel, true);
    if (c.lmHeadBias)
        m.m_lmHeadBias = m.add(QStringLiteral("lmHeadBias"), 1, c.vocabSize, false);
    m.m_cache.resize(std::size_t(c.nLayers));
    m.initGpt2Style(0);
    return m;
}

int TrainableTransformer::add(const QString &name, int rows, int cols, bool decay)
{
    Parameter p;
    p.name = name;
    p.value = Mat::Zero(rows, cols);
    p.grad = Mat::Zero(rows, cols);
    p.decay = decay;
    m_params.push_back(std::move(p));
    return int(m_params.size()) - 1;
}

void TrainableTransformer::initGpt2Style(std::uint64_t seed)
{
    Rng rng(seed);
    const float residualStd = 0.02f / std::sqrt(2.0f * float(m_config.nLayers));
    for (Parameter &p : m_params) {
        p.adamM.resize(0, 0);
        p.adamV.resize(0, 0);
        p.grad.setZero();
        const bool isScale = p.name.endsWith(QLatin1String("Scale"));
        if (p.value.rows() == 1 && !p.name.endsWith(QLatin1String("Embedding"))) {
            p.value.setConstant(isScale ? 1.0f : 0.0f);
            continue;
        }
        const bool residual = p.name.endsWith(QLatin1String(".attnOut")) || p.name.endsWith(QLatin1String(".ffnOut"));
        const float stddev = residual ? residualStd : 0.02f;
        for (Eigen::Index i = 0; i < p.value.size(); ++i)
            p.value.data()[i] = float(rng.normal()) * stddev;
    }
}

Parameter *TrainableTransformer::find(const QString &name)
{
    for (Parameter &p : m_params)
        if (p.name == name)
            return &p;
    return nullptr;
}

std::int64_t TrainableTransformer::parameterCount() const
{
    std::int64_t n = 0;
    for (const Parameter &p : m_params)
        n += p.value.size();
    return n;
}

int TrainableTransformer::maxSequenceLength() const
{
    return m_config.maxPositions;
}

void TrainableTransformer::prepareTables(int T)
{
    if (m_tableT == T)
        return;
    m_tableT = T;
    if (m_rotaryDim > 0)
        trainingops::ropeTables(m_ropeCos, m_ropeSin, T, m_rotaryDim, m_config.ropeTheta);
    if (m_config.positions == PositionKind::Sinusoidal) {
        // Vaswani et al. 2017, §3.5: PE(p, 2i) = sin(p / 10000^(2i/d)), PE(p, 2i+1) = cos(…).
        const int d = m_config.dModel;
        m_sinusoid.resize(T, d);
        for (int t = 0; t < T; ++t)
            for (int i = 0; i < d; ++i) {
                const double angle = double(t) / std::pow(10000.0, double(i / 2 * 2) / double(d));
                m_sinusoid(t, i) = float(i % 2 == 0 ? std::sin(angle) : std::cos(angle));
            }
    }
}

void TrainableTransformer::attentionForward(int layer, const Mat &in, Mat &out)
{
    const LayerIndex &li = m_layers[std::size_t(layer)];
    LayerCache &c = m_cache[std::size_t(layer)];
    const int nH = m_config.nHeads, nKv = m_config.nKvHeads, T = m_batch.seqLen;
    trainingops::linearForward(c.qkv, in, value(li.qkv), optional(li.qkvBias));
    if (m_rotaryDim > 0)
        trainingops::ropeApply(c.qkv, T, 0, nH + nKv, m_headDim, m_rotaryDim, m_ropeCos, m_ropeSin, false);
    trainingops::attentionForward(c.att, c.probs, c.qkv, m_batch.batch, T, nH, nKv, m_headDim, true);
    trainingops::linearForward(out, c.att, value(li.attnOut), optional(li.attnOutBias));
}

void TrainableTransformer::attentionBackward(int layer, const Mat &in, const Mat &dOut, Mat &dIn)
{
    const LayerIndex &li = m_layers[std::size_t(layer)];
    LayerCache &c = m_cache[std::size_t(layer)];
    const int nH = m_config.nHeads, nKv = m_config.nKvHeads, T = m_batch.seqLen;
    Mat dAtt, dQkv;
    trainingops::linearBackward(&dAtt, grad(li.attnOut), optionalGrad(li.attnOutBias), dOut, c.att, value(li.attnOut));
    trainingops::attentionBackward(dQkv, dAtt, c.probs, c.qkv, m_batch.batch, T, nH, nKv, m_headDim);
    if (m_rotaryDim > 0)
        trainingops::ropeApply(dQkv, T, 0, nH + nKv, m_headDim, m_rotaryDim, m_ropeCos, m_ropeSin, true);
    trainingops::linearBackward(&dIn, grad(li.qkv), optionalGrad(li.qkvBias), dQkv, in, value(li.qkv));
}

void TrainableTransformer::ffnForward(int layer, const Mat &in, Mat &out)
{
    const LayerIndex &li = m_layers[std::size_t(layer)];
    LayerCache &c = m_cache[std::size_t(layer)];
    trainingops::linearForward(c.ffPre, in, value(li.ffnIn), optional(li.ffnInBias));
    if (m_config.ffn == FfnKind::Gated3)
        trainingops::gatedForward(m_config.activation, c.ffAct, c.ffPre);
    else
        trainingops::activationForward(m_config.activation, c.ffAct, c.ffPre);
    trainingops::linearForward(out, c.ffAct, value(li.ffnOut), optional(li.ffnOutBias));
}

void TrainableTransformer::ffnBackward(int layer, const Mat &in, const Mat &dOut, Mat &dIn)
{
    const LayerIndex &li = m_layers[std::size_t(layer)];
    LayerCache &c = m_cache[std::size_t(layer)];
    Mat dAct, dPre;
    trainingops::linearBackward(&dAct, grad(li.ffnOut), optionalGrad(li.ffnOutBias), dOut, c.ffAct, value(li.ffnOut));
    if (m_config.ffn == FfnKind::Gated3)
        trainingops::gatedBackward(m_config.activation, dPre, dAct, c.ffPre);
    else
        trainingops::activationBackward(m_config.activation, dPre, dAct, c.ffPre);
    trainingops::linearBackward(&dIn, grad(li.ffnIn), optionalGrad(li.ffnInBias), dPre, in, value(li.ffnIn));
}

double TrainableTransformer::forward(const TrainingBatch &batch, int *correct, int *counted,
                                     const std::atomic<bool> *stop)
{
    omp_set_num_threads(m_threads > 0 ? m_threads : omp_get_num_procs());
    m_batch = batch;
    const int B = batch.batch, T = batch.seqLen, d = m_config.dModel;
    const Eigen::Index N = Eigen::Index(B) * T;
    prepareTables(T);
    const bool pre = m_config.normPlacement == NormPlacement::Pre;
    const NormKind nk = m_config.norm;

    Mat x(N, d);
    const Mat &emb = value(m_tokenEmbedding);
    for (Eigen::Index r = 0; r < N; ++r) {
        const int t = int(r % T);
        x.row(r) = emb.row(batch.inputs[std::size_t(r)]);
        if (m_positionEmbedding >= 0)
            x.row(r) += value(m_positionEmbedding).row(t);
        else if (m_config.positions == PositionKind::Sinusoidal)
            x.row(r) += m_sinusoid.row(t);
    }

    Mat tmp;
    for (int l = 0; l < m_config.nLayers; ++l) {
        if (stop && stop->load(std::memory_order_relaxed))
            return -1.0;
        const LayerIndex &li = m_layers[std::size_t(l)];
        LayerCache &c = m_cache[std::size_t(l)];
        c.x = std::move(x);
        if (pre) {
            trainingops::normForward(nk, c.n1Out, c.n1Mean, c.n1Rstd, c.x, value(li.norm1Scale), optional(li.norm1Bias),
                                  m_normEps);
            attentionForward(l, c.n1Out, tmp);
            c.h = c.x + tmp;
            if (m_attentionOnly) {
                x = c.h;
            } else {
                trainingops::normForward(nk, c.n2Out, c.n2Mean, c.n2Rstd, c.h, value(li.norm2Scale),
                                      optional(li.norm2Bias), m_normEps);
                ffnForward(l, c.n2Out, tmp);
                x = c.h + tmp;
            }
        } else {
            attentionForward(l, c.x, tmp);
            c.n1In = c.x + tmp;
            trainingops::normForward(nk, c.h, c.n1Mean, c.n1Rstd, c.n1In, value(li.norm1Scale), optional(li.norm1Bias),
                                  m_normEps);
            if (m_attentionOnly) {
                x = c.h;
            } else {
                ffnForward(l, c.h, tmp);
                c.n2In = c.h + tmp;
                trainingops::normForward(nk, x, c.n2Mean, c.n2Rstd, c.n2In, value(li.norm2Scale), optional(li.norm2Bias),
                                      m_normEps);
            }
        }
    }
    m_xLast = std::move(x);
    const Mat *xf = &m_xLast;
    if (m_finalNormScale >= 0) {
        trainingops::normForward(nk, m_xFinal, m_finalMean, m_finalRstd, m_xLast, value(m_finalNormScale),
                              optional(m_finalNormBias), m_normEps);
        xf = &m_xFinal;
    }
    const Mat &head = m_lmHead >= 0 ? value(m_lmHead) : emb;
    m_logits.resize(N, m_config.vocabSize);
    m_logits.noalias() = *xf * head.transpose();
    if (m_lmHeadBias >= 0)
        m_logits.rowwise() += value(m_lmHeadBias).row(0);
    return trainingops::crossEntropy(m_logits, batch.targets, batch.mask, &m_dLogits, correct, counted);
}

bool TrainableTransformer::backward(const std::atomic<bool> *stop)
{
    omp_set_num_threads(m_threads > 0 ? m_threads : omp_get_num_procs());
    for (Parameter &p : m_params)
        p.grad.setZero();
    const int T = m_batch.seqLen;
    const Eigen::Index N = m_logits.rows();
    const bool pre = m_config.normPlacement == NormPlacement::Pre;
    const NormKind nk = m_config.norm;

    const bool tied = m_lmHead < 0;
    const Mat &head = tied ? value(m_tokenEmbedding) : value(m_lmHead);
    Mat &dHead = tied ? grad(m_tokenEmbedding) : grad(m_lmHead);
    if (m_lmHeadBias >= 0)
        grad(m_lmHeadBias).row(0) += m_dLogits.colwise().sum();
    const Mat &xf = m_finalNormScale >= 0 ? m_xFinal : m_xLast;
    dHead.noalias() += m_dLogits.transpose() * xf; // (V, d)
    Mat dx(N, m_config.dModel);
    dx.noalias() = m_dLogits * head;
    if (m_finalNormScale >= 0) {
        Mat dLast;
        trainingops::normBackward(nk, dLast, grad(m_finalNormScale), optionalGrad(m_finalNormBias), dx, m_xLast,
                               m_finalMean, m_finalRstd, value(m_finalNormScale));
        dx = std::move(dLast);
    }

    Mat dh, dTmp, dIn;
    for (int l = m_config.nLayers - 1; l >= 0; --l) {
        if (stop && stop->load(std::memory_order_relaxed))
            return false;
        const LayerIndex &li = m_layers[std::size_t(l)];
        LayerCache &c = m_cache[std::size_t(l)];
        if (pre) {
            // y = h + ffn(norm2(h)), h = x + attn(norm1(x))
            dh = dx;
            if (!m_attentionOnly) {
                ffnBackward(l, c.n2Out, dx, dTmp);
                trainingops::normBackward(nk, dIn, grad(li.norm2Scale), optionalGrad(li.norm2Bias), dTmp, c.h, c.n2Mean,
                                       c.n2Rstd, value(li.norm2Scale));
                dh += dIn;
            }
            attentionBackward(l, c.n1Out, dh, dTmp);
            trainingops::normBackward(nk, dIn, grad(li.norm1Scale), optionalGrad(li.norm1Bias), dTmp, c.x, c.n1Mean,
                                   c.n1Rstd, value(li.norm1Scale));
            dx = dh + dIn;
        } else {
            // y = norm2(h + ffn(h)), h = norm1(x + attn(x))
            if (m_attentionOnly) {
                dh = dx;
            } else {
                Mat dr2;
                trainingops::normBackward(nk, dr2, grad(li.norm2Scale), optionalGrad(li.norm2Bias), dx, c.n2In, c.n2Mean,
                                       c.n2Rstd, value(li.norm2Scale));
                ffnBackward(l, c.h, dr2, dTmp);
                dh = dr2 + dTmp;
            }
            Mat dr1;
            trainingops::normBackward(nk, dr1, grad(li.norm1Scale), optionalGrad(li.norm1Bias), dh, c.n1In, c.n1Mean,
                                   c.n1Rstd, value(li.norm1Scale));
            attentionBackward(l, c.x, dr1, dTmp);
            dx = dr1 + dTmp;
        }
    }

    Mat &dEmb = grad(m_tokenEmbedding);
    for (Eigen::Index r = 0; r < N; ++r) {
        dEmb.row(m_batch.inputs[std::size_t(r)]) += dx.row(r);
        if (m_positionEmbedding >= 0)
            grad(m_positionEmbedding).row(r % T) += dx.row(r);
    }
    return true;
}

} // namespace tx
