#include "core/nn/crossattentionblock.h"

#include "core/nn/ops.h"

namespace tx {

CrossAttentionBlock::CrossAttentionBlock(const ModelConfig &config, int layer, int headDim)
    : m_config(config), m_layer(layer), m_headDim(headDim)
{
}

float CrossAttentionBlock::logitScale() const
{
    // T5Attention never divides by sqrt(d_kv), in EncDecAttention as in SelfAttention.
    return m_config.positions == PositionKind::RelativeBuckets ? 1.0f : 0.0f;
}

void CrossAttentionBlock::project(Mat &kv, const Mat &enc, const TransformerWeights::Layer &w)
{
    ops::linearForward(kv, enc, w.crossKv, w.crossKvBias);
}

void CrossAttentionBlock::forward(const TransformerWeights::Layer &w, ActivationCache::Layer &act, const Mat &in,
                                  const AttentionPass &pass) const
{
    const int H = m_config.nHeads, KV = m_config.nKvHeads, hd = m_headDim, N = pass.rows();
    const int group = H / KV;
    ops::linearForward(act.crossQ, in, w.crossQ, w.crossQBias);
    // Decoding reads the keys and values encode() put in the cache; a whole pass projects them.
    const Mat *kv = nullptr;
    if (pass.kv) {
        kv = &pass.kv->layers[std::size_t(m_layer)].crossKv;
    } else {
        project(act.crossKv, *pass.encoder, w);
        kv = &act.crossKv;
    }
    act.crossAtt.resize(N, Eigen::Index(H) * hd);
    int maxTe = 0;
    for (int b = 0; b < pass.sequences(); ++b)
        maxTe = std::max(maxTe, pass.kv ? int(kv->rows()) : pass.encoderLengthOf(b));
    if (pass.keepProbs)
        act.crossProbs.resize(Eigen::Index(H) * N, maxTe);
    ops::HeadLogits logits;
    logits.scale = logitScale();
    const AttentionMask everything{false, 0, 0}; // every encoder token, earlier or later
    const int pairs = pass.sequences() * H;
#pragma omp parallel for schedule(dynamic)
    for (int p = 0; p < pairs; ++p) {
        const int b = p / H, head = p % H, g = head / group;
        const int off = pass.rowOf(b), T = pass.lengthOf(b);
        const int eOff = pass.kv ? 0 : pass.encoderRowOf(b), Te = pass.kv ? int(kv->rows()) : pass.encoderLengthOf(b);
        thread_local Mat scratch;
        if (!pass.keepProbs)
            scratch.resize(T, Te);
        Eigen::Ref<Mat> probs = pass.keepProbs
            ? Eigen::Ref<Mat>(act.crossProbs.block(Eigen::Index(H) * off + Eigen::Index(head) * T, 0, T, Te))
            : Eigen::Ref<Mat>(scratch);
        ops::attentionHeadForward(act.crossAtt.block(off, Eigen::Index(head) * hd, T, hd), probs, nullptr,
                                  act.crossQ.block(off, Eigen::Index(head) * hd, T, hd),
                                  kv->block(eOff, Eigen::Index(g) * hd, Te, hd),
                                  kv->block(eOff, Eigen::Index(KV + g) * hd, Te, hd), everything, 0, 0, logits);
        if (pass.results && pass.captureAttention)
            (*pass.results)[std::size_t(b)].crossAttention[std::size_t(m_layer * H + head)] = probs;
    }
    ops::linearForward(act.crossA, act.crossAtt, w.crossOut, w.crossOutBias);
}

void CrossAttentionBlock::backward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g,
                                   const ActivationCache::Layer &act, const Mat &in, const Mat &dOut, Mat &dInput,
                                   const AttentionPass &pass) const
{
    const int H = m_config.nHeads, KV = m_config.nKvHeads, hd = m_headDim;
    const int group = H / KV;
    Mat dAtt, dQ(act.crossQ.rows(), act.crossQ.cols()), dKv = Mat::Zero(act.crossKv.rows(), act.crossKv.cols());
    ops::linearBackward(&dAtt, g.crossOut, g.crossOutBias, dOut, act.crossAtt, w.crossOut);
    ops::HeadLogits logits;
    logits.scale = logitScale();
    // One (sequence, key/value head) per iteration: its query heads add into its dk, dv alone.
    const int pairs = pass.sequences() * KV;
#pragma omp parallel for schedule(dynamic)
    for (int p = 0; p < pairs; ++p) {
        const int b = p / KV, kvHead = p % KV;
        const int off = pass.rowOf(b), T = pass.lengthOf(b);
        const int eOff = pass.encoderRowOf(b), Te = pass.encoderLengthOf(b);
        const auto k = act.crossKv.block(eOff, Eigen::Index(kvHead) * hd, Te, hd);
        const auto v = act.crossKv.block(eOff, Eigen::Index(KV + kvHead) * hd, Te, hd);
        auto dk = dKv.block(eOff, Eigen::Index(kvHead) * hd, Te, hd);
        auto dv = dKv.block(eOff, Eigen::Index(KV + kvHead) * hd, Te, hd);
        thread_local Mat dp;
        for (int head = kvHead * group; head < (kvHead + 1) * group; ++head)
            ops::attentionHeadBackward(dQ.block(off, Eigen::Index(head) * hd, T, hd), dk, dv, dp,
                                       dAtt.block(off, Eigen::Index(head) * hd, T, hd),
                                       act.crossProbs.block(Eigen::Index(H) * off + Eigen::Index(head) * T, 0, T, Te),
                                       act.crossQ.block(off, Eigen::Index(head) * hd, T, hd), k, v, logits);
    }
    Mat dEnc;
    ops::linearBackward(&dEnc, g.crossKv, g.crossKvBias, dKv, *pass.encoder, w.crossKv);
    *pass.dEncoder += dEnc;
    ops::linearBackward(&dInput, g.crossQ, g.crossQBias, dQ, in, w.crossQ);
}

} // namespace tx
