#include "core/formats/safetensors.h"

#include "core/formats/safetensorsindex.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFloat16>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace tx {

namespace {

// The format's own cap on the JSON header (safetensors README: 100 MB), so a forged length
// cannot make us allocate gigabytes for it.
constexpr std::int64_t kMaxHeaderBytes = 100'000'000;

int dtypeBytes(const QString &dtype)
{
    static const std::map<QString, int> sizes = {
        {QStringLiteral("F64"), 8}, {QStringLiteral("F32"), 4}, {QStringLiteral("F16"), 2},
        {QStringLiteral("BF16"), 2}, {QStringLiteral("I64"), 8}, {QStringLiteral("I32"), 4},
        {QStringLiteral("I16"), 2}, {QStringLiteral("I8"), 1}, {QStringLiteral("U8"), 1},
        {QStringLiteral("U16"), 2}, {QStringLiteral("U32"), 4}, {QStringLiteral("U64"), 8},
        {QStringLiteral("BOOL"), 1}, {QStringLiteral("F8_E4M3"), 1}, {QStringLiteral("F8_E5M2"), 1},
    };
    const auto it = sizes.find(dtype);
    return it == sizes.end() ? 0 : it->second;
}

QString shapeText(const std::vector<std::int64_t> &shape)
{
    QStringList parts;
    for (std::int64_t s : shape)
        parts << QString::number(s);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

std::uint16_t floatToBf16(float f)
{
    std::uint32_t u;
    std::memcpy(&u, &f, 4);
    if ((u & 0x7fffffffu) > 0x7f800000u) // NaN stays a (quiet) NaN
        return std::uint16_t((u >> 16) | 0x40u);
    u += 0x7fffu + ((u >> 16) & 1u); // round to nearest even
    return std::uint16_t(u >> 16);
}

} // namespace

QString Safetensors::toString(Dtype d)
{
    switch (d) {
    case Dtype::F32: return QStringLiteral("F32");
    case Dtype::F16: return QStringLiteral("F16");
    case Dtype::BF16: return QStringLiteral("BF16");
    }
    return {};
}

std::optional<Error> Safetensors::readShard(const QString &path, int shard, Safetensors &st,
                                            std::vector<std::pair<QString, int>> *stored)
{
    auto fail = [&path](const QString &field, const QString &message) { return Error{path, field, message}; };
    auto file = std::make_shared<QFile>(path);
    if (!file->open(QIODevice::ReadOnly))
        return fail({}, tr("cannot open: %1").arg(file->errorString()));
    const std::int64_t size = file->size();
    const QString lengthField = QStringLiteral("header length");
    if (size < 8)
        return fail(lengthField, tr("the file has %1 bytes, fewer than the 8-byte header length").arg(size));
    uchar lengthBytes[8];
    if (file->read(reinterpret_cast<char *>(lengthBytes), 8) != 8)
        return fail(lengthField, tr("cannot read the header length"));
    std::uint64_t headerBytes = 0;
    for (int i = 7; i >= 0; --i)
        headerBytes = (headerBytes << 8) | lengthBytes[i];
    if (headerBytes > std::uint64_t(size - 8))
        return fail(lengthField, tr("claims %1 bytes of header, but only %2 bytes follow").arg(headerBytes).arg(size - 8));
    if (headerBytes > std::uint64_t(kMaxHeaderBytes))
        return fail(lengthField, tr("%1 bytes is more than the format's 100 MB limit").arg(headerBytes));
    const QByteArray headerText = file->read(qint64(headerBytes));
    if (headerText.size() != qsizetype(headerBytes))
        return fail(lengthField, tr("the header is truncated"));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(headerText, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject())
        return fail(QStringLiteral("header"),
                    tr("not a JSON object (%1 at byte %2)").arg(parseError.errorString()).arg(parseError.offset));

    Shard part;
    part.path = path;
    part.dataBytes = size - 8 - std::int64_t(headerBytes);
    const QJsonObject root = doc.object();
    for (auto it = root.begin(); it != root.end(); ++it) {
        const QString name = it.key();
        if (name == QLatin1String("__metadata__"))
            continue;
        if (!it.value().isObject())
            return fail(name, tr("expected an object with dtype, shape and data_offsets"));
        const QJsonObject o = it.value().toObject();
        Entry e;
        e.dtype = o.value(QStringLiteral("dtype")).toString();
        const int elementBytes = dtypeBytes(e.dtype);
        if (elementBytes == 0)
            return fail(name, tr("unknown dtype \"%1\"").arg(e.dtype));
        const QJsonValue shape = o.value(QStringLiteral("shape"));
        if (!shape.isArray() || shape.toArray().size() > 8)
            return fail(name, tr("shape must be an array of at most 8 sizes"));
        std::int64_t bytes = elementBytes;
        for (const QJsonValue &v : shape.toArray()) {
            const double s = v.toDouble(-1);
            if (!v.isDouble() || s < 0 || s != double(std::int64_t(s)) || s > 9e15)
                return fail(name, tr("shape %1 holds a size that is not a non-negative integer")
                                      .arg(QString::fromUtf8(QJsonDocument(shape.toArray()).toJson(QJsonDocument::Compact))));
            e.shape.push_back(std::int64_t(s));
            if (s != 0 && bytes > std::numeric_limits<std::int64_t>::max() / std::int64_t(s))
                return fail(name, tr("shape %1 overflows").arg(shapeText(e.shape)));
            bytes *= std::int64_t(s);
        }
        const QJsonArray offsets = o.value(QStringLiteral("data_offsets")).toArray();
        if (offsets.size() != 2 || !offsets[0].isDouble() || !offsets[1].isDouble())
            return fail(name, tr("data_offsets must be two integers [begin, end]"));
        const double b = offsets[0].toDouble(), en = offsets[1].toDouble();
        if (b < 0 || en < b || b != double(std::int64_t(b)) || en != double(std::int64_t(en)))
            return fail(name, tr("data_offsets [%1, %2] are not 0 <= begin <= end").arg(b).arg(en));
        if (en > double(part.dataBytes))
            return fail(name, tr("data_offsets [%1, %2] reach past the %3 bytes of data: the file is truncated or "
                                 "the offsets are wrong")
                                  .arg(qint64(b))
                                  .arg(qint64(en))
                                  .arg(part.dataBytes));
        e.begin = std::int64_t(b);
        e.end = std::int64_t(en);
        e.shard = shard;
        if (e.end - e.begin != bytes)
            return fail(name, tr("shape %1 of %2 needs %3 bytes, but data_offsets span %4")
                                  .arg(shapeText(e.shape), e.dtype)
                                  .arg(bytes)
                                  .arg(e.end - e.begin));
        if (stored)
            stored->emplace_back(name, shard);
        st.m_entries.emplace(name, std::move(e)); // the first of a name stored twice: check() refuses it
    }
    if (part.dataBytes > 0) {
        const uchar *map = file->map(8 + qint64(headerBytes), part.dataBytes);
        if (!map)
            return fail({}, tr("cannot map the data: %1").arg(file->errorString()));
        part.data = map;
    }
    part.file = std::move(file);
    st.m_dataBytes += part.dataBytes;
    st.m_shards.push_back(std::move(part));
    return std::nullopt;
}

Expected<Safetensors, Error> Safetensors::open(const QString &path, const StopToken &stop)
{
    Safetensors st;
    st.m_path = path;
    if (auto e = readShard(path, 0, st, nullptr))
        return *e;
    st.m_stop = stop;
    return st;
}

Expected<Safetensors, Error> Safetensors::openIndex(const QString &indexPath, const StopToken &stop)
{
    auto index = SafetensorsIndex::read(indexPath);
    if (!index)
        return index.error();
    Safetensors st;
    st.m_path = indexPath;
    std::vector<std::pair<QString, int>> stored;
    stored.reserve(std::size_t(index->tensorCount()));
    for (int i = 0; i < int(index->shards().size()); ++i) {
        if (stop.stopped())
            return Error{indexPath, {}, QCoreApplication::translate("tx::Transformer", "cancelled")};
        if (auto e = readShard(index->shardPath(i), i, st, &stored))
            return *e;
    }
    if (auto e = index->check(stored))
        return *e;
    std::int64_t tensorBytes = 0;
    for (const auto &[name, e] : st.m_entries)
        tensorBytes += e.end - e.begin;
    if (auto e = index->checkTotal(tensorBytes))
        return *e;
    st.m_stop = stop;
    return st;
}

Expected<Safetensors, Error> Safetensors::openCheckpoint(const QString &path, const StopToken &stop)
{
    const QFileInfo info(path);
    if (!info.isDir())
        return info.suffix() == QLatin1String("json") ? openIndex(path, stop) : open(path, stop);
    const QDir dir(path);
    const QString single = dir.filePath(QStringLiteral("model.safetensors"));
    const QString index = dir.filePath(QStringLiteral("model.safetensors.index.json"));
    if (!QFileInfo::exists(single) && QFileInfo::exists(index))
        return openIndex(index, stop);
    return open(single, stop); // "cannot open" names model.safetensors when neither is there
}

QString Safetensors::fileOf(const QString &name) const
{
    const Entry *e = entry(name);
    return e ? m_shards[std::size_t(e->shard)].path : m_path;
}

const Safetensors::Entry *Safetensors::entry(const QString &name) const
{
    const auto it = m_entries.find(name);
    return it == m_entries.end() ? nullptr : &it->second;
}

QStringList Safetensors::names() const
{
    QStringList n;
    for (const auto &[name, e] : m_entries)
        n << name;
    return n;
}

Expected<bool, Error> Safetensors::read(const QString &name, const std::vector<std::int64_t> &shape, float *out) const
{
    const Entry *e = entry(name);
    if (!e)
        return Error{m_path, name, tr("missing tensor")};
    if (e->shape != shape)
        return Error{fileOf(name), name, tr("shape %1, expected %2").arg(shapeText(e->shape), shapeText(shape))};
    std::int64_t n = 1;
    for (std::int64_t s : shape)
        n *= s;
    if (n == 0)
        return true;
    const Shard &part = m_shards[std::size_t(e->shard)];
    const uchar *src = part.data + e->begin;
    const int elementBytes = dtypeBytes(e->dtype);
    enum class Kind { F32, F16, BF16, E4M3 } kind;
    if (e->dtype == QLatin1String("F32"))
        kind = Kind::F32;
    else if (e->dtype == QLatin1String("F16"))
        kind = Kind::F16;
    else if (e->dtype == QLatin1String("BF16"))
        kind = Kind::BF16;
    else if (e->dtype == QLatin1String("F8_E4M3"))
        kind = Kind::E4M3;
    else
        return Error{part.path, name, tr("dtype %1, expected F32, F16 or BF16").arg(e->dtype)};
    // Chunks of 1 Mi values (4 MB of float32 out): a few milliseconds each even from a cold
    // disk's page faults, so a cancelled load of a 500 MB checkpoint stops well within 100 ms.
    constexpr std::int64_t kChunk = 1 << 20;
    for (std::int64_t start = 0; start < n; start += kChunk) {
        if (m_stop.stopped())
            return Error{part.path, name, QCoreApplication::translate("tx::Transformer", "cancelled")};
        const std::int64_t end = std::min(n, start + kChunk);
        switch (kind) {
        case Kind::F32: // the engine runs on little-endian x86-64, like the format
            std::memcpy(out + start, src + 4 * start, std::size_t(end - start) * 4);
            break;
        case Kind::F16:
            for (std::int64_t i = start; i < end; ++i) {
                qfloat16 h;
                std::memcpy(&h, src + 2 * i, 2);
                out[i] = float(h);
            }
            break;
        case Kind::BF16:
            for (std::int64_t i = start; i < end; ++i) {
                std::uint32_t u = std::uint32_t(src[2 * i]) << 16 | std::uint32_t(src[2 * i + 1]) << 24;
                std::memcpy(out + i, &u, 4);
            }
            break;
        case Kind::E4M3:
            for (std::int64_t i = start; i < end; ++i)
                out[i] = e4m3(src[i]);
            break;
        }
        m_bytesRead += (end - start) * elementBytes;
        m_stop.report(std::min(m_bytesRead, m_dataBytes), m_dataBytes);
    }
    return true;
}

float Safetensors::e4m3(uchar byte)
{
    const int sign = byte >> 7, exponent = (byte >> 3) & 0xf, mantissa = byte & 0x7;
    if (exponent == 0xf && mantissa == 0x7)
        return std::numeric_limits<float>::quiet_NaN();
    // Bias 7; exponent 0 holds the subnormals m/8 · 2^-6.
    const float magnitude = exponent == 0 ? std::ldexp(float(mantissa) / 8.0f, -6)
                                          : std::ldexp(1.0f + float(mantissa) / 8.0f, exponent - 7);
    return sign ? -magnitude : magnitude;
}

Expected<Mat, Error> Safetensors::tensor(const QString &name, const std::vector<std::int64_t> &shape) const
{
    if (shape.empty())
        return Error{m_path, name, tr("expected a tensor of at least one dimension")};
    std::int64_t rows = 1;
    for (std::size_t i = 0; i + 1 < shape.size(); ++i)
        rows *= shape[i];
    Mat m;
    if (const Entry *e = entry(name); e && e->shape == shape)
        m.resize(rows, shape.back());
    auto ok = read(name, shape, m.data());
    if (!ok)
        return ok.error();
    return m;
}

Expected<const uchar *, Error> Safetensors::bytes(const QString &name, const QString &dtype,
                                                  const std::vector<std::int64_t> &shape) const
{
    const Entry *e = entry(name);
    if (!e)
        return Error{m_path, name, tr("missing tensor")};
    if (e->shape != shape)
        return Error{fileOf(name), name, tr("shape %1, expected %2").arg(shapeText(e->shape), shapeText(shape))};
    if (e->dtype != dtype)
        return Error{fileOf(name), name, tr("dtype %1, expected %2").arg(e->dtype, dtype)};
    // The caller decodes these itself (MXFP4 blocks, fp8 scales): the stop is looked at per tensor.
    if (m_stop.stopped())
        return Error{fileOf(name), name, QCoreApplication::translate("tx::Transformer", "cancelled")};
    m_bytesRead += e->end - e->begin;
    m_stop.report(std::min(m_bytesRead, m_dataBytes), m_dataBytes);
    return m_shards[std::size_t(e->shard)].data + e->begin;
}

Expected<Mat, Error> Safetensors::matrix(const QString &name, std::int64_t rows, std::int64_t cols) const
{
    Mat m;
    if (const Entry *e = entry(name); e && e->shape == std::vector<std::int64_t>{rows, cols})
        m.resize(rows, cols); // allocated only once the file is known to hold that many values
    auto ok = read(name, {rows, cols}, m.data());
    if (!ok)
        return ok.error();
    return m;
}

Expected<RowVec, Error> Safetensors::vector(const QString &name, std::int64_t n) const
{
    RowVec v;
    if (const Entry *e = entry(name); e && e->shape == std::vector<std::int64_t>{n})
        v.resize(n);
    auto ok = read(name, {n}, v.data());
    if (!ok)
        return ok.error();
    return v;
}

std::optional<Error> Safetensors::save(const QString &path, const std::vector<Out> &tensors, Dtype dtype,
                                      const StopToken &stop)
{
    const int elementBytes = dtype == Dtype::F32 ? 4 : 2;
    QJsonObject header;
    std::int64_t offset = 0;
    for (const Out &t : tensors) {
        const std::int64_t n = (t.rows > 0 ? t.rows : 1) * t.cols;
        const std::int64_t bytes = t.rawDtype.isEmpty() ? n * elementBytes : std::int64_t(t.raw.size());
        QJsonObject e;
        e.insert(QStringLiteral("dtype"), t.rawDtype.isEmpty() ? toString(dtype) : t.rawDtype);
        QJsonArray shape;
        if (!t.shape.empty()) {
            for (std::int64_t s : t.shape)
                shape.append(qint64(s));
        } else {
            if (t.rows > 0)
                shape.append(qint64(t.rows));
            shape.append(qint64(t.cols));
        }
        e.insert(QStringLiteral("shape"), shape);
        e.insert(QStringLiteral("data_offsets"), QJsonArray{qint64(offset), qint64(offset + bytes)});
        header.insert(t.name, e);
        offset += bytes;
    }
    header.insert(QStringLiteral("__metadata__"), QJsonObject{{QStringLiteral("format"), QStringLiteral("pt")}});
    QByteArray text = QJsonDocument(header).toJson(QJsonDocument::Compact);
    while (text.size() % 8 != 0) // the data starts 8-byte aligned, as the reference writer does
        text.append(' ');

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error{path, {}, tr("cannot write: %1").arg(file.errorString())};
    uchar length[8];
    std::uint64_t n = std::uint64_t(text.size());
    for (int i = 0; i < 8; ++i)
        length[i] = uchar((n >> (8 * i)) & 0xffu);
    file.write(reinterpret_cast<const char *>(length), 8);
    file.write(text);
    const std::int64_t total = 8 + std::int64_t(text.size()) + offset;
    std::int64_t written = 8 + std::int64_t(text.size());
    for (const Out &t : tensors) {
        if (stop.stopped()) {
            file.cancelWriting();
            return Error{path, {}, tr("cancelled")};
        }
        stop.report(written, total);
        if (!t.rawDtype.isEmpty()) {
            file.write(t.raw);
            written += t.raw.size();
            continue;
        }
        const std::int64_t count = (t.rows > 0 ? t.rows : 1) * t.cols;
        QByteArray bytes(qsizetype(count * elementBytes), Qt::Uninitialized);
        if (dtype == Dtype::F32) {
            std::memcpy(bytes.data(), t.data, std::size_t(count) * 4);
        } else if (dtype == Dtype::F16) {
            qFloatToFloat16(reinterpret_cast<qfloat16 *>(bytes.data()), t.data, count);
        } else {
            for (std::int64_t i = 0; i < count; ++i) {
                const std::uint16_t b = floatToBf16(t.data[i]);
                std::memcpy(bytes.data() + 2 * i, &b, 2);
            }
        }
        file.write(bytes);
        written += bytes.size();
    }
    if (stop.stopped()) {
        file.cancelWriting();
        return Error{path, {}, tr("cancelled")};
    }
    if (!file.commit())
        return Error{path, {}, tr("cannot write: %1").arg(file.errorString())};
    stop.report(total, total);
    return std::nullopt;
}

} // namespace tx
