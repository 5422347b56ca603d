#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace tx {

// Writes a design as the Hugging Face transformers config.json of the family that expresses
// it, so the trainers that read such files (Transformers/Accelerate, torchtitan,
// Megatron-Bridge) can build the model. HfConfigImporter reads the file back to the same
// design (canonical() of both sides are equal) and so to the same count.
//
// Families written, chosen by what the design uses:
//   MLA                                      deepseek_v3 (deepseek_v2 for MoE without the score bias)
//   attention sinks                          gpt_oss
//   sandwich norms                           gemma2, or gemma3_text with per-head QK-norm
//   norms on the sublayer outputs            olmo2 (QK-norm over the full width)
//   per-head QK-norm                         qwen3, qwen3_moe
//   MoE with shared experts or score bias    glm4_moe
//   MoE                                      mixtral
//   a sliding window on every layer          mistral
//   otherwise                                llama
// Anything a family cannot carry (Llama 4's chunked layers, LoRA, a block number format, …)
// is an Error naming the design field.
class HfConfigExporter
{
    Q_DECLARE_TR_FUNCTIONS(tx::HfConfigExporter)

public:
    static Expected<QJsonObject, Error> toJson(const ModelConfig &config);
    // Writes `path` (a config.json) through QSaveFile.
    static std::optional<Error> write(const ModelConfig &config, const QString &path);

    // The design with every choice that does not change the model spelled one way: the
    // per-layer attention pattern as an explicit list (or none when every layer is full),
    // expert widths equal to their defaults as 0, fields the architecture does not use at
    // their defaults, name and source cleared. Two designs of the same model compare equal.
    static ModelConfig canonical(const ModelConfig &config);
};

} // namespace tx
