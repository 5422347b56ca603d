// Transformer::run, the one forward pass every use goes through (forward, forwardBatch,
// forwardCached, decode): an encoder-decoder's encoder first (runEncoder), the embeddings, every
// layer's block, the final norm and the head.
#include "core/nn/transformerrun.h"

#include "core/nn/engineworkspace.h"
#include "core/nn/feedforwardblock.h"
#include "core/nn/gemmnt.h"
#include "core/nn/ops.h"
#include "core/nn/relativepositionbias.h"
#include "core/nn/transformerblock.h"

#include <algorithm>

namespace tx {

bool Transformer::run(Run &r) const
{
    const ModelConfig &c = m_decoderStack; // the stack that makes the logits
    const int L = c.totalLayers();
    const int encoderLayers = isEncoderDecoder() ? m_encoderStack.totalLayers() : 0; // stored before the decoder's
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

    // Encoder-decoder: the encoder runs first, over its own rows (decoding has its keys and
    // values in the KvCache already).
    Mat encoderOut;
    const Mat *encoder = nullptr;
    if (encoderLayers > 0 && !r.kv) {
        Mat &out = r.cache ? r.cache->encoderOut : encoderOut;
        if (!runEncoder(r, out))
            return false;
        encoder = &out;
    }

    EngineWorkspace &ws = EngineWorkspace::local();
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

    // Embeddings: x (N, e) of all sequences stacked, then (N, d) the residual stream.
    Mat &x = ws.x;
    ws.ensureTables(c, m_rotaryDim, positions);
    embedTokens(x, tokens, r.offsets, r.pos0);
    if (c.embeddingNorm) {
        Mat &in = r.cache ? r.cache->embIn : ws.h;
        in.swap(x);
        ops::normForward(c.norm, x, r.cache ? r.cache->embMean : ws.mean, r.cache ? r.cache->embRstd : ws.rstd, in,
                         w.embNormScale, w.embNormBias, m_normEps);
    }
    if (w.embeddingProj.size() > 0) { // AlbertTransformer.embedding_hidden_mapping_in: (N, e) → (N, d)
        Mat &in = r.cache ? r.cache->embProjIn : ws.h;
        in.swap(x);
        ops::linearForward(x, in, w.embeddingProj, w.embeddingProjBias);
    }
    recordNorms(x, 0);
    Mat offsetBias; // (H, 2·positions − 1) T5's bias of every key offset, the same in every layer
    if (w.relativeBias.size() > 0)
        RelativePositionBias(c).forward(offsetBias, w.relativeBias, positions);

    AttentionPass pass = ws.passOver(c, r.offsets, maxT);
    pass.pos0 = r.pos0;
    pass.kv = r.kv;
    pass.keepProbs = r.cache != nullptr;
    pass.results = r.results;
    pass.captureAttention = captureAttention;
    pass.captureScores = captureScores;
    pass.offsetBias = offsetBias.size() > 0 ? &offsetBias : nullptr;
    pass.encoder = encoder;
    pass.encoderOffsets = &r.encoderOffsets;
    // Inference passes whose rows suit gemm::addXWt multiply with (out, in) copies of the layer
    // matrices, made once the model runs a second time; training and decoding never ask.
    std::shared_ptr<const TransposedWeights> transposed;
    if (!r.cache && !r.kv && gemm::suits(N))
        transposed = m_transposed.get(w);

    for (int layer = 0; layer < L; ++layer) {
        if (r.stop && r.stop->load(std::memory_order_relaxed))
            return false;
        const TransformerWeights::Layer &lw = w.layers[std::size_t(encoderLayers + storedLayer(layer))];
        ActivationCache::Layer &act = r.cache ? r.cache->layers[std::size_t(layer)] : ws.layer;
        act.x.swap(x); // the layer input; x is rewritten below
        pass.transposed = transposed ? &transposed->layers[std::size_t(encoderLayers + storedLayer(layer))] : nullptr;
        TransformerBlock(c, layer, m_headDim, m_rotaryDim, m_normEps, !m_attentionOnly).forward(lw, act, x, pass);
        if (r.results && !m_attentionOnly && FeedForwardBlock::isSparse(c, layer)) {
            const int K = c.moe.topK;
            for (int b = 0; b < B; ++b) {
                const int off = r.offsets[std::size_t(b)], T = r.offsets[std::size_t(b) + 1] - off;
                ForwardResult &fr = (*r.results)[std::size_t(b)];
                fr.routedExperts[std::size_t(layer)].assign(act.chosen.begin() + std::ptrdiff_t(off) * K,
                                                            act.chosen.begin() + std::ptrdiff_t(off + T) * K);
                fr.routedGates[std::size_t(layer)] = act.gates.middleRows(off, T);
            }
        }
        recordNorms(x, layer + 1);
        if (opt && opt->progress)
            opt->progress(encoderLayers + layer + 1, encoderLayers + L);
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
    const Mat &head = c.tiedEmbeddings ? w.tokenEmbedding : w.lmHead; // (V, d), or (V, e) after a masked-LM head
    Mat rescaled;
    if (const float s = RelativePositionBias::tiedHeadScale(c); s != 1.0f) {
        rescaled = *last * s;
        last = &rescaled;
    }
    Mat headPre, headAct, headOut; // (N, e) when not kept in the cache
    ColVec headMean, headRstd;
    if (c.mlmHead) { // AlbertMLMHead.forward: dense (d → e), the activation, LayerNorm; the decoder below
        Mat &pre = r.cache ? r.cache->headPre : headPre;
        Mat &act = r.cache ? r.cache->headAct : headAct;
        Mat &out = r.cache ? r.cache->headOut : headOut;
        ops::linearForward(pre, *last, w.headDense, w.headDenseBias);
        ops::activationForward(c.activation, act, pre);
        ops::normForward(c.norm, out, r.cache ? r.cache->headMean : headMean, r.cache ? r.cache->headRstd : headRstd, act,
                         w.headNormScale, w.headNormBias, m_normEps);
        last = &out;
    }
    auto project = [&](Mat &logits, int off, int T) {
        ops::linearForwardTransposed(logits, last->middleRows(off, T), head, w.lmHeadBias); // (T, V)
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

} // namespace tx
