#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/modelfile/modelfile.h"

#include <QCoreApplication>
#include <QString>

namespace tx {

// Reads a GGUF file's header (ggml docs/gguf.md, v2 and v3): magic "GGUF", version, tensor_count
// u64, metadata_kv_count u64, the key/values (13 value types, arrays nested), the tensor infos
// (name, n_dims <= 4, ne[], ggml_type, offset), then padding to general.alignment (default 32)
// and the tensor data, which is never read.
//
// Every length is checked against the bytes left in the file before anything is allocated or
// skipped; counts are capped by what the remaining bytes could hold; strings longer than 16 MiB
// are refused. Tensor offsets must be aligned, inside the data and must not overlap.
class GgufReader
{
    Q_DECLARE_TR_FUNCTIONS(tx::GgufReader)

public:
    static Expected<ModelFile, Error> read(const QString &path);
};

} // namespace tx
