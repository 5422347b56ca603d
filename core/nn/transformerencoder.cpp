// Transformer's encoder-decoder (T5, Hugging Face modeling_t5.py: T5Stack run twice, the
// encoder's output the decoder's key_value_states): the encoder stack, its inputs for running,
// training and decoding, and its backward from the gradient cross-attention hands it; and the
// token embedding both stacks read.
#include "core/nn/transformer.h"

#include "core/nn/crossattentionblock.h"
#include "core/nn/engineworkspace.h"
#include "core/nn/ops.h"
#include "core/nn/relativepositionbias.h"
#include "core/nn/transformerblock.h"
#include "core/nn/transformerrun.h"

#include <algorithm>
#include <cmath>

namespace tx {

void Transformer::embedTokens(Mat &x, const std::vector<int> &tokens, const std::vector<int> &offsets, int pos0) const
{
    const ModelConfig &c = m_config;
    const TransformerWeights &w = m_weights;
    const EngineWorkspace &ws = EngineWorkspace::local(); // its sinusoid covers the positions (ensureTables)
    x.resize(offsets.back(), c.effectiveEmbeddingDim());
    // Gemma: hidden_states * normalizer, normalizer = sqrt(hidden_size) in float32.
    const float embScale = c.embeddingScaled ? float(std::sqrt(double(c.dModel))) : 1.0f;
    for (std::size_t b = 0; b + 1 < offsets.size(); ++b) {
        const int off = offsets[b], T = offsets[b + 1] - off;
        for (int t = 0; t < T; ++t) {
            const int row = off + t, pos = pos0 + t;
            x.row(row) = w.tokenEmbedding.row(tokens[std::size_t(row)]);
            if (embScale != 1.0f)
                x.row(row) *= embScale;
            if (w.tokenTypeEmbedding.size() > 0) // token_type_ids all 0, AlbertEmbeddings' default buffer
                x.row(row) += w.tokenTypeEmbedding.row(0);
            if (c.positions == PositionKind::Learned)
                x.row(row) += w.positionEmbedding.row(pos);
            else if (c.positions == PositionKind::Sinusoidal)
                x.row(row) += ws.sinusoid.row(pos);
        }
    }
}

Expected<ForwardResult, Error> Transformer::forward(const std::vector<int> &encoderTokens,
                                                    const std::vector<int> &decoderTokens,
                                                    const ForwardOptions &options) const
{
    if (!isEncoderDecoder())
        return Error{{}, QStringLiteral("layout"), tr("only an encoder-decoder reads two sequences")};
    auto batch = checkAndRun({decoderTokens}, options, {encoderTokens});
    if (!batch)
        return batch.error();
    return std::move(batch.value().front());
}

bool Transformer::forwardCached(const std::vector<int> &encoderTokens, int Te, const std::vector<int> &tokens, int B,
                                int T, ActivationCache &cache, const std::atomic<bool> *stop) const
{
    Run r;
    r.offsets.resize(std::size_t(B) + 1);
    r.encoderOffsets.resize(std::size_t(B) + 1);
    for (int b = 0; b <= B; ++b) {
        r.offsets[std::size_t(b)] = b * T;
        r.encoderOffsets[std::size_t(b)] = b * Te;
    }
    cache.tokens = tokens;
    cache.offsets = r.offsets;
    cache.encoderTokens = encoderTokens;
    cache.encoderOffsets = r.encoderOffsets;
    cache.layers.resize(std::size_t(m_decoderStack.totalLayers()));
    cache.encoderLayers.resize(std::size_t(m_encoderStack.totalLayers()));
    r.tokens = &cache.tokens;
    r.encoderTokens = &cache.encoderTokens;
    r.cache = &cache;
    r.logits = &cache.logits;
    r.stop = stop;
    return run(r);
}

bool Transformer::runEncoder(const Run &r, Mat &out) const
{
    if (!r.encoderTokens)
        return false;
    const ModelConfig &c = m_encoderStack;
    const TransformerWeights &w = m_weights;
    const int L = c.totalLayers(), B = int(r.encoderOffsets.size()) - 1;
    const int total = L + m_decoderStack.totalLayers();
    const ForwardOptions *opt = r.options;
    const bool captureAttention = r.results && opt && opt->captureAttention;
    int maxT = 0;
    for (int b = 0; b < B; ++b)
        maxT = std::max(maxT, r.encoderOffsets[std::size_t(b) + 1] - r.encoderOffsets[std::size_t(b)]);

    EngineWorkspace &ws = EngineWorkspace::local();
    ws.ensureTables(c, m_rotaryDim, maxT);
    Mat &x = ws.x;
    embedTokens(x, *r.encoderTokens, r.encoderOffsets, 0);
    Mat offsetBias; // (H, 2 maxT − 1) the encoder's own bidirectional buckets
    if (w.encoderRelativeBias.size() > 0)
        RelativePositionBias(c).forward(offsetBias, w.encoderRelativeBias, maxT);

    // The blocks capture into ForwardResult::attention; the encoder's go to encoderAttention.
    std::vector<ForwardResult> captures(captureAttention ? std::size_t(B) : 0);
    for (int b = 0; b < int(captures.size()); ++b)
        captures[std::size_t(b)].attention = std::move((*r.results)[std::size_t(b)].encoderAttention);
    AttentionPass pass = ws.passOver(c, r.encoderOffsets, maxT);
    pass.keepProbs = r.cache != nullptr;
    pass.results = captureAttention ? &captures : nullptr;
    pass.captureAttention = captureAttention;
    pass.offsetBias = offsetBias.size() > 0 ? &offsetBias : nullptr;
    for (int layer = 0; layer < L; ++layer) {
        if (r.stop && r.stop->load(std::memory_order_relaxed))
            return false;
        ActivationCache::Layer &act = r.cache ? r.cache->encoderLayers[std::size_t(layer)] : ws.layer;
        act.x.swap(x);
        TransformerBlock(c, layer, m_headDim, m_rotaryDim, m_normEps, !m_attentionOnly)
            .forward(w.layers[std::size_t(layer)], act, x, pass);
        if (opt && opt->progress)
            opt->progress(layer + 1, total);
    }
    for (int b = 0; b < int(captures.size()); ++b)
        (*r.results)[std::size_t(b)].encoderAttention = std::move(captures[std::size_t(b)].attention);
    if (r.cache)
        r.cache->encoderLast = x;
    if (c.finalNorm)
        ops::normForward(c.norm, out, r.cache ? r.cache->encoderFinalMean : ws.mean,
                         r.cache ? r.cache->encoderFinalRstd : ws.rstd, x, w.encoderFinalNormScale,
                         w.encoderFinalNormBias, m_normEps);
    else
        out = x;
    return true;
}

std::optional<Error> Transformer::encode(const std::vector<int> &encoderTokens, KvCache &kv) const
{
    if (!isEncoderDecoder())
        return Error{{}, QStringLiteral("layout"), tr("only an encoder-decoder has an encoder to run")};
    if (auto e = checkTokens(encoderTokens))
        return e;
    if (kv.layers.size() != std::size_t(m_decoderStack.totalLayers()))
        kv = makeKvCache();
    Run r;
    r.encoderTokens = &encoderTokens;
    r.encoderOffsets = {0, int(encoderTokens.size())};
    Mat out; // (Te, d)
    runEncoder(r, out);
    const int encoderLayers = m_encoderStack.totalLayers();
    for (int l = 0; l < int(kv.layers.size()); ++l)
        CrossAttentionBlock::project(kv.layers[std::size_t(l)].crossKv, out, m_weights.layers[std::size_t(encoderLayers + l)]);
    kv.encoderLength = int(encoderTokens.size());
    kv.clear();
    return std::nullopt;
}

bool Transformer::backwardEncoder(const ActivationCache &cache, Mat &dx, TransformerWeights &g,
                                  const std::atomic<bool> *stop) const
{
    const ModelConfig &c = m_encoderStack;
    const TransformerWeights &w = m_weights;
    const std::vector<int> &offsets = cache.encoderOffsets;
    const int B = int(offsets.size()) - 1;
    EngineWorkspace &ws = EngineWorkspace::local();
    int maxT = 0;
    for (int b = 0; b < B; ++b)
        maxT = std::max(maxT, offsets[std::size_t(b) + 1] - offsets[std::size_t(b)]);
    ws.ensureTables(c, m_rotaryDim, maxT);
    Mat dIn;
    if (c.finalNorm) {
        ops::normBackward(c.norm, dIn, g.encoderFinalNormScale, g.encoderFinalNormBias, dx, cache.encoderLast,
                          cache.encoderFinalMean, cache.encoderFinalRstd, w.encoderFinalNormScale);
        dx.swap(dIn);
    }
    AttentionPass pass = ws.passOver(c, offsets, maxT);
    Mat offsetBias, dOffsetBias;
    const RelativePositionBias relative(c);
    if (w.encoderRelativeBias.size() > 0) {
        relative.forward(offsetBias, w.encoderRelativeBias, maxT);
        dOffsetBias = Mat::Zero(offsetBias.rows(), offsetBias.cols());
        pass.offsetBias = &offsetBias;
        pass.dOffsetBias = &dOffsetBias;
    }
    for (int l = c.totalLayers() - 1; l >= 0; --l) {
        if (stop && stop->load(std::memory_order_relaxed))
            return false;
        TransformerBlock(c, l, m_headDim, m_rotaryDim, m_normEps, !m_attentionOnly)
            .backward(w.layers[std::size_t(l)], g.layers[std::size_t(l)], cache.encoderLayers[std::size_t(l)], dx, pass);
    }
    if (w.encoderRelativeBias.size() > 0)
        relative.backward(g.encoderRelativeBias, dOffsetBias);
    for (int b = 0; b < B; ++b) { // the token table is shared with the decoder (T5's `shared`)
        const int off = offsets[std::size_t(b)], T = offsets[std::size_t(b) + 1] - off;
        for (int t = 0; t < T; ++t) {
            g.tokenEmbedding.row(cache.encoderTokens[std::size_t(off + t)]) += dx.row(off + t);
            if (g.positionEmbedding.size() > 0)
                g.positionEmbedding.row(t) += dx.row(off + t);
        }
    }
    return true;
}

} // namespace tx
