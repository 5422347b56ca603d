#pragma once

#include "core/modelfile/tensorinfo.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <map>
#include <vector>

namespace tx {

enum class ModelFileFormat { Safetensors, Gguf };

QString toString(ModelFileFormat format); // "safetensors", "gguf"

// One file of a checkpoint.
struct ModelFilePart
{
    QString path;
    std::int64_t bytes = 0;       // the file's length
    std::int64_t headerBytes = 0; // bytes before the tensor data (length prefix, header, padding)
};

// What a checkpoint's headers say: its files, its tensors and their metadata. Made by
// ModelFileReader, which has checked every offset and size against the files' lengths.
struct ModelFile
{
    ModelFileFormat format = ModelFileFormat::Safetensors;
    QString path;                      // what was opened: a file or a folder
    QString configPath;                // config.json beside the weights, empty when there is none
    std::vector<ModelFilePart> files;  // shards in index order
    std::vector<TensorInfo> tensors;   // in file order (by shard, then by offset)
    // safetensors: the first shard's __metadata__ (plus "total_size" of the index);
    // GGUF: every key/value, arrays as {"type", "length"} plus their values when short.
    QJsonObject metadata;
    int ggufVersion = 0;
    std::int64_t ggufAlignment = 0;    // bytes; GGUF only

    std::int64_t params() const;          // logical parameters of the weights
    std::int64_t storedElements() const;  // elements of every tensor as stored
    std::int64_t tensorDataBytes() const; // bytes of every tensor's data
    std::int64_t fileBytes() const;       // bytes of every file
    std::int64_t scaleBytes() const;      // bytes of the scale tensors
    std::map<QString, int> typeCounts() const; // dtype → tensors
    // Bits per logical parameter: every tensor-data byte over the parameters.
    double bitsPerWeight() const;
    const TensorInfo *tensor(const QString &name) const;
};

} // namespace tx
