#include "tests/support/ggufbuilder.h"

#include "core/modelfile/tensorformat.h"

#include <QFile>

#include <cstring>

namespace tx {

void GgufBuilder::putU32(QByteArray &b, std::uint32_t v)
{
    b.append(reinterpret_cast<const char *>(&v), 4);
}

void GgufBuilder::putU64(QByteArray &b, std::uint64_t v)
{
    b.append(reinterpret_cast<const char *>(&v), 8);
}

void GgufBuilder::putString(QByteArray &b, const QByteArray &s)
{
    putU64(b, std::uint64_t(s.size()));
    b.append(s);
}

void GgufBuilder::addU32(const QString &key, std::uint32_t v)
{
    putString(m_kv, key.toUtf8());
    putU32(m_kv, 4);
    putU32(m_kv, v);
    ++m_kvCount;
}

void GgufBuilder::addF32(const QString &key, float v)
{
    putString(m_kv, key.toUtf8());
    putU32(m_kv, 6);
    m_kv.append(reinterpret_cast<const char *>(&v), 4);
    ++m_kvCount;
}

void GgufBuilder::addString(const QString &key, const QString &v)
{
    putString(m_kv, key.toUtf8());
    putU32(m_kv, 8);
    putString(m_kv, v.toUtf8());
    ++m_kvCount;
}

void GgufBuilder::addBool(const QString &key, bool v)
{
    putString(m_kv, key.toUtf8());
    putU32(m_kv, 7);
    m_kv.append(char(v ? 1 : 0));
    ++m_kvCount;
}

void GgufBuilder::addStringArray(const QString &key, std::int64_t count, QString (*token)(std::int64_t))
{
    putString(m_kv, key.toUtf8());
    putU32(m_kv, 9);
    putU32(m_kv, 8);
    putU64(m_kv, std::uint64_t(count));
    for (std::int64_t i = 0; i < count; ++i)
        putString(m_kv, token(i).toUtf8());
    ++m_kvCount;
}

void GgufBuilder::addI32Array(const QString &key, std::int64_t count, std::int32_t value)
{
    putString(m_kv, key.toUtf8());
    putU32(m_kv, 9);
    putU32(m_kv, 5);
    putU64(m_kv, std::uint64_t(count));
    for (std::int64_t i = 0; i < count; ++i)
        m_kv.append(reinterpret_cast<const char *>(&value), 4);
    ++m_kvCount;
}

std::int64_t GgufBuilder::tensorBytes(const Tensor &t)
{
    const GgmlType *type = TensorFormat::ggml(t.type);
    std::int64_t n = 1;
    for (std::int64_t e : t.ne)
        n *= e;
    return n / type->blockElements * type->blockBytes;
}

QByteArray GgufBuilder::header() const
{
    QByteArray b("GGUF");
    putU32(b, m_version);
    putU64(b, m_tensors.size());
    putU64(b, std::uint64_t(m_kvCount));
    b.append(m_kv);
    std::int64_t offset = 0;
    for (const Tensor &t : m_tensors) {
        putString(b, t.name.toUtf8());
        putU32(b, std::uint32_t(t.ne.size()));
        for (std::int64_t e : t.ne)
            putU64(b, std::uint64_t(e));
        putU32(b, t.type);
        putU64(b, std::uint64_t(offset));
        offset += (tensorBytes(t) + m_alignment - 1) / m_alignment * m_alignment;
    }
    return b;
}

std::int64_t GgufBuilder::write(const QString &path) const
{
    const QByteArray h = header();
    const std::int64_t dataStart = (h.size() + m_alignment - 1) / m_alignment * m_alignment;
    std::int64_t data = 0;
    for (std::size_t i = 0; i < m_tensors.size(); ++i) {
        const std::int64_t n = tensorBytes(m_tensors[i]);
        // Padding between tensors, none after the last (as gguf.cpp writes it).
        data += i + 1 < m_tensors.size() ? (n + m_alignment - 1) / m_alignment * m_alignment : n;
    }
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return -1;
    f.write(h);
    f.resize(dataStart + data);
    return dataStart + data;
}

} // namespace tx
