#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/activationcache.h"
#include "core/nn/transformerweights.h"

namespace tx {

// The FFN sub-block of one layer, forward and backward: dense (up, act, down) or gated
// (act(gate) ⊙ up, down). N is the number of rows of the pass.
class FeedForwardBlock
{
public:
    explicit FeedForwardBlock(const ModelConfig &config) : m_config(config) {}

    // in (N, d) → act.m (N, d); keeps act.ffPre and act.ffAct.
    void forward(const TransformerWeights::Layer &w, ActivationCache::Layer &act, const Mat &in) const;
    // dOut (N, d) → dInput (N, d); parameter gradients accumulate into g.
    void backward(const TransformerWeights::Layer &w, TransformerWeights::Layer &g, const ActivationCache::Layer &act,
                  const Mat &in, const Mat &dOut, Mat &dInput) const;

private:
    const ModelConfig &m_config;
};

} // namespace tx
