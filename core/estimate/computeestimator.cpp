#include "core/estimate/computeestimator.h"

#include "core/estimate/layerkinds.h"
#include "core/estimate/memoryestimator.h"

namespace tx {

double ComputeEstimator::attentionWidth(const ModelConfig &c)
{
    // MLA: scores over H·(nope + rope) query/key dims, values over H·v dims; their mean keeps
    // 2·span·d_attn per product as for multi-head attention.
    if (c.attention == AttentionKind::Mla)
        return double(c.nHeads) * (double(c.mla.qkNopeHeadDim) + c.mla.qkRopeHeadDim + c.mla.vHeadDim) / 2.0;
    return double(c.nHeads) * c.effectiveHeadDim();
}

int ComputeEstimator::attentionLayers(const ModelConfig &c)
{
    return c.totalLayers() + (c.layout == Layout::EncoderDecoder ? c.decoderLayers() : 0);
}

double ComputeEstimator::attendedTokens(const ModelConfig &c, double context)
{
    // Mean over the attention layers of the tokens each attends to (window, chunk or all);
    // the encoder and cross-attention see the whole input.
    const int layers = attentionLayers(c);
    if (layers <= 0)
        return context;
    // Per kind of layer rather than per layer: the spans are whole (or half) tokens, so the
    // products are the same sums to the last bit.
    const auto spanSum = [&](int stackLayers) {
        const LayerKinds kinds = LayerKinds::of(c, stackLayers);
        double s = 0;
        for (int k = 0; k < kinds.size(); ++k)
            s += double(kinds.layers(kinds.at(k))) * c.attendedTokens(kinds.at(k), context);
        return s;
    };
    double sum = spanSum(c.isCausal() ? c.decoderLayers() : c.encoderLayers());
    if (c.layout == Layout::EncoderDecoder) {
        sum += spanSum(c.encoderLayers());
        sum += double(c.decoderLayers()) * context; // cross-attention
    }
    return sum / layers;
}

double ComputeEstimator::attentionFlopsPerToken(const ModelConfig &c, double context)
{
    return 2.0 * attentionLayers(c) * attendedTokens(c, context) * attentionWidth(c);
}

double ComputeEstimator::forwardFlopsPerToken(const ModelConfig &c, const ParamCount &p, double context)
{
    return 2.0 * double(p.forwardMatmul) + attentionFlopsPerToken(c, context) + 2.0 * double(p.lmHeadMatmul);
}

double ComputeEstimator::trainingFlopsPerToken(const ModelConfig &c, const ParamCount &p, double context,
                                               Recompute recompute)
{
    const double forward = forwardFlopsPerToken(c, p, context);
    // Backward: gradients w.r.t. activations (1 forward) and w.r.t. weights (1 forward).
    double backward = 2.0 * forward;
    if (c.lora.enabled()) // frozen base: no weight gradients (adapters are negligible)
        backward = forward;
    double recomputed = 0;
    if (recompute == Recompute::Full)
        recomputed = forward;
    else if (recompute == Recompute::Selective)
        recomputed = attentionFlopsPerToken(c, context);
    return forward + backward + recomputed;
}

double ComputeEstimator::decodeFlopsPerToken(const ModelConfig &c, const ParamCount &p, double context)
{
    // The new token attends to the whole span: QKᵀ and AV are 2·span·d_attn each per layer.
    return 2.0 * double(p.forwardMatmul) + 2.0 * double(p.lmHeadMatmul)
        + 4.0 * attentionLayers(c) * attendedTokens(c, context) * attentionWidth(c);
}

} // namespace tx
