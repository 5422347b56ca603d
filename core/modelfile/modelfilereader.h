#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/base/stoptoken.h"
#include "core/modelfile/modelfile.h"

#include <QCoreApplication>
#include <QString>

namespace tx {

// Opens what people download, from its headers only:
//   - a .safetensors or .gguf file (told apart by their first bytes, not the name);
//   - a folder with model.safetensors.index.json, one .safetensors file or one .gguf file;
//   - a Hugging Face cache folder: models--org--name (refs/main picks the snapshot) or one of its
//     snapshots/<revision> folders.
// config.json beside the weights is noted in configPath.
class ModelFileReader
{
    Q_DECLARE_TR_FUNCTIONS(tx::ModelFileReader)

public:
    // `stop` reaches SafetensorsHeader::readIndex: a sharded folder stops between shards.
    static Expected<ModelFile, Error> open(const QString &path, const StopToken &stop = {});
};

} // namespace tx
