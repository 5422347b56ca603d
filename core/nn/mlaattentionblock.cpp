#include "core/nn/mlaattentionblock.h"

#include "core/nn/ops.h"
#include "core/nn/ropefrequencies.h"

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

// Checkpoint order (pairs 2i, 2i+1 rotate together; DeepSeek's rope_interleave) to the halves
// order ops::ropeApply rotates (i with i + r/2), as apply_rotary_pos_emb_interleave's
// view(…, r/2, 2).transpose(4, 3): dst (N, r), src (N, r).
void deinterleave(Eigen::Ref<Mat> dst, const Eigen::Ref<const Mat> &src)
{
    const Eigen::Index half = src.cols() / 2;
    for (Eigen::Index j = 0; j < half; ++j) {
        dst.col(j) = src.col(2 * j);
        dst.col(half + j) = src.col(2 * j + 1);
    }
}

// The inverse permutation (the backward of deinterleave).
void interleave(Eigen::Ref<Mat> dst, const Eigen::Ref<const Mat> &src)
{
    const Eigen::Index half = src.cols() / 2;
    for (Eigen::Index j = 0; j < half; ++j) {
        dst.col(2 * j) = src.col(j);
        dst.col(2 * j + 1) = src.col(half + j);
    }
}

} // namespace

MlaAttentionBlock::MlaAttentionBlock(const ModelConfig &config, int layer, int rotaryDim, float normEps,
                                     AttentionMask mask)
    : m_config(config), m_layer(layer), m_rotaryDim(rotaryDim), m_normEps(normEps), m_mask(mask),
      m_nope(config.mla.qkNopeHeadDim), m_rope(config.mla.qkRopeHeadDim), m_v(config.mla.vHeadDim),
      m_qk(config.mla.qkNopeHeadDim + config.mla.qkRopeHeadDim), m_kvLora(config.mla.kvLoraRank)
{
}

ops::HeadLogits MlaAttentionBlock::headLogits() const
{
    ops::HeadLogits l;
    l.softcap = float(m_config.attnSoftcap);
    // DeepseekV3Attention: scaling = qk_head_dim^-0.5 · mscale², mscale from the RoPE scaling's
    // mscale_all_dim (1 without it), as DeepSeek's own modeling_deepseek.py for V2 and V3.
    if (const double m = RopeFrequencies::mlaSoftmaxFactor(m_config); m != 1.0)
        l.scale = float(m / std::sqrt(double(m_qk)));
    return l;
}

void MlaAttentionBlock::expand(const TransformerWeights::Layer &w, const Eigen::Ref<const Mat> &latent,
                               const Eigen::Ref<const Mat> &kRot, Eigen::Ref<Mat> k, Eigen::Ref<Mat> v) const
{
    const int H = m_config.nHeads, kv = m_nope + m_v;
    Mat kvB(latent.rows(), w.kvBProj.cols()); // (rows, H (nope + v)) per head [k nope | v]
    kvB.noalias() = latent * w.kvBProj;
    for (int h = 0; h < H; ++h) {
        k.middleCols(Eigen::Index(h) * m_qk, m_rope) = kRot;
        k.middleCols(Eigen::Index(h) * m_qk + m_rope, m_nope) = kvB.middleCols(Eigen::Index(h) * kv, m_nope);
        v.middleCols(Eigen::Index(h) * m_v, m_v) = kvB.middleCols(Eigen::Index(h) * kv + m_nope, m_v);
    }
}

void MlaAttentionBlock::forward(const TransformerWeights::Layer &w, ActivationCache::Layer &act, const Mat &in,
                                const AttentionPass &pass) const
{
    const int H = m_config.nHeads, N = int(in.rows());
    const NormKind nk = m_config.norm;
    const Mat *qIn = &in;
    if (w.qAProj.size() > 0) {
        ops::linearForward(act.mlaQA, in, w.qAProj, w.qAProjBias);
        ops::normForward(nk, act.mlaQLatent, act.qaMean, act.qaRstd, act.mlaQA, w.qANormScale, w.qANormBias, m_normEps);
        qIn = &act.mlaQLatent;
    }
    ops::linearForward(act.mlaQ, *qIn, w.qBProj, w.qBProjBias);
    ops::linearForward(act.mlaKvA, in, w.kvAProj, w.kvAProjBias);
    const Mat c = act.mlaKvA.leftCols(m_kvLora); // (N, kvLora)
    ops::normForward(nk, act.mlaKvLatent, act.kvaMean, act.kvaRstd, c, w.kvANormScale, w.kvANormBias, m_normEps);

    // Queries [rope | nope] per head, then the shared rotary key, both rotated.
    act.qkv.resize(N, Eigen::Index(H) * (2 * m_qk + m_v));
    for (int h = 0; h < H; ++h) {
        deinterleave(act.qkv.middleCols(Eigen::Index(h) * m_qk, m_rope),
                     act.mlaQ.middleCols(Eigen::Index(h) * m_qk + m_nope, m_rope));
        act.qkv.middleCols(Eigen::Index(h) * m_qk + m_rope, m_nope) = act.mlaQ.middleCols(Eigen::Index(h) * m_qk, m_nope);
    }
    Mat kRot(N, m_rope); // (N, rope) halves order
    deinterleave(kRot, act.mlaKvA.middleCols(m_kvLora, m_rope));
    if (m_rotaryDim > 0) {
        for (int b = 0; b < pass.sequences(); ++b) {
            const int off = pass.rowOf(b), T = pass.lengthOf(b);
            ops::ropeApply(act.qkv.middleRows(off, T), T, 0, H, m_qk, m_rotaryDim, *pass.ropeCos, *pass.ropeSin, false,
                           pass.pos0);
            ops::ropeApply(kRot.middleRows(off, T), T, 0, 1, m_rope, m_rotaryDim, *pass.ropeCos, *pass.ropeSin, false,
                           pass.pos0);
        }
    }
    act.att.resize(N, Eigen::Index(H) * m_v);
    if (pass.kv) {
        KvCache::Layer &kl = pass.kv->layers[std::size_t(m_layer)];
        if (kl.count == 0)
            kl.start = pass.pos0;
        if (kl.count + N > kl.k.rows())
            kl.k.conservativeResize(std::max<Eigen::Index>(kl.count + N, 2 * kl.k.rows()), cacheWidth(m_config));
        kl.k.block(kl.count, 0, N, m_kvLora) = act.mlaKvLatent;
        kl.k.block(kl.count, m_kvLora, N, m_rope) = kRot;
        kl.count += N;
        forwardCached(w, act, pass);
    } else {
        expand(w, act.mlaKvLatent, kRot, act.qkv.middleCols(Eigen::Index(H) * m_qk, Eigen::Index(H) * m_qk),
               act.qkv.middleCols(Eigen::Index(2 * H) * m_qk, Eigen::Index(H) * m_v));
        forwardSequences(act, pass);
    }
    ops::linearForward(act.a, act.att, w.attnOut, w.attnOutBias);
}

void MlaAttentionBlock::forwardCached(const TransformerWeights::Layer &w, ActivationCache::Layer &act,
                                      const AttentionPass &pass) const
{
    // The new queries read every cached token, its keys and values expanded from the latent.
    const int H = m_config.nHeads, N = pass.rows();
    const KvCache::Layer &kl = pass.kv->layers[std::size_t(m_layer)];
    Mat k(kl.count, Eigen::Index(H) * m_qk), v(kl.count, Eigen::Index(H) * m_v);
    expand(w, kl.k.block(0, 0, kl.count, m_kvLora), kl.k.block(0, m_kvLora, kl.count, m_rope), k, v);
    const ops::HeadLogits logits = headLogits();
#pragma omp parallel for schedule(static) if (double(N) * kl.count * m_qk * H > 2e5)
    for (int head = 0; head < H; ++head) {
        thread_local Mat probs;
        probs.resize(N, kl.count);
        ops::attentionHeadForward(act.att.middleCols(Eigen::Index(head) * m_v, m_v), probs, nullptr,
                                  act.qkv.middleCols(Eigen::Index(head) * m_qk, m_qk),
                                  k.middleCols(Eigen::Index(head) * m_qk, m_qk),
                                  v.middleCols(Eigen::Index(head) * m_v, m_v), m_mask, pass.pos0, kl.start, logits);
    }
}

void MlaAttentionBlock::forwardSequences(ActivationCache::Layer &act, const AttentionPass &pass) const
{
    const int H = m_config.nHeads, N = pass.rows();
    const Eigen::Index kCol = Eigen::Index(H) * m_qk, vCol = Eigen::Index(2 * H) * m_qk;
    if (pass.keepProbs)
        act.probs.resize(Eigen::Index(H) * N, pass.maxT);
    const ops::HeadLogits logits = headLogits();
    const int pairs = pass.sequences() * H;
#pragma omp parallel for schedule(dynamic)
    for (int p = 0; p < pairs; ++p) {
        const int b = p / H, head = p % H;
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
        ops::attentionHeadForward(act.att.block(off, Eigen::Index(head) * m_v, T, m_v), probs, scores,
                                  act.qkv.block(off, Eigen::Index(head) * m_qk, T, m_qk),
                                  act.qkv.block(off, kCol + Eigen::Index(head) * m_qk, T, m_qk),
                                  act.qkv.block(off, vCol + Eigen::Index(head) * m_v, T, m_v), m_mask, 0, 0, logits);
        if (pass.captureAttention)
            result->attention[at] = probs;
    }
}

void MlaAttentionBlock::backward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g,
                                 const ActivationCache::Layer &act, const Mat &in, const Mat &dOut, Mat &dInput,
                                 const AttentionPass &pass) const
{
    const int H = m_config.nHeads, N = int(in.rows());
    const NormKind nk = m_config.norm;
    const Eigen::Index kCol = Eigen::Index(H) * m_qk, vCol = Eigen::Index(2 * H) * m_qk;
    Mat dAtt; // (N, H v)
    ops::linearBackward(&dAtt, g.attnOut, g.attnOutBias, dOut, act.att, w.attnOut);

    // Every head has its own expanded keys and values, so the (sequence, head) pairs write
    // disjoint blocks of dQkv.
    Mat dQkv = Mat::Zero(N, act.qkv.cols());
    const ops::HeadLogits logits = headLogits();
    const int pairs = pass.sequences() * H;
#pragma omp parallel for schedule(dynamic)
    for (int p = 0; p < pairs; ++p) {
        const int b = p / H, head = p % H;
        const int off = pass.rowOf(b), T = pass.lengthOf(b);
        thread_local Mat dp;
        ops::attentionHeadBackward(dQkv.block(off, Eigen::Index(head) * m_qk, T, m_qk),
                                   dQkv.block(off, kCol + Eigen::Index(head) * m_qk, T, m_qk),
                                   dQkv.block(off, vCol + Eigen::Index(head) * m_v, T, m_v), dp,
                                   dAtt.block(off, Eigen::Index(head) * m_v, T, m_v),
                                   act.probs.block(Eigen::Index(H) * off + Eigen::Index(head) * T, 0, T, T),
                                   act.qkv.block(off, Eigen::Index(head) * m_qk, T, m_qk),
                                   act.qkv.block(off, kCol + Eigen::Index(head) * m_qk, T, m_qk),
                                   act.qkv.block(off, vCol + Eigen::Index(head) * m_v, T, m_v), logits);
    }
    if (m_rotaryDim > 0)
        for (int b = 0; b < pass.sequences(); ++b) {
            const int off = pass.rowOf(b), T = pass.lengthOf(b);
            // Queries and keys are adjacent, 2H heads of qk columns with the rope part first.
            ops::ropeApply(dQkv.middleRows(off, T), T, 0, 2 * H, m_qk, m_rotaryDim, *pass.ropeCos, *pass.ropeSin, true);
        }

    // Back to the projections' layouts: queries per head [nope | rope], kv_b per head [k nope | v],
    // the shared key's gradient summed over the heads.
    Mat dQ(N, act.mlaQ.cols()), dKvB(N, w.kvBProj.cols()), dKRot = Mat::Zero(N, m_rope);
    const int kv = m_nope + m_v;
    for (int h = 0; h < H; ++h) {
        const Eigen::Index q0 = Eigen::Index(h) * m_qk;
        dQ.middleCols(q0, m_nope) = dQkv.middleCols(q0 + m_rope, m_nope);
        interleave(dQ.middleCols(q0 + m_nope, m_rope), dQkv.middleCols(q0, m_rope));
        dKRot += dQkv.middleCols(kCol + q0, m_rope);
        dKvB.middleCols(Eigen::Index(h) * kv, m_nope) = dQkv.middleCols(kCol + q0 + m_rope, m_nope);
        dKvB.middleCols(Eigen::Index(h) * kv + m_nope, m_v) = dQkv.middleCols(vCol + Eigen::Index(h) * m_v, m_v);
    }
    Mat dKvA(N, w.kvAProj.cols()), dLatent, dC, noBias;
    interleave(dKvA.middleCols(m_kvLora, m_rope), dKRot);
    ops::linearBackward(&dLatent, g.kvBProj, noBias, dKvB, act.mlaKvLatent, w.kvBProj);
    const Mat c = act.mlaKvA.leftCols(m_kvLora);
    ops::normBackward(nk, dC, g.kvANormScale, g.kvANormBias, dLatent, c, act.kvaMean, act.kvaRstd, w.kvANormScale);
    dKvA.leftCols(m_kvLora) = dC;
    ops::linearBackward(&dInput, g.kvAProj, g.kvAProjBias, dKvA, in, w.kvAProj);

    Mat dQIn;
    if (w.qAProj.size() > 0) {
        Mat dQLatent, dQA;
        ops::linearBackward(&dQLatent, g.qBProj, g.qBProjBias, dQ, act.mlaQLatent, w.qBProj);
        ops::normBackward(nk, dQA, g.qANormScale, g.qANormBias, dQLatent, act.mlaQA, act.qaMean, act.qaRstd,
                          w.qANormScale);
        ops::linearBackward(&dQIn, g.qAProj, g.qAProjBias, dQA, in, w.qAProj);
    } else {
        ops::linearBackward(&dQIn, g.qBProj, g.qBProjBias, dQ, in, w.qBProj);
    }
    dInput += dQIn;
}

} // namespace tx
