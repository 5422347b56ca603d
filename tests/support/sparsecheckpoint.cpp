#include "tests/support/sparsecheckpoint.h"

#include "core/modelfile/tensorformat.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace tx {

std::int64_t SparseCheckpoint::bytes(const SparseTensor &t)
{
    std::int64_t n = 1;
    for (std::int64_t s : t.shape)
        n *= s;
    return n * TensorFormat::safetensorsBits(t.dtype) / 8;
}

std::int64_t SparseCheckpoint::writeSafetensors(const QString &path, const std::vector<SparseTensor> &tensors,
                                                const QJsonObject &metadata)
{
    QJsonObject header;
    std::int64_t offset = 0;
    for (const SparseTensor &t : tensors) {
        QJsonArray shape;
        for (std::int64_t s : t.shape)
            shape.append(qint64(s));
        const std::int64_t n = bytes(t);
        header.insert(t.name, QJsonObject{{QStringLiteral("dtype"), t.dtype},
                                          {QStringLiteral("shape"), shape},
                                          {QStringLiteral("data_offsets"), QJsonArray{qint64(offset), qint64(offset + n)}}});
        offset += n;
    }
    if (!metadata.isEmpty())
        header.insert(QStringLiteral("__metadata__"), metadata);
    QByteArray text = QJsonDocument(header).toJson(QJsonDocument::Compact);
    while (text.size() % 8 != 0)
        text.append(' ');
    QByteArray length(8, '\0');
    for (int i = 0; i < 8; ++i)
        length[i] = char((quint64(text.size()) >> (8 * i)) & 0xffu);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return -1;
    f.write(length);
    f.write(text);
    const std::int64_t size = 8 + text.size() + offset;
    f.resize(size);
    return size;
}

std::int64_t SparseCheckpoint::writeSharded(const QString &dir, const std::vector<SparseTensor> &tensors, int shards,
                                            int firstShard)
{
    QDir().mkpath(dir);
    std::int64_t total = 0;
    for (const SparseTensor &t : tensors)
        total += bytes(t);
    const int last = firstShard + shards - 1;
    auto shardName = [&](int i) {
        return QStringLiteral("model-%1-of-%2.safetensors")
            .arg(firstShard + i, 5, 10, QLatin1Char('0'))
            .arg(firstShard == 0 ? last : shards, 5, 10, QLatin1Char('0'));
    };
    QJsonObject weightMap;
    std::vector<SparseTensor> current;
    std::int64_t currentBytes = 0, fileBytes = 0;
    int shard = 0;
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        current.push_back(tensors[i]);
        currentBytes += bytes(tensors[i]);
        weightMap.insert(tensors[i].name, shardName(shard));
        const bool full = currentBytes * shards >= total * (shard + 1);
        if ((full && shard < shards - 1) || i + 1 == tensors.size()) {
            fileBytes += writeSafetensors(QDir(dir).filePath(shardName(shard)), current);
            current.clear();
            ++shard;
        }
    }
    const QJsonObject index{{QStringLiteral("metadata"), QJsonObject{{QStringLiteral("total_size"), qint64(total)}}},
                            {QStringLiteral("weight_map"), weightMap}};
    writeText(QDir(dir).filePath(QStringLiteral("model.safetensors.index.json")), QJsonDocument(index).toJson());
    return fileBytes;
}

bool SparseCheckpoint::writeText(const QString &path, const QByteArray &text)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(text) == text.size();
}

} // namespace tx
