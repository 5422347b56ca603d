#include "core/nn/transformer.h"

#include "core/base/rng.h"
#include "core/nn/enginesizer.h"
#include "core/nn/attentionblock.h"
#include "core/nn/ops.h"
#include "core/nn/transformerblock.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QtEndian>

#include <algorithm>
#include <cmath>
#include <optional>

#include <omp.h>

namespace tx {

namespace {

// Attention captures past this many bytes are refused rather than allocated.
constexpr double kMaxCaptureBytes = 2e9;

Mat ones(int n)
{
    return Mat::Ones(1, n);
}

Mat zerosIf(bool present, int n)
{
    return present ? Mat(Mat::Zero(1, n)) : Mat();
}

// Buffers one thread reuses from pass to pass: re-allocating them each pass costs more than
// the small matrix products (page faults on fresh memory).
struct Workspace
{
    Mat x, h;                       // (N, d) residual stream, final norm output
    ColVec mean, rstd;              // (N)
    ActivationCache::Layer layer;   // one layer's activations when no cache keeps them
    Mat sinusoid;                   // (positions, d)
    Mat ropeCos, ropeSin;           // (positions, rotaryDim/2)
    int ropeDim = 0;
    double ropeTheta = 0.0;
};

Workspace &workspace()
{
    thread_local Workspace ws;
    return ws;
}

// Grows the position tables of ws to cover positions 0..positions-1 (with room to spare, so
// decoding token by token does not rebuild them every step).
void ensureTables(Workspace &ws, const ModelConfig &c, int rotaryDim, int positions)
{
    const int rows = std::max(positions, std::min(c.maxPositions, 2 * positions));
    if (c.positions == PositionKind::Sinusoidal && (ws.sinusoid.rows() < positions || ws.sinusoid.cols() != c.dModel))
        ws.sinusoid = ops::sinusoidalTable(rows, c.dModel);
    if (rotaryDim > 0 && (ws.ropeCos.rows() < positions || ws.ropeDim != rotaryDim || ws.ropeTheta != c.ropeTheta)) {
        ops::ropeTables(ws.ropeCos, ws.ropeSin, rows, rotaryDim, c.ropeTheta);
        ws.ropeDim = rotaryDim;
        ws.ropeTheta = c.ropeTheta;
    }
}

} // namespace

// One pass of the forward: which rows, at which positions, and what it keeps.
struct Transformer::Run
{
    const std::vector<int> *tokens = nullptr;        // (N) ids, sequences stacked
    std::vector<int> offsets;                        // (B + 1)
    int pos0 = 0;                                    // position of each sequence's first token
    const ForwardOptions *options = nullptr;         // captures, cancel, progress
    std::vector<ForwardResult> *results = nullptr;   // per-sequence logits and captures
    ActivationCache *cache = nullptr;                // every layer's activations (training)
    KvCache *kv = nullptr;                           // keys and values (decoding; one sequence)
    Mat *logits = nullptr;                           // (N, vocab) of all rows
    const std::atomic<bool> *stop = nullptr;
};

Expected<Transformer, Error> Transformer::create(const ModelConfig &config, std::int64_t capBytes, float normEps,
                                                 bool attentionOnly)
{
    if (auto e = EngineSizer::unsupported(config))
        return *e;
    const std::int64_t bytes = EngineSizer::weightBytes(config);
    if (bytes > capBytes) {
        return Error{{}, QStringLiteral("memory cap"),
                     tr("the weights would take %1 bytes, more than the cap of %2 bytes; "
                        "use a scaled-down model or raise the cap")
                         .arg(bytes)
                         .arg(capBytes)};
    }

    Transformer t;
    t.m_config = config;
    t.m_normEps = normEps;
    t.m_attentionOnly = attentionOnly;
    const ModelConfig &c = t.m_config;
    t.m_headDim = c.effectiveHeadDim();
    t.m_rotaryDim = c.positions == PositionKind::Rotary ? (int(t.m_headDim * c.rotaryFraction) / 2) * 2 : 0;

    const int d = c.dModel, hd = t.m_headDim, V = c.vocabSize, F = c.dFf;
    const int qkvCols = (c.nHeads + 2 * c.nKvHeads) * hd;
    const int gates = c.ffn == FfnKind::Gated3 ? 2 : 1;
    const bool ln = c.norm == NormKind::LayerNorm;
    TransformerWeights &w = t.m_weights;
    w.tokenEmbedding = Mat::Zero(V, d);
    if (c.positions == PositionKind::Learned)
        w.positionEmbedding = Mat::Zero(c.maxPositions, d);
    if (c.embeddingNorm) {
        w.embNormScale = ones(d);
        w.embNormBias = zerosIf(ln, d);
    }
    w.layers.resize(std::size_t(t.storedLayerCount()));
    const bool preNorms = c.normPlacement != NormPlacement::Output; // OLMo 2 has no input norms
    const bool postNorms = c.normPlacement == NormPlacement::Sandwich || c.normPlacement == NormPlacement::Output;
    for (TransformerWeights::Layer &l : w.layers) {
        if (preNorms) {
            l.norm1Scale = ones(d);
            l.norm1Bias = zerosIf(ln, d);
        }
        l.qkv = Mat::Zero(d, qkvCols);
        l.qkvBias = zerosIf(c.qkvBias, qkvCols);
        if (c.qkNorm == QkNorm::PerHead) {
            l.qNormScale = ones(hd);
            l.kNormScale = ones(hd);
        } else if (c.qkNorm == QkNorm::FullWidth) {
            l.qNormScale = ones(c.nHeads * hd);
            l.kNormScale = ones(c.nKvHeads * hd);
        }
        if (c.attentionSinks)
            l.sinks = Mat::Zero(1, c.nHeads);
        l.attnOut = Mat::Zero(c.nHeads * hd, d);
        l.attnOutBias = zerosIf(c.attnOutBias, d);
        if (postNorms) {
            l.postAttnNormScale = ones(d);
            l.postAttnNormBias = zerosIf(ln, d);
            l.postFfnNormScale = ones(d);
            l.postFfnNormBias = zerosIf(ln, d);
        }
        if ((!c.parallelBlock || c.parallelTwoNorms) && preNorms) {
            l.norm2Scale = ones(d);
            l.norm2Bias = zerosIf(ln, d);
        }
        l.ffnIn = Mat::Zero(d, gates * F);
        l.ffnInBias = zerosIf(c.ffnBias, gates * F);
        l.ffnOut = Mat::Zero(F, d);
        l.ffnOutBias = zerosIf(c.ffnBias, d);
    }
    if (c.finalNorm) {
        w.finalNormScale = ones(d);
        w.finalNormBias = zerosIf(ln, d);
    }
    if (!c.tiedEmbeddings)
        w.lmHead = Mat::Zero(V, d);
    w.lmHeadBias = zerosIf(c.lmHeadBias, V);
    return t;
}

std::vector<TransformerWeights::Slot> Transformer::tensors() const
{
    std::vector<TransformerWeights::Slot> all = m_weights.registry();
    if (m_attentionOnly)
        all.erase(std::remove_if(all.begin(), all.end(), [](const TransformerWeights::Slot &s) { return s.ffn; }),
                  all.end());
    return all;
}

std::int64_t Transformer::parameterCount() const
{
    std::int64_t n = 0;
    for (const TransformerWeights::Slot &s : tensors())
        n += s.in(m_weights).size();
    return n;
}

QString Transformer::weightsSha256() const
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const TransformerWeights::Slot &s : tensors()) {
        const Mat &m = s.in(m_weights);
        hash.addData(s.name.toUtf8());
        const std::int32_t shape[2] = {qToLittleEndian(std::int32_t(m.rows())), qToLittleEndian(std::int32_t(m.cols()))};
        hash.addData(QByteArrayView(reinterpret_cast<const char *>(shape), sizeof shape));
        // Mat is row-major float32, so its buffer is the values row by row (little-endian on x86).
        hash.addData(QByteArrayView(reinterpret_cast<const char *>(m.data()), qsizetype(m.size() * sizeof(float))));
    }
    return QString::fromLatin1(hash.result().toHex());
}

void Transformer::initGpt2Style(std::uint64_t seed)
{
    Rng rng(seed);
    const float residualStd = 0.02f / std::sqrt(2.0f * float(std::max(1, m_config.totalLayers())));
    for (const TransformerWeights::Slot &s : m_weights.registry()) {
        Mat &m = s.in(m_weights);
        if (!s.matrix) {
            m.setConstant(s.name.endsWith(QLatin1String("Scale")) ? 1.0f : 0.0f);
            continue;
        }
        if (m_attentionOnly && s.ffn) {
            m.setZero(); // never run: zero, so a saved checkpoint computes the same function
            continue;
        }
        const float stddev = s.residual ? residualStd : 0.02f;
        float *p = m.data();
        for (Eigen::Index i = 0; i < m.size(); ++i)
            p[i] = float(rng.normal()) * stddev;
    }
}

int Transformer::storedLayer(int layer) const
{
    switch (m_config.sharing) {
    case Sharing::None: return layer;
    case Sharing::AllLayers: return 0;
    case Sharing::Groups: return layer / std::max(1, m_config.shareGroupSize);
    }
    return layer;
}

int Transformer::storedLayerCount() const
{
    const int L = m_config.totalLayers();
    switch (m_config.sharing) {
    case Sharing::None: return L;
    case Sharing::AllLayers: return 1;
    case Sharing::Groups: {
        const int g = std::max(1, m_config.shareGroupSize);
        return (L + g - 1) / g;
    }
    }
    return L;
}

int Transformer::maxSequenceLength() const
{
    return m_config.maxPositions;
}

Expected<ForwardResult, Error> Transformer::forward(const std::vector<int> &tokens, const ForwardOptions &options) const
{
    auto batch = forwardBatch({tokens}, options);
    if (!batch)
        return batch.error();
    return std::move(batch.value().front());
}

Expected<std::vector<ForwardResult>, Error> Transformer::forwardBatch(const std::vector<std::vector<int>> &sequences,
                                                                     const ForwardOptions &options) const
{
    const int threads = omp_in_parallel() ? 1 : omp_get_max_threads();
    const int B = int(sequences.size());
    if (threads < 2 || B < 2)
        return checkAndRun(sequences, options);
    // Several sequences: each thread runs a contiguous share of them with single-threaded
    // products. One join per call instead of one per matrix product, which keeps both cores
    // busy even when the machine is shared with other work.
    const int chunks = std::min(threads, B);
    std::vector<std::optional<Expected<std::vector<ForwardResult>, Error>>> parts(static_cast<std::size_t>(chunks));
#pragma omp parallel num_threads(chunks)
    {
        const int i = omp_get_thread_num();
        const int begin = B * i / chunks, end = B * (i + 1) / chunks;
        const std::vector<std::vector<int>> share(sequences.begin() + begin, sequences.begin() + end);
        ForwardOptions mine = options;
        if (i != 0) // progress is reported from the calling thread only
            mine.progress = nullptr;
        parts[std::size_t(i)] = checkAndRun(share, mine);
    }
    std::vector<ForwardResult> results;
    results.reserve(std::size_t(B));
    for (auto &part : parts) {
        if (!part || !part->hasValue())
            return part ? part->error() : Error{{}, {}, tr("a worker thread did not finish")};
        for (ForwardResult &r : part->value())
            results.push_back(std::move(r));
    }
    return results;
}

Expected<std::vector<ForwardResult>, Error> Transformer::checkAndRun(const std::vector<std::vector<int>> &sequences,
                                                                    const ForwardOptions &options) const
{
    const ModelConfig &c = m_config;
    const int H = c.nHeads, V = c.vocabSize, L = c.totalLayers();
    const int B = int(sequences.size());
    const QString tokensField = QStringLiteral("tokens");
    if (B == 0)
        return Error{{}, tokensField, tr("no sequence to run")};
    Run r;
    r.offsets.assign(std::size_t(B) + 1, 0);
    std::vector<int> tokens;
    double captureBytes = 0;
    for (int b = 0; b < B; ++b) {
        const std::vector<int> &seq = sequences[std::size_t(b)];
        const int T = int(seq.size());
        if (T == 0)
            return Error{{}, tokensField, tr("the sequence is empty")};
        if (T > maxSequenceLength())
            return Error{{}, tokensField,
                         tr("%1 tokens is longer than the model's context of %2").arg(T).arg(maxSequenceLength())};
        for (int t = 0; t < T; ++t) {
            if (seq[std::size_t(t)] < 0 || seq[std::size_t(t)] >= V)
                return Error{{}, tokensField,
                             tr("token %1 at position %2 is outside the vocabulary [0, %3)")
                                 .arg(seq[std::size_t(t)])
                                 .arg(t)
                                 .arg(V)};
        }
        r.offsets[std::size_t(b) + 1] = r.offsets[std::size_t(b)] + T;
        tokens.insert(tokens.end(), seq.begin(), seq.end());
        captureBytes += double(L) * H * T * T * 4.0 * ((options.captureAttention ? 1 : 0) + (options.captureScores ? 1 : 0));
    }
    if (captureBytes > kMaxCaptureBytes)
        return Error{{}, tokensField,
                     tr("capturing attention for this many tokens would take %1 bytes; run fewer tokens")
                         .arg(qint64(captureBytes))};

    std::vector<ForwardResult> results(static_cast<std::size_t>(B));
    for (int b = 0; b < B; ++b) {
        ForwardResult &fr = results[std::size_t(b)];
        const int T = r.offsets[std::size_t(b) + 1] - r.offsets[std::size_t(b)];
        fr.tokens = sequences[std::size_t(b)];
        fr.nLayers = L;
        fr.nHeads = H;
        for (int layer = 0; layer < L; ++layer)
            fr.masks.push_back(AttentionBlock(c, layer, m_headDim, m_rotaryDim, m_normEps).mask());
        fr.causal = c.isCausal();
        fr.sinks = c.attentionSinks;
        if (options.captureAttention) {
            fr.attention.resize(std::size_t(L) * H);
            for (Mat &m : fr.attention)
                m.resize(T, T);
        }
        if (options.captureScores) {
            fr.scores.resize(std::size_t(L) * H);
            for (Mat &m : fr.scores)
                m.resize(T, T);
        }
        if (options.captureResidualNorms)
            fr.residualNorms.resize(L + 1, T);
    }
    r.tokens = &tokens;
    r.options = &options;
    r.results = &results;
    r.stop = options.cancel;
    if (!run(r))
        return Error{{}, {}, tr("cancelled")};
    return results;
}

bool Transformer::forwardCached(const std::vector<int> &tokens, int B, int T, ActivationCache &cache,
                                const std::atomic<bool> *stop) const
{
    Run r;
    r.offsets.resize(std::size_t(B) + 1);
    for (int b = 0; b <= B; ++b)
        r.offsets[std::size_t(b)] = b * T;
    cache.tokens = tokens;
    cache.offsets = r.offsets;
    cache.layers.resize(std::size_t(m_config.totalLayers()));
    r.tokens = &cache.tokens;
    r.cache = &cache;
    r.logits = &cache.logits;
    r.stop = stop;
    return run(r);
}

KvCache Transformer::makeKvCache() const
{
    const ModelConfig &c = m_config;
    KvCache kv;
    kv.layers.resize(std::size_t(c.totalLayers()));
    const int width = c.nKvHeads * m_headDim;
    // A sliding window needs about `window` rows (twice that, so rows move only now and then);
    // full attention grows to the context as it fills.
    const int rows = c.slidingWindow > 0 ? std::min(c.maxPositions, 2 * c.slidingWindow) : std::min(c.maxPositions, 256);
    for (KvCache::Layer &l : kv.layers) {
        l.k.resize(rows, width);
        l.v.resize(rows, width);
    }
    return kv;
}

Expected<Mat, Error> Transformer::decode(const std::vector<int> &tokens, KvCache &kv) const
{
    const QString tokensField = QStringLiteral("tokens");
    const int T = int(tokens.size());
    if (T == 0)
        return Error{{}, tokensField, tr("the sequence is empty")};
    if (kv.length + T > maxSequenceLength())
        return Error{{}, tokensField,
                     tr("%1 tokens is longer than the model's context of %2").arg(kv.length + T).arg(maxSequenceLength())};
    for (int t = 0; t < T; ++t)
        if (tokens[std::size_t(t)] < 0 || tokens[std::size_t(t)] >= m_config.vocabSize)
            return Error{{}, tokensField,
                         tr("token %1 at position %2 is outside the vocabulary [0, %3)")
                             .arg(tokens[std::size_t(t)])
                             .arg(kv.length + t)
                             .arg(m_config.vocabSize)};
    if (kv.layers.size() != std::size_t(m_config.totalLayers()))
        kv = makeKvCache();
    Run r;
    r.tokens = &tokens;
    r.offsets = {0, T};
    r.pos0 = kv.length;
    r.kv = &kv;
    Mat logits;
    r.logits = &logits;
    run(r);
    kv.length += T;
    return logits;
}

bool Transformer::run(Run &r) const
{
    const ModelConfig &c = m_config;
    const int d = c.dModel, V = c.vocabSize;
    const int L = c.totalLayers();
    const int B = int(r.offsets.size()) - 1, N = r.offsets.back();
    const TransformerWeights &w = m_weights;
    const std::vector<int> &tokens = *r.tokens;
    const ForwardOptions *opt = r.options;
    const bool captureAttention = opt && opt->captureAttention, captureScores = opt && opt->captureScores;
    const bool captureNorms = opt && opt->captureResidualNorms;
    int maxT = 0;
    for (int b = 0; b < B; ++b)
        maxT = std::max(maxT, r.offsets[std::size_t(b) + 1] - r.offsets[std::size_t(b)]);
    const int positions = r.pos0 + maxT; // tables cover positions 0 .. positions-1

    Workspace &ws = workspace();
    auto recordNorms = [&](const Mat &x, int row) {
        if (!captureNorms)
            return;
        for (int b = 0; b < B; ++b) {
            const int off = r.offsets[std::size_t(b)];
            Mat &norms = (*r.results)[std::size_t(b)].residualNorms;
            for (int t = 0; t < norms.cols(); ++t)
                norms(row, t) = x.row(off + t).norm();
        }
    };

    // Embeddings: x (N, d) is the residual stream of all sequences stacked.
    Mat &x = ws.x;
    x.resize(N, d);
    ensureTables(ws, c, m_rotaryDim, positions);
    for (int b = 0; b < B; ++b) {
        const int off = r.offsets[std::size_t(b)], T = r.offsets[std::size_t(b) + 1] - off;
        for (int t = 0; t < T; ++t) {
            const int row = off + t, pos = r.pos0 + t;
            x.row(row) = w.tokenEmbedding.row(tokens[std::size_t(row)]);
            if (c.positions == PositionKind::Learned)
                x.row(row) += w.positionEmbedding.row(pos);
            else if (c.positions == PositionKind::Sinusoidal)
                x.row(row) += ws.sinusoid.row(pos);
        }
    }
    if (c.embeddingNorm) {
        Mat &in = r.cache ? r.cache->embIn : ws.h;
        in.swap(x);
        ops::normForward(c.norm, x, r.cache ? r.cache->embMean : ws.mean, r.cache ? r.cache->embRstd : ws.rstd, in,
                         w.embNormScale, w.embNormBias, m_normEps);
    }
    recordNorms(x, 0);

    AttentionPass pass;
    pass.offsets = &r.offsets;
    pass.pos0 = r.pos0;
    pass.maxT = maxT;
    pass.ropeCos = &ws.ropeCos;
    pass.ropeSin = &ws.ropeSin;
    pass.kv = r.kv;
    pass.keepProbs = r.cache != nullptr;
    pass.results = r.results;
    pass.captureAttention = captureAttention;
    pass.captureScores = captureScores;

    for (int layer = 0; layer < L; ++layer) {
        if (r.stop && r.stop->load(std::memory_order_relaxed))
            return false;
        const TransformerWeights::Layer &lw = w.layers[std::size_t(storedLayer(layer))];
        ActivationCache::Layer &act = r.cache ? r.cache->layers[std::size_t(layer)] : ws.layer;
        act.x.swap(x); // the layer input; x is rewritten below
        TransformerBlock(c, layer, m_headDim, m_rotaryDim, m_normEps, !m_attentionOnly).forward(lw, act, x, pass);
        recordNorms(x, layer + 1);
        if (opt && opt->progress)
            opt->progress(layer + 1, L);
    }

    const Mat *last = &x;
    if (r.cache)
        r.cache->xLast = x;
    if (c.finalNorm) {
        Mat &out = r.cache ? r.cache->xFinal : ws.h;
        ops::normForward(c.norm, out, r.cache ? r.cache->finalMean : ws.mean, r.cache ? r.cache->finalRstd : ws.rstd, x,
                         w.finalNormScale, w.finalNormBias, m_normEps);
        last = &out;
    }
    const Mat &head = c.tiedEmbeddings ? w.tokenEmbedding : w.lmHead; // (V, d)
    auto project = [&](Mat &logits, int off, int T) {
        logits.resize(T, V);
        if (w.lmHeadBias.size() > 0)
            logits.rowwise() = w.lmHeadBias.row(0);
        else
            logits.setZero();
        ops::matmulAddTransposed(logits, last->middleRows(off, T), head);
        if (c.finalSoftcap > 0) { // Gemma 2's final_logit_softcapping: cap · tanh(logits / cap)
            const float cap = float(c.finalSoftcap);
            logits.array() = (logits.array() / cap).tanh() * cap;
        }
    };
    if (r.results)
        for (int b = 0; b < B; ++b)
            project((*r.results)[std::size_t(b)].logits, r.offsets[std::size_t(b)],
                    r.offsets[std::size_t(b) + 1] - r.offsets[std::size_t(b)]);
    if (r.logits)
        project(*r.logits, 0, N);
    return true;
}

bool Transformer::backward(const ActivationCache &cache, const Mat &dLogits, TransformerWeights &g,
                           const std::atomic<bool> *stop) const
{
    const ModelConfig &c = m_config;
    const TransformerWeights &w = m_weights;
    const std::vector<int> &offsets = cache.offsets;
    const int B = int(offsets.size()) - 1;
    const NormKind nk = c.norm;
    Workspace &ws = workspace();
    int maxT = 0;
    for (int b = 0; b < B; ++b)
        maxT = std::max(maxT, offsets[std::size_t(b) + 1] - offsets[std::size_t(b)]);
    ensureTables(ws, c, m_rotaryDim, maxT);

    Mat uncapped;
    if (c.finalSoftcap > 0) { // y = cap · tanh(z / cap): dz = dy · (1 − (y / cap)²)
        const float cap = float(c.finalSoftcap);
        uncapped = (dLogits.array() * (1.0f - (cache.logits.array() / cap).square())).matrix();
    }
    const Mat &dLogitsZ = c.finalSoftcap > 0 ? uncapped : dLogits; // by the logits before capping
    const bool tied = c.tiedEmbeddings;
    const Mat &head = tied ? w.tokenEmbedding : w.lmHead;
    Mat &dHead = tied ? g.tokenEmbedding : g.lmHead;
    if (g.lmHeadBias.size() > 0)
        g.lmHeadBias.row(0) += dLogitsZ.colwise().sum();
    const Mat &xf = c.finalNorm ? cache.xFinal : cache.xLast;
    dHead.noalias() += dLogitsZ.transpose() * xf; // (V, d)
    Mat dx(dLogits.rows(), c.dModel);
    dx.noalias() = dLogitsZ * head;
    Mat dIn;
    if (c.finalNorm) {
        ops::normBackward(nk, dIn, g.finalNormScale, g.finalNormBias, dx, cache.xLast, cache.finalMean,
                          cache.finalRstd, w.finalNormScale);
        dx.swap(dIn);
    }

    AttentionPass pass;
    pass.offsets = &offsets;
    pass.maxT = maxT;
    pass.ropeCos = &ws.ropeCos;
    pass.ropeSin = &ws.ropeSin;
    for (int l = c.totalLayers() - 1; l >= 0; --l) {
        if (stop && stop->load(std::memory_order_relaxed))
            return false;
        const int s = storedLayer(l);
        TransformerBlock(c, l, m_headDim, m_rotaryDim, m_normEps, !m_attentionOnly)
            .backward(w.layers[std::size_t(s)], g.layers[std::size_t(s)], cache.layers[std::size_t(l)], dx, pass);
    }

    if (c.embeddingNorm) {
        ops::normBackward(nk, dIn, g.embNormScale, g.embNormBias, dx, cache.embIn, cache.embMean, cache.embRstd,
                          w.embNormScale);
        dx.swap(dIn);
    }
    for (int b = 0; b < B; ++b) {
        const int off = offsets[std::size_t(b)], T = offsets[std::size_t(b) + 1] - off;
        for (int t = 0; t < T; ++t) {
            g.tokenEmbedding.row(cache.tokens[std::size_t(off + t)]) += dx.row(off + t);
            if (g.positionEmbedding.size() > 0)
                g.positionEmbedding.row(t) += dx.row(off + t);
        }
    }
    return true;
}

} // namespace tx
