#include "core/nn/attentionblock.h"

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

// Appends T new rows of keys and values to a layer's cache. With a sliding window the rows no
// query at position >= pos0 can see are dropped first, when room is needed.
void appendKv(KvCache::Layer &kl, const Mat &qkv, Eigen::Index kCol, Eigen::Index vCol, Eigen::Index width, int pos0,
              int window)
{
    const int T = int(qkv.rows());
    if (kl.count == 0)
        kl.start = pos0;
    if (window > 0 && kl.count + T > kl.k.rows()) {
        const int drop = std::clamp(pos0 - window + 1 - kl.start, 0, kl.count);
        if (drop > 0) {
            const int keep = kl.count - drop;
            for (int i = 0; i < keep; ++i) {
                kl.k.row(i) = kl.k.row(i + drop);
                kl.v.row(i) = kl.v.row(i + drop);
            }
            kl.start += drop;
            kl.count = keep;
        }
    }
    if (kl.count + T > kl.k.rows()) {
        const Eigen::Index rows = std::max<Eigen::Index>(kl.count + T, 2 * kl.k.rows());
        kl.k.conservativeResize(rows, width);
        kl.v.conservativeResize(rows, width);
    }
    kl.k.middleRows(kl.count, T) = qkv.middleCols(kCol, width);
    kl.v.middleRows(kl.count, T) = qkv.middleCols(vCol, width);
    kl.count += T;
}

} // namespace

AttentionBlock::AttentionBlock(const ModelConfig &config, int layer, int headDim, int rotaryDim, float normEps)
    : m_config(config), m_layer(layer), m_headDim(headDim), m_rotaryDim(rotaryDim), m_normEps(normEps),
      m_qkNorm(config.qkNorm)
{
    m_mask.causal = config.isCausal();
    switch (config.layerAttention(layer)) {
    case LayerAttention::Sliding:
        m_mask.slidingWindow = config.slidingWindow;
        // Gemma3Attention: sliding layers take position_embeddings_local (rope_local_base_freq, no scaling).
        m_localRope = config.ropeLocalTheta > 0;
        break;
    case LayerAttention::Chunked: m_mask.chunk = config.attentionChunk; break;
    case LayerAttention::FullNoRope:
        // Llama 4: NoPE layers skip RoPE and the L2 qk_norm, which is only built with use_rope.
        m_rotaryDim = 0;
        if (m_qkNorm == QkNorm::Weightless)
            m_qkNorm = QkNorm::None;
        break;
    case LayerAttention::Full: break;
    }
}

ops::HeadLogits AttentionBlock::logitsOf(const TransformerWeights::Layer &w, int head, const AttentionPass &pass) const
{
    ops::HeadLogits l;
    l.softcap = float(m_config.attnSoftcap);
    l.hasSink = w.sinks.size() > 0;
    l.sink = l.hasSink ? w.sinks(0, head) : 0.0f;
    l.scale = logitScale();
    if (pass.offsetBias)
        l.offsetBias = pass.offsetBias->row(head).data() + (pass.offsetBias->cols() - 1) / 2;
    return l;
}

float AttentionBlock::logitScale() const
{
    // T5Attention has no 1/sqrt(d_kv): Mesh TensorFlow folds it into the initialisation.
    if (m_config.positions == PositionKind::RelativeBuckets)
        return 1.0f;
    // Gemma2Attention / Gemma3Attention: scaling = query_pre_attn_scalar ** -0.5.
    if (m_config.queryPreAttnScalar > 0)
        return float(1.0 / std::sqrt(m_config.queryPreAttnScalar));
    return 0.0f;
}

void AttentionBlock::qkNormForward(ActivationCache::Layer &act, Eigen::Index col0, int heads, const Mat &scale,
                                   ColVec &mean, ColVec &rstd) const
{
    const Eigen::Index N = act.qkv.rows(), width = Eigen::Index(heads) * m_headDim;
    const Eigen::Index group = m_qkNorm == QkNorm::FullWidth ? width : m_headDim; // columns per RMSNorm
    Mat x = act.qkv.middleCols(col0, width); // (N, width) row-major = (N·width/group, group)
    x.resize(N * width / group, group);
    const Mat ones = scale.size() > 0 ? scale : Mat(Mat::Ones(1, group));
    Mat y;
    ops::normForward(NormKind::RmsNorm, y, mean, rstd, x, ones, Mat(), m_normEps);
    y.resize(N, width);
    act.qkv.middleCols(col0, width) = y;
}

void AttentionBlock::qkNormBackward(Mat &dQkv, const ActivationCache::Layer &act, Eigen::Index col0, int heads,
                                    const Mat &scale, Mat &dScale, const ColVec &mean, const ColVec &rstd) const
{
    const Eigen::Index N = dQkv.rows(), width = Eigen::Index(heads) * m_headDim;
    const Eigen::Index group = m_qkNorm == QkNorm::FullWidth ? width : m_headDim;
    Mat dy = dQkv.middleCols(col0, width), x = act.qkvRaw.middleCols(col0, width);
    dy.resize(N * width / group, group);
    x.resize(N * width / group, group);
    const Mat ones = scale.size() > 0 ? scale : Mat(Mat::Ones(1, group));
    Mat dx, unusedScale = Mat::Zero(1, group), noBias;
    ops::normBackward(NormKind::RmsNorm, dx, scale.size() > 0 ? dScale : unusedScale, noBias, dy, x, mean, rstd, ones);
    dx.resize(N, width);
    dQkv.middleCols(col0, width) = dx;
}

void AttentionBlock::forward(const TransformerWeights::Layer &w, ActivationCache::Layer &act, const Mat &in,
                             const AttentionPass &pass) const
{
    const int H = m_config.nHeads, KV = m_config.nKvHeads, hd = m_headDim;
    const TransposedWeights::Layer *t = pass.transposed;
    if (t && t->qkv.size() > 0)
        ops::linearForwardTransposed(act.qkv, in, t->qkv, w.qkvBias);
    else
        ops::linearForward(act.qkv, in, w.qkv, w.qkvBias);
    if (m_qkNorm != QkNorm::None) {
        // Qwen3 / Gemma 3 / OLMo 2 normalise before RoPE; Llama 4's weightless L2 norm comes after
        // it, which is the same: a rotation keeps each head's RMS.
        act.qkvRaw = act.qkv;
        qkNormForward(act, 0, H, w.qNormScale, act.qMean, act.qRstd);
        qkNormForward(act, Eigen::Index(H) * hd, KV, w.kNormScale, act.kMean, act.kRstd);
    }
    if (m_rotaryDim > 0) {
        for (int b = 0; b < pass.sequences(); ++b) {
            const int off = pass.rowOf(b), T = pass.lengthOf(b);
            // q heads and k heads are adjacent: columns [0, (H + KV)·hd).
            ops::ropeApply(act.qkv.middleRows(off, T), T, 0, H + KV, hd, m_rotaryDim, ropeCos(pass), ropeSin(pass),
                           false, pass.pos0);
        }
    }
    act.att.resize(pass.rows(), H * hd);
    if (pass.kv)
        forwardCached(w, act, pass);
    else
        forwardSequences(w, act, pass);
    if (t && t->attnOut.size() > 0)
        ops::linearForwardTransposed(act.a, act.att, t->attnOut, w.attnOutBias);
    else
        ops::linearForward(act.a, act.att, w.attnOut, w.attnOutBias);
}

void AttentionBlock::forwardCached(const TransformerWeights::Layer &w, ActivationCache::Layer &act,
                                   const AttentionPass &pass) const
{
    // One sequence at positions pos0..: its queries read every cached key of the layer.
    const int H = m_config.nHeads, KV = m_config.nKvHeads, hd = m_headDim, N = pass.rows();
    const int group = H / KV; // query heads per key/value head
    KvCache::Layer &kl = pass.kv->layers[std::size_t(m_layer)];
    appendKv(kl, act.qkv, Eigen::Index(H) * hd, Eigen::Index(H + KV) * hd, Eigen::Index(KV) * hd, pass.pos0,
             m_mask.slidingWindow);
    const double work = double(N) * kl.count * hd * H;
#pragma omp parallel for schedule(static) if (work > 2e5)
    for (int head = 0; head < H; ++head) {
        const int g = head / group;
        thread_local Mat probs;
        probs.resize(N, kl.count);
        ops::attentionHeadForward(act.att.middleCols(Eigen::Index(head) * hd, hd), probs, nullptr,
                                  act.qkv.middleCols(Eigen::Index(head) * hd, hd),
                                  kl.k.block(0, Eigen::Index(g) * hd, kl.count, hd),
                                  kl.v.block(0, Eigen::Index(g) * hd, kl.count, hd), m_mask, pass.pos0, kl.start,
                                  logitsOf(w, head, pass));
    }
}

void AttentionBlock::forwardSequences(const TransformerWeights::Layer &w, ActivationCache::Layer &act,
                                      const AttentionPass &pass) const
{
    const int H = m_config.nHeads, KV = m_config.nKvHeads, hd = m_headDim, N = pass.rows();
    const int group = H / KV;
    if (pass.keepProbs)
        act.probs.resize(Eigen::Index(H) * N, pass.maxT);
    const int pairs = pass.sequences() * H;
#pragma omp parallel for schedule(dynamic)
    for (int p = 0; p < pairs; ++p) {
        const int b = p / H, head = p % H, g = head / group;
        const int off = pass.rowOf(b), T = pass.lengthOf(b);
        thread_local Mat scratch;
        if (!pass.keepProbs)
            scratch.resize(T, T);
        Eigen::Ref<Mat> probs = pass.keepProbs
            ? Eigen::Ref<Mat>(act.probs.block(Eigen::Index(H) * off + Eigen::Index(head) * T, 0, T, T))
            : Eigen::Ref<Mat>(scratch);
        ForwardResult *result = pass.results ? &(*pass.results)[std::size_t(b)] : nullptr;
        const std::size_t at = std::size_t(m_layer * H + head);
        Mat *scores = pass.captureScores ? &result->scores[at] : nullptr;
        ops::attentionHeadForward(act.att.block(off, Eigen::Index(head) * hd, T, hd), probs, scores,
                                  act.qkv.block(off, Eigen::Index(head) * hd, T, hd),
                                  act.qkv.block(off, Eigen::Index(H + g) * hd, T, hd),
                                  act.qkv.block(off, Eigen::Index(H + KV + g) * hd, T, hd), m_mask, 0, 0,
                                  logitsOf(w, head, pass));
        if (pass.captureAttention)
            result->attention[at] = probs;
    }
}

void AttentionBlock::backward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g,
                              const ActivationCache::Layer &act, const Mat &in, const Mat &dOut, Mat &dInput,
                              const AttentionPass &pass) const
{
    const int H = m_config.nHeads, KV = m_config.nKvHeads, hd = m_headDim;
    Mat dAtt, dQkv;
    ops::linearBackward(&dAtt, g.attnOut, g.attnOutBias, dOut, act.att, w.attnOut);
    const bool sinks = w.sinks.size() > 0;
    ops::attentionBackward(dQkv, dAtt, act.probs, act.qkv, *pass.offsets, H, KV, hd, float(m_config.attnSoftcap),
                           sinks ? &w.sinks : nullptr, sinks ? &g.sinks : nullptr, pass.offsetBias, pass.dOffsetBias,
                           logitScale());
    if (m_rotaryDim > 0)
        for (int b = 0; b < pass.sequences(); ++b) {
            const int off = pass.rowOf(b), T = pass.lengthOf(b);
            ops::ropeApply(dQkv.middleRows(off, T), T, 0, H + KV, hd, m_rotaryDim, ropeCos(pass), ropeSin(pass), true);
        }
    if (m_qkNorm != QkNorm::None) {
        qkNormBackward(dQkv, act, 0, H, w.qNormScale, g.qNormScale, act.qMean, act.qRstd);
        qkNormBackward(dQkv, act, Eigen::Index(H) * hd, KV, w.kNormScale, g.kNormScale, act.kMean, act.kRstd);
    }
    ops::linearBackward(&dInput, g.qkv, g.qkvBias, dQkv, in, w.qkv);
}

} // namespace tx
