#include "core/train/spancorruption.h"

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

// _random_segmentation: `items` cut into `segments` non-empty pieces, every cut equally likely
// (segments − 1 cut marks shuffled among the items − 1 gaps).
std::vector<int> segmentLengths(int items, int segments, Rng &rng)
{
    std::vector<char> cut(std::size_t(std::max(0, items - 1)), 0);
    for (int i = 0; i < segments - 1 && i < int(cut.size()); ++i)
        cut[std::size_t(i)] = 1;
    for (int i = int(cut.size()) - 1; i > 0; --i) // Fisher–Yates
        std::swap(cut[std::size_t(i)], cut[std::size_t(rng.uniformInt(i + 1))]);
    std::vector<int> lengths(1, 1);
    for (const char c : cut) {
        if (c)
            lengths.push_back(1);
        else
            ++lengths.back();
    }
    return lengths;
}

} // namespace

SpanCorruption::SpanCorruption(int length, double noiseDensity, double meanSpanLength)
    : m_length(std::max(2, length))
{
    // num_noise_tokens = round(length · density), clamped to [1, length − 1];
    // num_noise_spans = max(1, round(min(noise, kept) / mean span length)), kept counted before
    // the clamp as there. np.round rounds halves to even, as nearbyint does by default.
    const int raw = int(std::nearbyint(m_length * noiseDensity));
    m_noise = std::clamp(raw, 1, m_length - 1);
    const int kept = m_length - raw;
    m_spans = std::clamp(int(std::nearbyint(double(std::min(m_noise, kept)) / meanSpanLength)), 1,
                         std::min(m_noise, m_length - m_noise)); // every piece non-empty
}

std::vector<char> SpanCorruption::noiseMask(Rng &rng) const
{
    const std::vector<int> noise = segmentLengths(m_noise, m_spans, rng);
    const std::vector<int> kept = segmentLengths(m_length - m_noise, m_spans, rng);
    std::vector<char> mask;
    mask.reserve(std::size_t(m_length));
    for (int s = 0; s < m_spans; ++s) {
        mask.insert(mask.end(), std::size_t(kept[std::size_t(s)]), 0);
        mask.insert(mask.end(), std::size_t(noise[std::size_t(s)]), 1);
    }
    return mask;
}

void SpanCorruption::corrupt(const int *window, int firstSentinel, int endToken, Rng &rng, int *source, int *target,
                             int *sourcePosition) const
{
    const std::vector<char> noise = noiseMask(rng);
    int s = 0, t = 0, span = -1, sentinelAt = 0;
    for (int i = 0; i < m_length; ++i) {
        if (!noise[std::size_t(i)]) {
            source[s++] = window[i];
            continue;
        }
        if (i == 0 || !noise[std::size_t(i) - 1]) { // a span starts: its sentinel in both
            ++span;
            sentinelAt = s;
            source[s++] = firstSentinel + span;
            sourcePosition[t] = sentinelAt;
            target[t++] = firstSentinel + span;
        }
        sourcePosition[t] = sentinelAt;
        target[t++] = window[i];
    }
    sourcePosition[t] = s;
    source[s] = endToken;
    target[t] = endToken;
}

} // namespace tx
