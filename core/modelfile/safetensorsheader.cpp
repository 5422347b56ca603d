#include "core/modelfile/safetensorsheader.h"

#include "core/modelfile/packedweights.h"
#include "core/modelfile/tensorformat.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <limits>
#include <map>
#include <set>

namespace tx {

namespace {

// safetensors/src/tensor.rs MAX_HEADER_SIZE: a forged length cannot make us allocate more.
constexpr std::int64_t kMaxHeaderBytes = 100'000'000;
// JSON numbers are doubles: integers above 2^53 are not exact.
constexpr double kMaxExactInteger = 9007199254740992.0;

bool exactInteger(const QJsonValue &v, std::int64_t &out)
{
    if (!v.isDouble())
        return false;
    const double d = v.toDouble();
    if (d < 0 || d > kMaxExactInteger || d != double(std::int64_t(d)))
        return false;
    out = std::int64_t(d);
    return true;
}

QString shapeText(const std::vector<std::int64_t> &shape)
{
    QStringList parts;
    for (std::int64_t s : shape)
        parts << QString::number(s);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace

Expected<ModelFile, Error> SafetensorsHeader::readFile(const QString &path)
{
    ModelFile out;
    out.format = ModelFileFormat::Safetensors;
    out.path = path;
    if (auto ok = readShard(path, 0, out); !ok)
        return ok.error();
    PackedWeights::classify(out.tensors);
    return out;
}

Expected<bool, Error> SafetensorsHeader::readShard(const QString &path, int fileIndex, ModelFile &out)
{
    auto fail = [&path](const QString &field, const QString &message) { return Error{path, field, message}; };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail({}, tr("cannot open: %1").arg(file.errorString()));
    const std::int64_t size = file.size();
    const QString lengthField = QStringLiteral("header length");
    if (size < 8)
        return fail(lengthField, tr("the file has %1 bytes, fewer than the 8-byte header length").arg(size));
    uchar lengthBytes[8];
    if (file.read(reinterpret_cast<char *>(lengthBytes), 8) != 8)
        return fail(lengthField, tr("cannot read the header length"));
    std::uint64_t headerBytes = 0;
    for (int i = 7; i >= 0; --i)
        headerBytes = (headerBytes << 8) | lengthBytes[i];
    if (headerBytes > std::uint64_t(size - 8))
        return fail(lengthField, tr("claims %1 bytes of header, but only %2 bytes follow").arg(headerBytes).arg(size - 8));
    if (headerBytes > std::uint64_t(kMaxHeaderBytes))
        return fail(lengthField, tr("%1 bytes is more than the format's 100 MB limit").arg(headerBytes));
    const QByteArray headerText = file.read(qint64(headerBytes));
    if (headerText.size() != qsizetype(headerBytes))
        return fail(lengthField, tr("the header is truncated"));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(headerText, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject())
        return fail(QStringLiteral("header"),
                    tr("not a JSON object (%1 at byte %2)").arg(parseError.errorString()).arg(parseError.offset));

    const std::int64_t dataBytes = size - 8 - std::int64_t(headerBytes);
    const QJsonObject root = doc.object();
    std::vector<TensorInfo> tensors;
    tensors.reserve(std::size_t(root.size()));
    for (auto it = root.begin(); it != root.end(); ++it) {
        const QString name = it.key();
        if (name == QLatin1String("__metadata__")) {
            if (fileIndex == 0 && it.value().isObject())
                out.metadata = it.value().toObject();
            continue;
        }
        auto field = [&name](const char *key) { return name + QLatin1Char('.') + QLatin1String(key); };
        if (!it.value().isObject())
            return fail(name, tr("expected an object with dtype, shape and data_offsets"));
        const QJsonObject o = it.value().toObject();
        TensorInfo t;
        t.name = name;
        t.file = fileIndex;
        t.dtype = o.value(QStringLiteral("dtype")).toString();
        const int bits = TensorFormat::safetensorsBits(t.dtype);
        if (bits == 0)
            return fail(field("dtype"), tr("unknown dtype \"%1\" (the format defines %2)")
                                            .arg(t.dtype, TensorFormat::safetensorsDtypes().join(QStringLiteral(", "))));
        const QJsonValue shape = o.value(QStringLiteral("shape"));
        if (!shape.isArray() || shape.toArray().size() > 16)
            return fail(field("shape"), tr("must be an array of at most 16 sizes"));
        __int128 elements = 1;
        for (const QJsonValue &v : shape.toArray()) {
            std::int64_t s = 0;
            if (!exactInteger(v, s))
                return fail(field("shape"), tr("holds a size that is not a non-negative integer below 2^53"));
            t.shape.push_back(s);
            elements *= s;
            if (elements > std::numeric_limits<std::int64_t>::max() / 64)
                return fail(field("shape"), tr("%1 has too many elements to count").arg(shapeText(t.shape)));
        }
        t.elements = std::int64_t(elements);
        const __int128 totalBits = elements * bits;
        if (totalBits % 8 != 0)
            return fail(field("shape"), tr("%1 of %2 does not end on a byte boundary").arg(shapeText(t.shape), t.dtype));
        const std::int64_t bytes = std::int64_t(totalBits / 8);
        const QJsonArray offsets = o.value(QStringLiteral("data_offsets")).toArray();
        std::int64_t begin = 0, end = 0;
        if (offsets.size() != 2 || !exactInteger(offsets[0], begin) || !exactInteger(offsets[1], end) || end < begin)
            return fail(field("data_offsets"), tr("must be two integers [begin, end] with 0 <= begin <= end"));
        if (end > dataBytes)
            return fail(field("data_offsets"),
                        tr("[%1, %2] reach past the %3 bytes of data: the file is truncated or the offsets are wrong")
                            .arg(begin)
                            .arg(end)
                            .arg(dataBytes));
        if (end - begin != bytes)
            return fail(field("data_offsets"), tr("span %1 bytes, but shape %2 of %3 needs %4")
                                                   .arg(end - begin)
                                                   .arg(shapeText(t.shape), t.dtype)
                                                   .arg(bytes));
        t.bytes = bytes;
        t.params = t.elements;
        t.offset = 8 + std::int64_t(headerBytes) + begin;
        tensors.push_back(std::move(t));
    }

    // The reference reader's validate(): sorted by offset, each tensor starts where the last
    // ended, and the last one ends where the file does (no gaps, no overlaps, no trailing bytes).
    std::stable_sort(tensors.begin(), tensors.end(),
                     [](const TensorInfo &a, const TensorInfo &b) { return a.offset < b.offset; });
    std::int64_t expected = 8 + std::int64_t(headerBytes);
    const TensorInfo *previous = nullptr;
    for (const TensorInfo &t : tensors) {
        const QString field = t.name + QStringLiteral(".data_offsets");
        if (t.offset < expected)
            return fail(field, tr("overlap %1 by %2 bytes").arg(previous ? previous->name : QString()).arg(expected - t.offset));
        if (t.offset > expected)
            return fail(field, tr("leave %1 bytes unaccounted for before this tensor").arg(t.offset - expected));
        expected = t.offset + t.bytes;
        previous = &t;
    }
    if (expected != size)
        return fail(QStringLiteral("data_offsets"),
                    tr("the tensors end at byte %1, but the file has %2 bytes").arg(expected).arg(size));

    out.files.push_back({path, size, 8 + std::int64_t(headerBytes)});
    for (TensorInfo &t : tensors)
        out.tensors.push_back(std::move(t));
    return true;
}

Expected<ModelFile, Error> SafetensorsHeader::readIndex(const QString &indexPath, const StopToken &stop)
{
    auto fail = [&indexPath](const QString &field, const QString &message) { return Error{indexPath, field, message}; };
    QFile file(indexPath);
    if (!file.open(QIODevice::ReadOnly))
        return fail({}, tr("cannot open: %1").arg(file.errorString()));
    if (file.size() > kMaxHeaderBytes)
        return fail({}, tr("%1 bytes is more than the 100 MB an index may have").arg(file.size()));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject())
        return fail({}, tr("not a JSON object (%1 at byte %2)").arg(parseError.errorString()).arg(parseError.offset));
    const QJsonObject root = doc.object();
    const QJsonValue mapValue = root.value(QStringLiteral("weight_map"));
    if (!mapValue.isObject())
        return fail(QStringLiteral("weight_map"), tr("required object is missing"));
    const QJsonObject weightMap = mapValue.toObject();

    // Shards in name order (model-00001-of-00004.safetensors, …), each read once. Hashes, not
    // trees: a 700 GB checkpoint names 90,000 tensors.
    std::set<QString> shardNames;
    for (auto it = weightMap.begin(); it != weightMap.end(); ++it) {
        const QString field = QStringLiteral("weight_map.") + it.key();
        if (!it.value().isString())
            return fail(field, tr("expected a shard file name"));
        const QString shard = it.value().toString();
        if (shard.isEmpty() || shard.contains(QLatin1Char('/')) || shard.contains(QLatin1Char('\\'))
            || shard == QLatin1String("..") || shard == QLatin1String("."))
            return fail(field, tr("\"%1\" is not a file name beside the index").arg(shard));
        shardNames.insert(shard);
    }
    QHash<QString, int> indexOfShard;
    QStringList shards;
    for (const QString &shard : shardNames) {
        indexOfShard.insert(shard, int(shards.size()));
        shards << shard;
    }
    QHash<QString, int> shardOf; // tensor → shard index
    shardOf.reserve(weightMap.size());
    for (auto it = weightMap.begin(); it != weightMap.end(); ++it)
        shardOf.insert(it.key(), indexOfShard.value(it.value().toString()));

    const QDir dir = QFileInfo(indexPath).dir();
    // One look at the disk per shard, not per tensor; a missing one is named by its first tensor.
    for (int i = 0; i < int(shards.size()); ++i) {
        if (QFileInfo::exists(dir.filePath(shards[i])))
            continue;
        for (auto it = weightMap.begin(); it != weightMap.end(); ++it)
            if (it.value().toString() == shards[i])
                return fail(QStringLiteral("weight_map.") + it.key(),
                            tr("names the shard %1, which is missing").arg(shards[i]));
    }

    ModelFile out;
    out.format = ModelFileFormat::Safetensors;
    out.path = indexPath;
    const auto cancelled = [&] { return Error{indexPath, {}, QCoreApplication::translate("tx::Transformer", "cancelled")}; };
    for (int i = 0; i < int(shards.size()); ++i) {
        if (stop.stopped())
            return cancelled();
        if (auto ok = readShard(dir.filePath(shards[i]), i, out); !ok)
            return ok.error();
        stop.report(i + 1, shards.size());
    }
    if (stop.stopped())
        return cancelled();
    QSet<QString> seen;
    seen.reserve(qsizetype(out.tensors.size()));
    for (const TensorInfo &t : out.tensors) {
        const QString shardPath = out.files[std::size_t(t.file)].path;
        if (seen.contains(t.name))
            return Error{shardPath, t.name, tr("is stored in more than one shard")};
        seen.insert(t.name);
        const auto it = shardOf.constFind(t.name);
        if (it == shardOf.cend())
            return Error{shardPath, t.name, tr("is stored in this shard, but the index's weight_map does not list it")};
        if (*it != t.file)
            return fail(QStringLiteral("weight_map.") + t.name,
                        tr("names the shard %1, but the tensor is in %2").arg(shards[*it], QFileInfo(shardPath).fileName()));
    }
    if (seen.size() != shardOf.size()) {
        for (auto it = weightMap.begin(); it != weightMap.end(); ++it)
            if (!seen.contains(it.key()))
                return fail(QStringLiteral("weight_map.") + it.key(),
                            tr("names the shard %1, which does not hold it").arg(it.value().toString()));
    }

    const QJsonValue totalValue = root.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("total_size"));
    if (!totalValue.isUndefined() && !totalValue.isNull()) {
        std::int64_t total = 0;
        if (!exactInteger(totalValue, total))
            return fail(QStringLiteral("metadata.total_size"), tr("expected a non-negative integer"));
        if (total != out.tensorDataBytes())
            return fail(QStringLiteral("metadata.total_size"),
                        tr("says %1 bytes, but the shards' tensors hold %2").arg(total).arg(out.tensorDataBytes()));
        out.metadata.insert(QStringLiteral("total_size"), qint64(total));
    }
    PackedWeights::classify(out.tensors);
    return out;
}

} // namespace tx
