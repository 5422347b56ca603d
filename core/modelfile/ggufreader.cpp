#include "core/modelfile/ggufreader.h"

#include "core/modelfile/packedweights.h"
#include "core/modelfile/tensorformat.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>
#include <optional>

namespace tx {

namespace {

enum ValueType : std::uint32_t {
    U8 = 0, I8 = 1, U16 = 2, I16 = 3, U32 = 4, I32 = 5, F32 = 6, Bool = 7, String = 8, Array = 9,
    U64 = 10, I64 = 11, F64 = 12,
};

constexpr std::int64_t kMaxStringBytes = 16 << 20;  // longer than any chat template seen
constexpr std::int64_t kMaxKeyBytes = 65535;        // docs/gguf.md: keys are at most 2^16-1 bytes
constexpr int kMaxArrayDepth = 4;
constexpr int kMaxDims = 4;                         // GGML_MAX_DIMS
constexpr std::int64_t kDefaultAlignment = 32;      // GGUF_DEFAULT_ALIGNMENT

QString typeName(std::uint32_t type)
{
    static const char *names[] = {"uint8", "int8", "uint16", "int16", "uint32", "int32", "float32",
                                  "bool", "string", "array", "uint64", "int64", "float64"};
    return type <= F64 ? QString::fromLatin1(names[type]) : QString::number(type);
}

// Fixed size of a scalar value type, 0 for string/array, -1 for an unknown type.
int scalarBytes(std::uint32_t type)
{
    switch (type) {
    case U8: case I8: case Bool: return 1;
    case U16: case I16: return 2;
    case U32: case I32: case F32: return 4;
    case U64: case I64: case F64: return 8;
    case String: case Array: return 0;
    default: return -1;
    }
}

// Reads forward through the file in 1 MiB windows; never past its end.
class Cursor
{
public:
    Cursor(QFile &file, std::int64_t size) : m_file(file), m_size(size) {}

    std::int64_t pos() const { return m_pos; }
    std::int64_t remaining() const { return m_size - m_pos; }

    bool read(void *out, std::int64_t n)
    {
        if (n < 0 || n > remaining())
            return false;
        char *dst = static_cast<char *>(out);
        while (n > 0) {
            if (!fill())
                return false;
            const std::int64_t take = std::min<std::int64_t>(n, m_windowEnd - m_pos);
            std::memcpy(dst, m_window.constData() + (m_pos - m_windowStart), std::size_t(take));
            dst += take;
            m_pos += take;
            n -= take;
        }
        return true;
    }
    bool skip(std::int64_t n)
    {
        if (n < 0 || n > remaining())
            return false;
        m_pos += n;
        return true;
    }
    template <typename T>
    bool get(T &v)
    {
        return read(&v, sizeof(T)); // the format is little-endian, like the machines we run on
    }

private:
    bool fill()
    {
        if (m_pos >= m_windowStart && m_pos < m_windowEnd)
            return true;
        if (!m_file.seek(m_pos))
            return false;
        m_window = m_file.read(std::min<std::int64_t>(1 << 20, remaining()));
        if (m_window.isEmpty())
            return false;
        m_windowStart = m_pos;
        m_windowEnd = m_pos + m_window.size();
        return true;
    }

    QFile &m_file;
    std::int64_t m_size = 0;
    std::int64_t m_pos = 0;
    QByteArray m_window;
    std::int64_t m_windowStart = 0;
    std::int64_t m_windowEnd = 0;
};

} // namespace

Expected<ModelFile, Error> GgufReader::read(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{path, {}, tr("cannot open: %1").arg(file.errorString())};
    const std::int64_t size = file.size();
    Cursor in(file, size);
    // Every error names the file, the field and the byte where it was found.
    auto fail = [&path, &in](const QString &field, const QString &message) {
        return Error{path, field, message + tr(" (at byte %1)").arg(in.pos())};
    };
    auto truncated = [&](const QString &field) {
        return fail(field, tr("the file ends inside this field: it is truncated"));
    };

    char magic[4];
    if (!in.read(magic, 4))
        return truncated(QStringLiteral("magic"));
    if (std::memcmp(magic, "GGUF", 4) != 0)
        return fail(QStringLiteral("magic"), tr("the file does not start with \"GGUF\""));
    std::uint32_t version = 0;
    if (!in.get(version))
        return truncated(QStringLiteral("version"));
    if (version == 1)
        return fail(QStringLiteral("version"), tr("GGUF v1 (32-bit counts) is not supported; convert the file to v3"));
    if (version != 2 && version != 3) {
        if ((version & 0xffff) == 0 && version != 0)
            return fail(QStringLiteral("version"), tr("%1 looks like a big-endian file, which is not supported").arg(version));
        return fail(QStringLiteral("version"), tr("unknown version %1 (supported: 2, 3)").arg(version));
    }
    std::uint64_t tensorCount = 0, kvCount = 0;
    if (!in.get(tensorCount))
        return truncated(QStringLiteral("tensor_count"));
    if (!in.get(kvCount))
        return truncated(QStringLiteral("metadata_kv_count"));
    // Smallest possible entries: a key/value of an empty key and a uint8 (8 + 4 + 1 bytes); a
    // tensor info of an empty name, no dimensions, a type and an offset (8 + 4 + 4 + 8).
    if (kvCount > std::uint64_t(in.remaining() / 13))
        return fail(QStringLiteral("metadata_kv_count"),
                    tr("%1 key/values cannot fit in the %2 bytes left").arg(kvCount).arg(in.remaining()));
    if (tensorCount > std::uint64_t(in.remaining() / 24))
        return fail(QStringLiteral("tensor_count"),
                    tr("%1 tensors cannot fit in the %2 bytes left").arg(tensorCount).arg(in.remaining()));

    auto readString = [&](const QString &field, std::int64_t cap, QString *out) -> std::optional<Error> {
        std::uint64_t len = 0;
        if (!in.get(len))
            return truncated(field);
        if (len > std::uint64_t(in.remaining()))
            return fail(field, tr("a string of %1 bytes runs past the end of the file (%2 bytes left)")
                                   .arg(len)
                                   .arg(in.remaining()));
        if (!out)
            return in.skip(std::int64_t(len)) ? std::nullopt : std::optional<Error>(truncated(field));
        if (std::int64_t(len) > cap)
            return fail(field, tr("a string of %1 bytes is longer than the %2 bytes this reader accepts").arg(len).arg(cap));
        QByteArray bytes(qsizetype(len), Qt::Uninitialized);
        if (!in.read(bytes.data(), std::int64_t(len)))
            return truncated(field);
        *out = QString::fromUtf8(bytes);
        return std::nullopt;
    };

    // One value of `type`; scalars and strings go into *out when it is given.
    std::function<std::optional<Error>(const QString &, std::uint32_t, int, QJsonValue *)> readValue;
    readValue = [&](const QString &field, std::uint32_t type, int depth, QJsonValue *out) -> std::optional<Error> {
        switch (type) {
        case U8: { std::uint8_t v; if (!in.get(v)) return truncated(field); if (out) *out = int(v); return std::nullopt; }
        case I8: { std::int8_t v; if (!in.get(v)) return truncated(field); if (out) *out = int(v); return std::nullopt; }
        case U16: { std::uint16_t v; if (!in.get(v)) return truncated(field); if (out) *out = int(v); return std::nullopt; }
        case I16: { std::int16_t v; if (!in.get(v)) return truncated(field); if (out) *out = int(v); return std::nullopt; }
        case U32: { std::uint32_t v; if (!in.get(v)) return truncated(field); if (out) *out = qint64(v); return std::nullopt; }
        case I32: { std::int32_t v; if (!in.get(v)) return truncated(field); if (out) *out = qint64(v); return std::nullopt; }
        case F32: { float v; if (!in.get(v)) return truncated(field); if (out) *out = double(v); return std::nullopt; }
        case F64: { double v; if (!in.get(v)) return truncated(field); if (out) *out = v; return std::nullopt; }
        case U64: {
            std::uint64_t v; if (!in.get(v)) return truncated(field);
            if (out) *out = v <= std::uint64_t(std::numeric_limits<qint64>::max()) ? QJsonValue(qint64(v)) : QJsonValue(double(v));
            return std::nullopt;
        }
        case I64: { std::int64_t v; if (!in.get(v)) return truncated(field); if (out) *out = qint64(v); return std::nullopt; }
        case Bool: {
            std::uint8_t v; if (!in.get(v)) return truncated(field);
            if (v > 1)
                return fail(field, tr("a bool must be 0 or 1, not %1").arg(v));
            if (out) *out = v == 1;
            return std::nullopt;
        }
        case String: {
            if (!out)
                return readString(field, kMaxStringBytes, nullptr);
            QString s;
            if (auto e = readString(field, kMaxStringBytes, &s))
                return e;
            *out = s;
            return std::nullopt;
        }
        case Array: {
            if (depth >= kMaxArrayDepth)
                return fail(field, tr("arrays nested deeper than %1 levels").arg(kMaxArrayDepth));
            std::uint32_t elementType = 0;
            std::uint64_t length = 0;
            if (!in.get(elementType) || !in.get(length))
                return truncated(field);
            const int elementBytes = scalarBytes(elementType);
            if (elementBytes < 0)
                return fail(field, tr("unknown array element type %1").arg(elementType));
            // A string element takes at least its 8-byte length, an array its 12-byte header.
            const std::int64_t least = elementBytes > 0 ? elementBytes : (elementType == String ? 8 : 12);
            if (length > std::uint64_t(in.remaining() / least))
                return fail(field, tr("an array of %1 %2 values runs past the end of the file (%3 bytes left)")
                                       .arg(length)
                                       .arg(typeName(elementType))
                                       .arg(in.remaining()));
            constexpr std::uint64_t kKeptValues = 16; // short arrays are kept whole for the metadata view
            QJsonArray values;
            if (elementBytes > 0 && length > kKeptValues) {
                if (!in.skip(std::int64_t(length) * elementBytes))
                    return truncated(field);
            } else {
                for (std::uint64_t i = 0; i < length; ++i) {
                    QJsonValue v;
                    const bool keep = out && i < kKeptValues && elementType != Array;
                    if (auto e = readValue(field, elementType, depth + 1, keep ? &v : nullptr))
                        return e;
                    if (keep)
                        values.append(v);
                }
            }
            if (out) {
                QJsonObject o{{QStringLiteral("type"), QStringLiteral("array")},
                              {QStringLiteral("element_type"), typeName(elementType)},
                              {QStringLiteral("length"), qint64(length)}};
                if (length <= kKeptValues && elementType != Array)
                    o.insert(QStringLiteral("values"), values);
                *out = o;
            }
            return std::nullopt;
        }
        default:
            return fail(field, tr("unknown value type %1").arg(type));
        }
    };

    ModelFile out;
    out.format = ModelFileFormat::Gguf;
    out.path = path;
    out.ggufVersion = int(version);
    out.ggufAlignment = kDefaultAlignment;
    for (std::uint64_t i = 0; i < kvCount; ++i) {
        const QString keyField = tr("metadata key %1").arg(i);
        QString key;
        if (auto e = readString(keyField, kMaxKeyBytes, &key))
            return *e;
        if (out.metadata.contains(key))
            return fail(key, tr("the key appears twice"));
        std::uint32_t type = 0;
        if (!in.get(type))
            return truncated(key);
        if (scalarBytes(type) < 0)
            return fail(key, tr("unknown value type %1").arg(type));
        QJsonValue value;
        if (auto e = readValue(key, type, 0, &value))
            return *e;
        if (key == QLatin1String("general.alignment")) {
            const qint64 a = value.toInteger(0);
            if (type != U32)
                return fail(key, tr("must be a uint32, not %1").arg(typeName(type)));
            if (a <= 0 || (a & (a - 1)) != 0)
                return fail(key, tr("%1 is not a power of two").arg(a));
            out.ggufAlignment = a;
        }
        out.metadata.insert(key, value);
    }

    QSet<QString> names;
    out.tensors.reserve(std::size_t(tensorCount));
    for (std::uint64_t i = 0; i < tensorCount; ++i) {
        TensorInfo t;
        if (auto e = readString(tr("tensor %1 name").arg(i), kMaxKeyBytes, &t.name))
            return *e;
        if (names.contains(t.name))
            return fail(t.name, tr("two tensors have this name"));
        names.insert(t.name);
        std::uint32_t nDims = 0;
        if (!in.get(nDims))
            return truncated(t.name + QStringLiteral(".n_dimensions"));
        if (nDims > std::uint32_t(kMaxDims))
            return fail(t.name + QStringLiteral(".n_dimensions"), tr("%1 dimensions, more than ggml's %2").arg(nDims).arg(kMaxDims));
        __int128 elements = 1;
        for (std::uint32_t d = 0; d < nDims; ++d) {
            std::uint64_t ne = 0;
            if (!in.get(ne))
                return truncated(t.name + QStringLiteral(".dimensions"));
            if (ne > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
                return fail(t.name + QStringLiteral(".dimensions"), tr("dimension %1 is %2, past int64").arg(d).arg(ne));
            t.shape.push_back(std::int64_t(ne));
            elements *= std::int64_t(ne);
            if (elements > std::numeric_limits<std::int64_t>::max())
                return fail(t.name + QStringLiteral(".dimensions"), tr("the dimensions multiply past int64"));
        }
        t.elements = std::int64_t(elements);
        std::uint32_t typeId = 0;
        if (!in.get(typeId))
            return truncated(t.name + QStringLiteral(".type"));
        const GgmlType *type = TensorFormat::ggml(typeId);
        if (!type)
            return fail(t.name + QStringLiteral(".type"), tr("unknown or removed ggml type %1").arg(typeId));
        t.dtype = type->name;
        const std::int64_t rowElements = t.shape.empty() ? 1 : t.shape[0];
        if (rowElements % type->blockElements != 0)
            return fail(t.name + QStringLiteral(".dimensions"),
                        tr("ne[0] = %1 is not a whole number of %2 blocks of %3 values")
                            .arg(rowElements)
                            .arg(type->name)
                            .arg(type->blockElements));
        const __int128 bytes = __int128(t.elements / type->blockElements) * type->blockBytes;
        if (bytes > std::numeric_limits<std::int64_t>::max())
            return fail(t.name + QStringLiteral(".dimensions"), tr("the tensor's bytes overflow int64"));
        t.bytes = std::int64_t(bytes);
        std::uint64_t offset = 0;
        if (!in.get(offset))
            return truncated(t.name + QStringLiteral(".offset"));
        if (offset > std::uint64_t(size))
            return fail(t.name + QStringLiteral(".offset"), tr("%1 is past the end of the %2-byte file").arg(offset).arg(size));
        t.offset = std::int64_t(offset); // relative to the data section until it is known
        out.tensors.push_back(std::move(t));
    }

    const std::int64_t alignment = out.ggufAlignment;
    const std::int64_t dataStart = (in.pos() + alignment - 1) / alignment * alignment;
    if (dataStart > size)
        return fail(QStringLiteral("tensor_data"), tr("the file ends before the tensor data begins at byte %1").arg(dataStart));
    const std::int64_t dataBytes = size - dataStart;
    for (TensorInfo &t : out.tensors) {
        const QString field = t.name + QStringLiteral(".offset");
        if (t.offset % alignment != 0)
            return Error{path, field, tr("%1 is not a multiple of the alignment %2").arg(t.offset).arg(alignment)};
        if (t.bytes > dataBytes - t.offset)
            return Error{path, field,
                         tr("the tensor's %1 bytes at offset %2 reach past the %3 bytes of tensor data: the file is "
                            "truncated or the offset is wrong")
                             .arg(t.bytes)
                             .arg(t.offset)
                             .arg(dataBytes)};
    }
    std::vector<const TensorInfo *> byOffset;
    byOffset.reserve(out.tensors.size());
    for (const TensorInfo &t : out.tensors)
        byOffset.push_back(&t);
    std::stable_sort(byOffset.begin(), byOffset.end(), [](const TensorInfo *a, const TensorInfo *b) { return a->offset < b->offset; });
    for (std::size_t i = 1; i < byOffset.size(); ++i) {
        const TensorInfo &a = *byOffset[i - 1];
        const TensorInfo &b = *byOffset[i];
        if (b.offset < a.offset + a.bytes && b.bytes > 0)
            return Error{path, b.name + QStringLiteral(".offset"),
                         tr("the tensor overlaps %1 (bytes %2 to %3 of the tensor data)").arg(a.name).arg(a.offset).arg(a.offset + a.bytes)};
    }
    for (TensorInfo &t : out.tensors)
        t.offset += dataStart;
    out.files.push_back({path, size, dataStart});
    PackedWeights::classify(out.tensors);
    return out;
}

} // namespace tx
