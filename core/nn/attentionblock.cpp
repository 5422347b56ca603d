#include "core/nn/attentionblock.h"

#include <algorithm>

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

AttentionBlock::AttentionBlock(const ModelConfig &config, int layer, int headDim, int rotaryDim)
    : m_config(config), m_layer(layer), m_headDim(headDim), m_rotaryDim(rotaryDim),
      m_mask{config.isCausal(), config.slidingWindow}
{
}

void AttentionBlock::forward(const TransformerWeights::Layer &w, ActivationCache::Layer &act, const Mat &in,
                             const AttentionPass &pass) const
{
    const int H = m_config.nHeads, KV = m_config.nKvHeads, hd = m_headDim;
    ops::linearForward(act.qkv, in, w.qkv, w.qkvBias);
    if (m_rotaryDim > 0) {
        for (int b = 0; b < pass.sequences(); ++b) {
            const int off = pass.rowOf(b), T = pass.lengthOf(b);
            // q heads and k heads are adjacent: columns [0, (H + KV)·hd).
            ops::ropeApply(act.qkv.middleRows(off, T), T, 0, H + KV, hd, m_rotaryDim, *pass.ropeCos, *pass.ropeSin,
                           false, pass.pos0);
        }
    }
    act.att.resize(pass.rows(), H * hd);
    if (pass.kv)
        forwardCached(act, pass);
    else
        forwardSequences(act, pass);
    ops::linearForward(act.a, act.att, w.attnOut, w.attnOutBias);
}

void AttentionBlock::forwardCached(ActivationCache::Layer &act, const AttentionPass &pass) const
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
                                  kl.v.block(0, Eigen::Index(g) * hd, kl.count, hd), m_mask, pass.pos0, kl.start);
    }
}

void AttentionBlock::forwardSequences(ActivationCache::Layer &act, const AttentionPass &pass) const
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
                                  act.qkv.block(off, Eigen::Index(H + KV + g) * hd, T, hd), m_mask);
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
    ops::attentionBackward(dQkv, dAtt, act.probs, act.qkv, *pass.offsets, H, KV, hd);
    if (m_rotaryDim > 0)
        for (int b = 0; b < pass.sequences(); ++b) {
            const int off = pass.rowOf(b), T = pass.lengthOf(b);
            ops::ropeApply(dQkv.middleRows(off, T), T, 0, H + KV, hd, m_rotaryDim, *pass.ropeCos, *pass.ropeSin, true);
        }
    ops::linearBackward(&dInput, g.qkv, g.qkvBias, dQkv, in, w.qkv);
}

} // namespace tx
