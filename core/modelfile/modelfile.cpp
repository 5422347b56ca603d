#include "core/modelfile/modelfile.h"

namespace tx {

QString toString(ModelFileFormat format)
{
    return format == ModelFileFormat::Gguf ? QStringLiteral("gguf") : QStringLiteral("safetensors");
}

std::int64_t ModelFile::params() const
{
    std::int64_t n = 0;
    for (const TensorInfo &t : tensors)
        n += t.params;
    return n;
}

std::int64_t ModelFile::storedElements() const
{
    std::int64_t n = 0;
    for (const TensorInfo &t : tensors)
        n += t.elements;
    return n;
}

std::int64_t ModelFile::tensorDataBytes() const
{
    std::int64_t n = 0;
    for (const TensorInfo &t : tensors)
        n += t.bytes;
    return n;
}

std::int64_t ModelFile::fileBytes() const
{
    std::int64_t n = 0;
    for (const ModelFilePart &f : files)
        n += f.bytes;
    return n;
}

std::int64_t ModelFile::scaleBytes() const
{
    std::int64_t n = 0;
    for (const TensorInfo &t : tensors)
        if (t.role == TensorRole::Scale)
            n += t.bytes;
    return n;
}

std::map<QString, int> ModelFile::typeCounts() const
{
    std::map<QString, int> counts;
    for (const TensorInfo &t : tensors)
        ++counts[t.dtype];
    return counts;
}

double ModelFile::bitsPerWeight() const
{
    const std::int64_t p = params();
    return p > 0 ? 8.0 * double(tensorDataBytes()) / double(p) : 0.0;
}

const TensorInfo *ModelFile::tensor(const QString &name) const
{
    for (const TensorInfo &t : tensors)
        if (t.name == name)
            return &t;
    return nullptr;
}

} // namespace tx
