#pragma once

#include <algorithm>

namespace tx {

// Which keys a query sees: key position k is visible from query position q when
// (not causal or k <= q), and (slidingWindow <= 0 or q - k < slidingWindow), and
// (chunk <= 0 or k / chunk == q / chunk). The visible keys of a query are one range of
// positions, [first(q), last(q)]. Sliding windows as transformers' sliding_window_overlay
// (Mistral, Gemma 2/3, gpt-oss); chunks as its chunked_overlay (Llama 4's attention_chunk_size).
struct AttentionMask
{
    bool causal = true;
    int slidingWindow = 0; // tokens, 0 = no window
    int chunk = 0;         // tokens, 0 = no chunks

    // First and last visible key position of query position q; last is clipped to lastKey, the
    // last key present (a bidirectional layer sees every later key).
    int first(int q) const
    {
        int lo = 0;
        if (slidingWindow > 0)
            lo = std::max(lo, q - slidingWindow + 1);
        if (chunk > 0)
            lo = std::max(lo, q / chunk * chunk);
        return lo;
    }
    int last(int q, int lastKey) const
    {
        int hi = causal ? std::min(q, lastKey) : lastKey;
        if (chunk > 0)
            hi = std::min(hi, q / chunk * chunk + chunk - 1);
        return hi;
    }
    bool visible(int q, int k) const { return k >= first(q) && k <= last(q, k); }
    bool operator==(const AttentionMask &) const = default;
};

} // namespace tx
