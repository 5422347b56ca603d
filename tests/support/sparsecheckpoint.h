#pragma once

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <vector>

namespace tx {

// Writes checkpoints whose headers are real and whose data is a hole: the header is written and
// the file extended with QFile::resize, so a 16 GB checkpoint costs a few kilobytes of disk.
struct SparseTensor
{
    QString name;
    QString dtype;                   // safetensors dtype
    std::vector<std::int64_t> shape; // row-major
};

class SparseCheckpoint
{
public:
    // Bytes of one tensor's data (shape × dtype bits / 8).
    static std::int64_t bytes(const SparseTensor &t);
    // One .safetensors file, tensors laid out in the order given; returns the file's bytes.
    static std::int64_t writeSafetensors(const QString &path, const std::vector<SparseTensor> &tensors,
                                         const QJsonObject &metadata = {});
    // `shards` files named as transformers names them (model-00001-of-00004.safetensors, or
    // from 00000 when firstShard is 0, as gpt-oss is) and model.safetensors.index.json; tensors
    // are split in order into shards of about equal bytes. Returns the files' total bytes.
    static std::int64_t writeSharded(const QString &dir, const std::vector<SparseTensor> &tensors, int shards,
                                     int firstShard = 1);
    static bool writeText(const QString &path, const QByteArray &text);
};

} // namespace tx
