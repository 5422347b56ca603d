// Transformer's backward pass: the head, the final norm, each block's backward (beside its
// forward in TransformerBlock) from the last layer to the first, and the embeddings.
#include "core/nn/transformer.h"

#include "core/nn/attentionpass.h"
#include "core/nn/engineworkspace.h"
#include "core/nn/ops.h"
#include "core/nn/relativepositionbias.h"
#include "core/nn/transformerblock.h"

#include <algorithm>
#include <cmath>

namespace tx {

bool Transformer::backward(const ActivationCache &cache, const Mat &dLogits, TransformerWeights &g,
                           const std::atomic<bool> *stop) const
{
    const ModelConfig &c = m_decoderStack; // the stack that made the logits
    const TransformerWeights &w = m_weights;
    const std::vector<int> &offsets = cache.offsets;
    const int encoderLayers = isEncoderDecoder() ? m_encoderStack.totalLayers() : 0; // stored first
    const int B = int(offsets.size()) - 1;
    const NormKind nk = c.norm;
    EngineWorkspace &ws = EngineWorkspace::local();
    int maxT = 0;
    for (int b = 0; b < B; ++b)
        maxT = std::max(maxT, offsets[std::size_t(b) + 1] - offsets[std::size_t(b)]);
    ws.ensureTables(c, m_rotaryDim, maxT);

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
    const Mat &xf = c.mlmHead ? cache.headOut : c.finalNorm ? cache.xFinal : cache.xLast;
    const float headScale = RelativePositionBias::tiedHeadScale(c); // T5's d_model^-0.5 before a tied head
    Mat dx(dLogits.rows(), head.cols());
    if (c.mlmHead) { // the decoder, LayerNorm, the activation, dense (d → e): dx (N, e) → (N, d)
        dHead.noalias() += dLogitsZ.transpose() * xf; // (V, e)
        dx.noalias() = dLogitsZ * head;
        Mat dAct, dPre;
        ops::normBackward(nk, dAct, g.headNormScale, g.headNormBias, dx, cache.headAct, cache.headMean, cache.headRstd,
                          w.headNormScale);
        ops::activationBackward(c.activation, dPre, dAct, cache.headPre);
        ops::linearBackward(&dx, g.headDense, g.headDenseBias, dPre, c.finalNorm ? cache.xFinal : cache.xLast,
                            w.headDense);
    } else if (headScale != 1.0f) {
        dHead.noalias() += dLogitsZ.transpose() * (xf * headScale);
        dx.noalias() = (dLogitsZ * head) * headScale;
    } else {
        dHead.noalias() += dLogitsZ.transpose() * xf; // (V, d)
        dx.noalias() = dLogitsZ * head;
    }
    Mat dIn;
    if (c.finalNorm) {
        ops::normBackward(nk, dIn, g.finalNormScale, g.finalNormBias, dx, cache.xLast, cache.finalMean,
                          cache.finalRstd, w.finalNormScale);
        dx.swap(dIn);
    }

    AttentionPass pass = ws.passOver(c, offsets, maxT);
    Mat offsetBias, dOffsetBias; // T5: (H, 2 maxT − 1), the bias every layer added and its gradient
    const RelativePositionBias relative(c);
    if (w.relativeBias.size() > 0) {
        relative.forward(offsetBias, w.relativeBias, maxT);
        dOffsetBias = Mat::Zero(offsetBias.rows(), offsetBias.cols());
        pass.offsetBias = &offsetBias;
        pass.dOffsetBias = &dOffsetBias;
    }
    Mat dEncoder; // (Ne, d) the gradient by the encoder's output, from every layer's cross-attention
    if (encoderLayers > 0) {
        dEncoder = Mat::Zero(cache.encoderOut.rows(), cache.encoderOut.cols());
        pass.encoder = &cache.encoderOut;
        pass.encoderOffsets = &cache.encoderOffsets;
        pass.dEncoder = &dEncoder;
    }
    for (int l = c.totalLayers() - 1; l >= 0; --l) {
        if (stop && stop->load(std::memory_order_relaxed))
            return false;
        const int s = encoderLayers + storedLayer(l);
        TransformerBlock(c, l, m_headDim, m_rotaryDim, m_normEps, !m_attentionOnly)
            .backward(w.layers[std::size_t(s)], g.layers[std::size_t(s)], cache.layers[std::size_t(l)], dx, pass);
    }
    if (w.relativeBias.size() > 0)
        relative.backward(g.relativeBias, dOffsetBias);

    if (w.embeddingProj.size() > 0) {
        ops::linearBackward(&dIn, g.embeddingProj, g.embeddingProjBias, dx, cache.embProjIn, w.embeddingProj);
        dx.swap(dIn);
    }

    if (c.embeddingNorm) {
        ops::normBackward(nk, dIn, g.embNormScale, g.embNormBias, dx, cache.embIn, cache.embMean, cache.embRstd,
                          w.embNormScale);
        dx.swap(dIn);
    }
    const float embScale = c.embeddingScaled ? float(std::sqrt(double(c.dModel))) : 1.0f; // Gemma's normalizer
    for (int b = 0; b < B; ++b) {
        const int off = offsets[std::size_t(b)], T = offsets[std::size_t(b) + 1] - off;
        for (int t = 0; t < T; ++t) {
            g.tokenEmbedding.row(cache.tokens[std::size_t(off + t)]) += embScale * dx.row(off + t);
            if (g.tokenTypeEmbedding.size() > 0)
                g.tokenTypeEmbedding.row(0) += dx.row(off + t);
            if (g.positionEmbedding.size() > 0)
                g.positionEmbedding.row(t) += dx.row(off + t);
        }
    }
    if (encoderLayers > 0)
        return backwardEncoder(cache, dEncoder, g, stop);
    return true;
}

} // namespace tx
