#pragma once

#include "core/nn/mat.h"

#include <vector>

namespace tx {

// Keys and values of the tokens a decoder has seen, per layer, for Transformer::decode.
// Grouped-query attention caches its nKvHeads heads only; with a sliding window a layer keeps
// only the keys some later query can still see (about `window` rows), not the whole context.
// Multi-head latent attention caches its latent instead: k holds each token's normalised
// kv_lora_rank latent and its rotated shared key (kvLora + rope columns), v stays empty, and
// the heads' keys and values are expanded from it at every step (DeepSeek-V2 §2.1.2).
struct KvCache
{
    struct Layer
    {
        Mat k;          // (capacity, nKvHeads * headDim) keys after RoPE, row i at position start + i;
                        // MLA: (capacity, kvLora + rope) [latent | rotated key]
        Mat v;          // (capacity, nKvHeads * headDim)
        int start = 0;  // position of row 0
        int count = 0;  // rows in use
        // Encoder-decoder: the keys and values cross-attention reads, computed once from the
        // encoder's output by Transformer::encode (T5 reuses them as past_key_value at every step).
        Mat crossKv;    // (Te, 2 nKvHeads headDim) [k heads | v heads]
    };

    std::vector<Layer> layers; // one per executed layer
    int length = 0;            // tokens seen: the next token's position
    int encoderLength = 0;     // encoder-decoder: the encoder tokens crossKv holds (0 before encode())

    void clear()
    {
        for (Layer &l : layers)
            l.start = l.count = 0;
        length = 0; // the encoder's keys and values stay: a new decoding of the same input
    }
    // Floats held by the cache (its memory is 4 bytes each).
    Eigen::Index floatCount() const
    {
        Eigen::Index n = 0;
        for (const Layer &l : layers)
            n += l.k.size() + l.v.size() + l.crossKv.size();
        return n;
    }
};

} // namespace tx
