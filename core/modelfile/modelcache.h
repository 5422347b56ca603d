#pragma once

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace tx {

// One model found on this computer, read from its headers.
struct CachedModel
{
    QString name;             // "Qwen/Qwen3-8B" for a hub cache entry, else the folder's name
    QString path;             // what ModelFileReader::open takes
    QString format;           // "safetensors", "gguf"; empty when it could not be read
    std::int64_t params = 0;  // logical parameters
    std::int64_t bytes = 0;   // bytes of its files
    QString error;            // why it could not be read (one line), else empty
};

// The models in the Hugging Face cache and in folders the user adds.
class ModelCache
{
public:
    // $HF_HUB_CACHE, else $HF_HOME/hub, else ~/.cache/huggingface/hub (huggingface_hub's order).
    static QString hubFolder();
    // Every models--org--name entry of the hub folder, then every subfolder (or model file) of
    // each extra folder, each read from its headers. Sorted by name.
    static std::vector<CachedModel> scan(const QString &hub, const QStringList &extraFolders = {});
};

} // namespace tx
