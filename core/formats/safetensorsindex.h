#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"

#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace tx {

// A sharded checkpoint's model.safetensors.index.json (transformers' save_pretrained):
// {"metadata": {"total_size": bytes}, "weight_map": {tensor name: shard file name}}. Read and
// checked before any shard is opened: at most 100 MB of JSON, every shard a plain file name
// beside the index, and every shard there. Both the header reader (SafetensorsHeader::readIndex)
// and the engine's loader (Safetensors::openIndex) then check what they found in the shards
// against it with check().
class SafetensorsIndex
{
    Q_DECLARE_TR_FUNCTIONS(tx::SafetensorsIndex)

public:
    static Expected<SafetensorsIndex, Error> read(const QString &indexPath);

    const QString &path() const { return m_path; }
    // The shards' file names, each once, in name order (model-00001-of-00004.safetensors, …).
    const QStringList &shards() const { return m_shards; }
    QString shardPath(int shard) const;
    // Which of shards() the map puts `tensor` in; -1 when it lists no such tensor.
    int shardOf(const QString &tensor) const { return m_shardOf.value(tensor, -1); }
    qsizetype tensorCount() const { return m_shardOf.size(); }
    // metadata.total_size, when the index gives one.
    std::optional<std::int64_t> totalSize() const { return m_totalSize; }

    // The tensors the shards hold, (name, index into shards()), in any order: each stored once,
    // in the shard the map names, and every tensor of the map found. The Error names the shard
    // or the index and the tensor.
    std::optional<Error> check(const std::vector<std::pair<QString, int>> &stored) const;
    // total_size against the shards' tensor bytes, when the index gives one.
    std::optional<Error> checkTotal(std::int64_t tensorBytes) const;

private:
    QString m_path;
    QStringList m_shards;
    QHash<QString, int> m_shardOf; // hashes, not trees: a 700 GB checkpoint names 90,000 tensors
    std::optional<std::int64_t> m_totalSize;
};

} // namespace tx
