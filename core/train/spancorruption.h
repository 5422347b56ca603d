#pragma once

#include "core/base/rng.h"

#include <vector>

namespace tx {

// T5's pre-training objective, span corruption (Raffel et al. 2020, "Exploring the Limits of
// Transfer Learning with a Unified Text-to-Text Transformer", §3.1.4 and §3.3.4), as Hugging
// Face's examples/flax/language-modeling/run_t5_mlm_flax.py computes it:
// random_spans_noise_mask picks round(length · noise density) noise tokens in
// round(noise / mean span length) spans, both the noise and the kept tokens cut into that many
// non-empty pieces at random and interleaved (kept first). The source keeps the kept tokens
// with each noise span replaced by one sentinel (the i-th span by sentinel i); the target is
// each sentinel followed by the span it hides; both end with the end-of-sequence token. Every
// window of the same length gives the same two lengths, so batches need no padding:
//   "Thank you for inviting me to your party last week." → source "Thank you <X> me to your
//   party <Y> week.", target "<X> for inviting <Y> last" (the paper's Figure 2, sentinels <X>, <Y>).
class SpanCorruption
{
public:
    SpanCorruption(int length, double noiseDensity, double meanSpanLength);

    int length() const { return m_length; }          // tokens of the window before corruption
    int noiseTokens() const { return m_noise; }
    int spans() const { return m_spans; }            // sentinels used per window
    int sourceLength() const { return m_length - m_noise + m_spans + 1; } // kept + sentinels + end
    int targetLength() const { return m_noise + m_spans + 1; }            // sentinels + noise + end

    // random_spans_noise_mask: (length) 1 where the token is noise.
    std::vector<char> noiseMask(Rng &rng) const;
    // One window (length tokens) into its source (sourceLength) and target (targetLength):
    // sentinel i is token firstSentinel + i, the end token endToken. sourcePosition
    // (targetLength) gives each target token the source position of the sentinel of its span
    // (the end token: the source's end).
    void corrupt(const int *window, int firstSentinel, int endToken, Rng &rng, int *source, int *target,
                 int *sourcePosition) const;

private:
    int m_length = 0;
    int m_noise = 0;
    int m_spans = 0;
};

} // namespace tx
