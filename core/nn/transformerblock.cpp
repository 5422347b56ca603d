#include "core/nn/transformerblock.h"

#include "core/nn/ops.h"

namespace tx {

TransformerBlock::TransformerBlock(const ModelConfig &config, int layer, int headDim, int rotaryDim, float normEps,
                                   bool ffn)
    : m_config(config), m_attention(config, layer, headDim, rotaryDim, normEps),
      m_mla(config, layer, rotaryDim, normEps, m_attention.mask()), m_cross(config, layer, headDim),
      m_ffnBlock(config, layer), m_normEps(normEps),
      m_ffn(ffn)
{
}

void TransformerBlock::attend(const TransformerWeights::Layer &w, ActivationCache::Layer &act, const Mat &in,
                              const AttentionPass &pass) const
{
    if (m_config.attention == AttentionKind::Mla)
        m_mla.forward(w, act, in, pass);
    else
        m_attention.forward(w, act, in, pass);
}

void TransformerBlock::attendBackward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g,
                                      const ActivationCache::Layer &act, const Mat &in, const Mat &dOut, Mat &dInput,
                                      const AttentionPass &pass) const
{
    if (m_config.attention == AttentionKind::Mla)
        m_mla.backward(w, g, act, in, dOut, dInput, pass);
    else
        m_attention.backward(w, g, act, in, dOut, dInput, pass);
}

void TransformerBlock::forward(const TransformerWeights::Layer &w, ActivationCache::Layer &act, Mat &x,
                               const AttentionPass &pass) const
{
    const NormKind nk = m_config.norm;
    const float eps = m_normEps;
    if (m_config.normPlacement == NormPlacement::Post) {
        // BERT: h = norm1(x + attn(x)); x = norm2(h + mlp(h)).
        attend(w, act, act.x, pass);
        act.n1In = act.x + act.a;
        ops::normForward(nk, act.h, act.n1Mean, act.n1Rstd, act.n1In, w.norm1Scale, w.norm1Bias, eps);
        if (m_ffn) {
            m_ffnBlock.forward(w, act, act.h, pass.transposed);
            act.n2In = act.h + act.m;
            ops::normForward(nk, x, act.n2Mean, act.n2Rstd, act.n2In, w.norm2Scale, w.norm2Bias, eps);
        } else {
            x = act.h;
        }
    } else if (m_config.parallelBlock) {
        // GPT-J: x = x + attn(norm1(x)) + mlp(norm1(x)); GPT-NeoX uses norm2 for the MLP.
        ops::normForward(nk, act.n1Out, act.n1Mean, act.n1Rstd, act.x, w.norm1Scale, w.norm1Bias, eps);
        attend(w, act, act.n1Out, pass);
        x = act.x + act.a;
        if (m_ffn) {
            if (m_config.parallelTwoNorms) {
                ops::normForward(nk, act.n2Out, act.n2Mean, act.n2Rstd, act.x, w.norm2Scale, w.norm2Bias, eps);
                m_ffnBlock.forward(w, act, act.n2Out, pass.transposed);
            } else {
                m_ffnBlock.forward(w, act, act.n1Out, pass.transposed);
            }
            x += act.m;
        }
    } else {
        // GPT-2, Llama (pre):   h = x + attn(norm1(x));        x = h + mlp(norm2(h))
        // Gemma 2/3 (sandwich): h = x + post1(attn(norm1(x))); x = h + post2(mlp(norm2(h)))
        // OLMo 2 (output):      h = x + post1(attn(x));        x = h + post2(mlp(h))
        const bool preNorms = m_config.normPlacement != NormPlacement::Output;
        const bool postNorms = m_config.normPlacement != NormPlacement::Pre;
        if (preNorms)
            ops::normForward(nk, act.n1Out, act.n1Mean, act.n1Rstd, act.x, w.norm1Scale, w.norm1Bias, eps);
        attend(w, act, preNorms ? act.n1Out : act.x, pass);
        if (postNorms) {
            ops::normForward(nk, act.paOut, act.paMean, act.paRstd, act.a, w.postAttnNormScale, w.postAttnNormBias, eps);
            act.h = act.x + act.paOut;
        } else {
            act.h = act.x + act.a;
        }
        if (w.crossQ.size() > 0) { // T5LayerCrossAttention: h' = h + cross(layer_norm(h), encoder)
            act.hSelf.swap(act.h);
            ops::normForward(nk, act.cnOut, act.cnMean, act.cnRstd, act.hSelf, w.crossNormScale, w.crossNormBias, eps);
            m_cross.forward(w, act, act.cnOut, pass);
            act.h = act.hSelf + act.crossA;
        }
        if (m_ffn) {
            if (preNorms)
                ops::normForward(nk, act.n2Out, act.n2Mean, act.n2Rstd, act.h, w.norm2Scale, w.norm2Bias, eps);
            m_ffnBlock.forward(w, act, preNorms ? act.n2Out : act.h, pass.transposed);
            if (postNorms) {
                ops::normForward(nk, act.pfOut, act.pfMean, act.pfRstd, act.m, w.postFfnNormScale, w.postFfnNormBias,
                                 eps);
                x = act.h + act.pfOut;
            } else {
                x = act.h + act.m;
            }
        } else {
            x = act.h;
        }
    }
}

void TransformerBlock::backward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g,
                                const ActivationCache::Layer &act, Mat &dx, const AttentionPass &pass) const
{
    const NormKind nk = m_config.norm;
    Mat dIn, dTmp, dh;
    if (m_config.normPlacement == NormPlacement::Post) {
        // x' = norm2(h + ffn(h)), h = norm1(x + attn(x))
        if (m_ffn) {
            Mat dr2;
            ops::normBackward(nk, dr2, g.norm2Scale, g.norm2Bias, dx, act.n2In, act.n2Mean, act.n2Rstd, w.norm2Scale);
            m_ffnBlock.backward(w, g, act, act.h, dr2, dTmp);
            dh = dr2 + dTmp;
        } else {
            dh = dx;
        }
        Mat dr1;
        ops::normBackward(nk, dr1, g.norm1Scale, g.norm1Bias, dh, act.n1In, act.n1Mean, act.n1Rstd, w.norm1Scale);
        attendBackward(w, g, act, act.x, dr1, dTmp, pass);
        dx = dr1 + dTmp;
    } else if (m_config.parallelBlock) {
        // x' = x + attn(norm1(x)) + ffn(norm1(x) or norm2(x))
        Mat dA;
        attendBackward(w, g, act, act.n1Out, dx, dA, pass);
        if (m_ffn && m_config.parallelTwoNorms) {
            m_ffnBlock.backward(w, g, act, act.n2Out, dx, dTmp);
            ops::normBackward(nk, dIn, g.norm2Scale, g.norm2Bias, dTmp, act.x, act.n2Mean, act.n2Rstd, w.norm2Scale);
            dx += dIn;
        } else if (m_ffn) {
            m_ffnBlock.backward(w, g, act, act.n1Out, dx, dTmp);
            dA += dTmp;
        }
        ops::normBackward(nk, dIn, g.norm1Scale, g.norm1Bias, dA, act.x, act.n1Mean, act.n1Rstd, w.norm1Scale);
        dx += dIn;
    } else {
        // x' = h + post2(ffn(norm2(h))), h = x + post1(attn(norm1(x))), each norm where the placement has it
        const bool preNorms = m_config.normPlacement != NormPlacement::Output;
        const bool postNorms = m_config.normPlacement != NormPlacement::Pre;
        dh = dx;
        if (m_ffn) {
            const Mat *dM = &dx;
            Mat dPost;
            if (postNorms) {
                ops::normBackward(nk, dPost, g.postFfnNormScale, g.postFfnNormBias, dx, act.m, act.pfMean, act.pfRstd,
                                  w.postFfnNormScale);
                dM = &dPost;
            }
            m_ffnBlock.backward(w, g, act, preNorms ? act.n2Out : act.h, *dM, dTmp);
            if (preNorms) {
                ops::normBackward(nk, dIn, g.norm2Scale, g.norm2Bias, dTmp, act.h, act.n2Mean, act.n2Rstd,
                                  w.norm2Scale);
                dh += dIn;
            } else {
                dh += dTmp;
            }
        }
        if (w.crossQ.size() > 0) { // dh by h' → by h: through the residual and the cross-attention
            m_cross.backward(w, g, act, act.cnOut, dh, dTmp, pass);
            ops::normBackward(nk, dIn, g.crossNormScale, g.crossNormBias, dTmp, act.hSelf, act.cnMean, act.cnRstd,
                              w.crossNormScale);
            dh += dIn;
        }
        const Mat *dA = &dh;
        Mat dPost;
        if (postNorms) {
            ops::normBackward(nk, dPost, g.postAttnNormScale, g.postAttnNormBias, dh, act.a, act.paMean, act.paRstd,
                              w.postAttnNormScale);
            dA = &dPost;
        }
        attendBackward(w, g, act, preNorms ? act.n1Out : act.x, *dA, dTmp, pass);
        if (preNorms) {
            ops::normBackward(nk, dIn, g.norm1Scale, g.norm1Bias, dTmp, act.x, act.n1Mean, act.n1Rstd, w.norm1Scale);
            dx = dh + dIn;
        } else {
            dx = dh + dTmp;
        }
    }
}

} // namespace tx
