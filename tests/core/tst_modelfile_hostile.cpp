// Hostile checkpoint headers: every one is an Error naming the file and the field, never a
// crash, a hang, a read past the end or an allocation the file's size does not justify.
#include "core/modelfile/ggufreader.h"
#include "core/modelfile/modelfilereader.h"
#include "core/modelfile/safetensorsheader.h"
#include "tests/support/ggufbuilder.h"
#include "tests/support/sparsecheckpoint.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace tx;

namespace {

QByteArray lengthPrefix(quint64 n)
{
    QByteArray b(8, '\0');
    for (int i = 0; i < 8; ++i)
        b[i] = char((n >> (8 * i)) & 0xff);
    return b;
}

// length, header text, then `dataBytes` bytes of data.
QByteArray safetensors(const QByteArray &header, int dataBytes)
{
    return lengthPrefix(quint64(header.size())) + header + QByteArray(dataBytes, '\0');
}

QByteArray u32(std::uint32_t v)
{
    QByteArray b;
    GgufBuilder::putU32(b, v);
    return b;
}

QByteArray u64(std::uint64_t v)
{
    QByteArray b;
    GgufBuilder::putU64(b, v);
    return b;
}

QByteArray str(const QByteArray &s)
{
    QByteArray b;
    GgufBuilder::putString(b, s);
    return b;
}

// "GGUF", version 3, counts.
QByteArray ggufHead(std::uint64_t tensors, std::uint64_t kvs, std::uint32_t version = 3)
{
    return QByteArray("GGUF") + u32(version) + u64(tensors) + u64(kvs);
}

// A tensor info: name, dims, type, offset.
QByteArray tensorInfo(const QByteArray &name, std::vector<std::uint64_t> ne, std::uint32_t type, std::uint64_t offset)
{
    QByteArray b = str(name) + u32(std::uint32_t(ne.size()));
    for (std::uint64_t e : ne)
        b += u64(e);
    return b + u32(type) + u64(offset);
}

QByteArray padTo(QByteArray b, int alignment)
{
    while (b.size() % alignment != 0)
        b.append('\0');
    return b;
}

} // namespace

class TestModelFileHostile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_n = 0;

    QString write(const QByteArray &bytes, const QString &suffix)
    {
        const QString path = m_dir.filePath(QStringLiteral("f%1").arg(++m_n) + suffix);
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write(bytes);
        return path;
    }

    static void expectError(const Expected<ModelFile, Error> &m, const QString &file, const QString &field,
                            const QString &message)
    {
        QVERIFY2(!m, "the hostile file was accepted");
        QCOMPARE(m.error().file, file);
        QCOMPARE(m.error().field, field);
        QVERIFY2(m.error().message.contains(message), qPrintable(m.error().message));
    }

private slots:
    void safetensorsHeaders_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        const QByteArray w = R"("w":{"dtype":"F32","shape":[2,3],"data_offsets":[0,24]})";
        QTest::newRow("truncated length") << QByteArray("abc") << QStringLiteral("header length")
                                          << QStringLiteral("the file has 3 bytes, fewer than the 8-byte header length");
        QTest::newRow("length 2^63") << (lengthPrefix(1ULL << 63) + QByteArray("{}")) << QStringLiteral("header length")
                                     << QStringLiteral("claims 9223372036854775808 bytes of header, but only 2 bytes follow");
        QTest::newRow("truncated header") << (lengthPrefix(200) + "{" + w) << QStringLiteral("header length")
                                          << QStringLiteral("claims 200 bytes of header");
        QTest::newRow("not JSON") << safetensors("{\"w\":", 0) << QStringLiteral("header") << QStringLiteral("not a JSON object");
        QTest::newRow("unknown dtype")
            << safetensors(R"({"w":{"dtype":"F7","shape":[2],"data_offsets":[0,2]}})", 2) << QStringLiteral("w.dtype")
            << QStringLiteral("unknown dtype \"F7\"");
        QTest::newRow("negative size")
            << safetensors(R"({"w":{"dtype":"U8","shape":[-2],"data_offsets":[0,2]}})", 2) << QStringLiteral("w.shape")
            << QStringLiteral("not a non-negative integer");
        QTest::newRow("shape overflow")
            << safetensors(R"({"w":{"dtype":"F64","shape":[4294967296,4294967296,4294967296],"data_offsets":[0,8]}})", 8)
            << QStringLiteral("w.shape") << QStringLiteral("too many elements");
        QTest::newRow("shape disagrees with span")
            << safetensors(R"({"w":{"dtype":"F32","shape":[2,3],"data_offsets":[0,20]}})", 20)
            << QStringLiteral("w.data_offsets") << QStringLiteral("span 20 bytes, but shape [2, 3] of F32 needs 24");
        QTest::newRow("offsets past the end")
            << safetensors("{" + w + "}", 10) << QStringLiteral("w.data_offsets")
            << QStringLiteral("[0, 24] reach past the 10 bytes of data");
        QTest::newRow("overlapping")
            << safetensors("{" + w + R"(,"v":{"dtype":"F32","shape":[2],"data_offsets":[16,24]}})", 24)
            << QStringLiteral("v.data_offsets") << QStringLiteral("overlap w by 8 bytes");
        QTest::newRow("gap")
            << safetensors(R"({"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]},"b":{"dtype":"U8","shape":[4],"data_offsets":[8,12]}})", 12)
            << QStringLiteral("b.data_offsets") << QStringLiteral("leave 4 bytes unaccounted for");
        QTest::newRow("trailing bytes") << safetensors("{" + w + "}", 32) << QStringLiteral("data_offsets")
                                        << QStringLiteral("the tensors end at byte");
        QTest::newRow("sub-byte tail")
            << safetensors(R"({"w":{"dtype":"F4","shape":[3],"data_offsets":[0,2]}})", 2) << QStringLiteral("w.shape")
            << QStringLiteral("does not end on a byte boundary");
        QTest::newRow("offsets not integers")
            << safetensors(R"({"w":{"dtype":"U8","shape":[2],"data_offsets":[0.5,2]}})", 2)
            << QStringLiteral("w.data_offsets") << QStringLiteral("must be two integers");
    }
    void safetensorsHeaders()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, field);
        QFETCH(QString, message);
        const QString path = write(bytes, QStringLiteral(".safetensors"));
        expectError(ModelFileReader::open(path), path, field, message);
    }

    // A 2^63 length in a sparse 4 GB file: refused from the length, nothing allocated.
    void hugeLengthInSparseFile()
    {
        const QString path = m_dir.filePath(QStringLiteral("huge.safetensors"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(lengthPrefix((1ULL << 32) - 16));
        f.resize(std::int64_t(1) << 32);
        f.close();
        expectError(SafetensorsHeader::readFile(path), path, QStringLiteral("header length"),
                    QStringLiteral("more than the format's 100 MB limit"));
    }

    void indexMissingShard()
    {
        const QString dir = m_dir.filePath(QStringLiteral("missing"));
        SparseCheckpoint::writeSharded(dir, {{QStringLiteral("a"), QStringLiteral("BF16"), {8}},
                                             {QStringLiteral("b"), QStringLiteral("BF16"), {8}}}, 2);
        QVERIFY(QFile::remove(dir + QStringLiteral("/model-00002-of-00002.safetensors")));
        const QString index = dir + QStringLiteral("/model.safetensors.index.json");
        expectError(ModelFileReader::open(dir), index, QStringLiteral("weight_map.b"),
                    QStringLiteral("names the shard model-00002-of-00002.safetensors, which is missing"));
    }

    void indexTotalSize()
    {
        const QString dir = m_dir.filePath(QStringLiteral("total"));
        SparseCheckpoint::writeSharded(dir, {{QStringLiteral("a"), QStringLiteral("BF16"), {8}}}, 1);
        const QString index = dir + QStringLiteral("/model.safetensors.index.json");
        SparseCheckpoint::writeText(index, R"({"metadata":{"total_size":20},"weight_map":{"a":"model-00001-of-00001.safetensors"}})");
        expectError(ModelFileReader::open(dir), index, QStringLiteral("metadata.total_size"),
                    QStringLiteral("says 20 bytes, but the shards' tensors hold 16"));
    }

    void indexWrongShard()
    {
        const QString dir = m_dir.filePath(QStringLiteral("wrong"));
        SparseCheckpoint::writeSharded(dir, {{QStringLiteral("a"), QStringLiteral("BF16"), {8}},
                                             {QStringLiteral("b"), QStringLiteral("BF16"), {8}}}, 2);
        const QString index = dir + QStringLiteral("/model.safetensors.index.json");
        SparseCheckpoint::writeText(index, R"({"weight_map":{"a":"model-00002-of-00002.safetensors","b":"model-00002-of-00002.safetensors"}})");
        // The first shard is then not named by the index at all, so its tensor is unlisted.
        auto m = ModelFileReader::open(dir);
        expectError(m, index, QStringLiteral("weight_map.a"),
                    QStringLiteral("names the shard model-00002-of-00002.safetensors, which does not hold it"));
    }

    void indexEscapesFolder()
    {
        const QString dir = m_dir.filePath(QStringLiteral("escape"));
        QDir().mkpath(dir);
        const QString index = dir + QStringLiteral("/model.safetensors.index.json");
        SparseCheckpoint::writeText(index, R"({"weight_map":{"a":"../secret.safetensors"}})");
        expectError(ModelFileReader::open(dir), index, QStringLiteral("weight_map.a"),
                    QStringLiteral("is not a file name beside the index"));
    }

    void ggufHeaders_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        const QByteArray kvKey = str("general.name");
        QTest::newRow("truncated magic") << QByteArray("GG") << QStringLiteral("magic") << QStringLiteral("truncated");
        QTest::newRow("truncated counts") << QByteArray("GGUF\x03\0\0\0\x01\0", 10) << QStringLiteral("tensor_count")
                                          << QStringLiteral("truncated");
        QTest::newRow("version 1") << ggufHead(0, 0, 1) << QStringLiteral("version") << QStringLiteral("GGUF v1");
        QTest::newRow("big-endian") << ggufHead(0, 0, 0x03000000) << QStringLiteral("version")
                                    << QStringLiteral("big-endian");
        QTest::newRow("tensor_count 2^63") << ggufHead(1ULL << 63, 0) << QStringLiteral("tensor_count")
                                           << QStringLiteral("9223372036854775808 tensors cannot fit in the 0 bytes left");
        QTest::newRow("kv_count 2^63") << ggufHead(0, 1ULL << 63) << QStringLiteral("metadata_kv_count")
                                       << QStringLiteral("cannot fit");
        QTest::newRow("key past the end") << (ggufHead(0, 1) + u64(1000) + QByteArray(20, 'k'))
                                          << QStringLiteral("metadata key 0")
                                          << QStringLiteral("a string of 1000 bytes runs past the end of the file");
        QTest::newRow("string value 2^63")
            << (ggufHead(0, 1) + kvKey + u32(8) + u64(1ULL << 63) + QByteArray(8, 'x')) << QStringLiteral("general.name")
            << QStringLiteral("a string of 9223372036854775808 bytes runs past the end");
        QTest::newRow("array past the end")
            << (ggufHead(0, 1) + str("tokenizer.ggml.tokens") + u32(9) + u32(8) + u64(1'000'000) + str("a"))
            << QStringLiteral("tokenizer.ggml.tokens")
            << QStringLiteral("an array of 1000000 string values runs past the end of the file");
        QTest::newRow("array element past the end")
            << (ggufHead(0, 1) + str("tokenizer.ggml.tokens") + u32(9) + u32(8) + u64(2) + str("a") + u64(500) + "abc")
            << QStringLiteral("tokenizer.ggml.tokens") << QStringLiteral("a string of 500 bytes runs past the end");
        QByteArray nested = ggufHead(0, 1) + str("deep") + u32(9);
        for (int i = 0; i < 5; ++i)
            nested += u32(9) + u64(1);
        QTest::newRow("nested too deep") << (nested + QByteArray(64, '\0')) << QStringLiteral("deep")
                                         << QStringLiteral("arrays nested deeper than 4 levels");
        QTest::newRow("unknown value type") << (ggufHead(0, 1) + kvKey + u32(13) + u64(0)) << QStringLiteral("general.name")
                                            << QStringLiteral("unknown value type 13");
        QTest::newRow("bool 2") << (ggufHead(0, 1) + str("flag") + u32(7) + QByteArray(1, '\x02') + QByteArray(16, '\0'))
                                << QStringLiteral("flag") << QStringLiteral("a bool must be 0 or 1, not 2");
        QTest::newRow("duplicate key") << (ggufHead(0, 2) + str("a") + u32(0) + QByteArray(1, '\1') + str("a") + u32(0)
                                           + QByteArray(1, '\1'))
                                       << QStringLiteral("a") << QStringLiteral("the key appears twice");
        QTest::newRow("alignment 48") << (ggufHead(0, 1) + str("general.alignment") + u32(4) + u32(48))
                                      << QStringLiteral("general.alignment") << QStringLiteral("48 is not a power of two");
        QTest::newRow("alignment type") << (ggufHead(0, 1) + str("general.alignment") + u32(10) + u64(32))
                                        << QStringLiteral("general.alignment") << QStringLiteral("must be a uint32, not uint64");
        QTest::newRow("removed type Q4_2")
            << padTo(ggufHead(1, 0) + tensorInfo("w", {32}, 4, 0), 32) + QByteArray(32, '\0') << QStringLiteral("w.type")
            << QStringLiteral("unknown or removed ggml type 4");
        QTest::newRow("five dimensions") << padTo(ggufHead(1, 0) + tensorInfo("w", {1, 1, 1, 1, 1}, 0, 0), 32)
                                         << QStringLiteral("w.n_dimensions") << QStringLiteral("5 dimensions");
        QTest::newRow("dimensions overflow")
            << padTo(ggufHead(1, 0) + tensorInfo("w", {1ULL << 40, 1ULL << 40}, 0, 0), 32) << QStringLiteral("w.dimensions")
            << QStringLiteral("multiply past int64");
        QTest::newRow("partial block")
            << padTo(ggufHead(1, 0) + tensorInfo("w", {100, 2}, 12, 0), 32) + QByteArray(512, '\0')
            << QStringLiteral("w.dimensions") << QStringLiteral("ne[0] = 100 is not a whole number of Q4_K blocks of 256");
        QTest::newRow("unaligned offset")
            << padTo(ggufHead(1, 0) + tensorInfo("w", {8}, 0, 4), 32) + QByteArray(64, '\0') << QStringLiteral("w.offset")
            << QStringLiteral("4 is not a multiple of the alignment 32");
        QTest::newRow("overlapping")
            << padTo(ggufHead(2, 0) + tensorInfo("a", {16}, 0, 0) + tensorInfo("b", {16}, 0, 32), 32) + QByteArray(96, '\0')
            << QStringLiteral("b.offset") << QStringLiteral("overlaps a (bytes 0 to 64");
        QTest::newRow("data past the end")
            << padTo(ggufHead(1, 0) + tensorInfo("w", {4096, 4096}, 1, 0), 32) + QByteArray(100, '\0')
            << QStringLiteral("w.offset") << QStringLiteral("the tensor's 33554432 bytes at offset 0 reach past the 100 bytes");
        QTest::newRow("duplicate tensor")
            << padTo(ggufHead(2, 0) + tensorInfo("a", {8}, 0, 0) + tensorInfo("a", {8}, 0, 32), 32) + QByteArray(64, '\0')
            << QStringLiteral("a") << QStringLiteral("two tensors have this name");
    }
    void ggufHeaders()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, field);
        QFETCH(QString, message);
        const QString path = write(bytes, QStringLiteral(".gguf"));
        auto m = GgufReader::read(path);
        expectError(m, path, field, message);
    }

    // A well-formed 32-byte aligned file with an explicit general.alignment of 64 is read, and
    // the data section starts on the 64-byte boundary.
    void ggufAlignment()
    {
        GgufBuilder g;
        g.setAlignment(64);
        g.addTensor({QStringLiteral("a"), 0, {3}});
        g.addTensor({QStringLiteral("b"), 0, {5}});
        const QString path = m_dir.filePath(QStringLiteral("aligned.gguf"));
        g.write(path);
        auto m = GgufReader::read(path);
        QVERIFY2(m, qPrintable(m ? QString() : m.error().toString()));
        QCOMPARE(m->ggufAlignment, std::int64_t(64));
        QCOMPARE(m->files[0].headerBytes % 64, std::int64_t(0));
        QCOMPARE(m->tensors[1].offset - m->tensors[0].offset, std::int64_t(64));
        QCOMPARE(m->fileBytes(), m->files[0].headerBytes + 64 + 20);
    }

    // Every prefix of a valid GGUF file is an error naming the file, never a crash.
    void ggufEveryTruncation()
    {
        GgufBuilder g;
        g.addString(QStringLiteral("general.architecture"), QStringLiteral("llama"));
        g.addI32Array(QStringLiteral("tokenizer.ggml.token_type"), 3, 1);
        g.addStringArray(QStringLiteral("tokenizer.ggml.tokens"), 3, [](std::int64_t i) { return QString::number(i); });
        g.addTensor({QStringLiteral("w"), 12, {256, 2}});
        const QString full = m_dir.filePath(QStringLiteral("full.gguf"));
        const std::int64_t size = g.write(full);
        QFile f(full);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QCOMPARE(std::int64_t(bytes.size()), size);
        QVERIFY(GgufReader::read(full));
        for (qsizetype n = 0; n < bytes.size(); n += n < 300 ? 1 : 37) {
            const QString path = write(bytes.left(n), QStringLiteral(".gguf"));
            auto m = GgufReader::read(path);
            QVERIFY2(!m, qPrintable(QStringLiteral("accepted %1 of %2 bytes").arg(n).arg(bytes.size())));
            QCOMPARE(m.error().file, path);
            QVERIFY(!m.error().field.isEmpty());
        }
    }
};

QTEST_APPLESS_MAIN(TestModelFileHostile)
#include "tst_modelfile_hostile.moc"
