#include "core/nn/transformer.h"

#include "core/nn/enginesizer.h"
#include "core/nn/forwardops.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>

#include <omp.h>

namespace tx {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("tx::Transformer", text);
}

// Attention captures past this many bytes are refused rather than allocated.
constexpr double kMaxCaptureBytes = 2e9;

RowVec ones(int n)
{
    return RowVec::Ones(n);
}

RowVec zerosIf(bool present, int n)
{
    return present ? RowVec(RowVec::Zero(n)) : RowVec();
}

} // namespace

Expected<Transformer, Error> Transformer::create(const ModelConfig &config, std::int64_t capBytes, float normEps)
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
    for (TransformerWeights::Layer &l : w.layers) {
        l.norm1Scale = ones(d);
        l.norm1Bias = zerosIf(ln, d);
        l.qkv = Mat::Zero(d, qkvCols);
        l.qkvBias = zerosIf(c.qkvBias, qkvCols);
        l.attnOut = Mat::Zero(c.nHeads * hd, d);
        l.attnOutBias = zerosIf(c.attnOutBias, d);
        if (!c.parallelBlock || c.parallelTwoNorms) {
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

void Transformer::initGpt2Style(std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    const float residualStd = 0.02f / std::sqrt(2.0f * float(std::max(1, m_config.totalLayers())));
    auto fill = [&rng](auto &m, float stddev) {
        std::normal_distribution<float> normal(0.0f, stddev);
        float *p = m.data();
        for (Eigen::Index i = 0; i < m.size(); ++i)
            p[i] = normal(rng);
    };
    TransformerWeights &w = m_weights;
    fill(w.tokenEmbedding, 0.02f);
    fill(w.positionEmbedding, 0.02f);
    for (TransformerWeights::Layer &l : w.layers) {
        fill(l.qkv, 0.02f);
        fill(l.attnOut, residualStd);
        fill(l.ffnIn, 0.02f);
        fill(l.ffnOut, residualStd);
        for (RowVec *b : {&l.qkvBias, &l.attnOutBias, &l.ffnInBias, &l.ffnOutBias, &l.norm1Bias, &l.norm2Bias})
            b->setZero();
        l.norm1Scale.setOnes();
        l.norm2Scale.setOnes();
    }
    fill(w.lmHead, 0.02f);
    w.lmHeadBias.setZero();
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
        return forwardStacked(sequences, options);
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
        parts[std::size_t(i)] = forwardStacked(share, mine);
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

Expected<std::vector<ForwardResult>, Error> Transformer::forwardStacked(const std::vector<std::vector<int>> &sequences,
                                                                       const ForwardOptions &options) const
{
    const ModelConfig &c = m_config;
    const int d = c.dModel, H = c.nHeads, KV = c.nKvHeads, hd = m_headDim, V = c.vocabSize;
    const int L = c.totalLayers();
    const int B = int(sequences.size());
    const TransformerWeights &w = m_weights;
    const QString tokensField = QStringLiteral("tokens");

    if (B == 0)
        return Error{{}, tokensField, tr("no sequence to run")};
    std::vector<int> offsets(std::size_t(B) + 1, 0); // row of each sequence's first token
    int maxT = 0;
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
        offsets[std::size_t(b) + 1] = offsets[std::size_t(b)] + T;
        maxT = std::max(maxT, T);
        captureBytes += double(L) * H * T * T * 4.0 * ((options.captureAttention ? 1 : 0) + (options.captureScores ? 1 : 0));
    }
    if (captureBytes > kMaxCaptureBytes)
        return Error{{}, tokensField,
                     tr("capturing attention for this many tokens would take %1 bytes; run fewer tokens")
                         .arg(qint64(captureBytes))};
    const int N = offsets.back();

    std::vector<ForwardResult> results(static_cast<std::size_t>(B));
    for (int b = 0; b < B; ++b) {
        ForwardResult &r = results[std::size_t(b)];
        const int T = offsets[std::size_t(b) + 1] - offsets[std::size_t(b)];
        r.tokens = sequences[std::size_t(b)];
        r.nLayers = L;
        r.nHeads = H;
        r.causal = c.isCausal();
        r.slidingWindow = c.slidingWindow;
        if (options.captureAttention) {
            r.attention.resize(std::size_t(L) * H);
            for (Mat &m : r.attention)
                m.resize(T, T);
        }
        if (options.captureScores) {
            r.scores.resize(std::size_t(L) * H);
            for (Mat &m : r.scores)
                m.resize(T, T);
        }
        if (options.captureResidualNorms)
            r.residualNorms.resize(L + 1, T);
    }
    auto recordNorms = [&](const Mat &x, int row) {
        if (!options.captureResidualNorms)
            return;
        for (int b = 0; b < B; ++b) {
            const int off = offsets[std::size_t(b)];
            Mat &norms = results[std::size_t(b)].residualNorms;
            for (int t = 0; t < norms.cols(); ++t)
                norms(row, t) = x.row(off + t).norm();
        }
    };

    // Activations live in a per-thread workspace that survives between calls: re-allocating
    // them each pass costs more than the small matrix products (page faults on fresh memory).
    struct Workspace
    {
        Mat x, h, h2, qkv, att, a, ffIn, ffAct, m;
        ColVec mean, rstd;
    };
    thread_local Workspace ws;
    // Embeddings: x (N, d) is the residual stream of all sequences stacked.
    Mat &x = ws.x;
    x.resize(N, d);
    Mat sinusoid;
    if (c.positions == PositionKind::Sinusoidal)
        sinusoid = forwardops::sinusoidalTable(maxT, d);
    for (int b = 0; b < B; ++b) {
        const std::vector<int> &seq = sequences[std::size_t(b)];
        for (int t = 0; t < int(seq.size()); ++t) {
            const int row = offsets[std::size_t(b)] + t;
            x.row(row) = w.tokenEmbedding.row(seq[std::size_t(t)]);
            if (c.positions == PositionKind::Learned)
                x.row(row) += w.positionEmbedding.row(t);
            else if (c.positions == PositionKind::Sinusoidal)
                x.row(row) += sinusoid.row(t);
        }
    }
    Mat &h = ws.h;       // (N, d) normalised input of a sublayer
    ColVec &mean = ws.mean, &rstd = ws.rstd; // (N) norm statistics
    if (c.embeddingNorm) {
        forwardops::normForward(h, mean, rstd, x, c.norm, w.embNormScale, w.embNormBias, m_normEps);
        x.swap(h);
    }
    recordNorms(x, 0);

    Mat ropeCos, ropeSin; // (maxT, rotaryDim/2)
    if (m_rotaryDim > 0)
        forwardops::ropeTables(ropeCos, ropeSin, maxT, m_rotaryDim, c.ropeTheta);

    Mat &qkv = ws.qkv;     // (N, (H + 2KV)·hd)
    Mat &att = ws.att;     // (N, H·hd) heads' outputs side by side
    att.resize(N, H * hd);
    Mat &a = ws.a;         // (N, d) attention sublayer output
    Mat &ffIn = ws.ffIn;   // (N, d_ff) or (N, 2·d_ff) before the activation
    Mat &ffAct = ws.ffAct; // (N, d_ff) gated activation
    Mat &m = ws.m;         // (N, d) FFN sublayer output
    Mat &h2 = ws.h2;       // (N, d) second norm's output
    const int group = H / KV; // query heads per key/value head
    const bool causal = c.isCausal();

    auto attention = [&](const TransformerWeights::Layer &lw, const Mat &in, int layer) {
        forwardops::linearForward(qkv, in, lw.qkv, lw.qkvBias);
        if (m_rotaryDim > 0) {
            for (int b = 0; b < B; ++b) {
                const int off = offsets[std::size_t(b)], T = offsets[std::size_t(b) + 1] - off;
                // q heads and k heads are adjacent: columns [0, (H + KV)·hd).
                forwardops::ropeForward(qkv.middleRows(off, T), 0, H + KV, hd, m_rotaryDim, ropeCos, ropeSin);
            }
        }
        const int pairs = B * H;
#pragma omp parallel for schedule(dynamic)
        for (int p = 0; p < pairs; ++p) {
            const int b = p / H, head = p % H, g = head / group;
            const int off = offsets[std::size_t(b)], T = offsets[std::size_t(b) + 1] - off;
            ForwardResult &r = results[std::size_t(b)];
            thread_local Mat scratch;
            Mat &probs = options.captureAttention ? r.attention[std::size_t(layer * H + head)] : scratch;
            Mat *scores = options.captureScores ? &r.scores[std::size_t(layer * H + head)] : nullptr;
            forwardops::attentionHeadForward(att.block(off, head * hd, T, hd), probs, scores,
                                      qkv.block(off, head * hd, T, hd), qkv.block(off, (H + g) * hd, T, hd),
                                      qkv.block(off, (H + KV + g) * hd, T, hd), causal, c.slidingWindow);
        }
        forwardops::linearForward(a, att, lw.attnOut, lw.attnOutBias);
    };
    auto mlp = [&](const TransformerWeights::Layer &lw, const Mat &in) {
        forwardops::linearForward(ffIn, in, lw.ffnIn, lw.ffnInBias);
        if (c.ffn == FfnKind::Gated3) {
            forwardops::gatedForward(ffAct, ffIn, c.activation);
            forwardops::linearForward(m, ffAct, lw.ffnOut, lw.ffnOutBias);
        } else {
            forwardops::activationForward(ffIn, c.activation);
            forwardops::linearForward(m, ffIn, lw.ffnOut, lw.ffnOutBias);
        }
    };

    for (int layer = 0; layer < L; ++layer) {
        if (options.cancel && options.cancel->load())
            return Error{{}, {}, tr("cancelled")};
        const TransformerWeights::Layer &lw = w.layers[std::size_t(storedLayer(layer))];
        if (c.normPlacement == NormPlacement::Post) {
            // BERT: x = norm1(x + attn(x)); x = norm2(x + mlp(x)).
            attention(lw, x, layer);
            x += a;
            forwardops::normForward(h, mean, rstd, x, c.norm, lw.norm1Scale, lw.norm1Bias, m_normEps);
            mlp(lw, h);
            h += m;
            forwardops::normForward(x, mean, rstd, h, c.norm, lw.norm2Scale, lw.norm2Bias, m_normEps);
        } else if (c.parallelBlock) {
            // GPT-J: x = x + attn(norm1(x)) + mlp(norm1(x)); GPT-NeoX uses norm2 for the MLP.
            forwardops::normForward(h, mean, rstd, x, c.norm, lw.norm1Scale, lw.norm1Bias, m_normEps);
            attention(lw, h, layer);
            if (c.parallelTwoNorms) {
                forwardops::normForward(h2, mean, rstd, x, c.norm, lw.norm2Scale, lw.norm2Bias, m_normEps);
                mlp(lw, h2);
            } else {
                mlp(lw, h);
            }
            x += a;
            x += m;
        } else {
            // GPT-2, Llama: x = x + attn(norm1(x)); x = x + mlp(norm2(x)).
            forwardops::normForward(h, mean, rstd, x, c.norm, lw.norm1Scale, lw.norm1Bias, m_normEps);
            attention(lw, h, layer);
            x += a;
            forwardops::normForward(h2, mean, rstd, x, c.norm, lw.norm2Scale, lw.norm2Bias, m_normEps);
            mlp(lw, h2);
            x += m;
        }
        recordNorms(x, layer + 1);
        if (options.progress)
            options.progress(layer + 1, L);
    }

    const Mat *last = &x;
    if (c.finalNorm) {
        forwardops::normForward(h, mean, rstd, x, c.norm, w.finalNormScale, w.finalNormBias, m_normEps);
        last = &h;
    }
    const Mat &head = c.tiedEmbeddings ? w.tokenEmbedding : w.lmHead; // (V, d)
    for (int b = 0; b < B; ++b) {
        const int off = offsets[std::size_t(b)], T = offsets[std::size_t(b) + 1] - off;
        Mat &logits = results[std::size_t(b)].logits; // (T, V)
        logits.resize(T, V);
        if (w.lmHeadBias.size() > 0)
            logits.rowwise() = w.lmHeadBias;
        else
            logits.setZero();
        forwardops::matmulAddTransposed(logits, last->middleRows(off, T), head);
    }
    return results;
}

} // namespace tx
