#include "core/nn/transformerweights.h"

namespace tx {

std::vector<TransformerWeights::Slot> TransformerWeights::registry() const
{
    std::vector<Slot> s;
    auto global = [&](const char *name, Mat TransformerWeights::*f, bool matrix) {
        if ((this->*f).size() > 0)
            s.push_back({QLatin1String(name), -1, f, nullptr, matrix, false, false});
    };
    global("tokenEmbedding", &TransformerWeights::tokenEmbedding, true);
    global("positionEmbedding", &TransformerWeights::positionEmbedding, true);
    global("tokenTypeEmbedding", &TransformerWeights::tokenTypeEmbedding, true);
    global("relativeBias", &TransformerWeights::relativeBias, true);
    global("encoderRelativeBias", &TransformerWeights::encoderRelativeBias, true);
    global("embNormScale", &TransformerWeights::embNormScale, false);
    global("embNormBias", &TransformerWeights::embNormBias, false);
    global("embeddingProj", &TransformerWeights::embeddingProj, true);
    global("embeddingProjBias", &TransformerWeights::embeddingProjBias, false);
    for (std::size_t l = 0; l < layers.size(); ++l) {
        auto field = [&](const char *name, Mat Layer::*f, bool matrix, bool residual, bool ffn) {
            if ((layers[l].*f).size() > 0)
                s.push_back({QStringLiteral("layers.%1.%2").arg(l).arg(QLatin1String(name)), int(l), nullptr, f, matrix,
                             residual, ffn});
        };
        field("norm1Scale", &Layer::norm1Scale, false, false, false);
        field("norm1Bias", &Layer::norm1Bias, false, false, false);
        field("qkv", &Layer::qkv, true, false, false);
        field("qkvBias", &Layer::qkvBias, false, false, false);
        field("qNormScale", &Layer::qNormScale, false, false, false);
        field("kNormScale", &Layer::kNormScale, false, false, false);
        field("sinks", &Layer::sinks, false, false, false);
        field("qAProj", &Layer::qAProj, true, false, false);
        field("qAProjBias", &Layer::qAProjBias, false, false, false);
        field("qANormScale", &Layer::qANormScale, false, false, false);
        field("qANormBias", &Layer::qANormBias, false, false, false);
        field("qBProj", &Layer::qBProj, true, false, false);
        field("qBProjBias", &Layer::qBProjBias, false, false, false);
        field("kvAProj", &Layer::kvAProj, true, false, false);
        field("kvAProjBias", &Layer::kvAProjBias, false, false, false);
        field("kvANormScale", &Layer::kvANormScale, false, false, false);
        field("kvANormBias", &Layer::kvANormBias, false, false, false);
        field("kvBProj", &Layer::kvBProj, true, false, false);
        field("attnOut", &Layer::attnOut, true, true, false);
        field("attnOutBias", &Layer::attnOutBias, false, false, false);
        field("postAttnNormScale", &Layer::postAttnNormScale, false, false, false);
        field("postAttnNormBias", &Layer::postAttnNormBias, false, false, false);
        field("crossNormScale", &Layer::crossNormScale, false, false, false);
        field("crossNormBias", &Layer::crossNormBias, false, false, false);
        field("crossQ", &Layer::crossQ, true, false, false);
        field("crossQBias", &Layer::crossQBias, false, false, false);
        field("crossKv", &Layer::crossKv, true, false, false);
        field("crossKvBias", &Layer::crossKvBias, false, false, false);
        field("crossOut", &Layer::crossOut, true, true, false);
        field("crossOutBias", &Layer::crossOutBias, false, false, false);
        field("norm2Scale", &Layer::norm2Scale, false, false, true);
        field("norm2Bias", &Layer::norm2Bias, false, false, true);
        field("ffnIn", &Layer::ffnIn, true, false, true);
        field("ffnInBias", &Layer::ffnInBias, false, false, true);
        field("ffnOut", &Layer::ffnOut, true, true, true);
        field("ffnOutBias", &Layer::ffnOutBias, false, false, true);
        field("router", &Layer::router, true, false, true);
        field("routerBias", &Layer::routerBias, false, false, true);
        field("routerScoreBias", &Layer::routerScoreBias, false, false, true);
        field("expertsIn", &Layer::expertsIn, true, false, true);
        field("expertsInBias", &Layer::expertsInBias, false, false, true);
        field("expertsOut", &Layer::expertsOut, true, true, true);
        field("expertsOutBias", &Layer::expertsOutBias, false, false, true);
        field("sharedIn", &Layer::sharedIn, true, false, true);
        field("sharedOut", &Layer::sharedOut, true, true, true);
        field("postFfnNormScale", &Layer::postFfnNormScale, false, false, true);
        field("postFfnNormBias", &Layer::postFfnNormBias, false, false, true);
    }
    global("encoderFinalNormScale", &TransformerWeights::encoderFinalNormScale, false);
    global("encoderFinalNormBias", &TransformerWeights::encoderFinalNormBias, false);
    global("finalNormScale", &TransformerWeights::finalNormScale, false);
    global("finalNormBias", &TransformerWeights::finalNormBias, false);
    global("headDense", &TransformerWeights::headDense, true);
    global("headDenseBias", &TransformerWeights::headDenseBias, false);
    global("headNormScale", &TransformerWeights::headNormScale, false);
    global("headNormBias", &TransformerWeights::headNormBias, false);
    global("lmHead", &TransformerWeights::lmHead, true);
    global("lmHeadBias", &TransformerWeights::lmHeadBias, false);
    return s;
}

TransformerWeights TransformerWeights::zerosLike() const
{
    TransformerWeights z;
    z.layers.resize(layers.size());
    for (const Slot &slot : registry()) {
        const Mat &m = slot.in(*this);
        slot.in(z) = Mat::Zero(m.rows(), m.cols());
    }
    return z;
}

std::int64_t TransformerWeights::floatCount() const
{
    std::int64_t n = 0;
    for (const Slot &slot : registry())
        n += slot.in(*this).size();
    return n;
}

} // namespace tx
