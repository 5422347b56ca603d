#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace tx {

// Reads a Hugging Face transformers config.json and maps it onto a ModelConfig whose
// parameter count equals the checkpoint's published count (the module counted is the
// one the published figure refers to: BertModel/RobertaModel/AlbertModel with pooler,
// DistilBertModel, and the *ForCausalLM / *ForConditionalGeneration models otherwise).
//
// model_type selects the mapping (see supportedModelTypes()). Keys that do not change the
// architecture are ignored. A missing required key, a value of the wrong type and an
// unsupported variant are Errors naming the config key and the file.
class HfConfigImporter
{
    Q_DECLARE_TR_FUNCTIONS(tx::HfConfigImporter)

public:
    static Expected<ModelConfig, Error> parse(const QByteArray &json, const QString &file);
    static Expected<ModelConfig, Error> load(const QString &path);

    // The model_type values parse() understands, in README order.
    static QStringList supportedModelTypes();
};

} // namespace tx
