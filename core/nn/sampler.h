#pragma once

#include "core/base/rng.h"
#include "core/nn/masscrossing.h"

#include <cstdint>
#include <vector>

namespace tx {

// How the next token is picked from the logits.
struct SamplingOptions
{
    double temperature = 1.0; // softmax(logits / temperature); <= 0: greedy (the argmax)
    int topK = 0;             // keep the k most likely tokens (<= 0: all); 1 is greedy
    double topP = 1.0;        // then the fewest most likely tokens whose probability reaches p (nucleus
                              // sampling, Holtzman et al. 2019); >= 1: all
    std::uint64_t seed = 1;   // tx::Rng seed: same seed, same tokens
};

// Picks tokens from logits as SamplingOptions say, one tx::Rng draw per sampled token.
class Sampler
{
public:
    explicit Sampler(const SamplingOptions &options) : m_options(options), m_rng(options.seed) {}

    // logits: V floats (one row of a forward's logits). Returns a token id in [0, V).
    int next(const float *logits, int V);

    // The tokens next() may return, most likely first, with their probabilities (summing
    // to 1), after temperature, top-k and top-p: what the options mean, as data.
    std::vector<std::pair<int, double>> candidates(const float *logits, int V) const;

    const SamplingOptions &options() const { return m_options; }

private:
    // m_numerators = exp(logit / T − max / T) (the vector exp, float32) for the V tokens; returns
    // their sum.
    double numerators(const float *logits, int V);

    SamplingOptions m_options;
    Rng m_rng;
    // Kept between draws: the softmax numerators, plain sampling's sums of them in blocks of
    // 256, and the nucleus search's candidates.
    std::vector<float> m_numerators;
    std::vector<double> m_blockMass;
    std::vector<WeightedToken> m_candidates;
};

} // namespace tx
