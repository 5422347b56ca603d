#pragma once

#include "core/design/modelconfig.h"

#include <QCoreApplication>
#include <QString>

#include <cstdint>

namespace tx {

// What the engine's KvCache holds for a design, in float32: multi-head attention keeps each
// layer's keys and values of its KV heads (a sliding or chunked layer at most its window),
// multi-head latent attention its latent and rotary key (MlaAttentionBlock).
class KvCacheSize
{
    Q_DECLARE_TR_FUNCTIONS(tx::KvCacheSize)

public:
    // Numbers one layer caches per token: 2 · KV heads · head_dim, or MLA's kvLora + rope.
    static std::int64_t floatsPerTokenAndLayer(const ModelConfig &config);
    // What MLA's keys and values would take expanded: H · (nope + rope + v) per token and layer.
    static std::int64_t expandedFloatsPerTokenAndLayer(const ModelConfig &config);
    // Bytes the whole stack caches for `tokens` tokens (float32).
    static double bytes(const ModelConfig &config, int tokens);
    // One sentence for the attention view: the cache for these tokens, and for MLA the latent's size
    // beside what expanded keys and values would take.
    static QString describe(const ModelConfig &config, int tokens);
};

} // namespace tx
