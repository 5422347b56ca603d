#pragma once

#include "core/design/modelconfig.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace tx {

// One stored tensor of a design (or `copies` identical ones: the routed experts of a layer),
// with the shape a checkpoint gives it. Matrices are (rows, cols) = (out, in) as PyTorch's
// nn.Linear stores them, so a row is what GGUF calls ne[0] and what block formats run along;
// tables are (entries, width); vectors have rows == 1.
struct WeightTensor
{
    // What the tensor is, in the breakdown's words ("q", "kv_b", "down", "router", "norm", …).
    enum class Role {
        TokenEmbedding, PositionEmbedding, TokenTypeEmbedding, EmbeddingProjection,
        Query, Key, Value, AttentionOutput,  // multi-head attention
        QueryA, QueryB, KvA, KvB,            // MLA's latent projections (q_a, q_b, kv_a, kv_b)
        RelativeBias, Sinks,
        Gate, Up, Down, Router, ScoreBias,
        Norm, Bias, LmHead, Pooler,
    };
    enum class Expert { None, Routed, Shared };

    Role role = Role::Norm;
    Role biasOf = Role::Norm;   // Role::Bias: the matrix it belongs to
    int layer = -1;             // stored layer of its stack, -1 outside the layers
    bool decoder = true;        // which stack (encoder-decoder); decoder-only models: true
    bool cross = false;         // the decoder's cross-attention
    Expert expert = Expert::None;
    std::int64_t rows = 1;      // out features (1 for a vector)
    std::int64_t cols = 0;      // in features: the length of one stored row
    std::int64_t copies = 1;    // identical tensors (routed experts: E, shared experts: their number)
    // Stored layers this entry stands for: 1 in WeightTensors::of; in WeightTensors::kinds the
    // stored layers of its kind (`layer` is then the first of them), 1 outside the layers.
    std::int64_t layers = 1;

    std::int64_t params() const { return rows * cols * copies; } // one layer's
    // A 2-D weight of a projection inside a layer (attention, MLA, FFN, experts): what every
    // block format quantises.
    bool layerMatrix() const;
};

// The design's stored tensors, one entry per tensor kind and layer, in checkpoint order
// (embeddings, then layer by layer, then the final norm and the head). Their parameters sum to
// countParams(config).total: tied and shared weights appear once, LoRA adapters and MTP
// modules not at all. The design must be valid (see validate()).
class WeightTensors
{
public:
    static std::vector<WeightTensor> of(const ModelConfig &config);
    // The same tensors with the layers of one kind folded into one entry each (`layers` of
    // them): a stack has at most three kinds (dense, sparse, and T5's first layer with its
    // bias table), so this stays short for a thousand layers. Σ params() · layers over it equals
    // Σ params() over of().
    static std::vector<WeightTensor> kinds(const ModelConfig &config);

    // A stored layer, in checkpoint order: its index in its stack and the entries
    // [begin, end) of kinds() that hold its kind's tensors.
    struct StoredLayer
    {
        int layer = 0;
        std::uint32_t begin = 0, end = 0;
    };
    // kinds(), and every stored layer of both stacks in `order` (for the llama.cpp mixes,
    // which type some tensors by layer index).
    static std::vector<WeightTensor> kinds(const ModelConfig &config, std::vector<StoredLayer> &order);
};

} // namespace tx
