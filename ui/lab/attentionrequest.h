#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/transformer.h"

#include <QMetaType>
#include <QString>

#include <cstdint>

namespace tx {

// What the attention view asks its worker to run: a design (scaled down under the cap when
// needed) with seeded GPT-2-style weights, or a checkpoint folder; and the teacher's sentence.
struct AttentionRequest
{
    ModelConfig config;
    std::int64_t capBytes = Transformer::kDefaultCapBytes; // float32 weights (bytes)
    std::uint64_t seed = 1;
    QString text;
    // A Hugging Face checkpoint folder (config.json + model.safetensors, tokenizer files
    // optional) to run instead of the design; empty: run the design.
    QString checkpoint;
};

} // namespace tx

Q_DECLARE_METATYPE(tx::AttentionRequest)
