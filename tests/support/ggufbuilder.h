#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <vector>

namespace tx {

// Builds GGUF v3 files for tests (ggml docs/gguf.md): key/values, tensor infos with offsets
// aligned to general.alignment, then the data as a hole (QFile::resize), so a 5 GB model file
// costs its header on disk. Raw bytes can be appended for hostile headers.
class GgufBuilder
{
public:
    struct Tensor
    {
        QString name;
        std::uint32_t type = 0;        // ggml_type
        std::vector<std::int64_t> ne;  // ne[0] first
    };

    explicit GgufBuilder(std::uint32_t version = 3) : m_version(version) {}

    void addU32(const QString &key, std::uint32_t v);
    void addF32(const QString &key, float v);
    void addString(const QString &key, const QString &v);
    void addBool(const QString &key, bool v);
    // An array of `count` strings made by `token(i)` (tokenizer.ggml.tokens).
    void addStringArray(const QString &key, std::int64_t count, QString (*token)(std::int64_t));
    void addI32Array(const QString &key, std::int64_t count, std::int32_t value);
    void addTensor(const Tensor &t) { m_tensors.push_back(t); }
    void setAlignment(std::uint32_t a) { m_alignment = a; addU32(QStringLiteral("general.alignment"), a); }

    // The header (magic through tensor infos, unpadded) as it would be written.
    QByteArray header() const;
    // Writes the file; returns its bytes, or -1.
    std::int64_t write(const QString &path) const;
    // Bytes of one tensor's data.
    static std::int64_t tensorBytes(const Tensor &t);

    static void putU32(QByteArray &b, std::uint32_t v);
    static void putU64(QByteArray &b, std::uint64_t v);
    static void putString(QByteArray &b, const QByteArray &s);

private:
    std::uint32_t m_version = 3;
    std::uint32_t m_alignment = 32;
    std::int64_t m_kvCount = 0;
    QByteArray m_kv;
    std::vector<Tensor> m_tensors;
};

} // namespace tx
