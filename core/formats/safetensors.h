#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/base/stoptoken.h"
#include "core/nn/mat.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QFile;

namespace tx {

// The safetensors format (Hugging Face): an 8-byte little-endian header length N, N bytes of
// JSON {"name": {"dtype", "shape", "data_offsets": [begin, end]}, "__metadata__": {…}}, then
// the raw little-endian data; offsets count from the end of the header.
//
// open() checks the whole header against the file before anything is read: every offset
// inside the data, every byte count equal to shape × dtype size, no overflow. Tensors are
// read through a memory map, so nothing larger than the file is ever allocated.
//
// openIndex() reads a sharded checkpoint (model.safetensors.index.json and the shards it names,
// SafetensorsIndex) as one set of tensors: each shard's header is checked as open() checks it,
// every tensor must be in the shard the index names, and an Error about a tensor names its shard.
class Safetensors
{
    Q_DECLARE_TR_FUNCTIONS(tx::Safetensors)

public:
    enum class Dtype { F32, F16, BF16 };

    struct Entry
    {
        QString dtype;                    // as written: "F32", "F16", "BF16", "I64", …
        std::vector<std::int64_t> shape;  // row-major
        std::int64_t begin = 0;           // byte offsets into the data section of its shard
        std::int64_t end = 0;
        int shard = 0;                    // which file holds it (0 for a single file)
    };

    // A tensor to write: `data` points at rows × cols floats (row-major); a vector has rows = 0
    // and is written with shape [cols]. A non-empty `shape` (whose product is rows × cols) is
    // written instead, for tensors of three or more dimensions (gpt-oss's experts (E, d, 2f)).
    // A non-empty `rawDtype` ("U8", "F8_E4M3", "F32", …) writes `raw` as it is under that dtype
    // and `shape` (the quantised blocks and scales of HfMoeCheckpoint), whatever the file's dtype.
    struct Out
    {
        QString name;
        const float *data = nullptr;
        std::int64_t rows = 0;
        std::int64_t cols = 0;
        std::vector<std::int64_t> shape = {};
        QString rawDtype = {};
        QByteArray raw = {};
    };

    // With a `stop`, every read below converts in chunks of 1 Mi values, returns an Error
    // "cancelled" (naming the file and the tensor) once the flag has turned true, and reports the
    // bytes of tensor data read so far of the file's data section.
    static Expected<Safetensors, Error> open(const QString &path, const StopToken &stop = {});
    // A model.safetensors.index.json and its shards; `stop` as for open(), its progress over the
    // data of all the shards.
    static Expected<Safetensors, Error> openIndex(const QString &indexPath, const StopToken &stop = {});
    // A checkpoint's weights as Hugging Face lays them out: a .safetensors file, an index .json,
    // or a folder holding model.safetensors or, sharded, model.safetensors.index.json.
    static Expected<Safetensors, Error> openCheckpoint(const QString &path, const StopToken &stop = {});
    // Through QSaveFile. `stop` is checked before each tensor and told the bytes of the file written
    // so far of its total; a stopped save is cancelled (QSaveFile::cancelWriting), so a file already
    // at the path is left as it was. The report runs on the saving thread.
    static std::optional<Error> save(const QString &path, const std::vector<Out> &tensors, Dtype dtype,
                                     const StopToken &stop = {});

    // The file, or the index of a sharded checkpoint.
    const QString &path() const { return m_path; }
    // The file that holds `name`'s data (a shard of a sharded checkpoint), or path().
    QString fileOf(const QString &name) const;
    bool contains(const QString &name) const { return m_entries.count(name) > 0; }
    const Entry *entry(const QString &name) const;
    QStringList names() const;

    // Reads a float tensor (F32, F16 or BF16) as float32. Its shape must be exactly
    // [rows, cols]; an Error names the tensor when it is missing or differs.
    Expected<Mat, Error> matrix(const QString &name, std::int64_t rows, std::int64_t cols) const;
    // A tensor of shape [n].
    Expected<RowVec, Error> vector(const QString &name, std::int64_t n) const;
    // A float tensor of exactly `shape` (any rank ≥ 1) as a (product of all but the last
    // dimension, last dimension) matrix. Besides F32, F16 and BF16 this reads F8_E4M3 (the OCP
    // fp8 e4m3fn values as stored, without any scale).
    Expected<Mat, Error> tensor(const QString &name, const std::vector<std::int64_t> &shape) const;
    // The raw bytes of a tensor of `dtype` ("U8", …) and exactly `shape`, inside the map.
    Expected<const uchar *, Error> bytes(const QString &name, const QString &dtype, const std::vector<std::int64_t> &shape) const;
    // OCP 8-bit floating point e4m3fn (no infinities; S.1111.111 is NaN).
    static float e4m3(uchar byte);

    static QString toString(Dtype d);

private:
    Expected<bool, Error> read(const QString &name, const std::vector<std::int64_t> &shape, float *out) const;

    struct Shard
    {
        QString path;
        std::shared_ptr<QFile> file;
        const uchar *data = nullptr; // start of the data section inside the map
        std::int64_t dataBytes = 0;
    };
    // Reads and checks one file's header: its tensors go into m_entries as shard `shard`.
    static std::optional<Error> readShard(const QString &path, int shard, Safetensors &into,
                                          std::vector<std::pair<QString, int>> *stored);

    QString m_path;
    std::vector<Shard> m_shards;
    std::int64_t m_dataBytes = 0; // of every shard
    std::map<QString, Entry> m_entries;
    StopToken m_stop;
    mutable std::int64_t m_bytesRead = 0; // for m_stop's progress
};

} // namespace tx
