#include "core/nn/kvcachesize.h"

#include "core/base/numberformat.h"

namespace tx {

std::int64_t KvCacheSize::floatsPerTokenAndLayer(const ModelConfig &c)
{
    if (c.attention == AttentionKind::Mla)
        return std::int64_t(c.mla.kvLoraRank) + c.mla.qkRopeHeadDim;
    return 2 * std::int64_t(c.nKvHeads) * c.effectiveHeadDim();
}

std::int64_t KvCacheSize::expandedFloatsPerTokenAndLayer(const ModelConfig &c)
{
    if (c.attention != AttentionKind::Mla)
        return floatsPerTokenAndLayer(c);
    return std::int64_t(c.nHeads) * (std::int64_t(c.mla.qkNopeHeadDim) + c.mla.qkRopeHeadDim + c.mla.vHeadDim);
}

double KvCacheSize::bytes(const ModelConfig &c, int tokens)
{
    double floats = 0;
    for (int layer = 0; layer < c.totalLayers(); ++layer)
        floats += c.attendedTokens(c.layerAttention(layer), tokens) * double(floatsPerTokenAndLayer(c));
    return floats * 4.0;
}

QString KvCacheSize::describe(const ModelConfig &c, int tokens)
{
    const QString size = NumberFormat::bytes(bytes(c, tokens));
    if (c.attention == AttentionKind::Mla)
        return tr("KV cache for these %1 tokens: %2 (float32). MLA caches its latent, kv_lora_rank %3 + "
                  "qk_rope_head_dim %4 = %5 numbers per token and layer, not the %6 of the heads' keys and values.")
            .arg(tokens)
            .arg(size)
            .arg(c.mla.kvLoraRank)
            .arg(c.mla.qkRopeHeadDim)
            .arg(floatsPerTokenAndLayer(c))
            .arg(expandedFloatsPerTokenAndLayer(c));
    return tr("KV cache for these %1 tokens: %2 (float32, %3 numbers per token and layer).")
        .arg(tokens)
        .arg(size)
        .arg(floatsPerTokenAndLayer(c));
}

} // namespace tx
