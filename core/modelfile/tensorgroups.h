#pragma once

#include "core/modelfile/modelfile.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace tx {

// What part of the model a tensor belongs to.
enum class TensorKind { Embeddings, Attention, Mlp, Experts, Norms, Head, Other };

QString toString(TensorKind kind); // "embeddings", "attention", "mlp", "experts", "norms", "head", "other"

// One group of the tensor tree: a kind within one layer, or a top-level group.
struct TensorGroup
{
    QString key;               // "embeddings", "layers.3.attention", "norm", "head", "other"
    TensorKind kind = TensorKind::Other;
    int layer = -1;            // -1 outside the layers
    std::vector<int> tensors;  // indices into ModelFile::tensors, in file order
    std::int64_t params = 0;   // logical parameters
    std::int64_t elements = 0; // stored elements
    std::int64_t bytes = 0;    // tensor-data bytes, scales included

    double bitsPerWeight() const { return params > 0 ? 8.0 * double(bytes) / double(params) : 0.0; }
};

// The tensors grouped by layer and kind, from their names: Hugging Face names
// (model.layers.N.self_attn.q_proj, transformer.h.N.attn.c_attn, …) and llama.cpp's
// (blk.N.attn_q, token_embd, output).
class TensorGroups
{
public:
    static TensorGroups build(const ModelFile &file);

    // Groups in tree order: embeddings, layer 0 (attention, mlp, experts, norms, other), layer 1,
    // …, then the final norm, the head and everything else. Empty groups are left out.
    const std::vector<TensorGroup> &groups() const { return m_groups; }
    int layerCount() const { return m_layers; }
    // Totals over every group of a kind (layers summed).
    std::int64_t params(TensorKind kind) const;
    std::int64_t bytes(TensorKind kind) const;

    // The kind and layer a tensor name belongs to.
    static TensorKind kindOf(const QString &name, int *layer);
    // The name with its layer number replaced by N ("model.layers.N.self_attn.q_norm.weight").
    static QString pattern(const QString &name);

private:
    std::vector<TensorGroup> m_groups;
    int m_layers = 0;
};

} // namespace tx
