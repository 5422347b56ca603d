#include "core/nn/transformer.h"

#include "core/base/rng.h"
#include "core/base/upperstate.h"
#include "core/nn/enginesizer.h"
#include "core/nn/engineworkspace.h"
#include "core/nn/feedforwardblock.h"
#include "core/nn/attentionblock.h"
#include "core/nn/blaskernels.h"
#include "core/nn/ops.h"
#include "core/nn/relativepositionbias.h"
#include "core/nn/ropefrequencies.h"
#include "core/nn/transformerblock.h"
#include "core/nn/transformerrun.h"

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

} // namespace

Expected<Transformer, Error> Transformer::create(const ModelConfig &config, std::int64_t capBytes, float normEps,
                                                 bool attentionOnly, const std::atomic<bool> *stop)
{
    ops::BlasKernels::ensure(); // before the first product: OpenBLAS may have picked SSE kernels
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
    t.m_rotaryDim = RopeFrequencies::rotaryDim(c);
    const bool mla = c.attention == AttentionKind::Mla;

    t.m_decoderStack = c;
    if (c.layout == Layout::EncoderDecoder) { // each stack runs as a stack of its own
        t.m_encoderStack = c;
        t.m_encoderStack.layout = Layout::EncoderOnly;
        t.m_encoderStack.nDecoderLayers = 0;
        t.m_decoderStack.layout = Layout::DecoderOnly;
        t.m_decoderStack.nLayers = c.decoderLayers();
        t.m_decoderStack.nDecoderLayers = 0;
    }
    const int encoderLayers = c.layout == Layout::EncoderDecoder ? c.encoderLayers() : 0;
    const int d = c.dModel, hd = t.m_headDim, V = c.vocabSize, F = c.dFf;
    const int qkvCols = (c.nHeads + 2 * c.nKvHeads) * hd;
    const int gates = c.ffn == FfnKind::Gated3 ? 2 : 1;
    const bool ln = c.norm == NormKind::LayerNorm;
    TransformerWeights &w = t.m_weights;
    // The weight matrices are allocated first and zeroed at the end, in chunks that look at
    // `stop`: zeroing GPT-2 small's 497 MB (a page fault per 4 KB) took 150–800 ms on the shared
    // 2-core machine, too long for a cancel to wait for.
    std::vector<Mat *> matrices;
    const auto zeros = [&matrices](Mat &m, Eigen::Index rows, Eigen::Index cols) {
        m.resize(rows, cols);
        matrices.push_back(&m);
    };
    const int e = c.effectiveEmbeddingDim(); // ALBERT: the table is narrower, a projection widens it
    zeros(w.tokenEmbedding, V, e);
    if (c.positions == PositionKind::Learned)
        zeros(w.positionEmbedding, c.maxPositions, e);
    if (c.tokenTypes > 0)
        zeros(w.tokenTypeEmbedding, c.tokenTypes, e);
    if (c.positions == PositionKind::RelativeBuckets)
        zeros(w.relativeBias, c.relativeBuckets, c.nHeads);
    if (c.positions == PositionKind::RelativeBuckets && encoderLayers > 0)
        zeros(w.encoderRelativeBias, c.relativeBuckets, c.nHeads);
    if (c.embeddingNorm) {
        w.embNormScale = ones(e);
        w.embNormBias = zerosIf(ln, e);
    }
    if (e != d) {
        zeros(w.embeddingProj, e, d);
        zeros(w.embeddingProjBias, 1, d);
    }
    w.layers.resize(std::size_t(t.storedLayerCount()));
    const bool preNorms = c.normPlacement != NormPlacement::Output; // OLMo 2 has no input norms
    const bool postNorms = c.normPlacement == NormPlacement::Sandwich || c.normPlacement == NormPlacement::Output;
    for (std::size_t i = 0; i < w.layers.size(); ++i) {
        TransformerWeights::Layer &l = w.layers[i];
        if (preNorms) {
            l.norm1Scale = ones(d);
            l.norm1Bias = zerosIf(ln, d);
        }
        if (mla) {
            // DeepseekV3Attention: attention_bias on the projections from the residual stream only.
            const int qCols = c.nHeads * (c.mla.qkNopeHeadDim + c.mla.qkRopeHeadDim);
            const int qLora = c.mla.qLoraRank, kvLora = c.mla.kvLoraRank, kvA = kvLora + c.mla.qkRopeHeadDim;
            if (qLora > 0) {
                zeros(l.qAProj, d, qLora);
                l.qAProjBias = zerosIf(c.qkvBias, qLora);
                l.qANormScale = ones(qLora);
                l.qANormBias = zerosIf(ln, qLora);
            }
            zeros(l.qBProj, qLora > 0 ? qLora : d, qCols);
            l.qBProjBias = zerosIf(c.qkvBias && qLora == 0, qCols);
            zeros(l.kvAProj, d, kvA);
            l.kvAProjBias = zerosIf(c.qkvBias, kvA);
            l.kvANormScale = ones(kvLora);
            l.kvANormBias = zerosIf(ln, kvLora);
            zeros(l.kvBProj, kvLora, c.nHeads * (c.mla.qkNopeHeadDim + c.mla.vHeadDim));
        } else {
            zeros(l.qkv, d, qkvCols);
            l.qkvBias = zerosIf(c.qkvBias, qkvCols);
        }
        if (c.qkNorm == QkNorm::PerHead) {
            l.qNormScale = ones(hd);
            l.kNormScale = ones(hd);
        } else if (c.qkNorm == QkNorm::FullWidth) {
            l.qNormScale = ones(c.nHeads * hd);
            l.kNormScale = ones(c.nKvHeads * hd);
        }
        if (c.attentionSinks)
            zeros(l.sinks, 1, c.nHeads);
        zeros(l.attnOut, c.nHeads * (mla ? c.mla.vHeadDim : hd), d);
        l.attnOutBias = zerosIf(c.attnOutBias, d);
        if (postNorms) {
            l.postAttnNormScale = ones(d);
            l.postAttnNormBias = zerosIf(ln, d);
            l.postFfnNormScale = ones(d);
            l.postFfnNormBias = zerosIf(ln, d);
        }
        if (encoderLayers > 0 && int(i) >= encoderLayers) { // a decoder layer: T5's layer.1 (EncDecAttention)
            l.crossNormScale = ones(d);
            l.crossNormBias = zerosIf(ln, d);
            zeros(l.crossQ, d, c.nHeads * hd);
            l.crossQBias = zerosIf(c.qkvBias, c.nHeads * hd);
            zeros(l.crossKv, d, 2 * c.nKvHeads * hd);
            l.crossKvBias = zerosIf(c.qkvBias, 2 * c.nKvHeads * hd);
            zeros(l.crossOut, c.nHeads * hd, d);
            l.crossOutBias = zerosIf(c.attnOutBias, d);
        }
        if ((!c.parallelBlock || c.parallelTwoNorms) && preNorms) {
            l.norm2Scale = ones(d);
            l.norm2Bias = zerosIf(ln, d);
        }
        if (FeedForwardBlock::isSparse(c, int(i))) { // MoE layers are never shared (EngineSizer)
            const int E = c.moe.numExperts, Fe = c.moe.effectiveExpertDff(F);
            const int S = c.moe.sharedExperts * c.moe.effectiveSharedDff(F);
            zeros(l.router, d, E);
            l.routerBias = zerosIf(c.moe.routerBias, E);
            l.routerScoreBias = zerosIf(c.moe.scoreCorrectionBias, E);
            zeros(l.expertsIn, Eigen::Index(E) * d, gates * Fe);
            zeros(l.expertsOut, Eigen::Index(E) * Fe, d);
            if (c.ffnBias) { // gpt-oss's gate_up_proj_bias, down_proj_bias (shared experts have none: EngineSizer)
                zeros(l.expertsInBias, E, gates * Fe);
                zeros(l.expertsOutBias, E, d);
            }
            if (S > 0) {
                zeros(l.sharedIn, d, gates * S);
                zeros(l.sharedOut, S, d);
            }
            continue;
        }
        zeros(l.ffnIn, d, gates * F);
        l.ffnInBias = zerosIf(c.ffnBias, gates * F);
        zeros(l.ffnOut, F, d);
        l.ffnOutBias = zerosIf(c.ffnBias, d);
    }
    if (c.finalNorm) {
        w.finalNormScale = ones(d);
        w.finalNormBias = zerosIf(ln, d);
    }
    if (c.finalNorm && encoderLayers > 0) { // one final_layer_norm per stack
        w.encoderFinalNormScale = ones(d);
        w.encoderFinalNormBias = zerosIf(ln, d);
    }
    if (c.mlmHead) { // AlbertMLMHead: dense (d → e) + bias, LayerNorm over e
        zeros(w.headDense, d, e);
        zeros(w.headDenseBias, 1, e);
        w.headNormScale = ones(e);
        w.headNormBias = zerosIf(ln, e);
    }
    if (!c.tiedEmbeddings)
        zeros(w.lmHead, V, c.mlmHead ? e : d);
    w.lmHeadBias = zerosIf(c.lmHeadBias, V);
    constexpr Eigen::Index kChunk = Eigen::Index(1) << 20; // floats (4 MB) between two looks at `stop`
    for (Mat *m : matrices) {
        for (Eigen::Index begin = 0; begin < m->size(); begin += kChunk) {
            if (stop && stop->load(std::memory_order_relaxed))
                return Error{{}, {}, tr("cancelled")};
            std::fill(m->data() + begin, m->data() + std::min(m->size(), begin + kChunk), 0.0f);
        }
    }
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

bool Transformer::initGpt2Style(std::uint64_t seed, const std::atomic<bool> *stop)
{
    constexpr Eigen::Index kChunk = Eigen::Index(1) << 16; // values between two looks at `stop`
    // The draws below are SSE code calling log and cos: 11x slower on an Intel core whose upper
    // register halves Qt's string hashing left dirty (core/base/upperstate.h).
    UpperState::clearNow();
    m_transposed.clear();
    Rng rng(seed);
    const float residualStd = 0.02f / std::sqrt(2.0f * float(std::max(1, m_config.totalLayers())));
    for (const TransformerWeights::Slot &s : m_weights.registry()) {
        if (stop && stop->load(std::memory_order_relaxed))
            return false;
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
        // In chunks, so a cancel reaches the middle of a big tensor (GPT-2's 38.6 M-value
        // embedding); the draws and their order are the same as in one loop.
        for (Eigen::Index begin = 0; begin < m.size(); begin += kChunk) {
            if (stop && begin > 0 && stop->load(std::memory_order_relaxed))
                return false;
            const Eigen::Index end = std::min(m.size(), begin + kChunk);
            for (Eigen::Index i = begin; i < end; ++i)
                p[i] = float(rng.normal()) * stddev;
        }
    }
    return true;
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

std::optional<Error> Transformer::checkTokens(const std::vector<int> &seq) const
{
    const QString tokensField = QStringLiteral("tokens");
    const int T = int(seq.size()), V = m_config.vocabSize;
    if (T == 0)
        return Error{{}, tokensField, tr("the sequence is empty")};
    if (T > maxSequenceLength())
        return Error{{}, tokensField, tr("%1 tokens is longer than the model's context of %2").arg(T).arg(maxSequenceLength())};
    for (int t = 0; t < T; ++t) {
        if (seq[std::size_t(t)] < 0 || seq[std::size_t(t)] >= V)
            return Error{{}, tokensField,
                         tr("token %1 at position %2 is outside the vocabulary [0, %3)").arg(seq[std::size_t(t)]).arg(t).arg(V)};
    }
    return std::nullopt;
}

Expected<std::vector<ForwardResult>, Error> Transformer::checkAndRun(const std::vector<std::vector<int>> &given,
                                                                    const ForwardOptions &options,
                                                                    std::vector<std::vector<int>> encoderSequences) const
{
    const ModelConfig &c = m_decoderStack;
    const int H = c.nHeads, L = c.totalLayers();
    const int B = int(given.size());
    const QString tokensField = QStringLiteral("tokens");
    if (B == 0)
        return Error{{}, tokensField, tr("no sequence to run")};
    const bool encdec = isEncoderDecoder();
    const std::vector<std::vector<int>> *decoderSequences = &given;
    std::vector<std::vector<int>> shifted;
    if (encdec && encoderSequences.empty()) { // the encoder reads each sequence, the decoder it shifted right
        encoderSequences = given;
        for (const std::vector<int> &seq : given) {
            std::vector<int> d{kDecoderStartToken};
            if (!seq.empty())
                d.insert(d.end(), seq.begin(), seq.end() - 1);
            shifted.push_back(std::move(d));
        }
        decoderSequences = &shifted;
    }
    const std::vector<std::vector<int>> &sequences = *decoderSequences;
    Run r;
    r.offsets.assign(std::size_t(B) + 1, 0);
    std::vector<int> tokens, encoderTokens;
    double captureBytes = 0;
    const int captures = (options.captureAttention ? 1 : 0) + (options.captureScores ? 1 : 0);
    if (encdec) {
        r.encoderOffsets.assign(std::size_t(B) + 1, 0);
        for (int b = 0; b < B; ++b) {
            const std::vector<int> &seq = encoderSequences[std::size_t(b)];
            if (auto e = checkTokens(seq))
                return *e;
            const double Te = double(seq.size()), T = double(sequences[std::size_t(b)].size());
            r.encoderOffsets[std::size_t(b) + 1] = r.encoderOffsets[std::size_t(b)] + int(seq.size());
            encoderTokens.insert(encoderTokens.end(), seq.begin(), seq.end());
            if (options.captureAttention) // the encoder's self-attention and the decoder's cross-attention
                captureBytes += (m_encoderStack.totalLayers() * Te * Te + L * T * Te) * H * 4.0;
        }
        r.encoderTokens = &encoderTokens;
    }
    for (int b = 0; b < B; ++b) {
        const std::vector<int> &seq = sequences[std::size_t(b)];
        const int T = int(seq.size());
        if (auto e = checkTokens(seq))
            return *e;
        r.offsets[std::size_t(b) + 1] = r.offsets[std::size_t(b)] + T;
        tokens.insert(tokens.end(), seq.begin(), seq.end());
        captureBytes += double(L) * H * T * T * 4.0 * captures;
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
        if (encdec) {
            fr.encoderTokens = encoderSequences[std::size_t(b)];
            fr.nEncoderLayers = m_encoderStack.totalLayers();
            if (options.captureAttention) {
                const int Te = int(fr.encoderTokens.size());
                fr.crossAttention.assign(std::size_t(L) * H, Mat(T, Te));
                fr.encoderAttention.assign(std::size_t(fr.nEncoderLayers) * H, Mat(Te, Te));
            }
        }
        for (int layer = 0; layer < L; ++layer)
            fr.masks.push_back(AttentionBlock(c, layer, m_headDim, m_rotaryDim, m_normEps).mask());
        fr.causal = c.isCausal();
        fr.sinks = c.attentionSinks;
        if (c.moe.enabled() && !m_attentionOnly) {
            fr.topK = c.moe.topK;
            fr.routedExperts.resize(std::size_t(L));
            fr.routedGates.resize(std::size_t(L));
        }
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
    if (isEncoderDecoder()) { // as forward(): the encoder reads each sequence, the decoder it shifted right
        std::vector<int> shifted(tokens.size());
        for (int b = 0; b < B && T > 0; ++b) {
            shifted[std::size_t(b) * T] = kDecoderStartToken;
            std::copy_n(tokens.begin() + std::ptrdiff_t(b) * T, T - 1, shifted.begin() + std::ptrdiff_t(b) * T + 1);
        }
        return forwardCached(tokens, T, shifted, B, T, cache, stop);
    }
    Run r;
    r.offsets.resize(std::size_t(B) + 1);
    for (int b = 0; b <= B; ++b)
        r.offsets[std::size_t(b)] = b * T;
    cache.tokens = tokens;
    cache.offsets = r.offsets;
    cache.layers.resize(std::size_t(m_decoderStack.totalLayers()));
    r.tokens = &cache.tokens;
    r.cache = &cache;
    r.logits = &cache.logits;
    r.stop = stop;
    return run(r);
}

} // namespace tx
