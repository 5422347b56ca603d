#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/nn/kvcache.h"
#include "core/nn/sampler.h"
#include "core/nn/transformer.h"

#include <atomic>
#include <functional>
#include <vector>

namespace tx {

// Autoregressive generation with a KV cache: the prompt runs once through Transformer::decode,
// then each new token costs one row through every layer, its attention reading the cached keys
// and values. When the context fills, the cache restarts from the last half of the context.
// An encoder-decoder encodes the prompt once and generates from its decoder's start token.
class Decoder
{
public:
    explicit Decoder(const Transformer &model) : m_model(model) {}

    // `count` tokens after `prompt` (an empty prompt starts from token 0), picked by `options`.
    // context > 0 caps the context below the model's (e.g. the length a model was trained on).
    // onToken, when given, sees each token as it comes and returns false to stop early.
    Expected<std::vector<int>, Error> generate(const std::vector<int> &prompt, int count, const SamplingOptions &options,
                                               int context = 0, const std::function<bool(int)> &onToken = {},
                                               const std::atomic<bool> *cancel = nullptr);

private:
    const Transformer &m_model;
};

} // namespace tx
