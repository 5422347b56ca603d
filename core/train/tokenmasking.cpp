#include "core/train/tokenmasking.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tx {

TokenMasking::TokenMasking(int length, double share)
    : m_length(std::max(1, length))
{
    // num_to_predict = min(max_predictions_per_seq, max(1, int(round(len(tokens) * masked_lm_prob)))):
    // no cap here (the window is the sequence).
    m_chosen = std::clamp(int(std::lround(m_length * share)), 1, m_length);
}

void TokenMasking::corrupt(const int *window, int maskToken, const std::vector<int> &randomTokens, Rng &rng,
                           int *inputs, int *targets, float *mask) const
{
    // The chosen positions: the first m_chosen of a Fisher–Yates shuffle of all of them.
    std::vector<int> order(static_cast<std::size_t>(m_length));
    std::iota(order.begin(), order.end(), 0);
    for (int i = 0; i < m_chosen; ++i)
        std::swap(order[std::size_t(i)], order[std::size_t(i + rng.uniformInt(m_length - i))]);
    for (int t = 0; t < m_length; ++t) {
        inputs[t] = targets[t] = window[t];
        mask[t] = 0.0f;
    }
    for (int i = 0; i < m_chosen; ++i) {
        const int t = order[std::size_t(i)];
        mask[t] = 1.0f;
        if (rng.uniform() < 0.8)
            inputs[t] = maskToken;
        else if (rng.uniform() >= 0.5) // else: the original token stays
            inputs[t] = randomTokens[std::size_t(rng.uniformInt(int(randomTokens.size())))];
    }
}

} // namespace tx
