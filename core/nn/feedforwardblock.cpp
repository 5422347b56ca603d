#include "core/nn/feedforwardblock.h"

#include "core/nn/ops.h"

namespace tx {

void FeedForwardBlock::forward(const TransformerWeights::Layer &w, ActivationCache::Layer &act, const Mat &in) const
{
    ops::linearForward(act.ffPre, in, w.ffnIn, w.ffnInBias);
    if (m_config.ffn == FfnKind::Gated3)
        ops::gatedForward(m_config.activation, act.ffAct, act.ffPre);
    else
        ops::activationForward(m_config.activation, act.ffAct, act.ffPre);
    ops::linearForward(act.m, act.ffAct, w.ffnOut, w.ffnOutBias);
}

void FeedForwardBlock::backward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g,
                                const ActivationCache::Layer &act, const Mat &in, const Mat &dOut, Mat &dInput) const
{
    Mat dAct, dPre;
    ops::linearBackward(&dAct, g.ffnOut, g.ffnOutBias, dOut, act.ffAct, w.ffnOut);
    if (m_config.ffn == FfnKind::Gated3)
        ops::gatedBackward(m_config.activation, dPre, dAct, act.ffPre);
    else
        ops::activationBackward(m_config.activation, dPre, dAct, act.ffPre);
    ops::linearBackward(&dInput, g.ffnIn, g.ffnInBias, dPre, in, w.ffnIn);
}

} // namespace tx
