#pragma once

#include "core/design/modelconfig.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace tx {

// One node of the parameter breakdown tree. A node's params equal the sum of its
// children's whenever it has children.
struct ParamNode
{
    QString key;             // stable id ("attention", "q", …); the UI translates it
    std::int64_t params = 0; // stored (unique) parameters under this node
    std::vector<ParamNode> children;

    const ParamNode *child(const QString &childKey) const;
    // Finds a node by a dotted path from this node, e.g. "decoder.attention.q".
    const ParamNode *find(const QString &path) const;
};

// Parameter counts of one layer of a stack, as it executes (shared layers included).
struct LayerParams
{
    std::int64_t attention = 0;      // self-attention q, k, v, o (+ relative bias table)
    std::int64_t crossAttention = 0; // decoder of an encoder-decoder model
    std::int64_t ffn = 0;            // dense FFN, or router + all experts of a sparse layer
    std::int64_t ffnActive = 0;      // what one token runs through: router + top-k experts
    std::int64_t norms = 0;
    bool sparse = false;             // an MoE layer
    LayerAttention attentionType = LayerAttention::Full; // what the layer's self-attention attends to
    bool stored = true;              // false when the layer reuses an earlier layer's weights

    std::int64_t total() const { return attention + crossAttention + ffn + norms; }
};

// Exact parameter counts of a design (all 64-bit, overflow-checked).
struct ParamCount
{
    std::int64_t total = 0;        // unique stored parameters: tied and shared weights counted once
    std::int64_t active = 0;       // stored parameters one token passes through (MoE: top-k experts)
    std::int64_t executed = 0;     // as executed: a shared layer counts every time it runs
    std::int64_t executedActive = 0; // executed, and MoE at top-k
    std::int64_t embedding = 0;    // token, position and token-type tables plus an untied LM head
    std::int64_t nonEmbedding = 0; // total - embedding (Kaplan et al. 2020's N)
    std::int64_t forwardMatmul = 0; // per-token matmul weights: executed, active, excluding the
                                    // embedding lookups and the LM head (which FLOPs count apart)
    std::int64_t lmHeadMatmul = 0;  // weights of the vocabulary projection, tied or not (d·V)
    std::int64_t lora = 0;         // LoRA adapter parameters, not part of total
    std::int64_t activeWithoutInputEmbedding = 0; // active minus the input embedding lookup tables
                                   // (DeepSeek's and OpenAI's convention; a tied table stays: it is the head)
    std::int64_t mtp = 0;          // multi-token-prediction modules, not part of total (DeepSeek-V3's 671B)
    std::int64_t mtpActive = 0;    // what one token passes through in them
    ParamNode breakdown;           // root "model"; breakdown.params == total
    std::vector<LayerParams> encoderLayers; // one entry per executed encoder layer
    std::vector<LayerParams> decoderLayers; // one entry per executed decoder layer
};

} // namespace tx
