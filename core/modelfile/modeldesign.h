#pragma once

#include "core/design/modelconfig.h"
#include "core/modelfile/modelfile.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

namespace tx {

// The design a checkpoint was made from, where it came from, and what could not be read.
struct ModelDesign
{
    enum class Source { ConfigJson, GgufMetadata, TensorNames };

    ModelConfig config;
    Source source = Source::TensorNames;
    QString sourcePath;  // config.json or the GGUF file; empty when inferred from names
    QStringList notes;   // why a source was passed over, and what was assumed

    static QString toString(Source s); // "config.json", "gguf metadata", "tensor names"
};

// Reads the design (in this order): config.json beside the weights through HfConfigImporter;
// GGUF metadata (general.architecture and the <arch>.* keys, the vocabulary from
// tokenizer.ggml.tokens); or, when neither can be read, from the tensors' names and shapes.
// Shapes decide what the names leave open (head_dim from q_norm, experts from the router).
// Returns nothing when no decoder layout can be recognised.
class ModelDesignReader
{
    Q_DECLARE_TR_FUNCTIONS(tx::ModelDesignReader)

public:
    static std::optional<ModelDesign> read(const ModelFile &file);
    static std::optional<ModelDesign> inferFromTensors(const ModelFile &file, QStringList notes = {});
};

} // namespace tx
