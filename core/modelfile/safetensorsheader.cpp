#include "core/modelfile/safetensorsheader.h"

#include "core/formats/safetensorsindex.h"
#include "core/modelfile/packedweights.h"
#include "core/modelfile/tensorformat.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <limits>

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
    auto index = SafetensorsIndex::read(indexPath);
    if (!index)
        return index.error();
    ModelFile out;
    out.format = ModelFileFormat::Safetensors;
    out.path = indexPath;
    const auto cancelled = [&] { return Error{indexPath, {}, QCoreApplication::translate("tx::Transformer", "cancelled")}; };
    const QStringList &shards = index->shards();
    for (int i = 0; i < int(shards.size()); ++i) {
        if (stop.stopped())
            return cancelled();
        if (auto ok = readShard(index->shardPath(i), i, out); !ok)
            return ok.error();
        stop.report(i + 1, shards.size());
    }
    if (stop.stopped())
        return cancelled();
    std::vector<std::pair<QString, int>> stored;
    stored.reserve(out.tensors.size());
    for (const TensorInfo &t : out.tensors)
        stored.emplace_back(t.name, t.file);
    if (auto e = index->check(stored))
        return *e;
    if (auto e = index->checkTotal(out.tensorDataBytes()))
        return *e;
    if (index->totalSize())
        out.metadata.insert(QStringLiteral("total_size"), qint64(*index->totalSize()));
    PackedWeights::classify(out.tensors);
    return out;
}

} // namespace tx
