#include "core/formats/hfcheckpoint.h"
#include "core/formats/safetensors.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <utility>
#include <vector>

using namespace tx;

namespace {

const QString kGpt2Tiny = QStringLiteral(TX_TEST_DATA_DIR "/engine/gpt2-tiny");

QByteArray lengthPrefix(quint64 n)
{
    QByteArray b(8, '\0');
    for (int i = 0; i < 8; ++i)
        b[i] = char((n >> (8 * i)) & 0xff);
    return b;
}

// A safetensors file: length, header text, then `dataBytes` bytes of data.
QByteArray craft(const QByteArray &header, int dataBytes)
{
    return lengthPrefix(quint64(header.size())) + header + QByteArray(dataBytes, '\x01');
}

} // namespace

class TestSafetensors : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString write(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write(bytes);
        return path;
    }

private slots:
    // Every broken file is an Error naming the file and the field or tensor, never a crash,
    // an out-of-bounds read or an allocation the file's size does not justify.
    void hostileHeaders_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("shorter than the length") << QByteArray("abc") << QStringLiteral("header length")
                                                 << QStringLiteral("the file has 3 bytes, fewer than the 8-byte header length");
        QTest::newRow("length past the end") << (lengthPrefix(1'000'000) + QByteArray("{}"))
                                             << QStringLiteral("header length")
                                             << QStringLiteral("claims 1000000 bytes of header, but only 2 bytes follow");
        QTest::newRow("length 2^64-1") << (lengthPrefix(~0ULL) + QByteArray("{}")) << QStringLiteral("header length")
                                       << QStringLiteral("claims 18446744073709551615 bytes of header, but only 2 bytes follow");
        QTest::newRow("not json") << craft("{\"a\": [", 0) << QStringLiteral("header") << QStringLiteral("not a JSON object");
        QTest::newRow("offsets out of range")
            << craft(R"({"w":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]}})", 8) << QStringLiteral("w")
            << QStringLiteral("data_offsets [0, 16] reach past the 8 bytes of data: the file is truncated or the offsets are wrong");
        QTest::newRow("begin after end")
            << craft(R"({"w":{"dtype":"F32","shape":[1],"data_offsets":[8,4]}})", 8) << QStringLiteral("w")
            << QStringLiteral("data_offsets [8, 4] are not 0 <= begin <= end");
        QTest::newRow("negative offset")
            << craft(R"({"w":{"dtype":"F32","shape":[1],"data_offsets":[-4,0]}})", 8) << QStringLiteral("w")
            << QStringLiteral("data_offsets [-4, 0] are not 0 <= begin <= end");
        QTest::newRow("shape and bytes disagree")
            << craft(R"({"w":{"dtype":"F32","shape":[2,3],"data_offsets":[0,20]}})", 20) << QStringLiteral("w")
            << QStringLiteral("shape [2, 3] of F32 needs 24 bytes, but data_offsets span 20");
        QTest::newRow("absurd shape, small file")
            << craft(R"({"w":{"dtype":"F32","shape":[1000000000,1000000000],"data_offsets":[0,8]}})", 8)
            << QStringLiteral("w") << QStringLiteral("shape [1000000000, 1000000000] of F32 needs 4000000000000000000 bytes, but data_offsets span 8");
        QTest::newRow("overflowing shape")
            << craft(R"({"w":{"dtype":"F32","shape":[4000000000000000,4000000000000000],"data_offsets":[0,8]}})", 8)
            << QStringLiteral("w") << QStringLiteral("shape [4000000000000000, 4000000000000000] overflows");
        QTest::newRow("unknown dtype")
            << craft(R"({"w":{"dtype":"F12","shape":[1],"data_offsets":[0,4]}})", 4) << QStringLiteral("w")
            << QStringLiteral("unknown dtype \"F12\"");
        QTest::newRow("fractional size")
            << craft(R"({"w":{"dtype":"F32","shape":[1.5],"data_offsets":[0,4]}})", 4) << QStringLiteral("w")
            << QStringLiteral("shape [1.5] holds a size that is not a non-negative integer");
        QTest::newRow("entry not an object") << craft(R"({"w":3})", 0) << QStringLiteral("w")
                                             << QStringLiteral("expected an object with dtype, shape and data_offsets");
    }
    void hostileHeaders()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, field);
        QFETCH(QString, message);
        const QString path = write(QStringLiteral("hostile.safetensors"), bytes);
        auto st = Safetensors::open(path);
        QVERIFY(!st.hasValue());
        QCOMPARE(st.error().file, path);
        QCOMPARE(st.error().field, field);
        QVERIFY2(st.error().message.startsWith(message), qPrintable(st.error().message));
    }

    void dtypeAndShapeMismatchNameTheTensor()
    {
        const QString path = write(QStringLiteral("ints.safetensors"),
                                   craft(R"({"ids":{"dtype":"I64","shape":[2],"data_offsets":[0,16]},)"
                                         R"("w":{"dtype":"F32","shape":[2,2],"data_offsets":[16,32]}})",
                                         32));
        auto st = Safetensors::open(path);
        QVERIFY(st.hasValue());
        auto ids = st->vector(QStringLiteral("ids"), 2);
        QVERIFY(!ids.hasValue());
        QCOMPARE(ids.error().field, QStringLiteral("ids"));
        QCOMPARE(ids.error().message, QStringLiteral("dtype I64, expected F32, F16 or BF16"));
        auto w = st->matrix(QStringLiteral("w"), 4, 1);
        QCOMPARE(w.error().field, QStringLiteral("w"));
        QCOMPARE(w.error().message, QStringLiteral("shape [2, 2], expected [4, 1]"));
        QCOMPARE(st->matrix(QStringLiteral("gone"), 1, 1).error().message, QStringLiteral("missing tensor"));
        QCOMPARE(st->matrix(QStringLiteral("w"), 2, 2)->rows(), Eigen::Index(2));
    }

    void f16AndBf16Decode()
    {
        // 1.0, -2.0 in F16 (0x3C00, 0xC000) and 0.5, 3.0 in BF16 (0x3F00, 0x4040), little-endian.
        QByteArray data("\x00\x3C\x00\xC0\x00\x3F\x40\x40", 8);
        const QByteArray header = R"({"h":{"dtype":"F16","shape":[2],"data_offsets":[0,4]},)"
                                  R"("b":{"dtype":"BF16","shape":[2],"data_offsets":[4,8]}})";
        auto st = Safetensors::open(write(QStringLiteral("half.safetensors"), lengthPrefix(quint64(header.size())) + header + data));
        QVERIFY(st.hasValue());
        QCOMPARE(st->vector(QStringLiteral("h"), 2)->coeff(1), -2.0f);
        QCOMPARE(st->vector(QStringLiteral("h"), 2)->coeff(0), 1.0f);
        QCOMPARE(st->vector(QStringLiteral("b"), 2)->coeff(0), 0.5f);
        QCOMPARE(st->vector(QStringLiteral("b"), 2)->coeff(1), 3.0f);
    }

    void truncatedCheckpoint()
    {
        QFile original(kGpt2Tiny + QStringLiteral("/model.safetensors"));
        QVERIFY(original.open(QIODevice::ReadOnly));
        const QByteArray bytes = original.readAll();
        QDir(m_dir.path()).mkpath(QStringLiteral("truncated"));
        QFile::copy(kGpt2Tiny + QStringLiteral("/config.json"), m_dir.filePath(QStringLiteral("truncated/config.json")));
        write(QStringLiteral("truncated/model.safetensors"), bytes.left(bytes.size() - 100));
        auto model = HfCheckpoint::load(m_dir.filePath(QStringLiteral("truncated")));
        QVERIFY(!model.hasValue());
        QVERIFY(model.error().file.endsWith(QStringLiteral("truncated/model.safetensors")));
        QVERIFY(model.error().field.startsWith(QStringLiteral("transformer.")));
        QVERIFY(model.error().message.contains(QStringLiteral("the file is truncated")));
    }

    void missingTensorAndWrongShape()
    {
        // Re-save the tiny GPT-2 without one tensor, then with a config that disagrees on a shape.
        auto model = HfCheckpoint::load(kGpt2Tiny);
        QVERIFY(model.hasValue());
        auto file = Safetensors::open(kGpt2Tiny + QStringLiteral("/model.safetensors"));
        std::vector<Mat> keep;
        std::vector<Safetensors::Out> out;
        keep.reserve(64);
        for (const QString &name : file->names()) {
            if (name == QLatin1String("transformer.h.1.ln_2.bias"))
                continue;
            const auto &shape = file->entry(name)->shape;
            if (shape.size() == 1) {
                keep.push_back(*file->vector(name, shape[0]));
                out.push_back({name, keep.back().data(), 0, shape[0]});
            } else {
                keep.push_back(*file->matrix(name, shape[0], shape[1]));
                out.push_back({name, keep.back().data(), shape[0], shape[1]});
            }
        }
        QDir(m_dir.path()).mkpath(QStringLiteral("missing"));
        QFile::copy(kGpt2Tiny + QStringLiteral("/config.json"), m_dir.filePath(QStringLiteral("missing/config.json")));
        QVERIFY(!Safetensors::save(m_dir.filePath(QStringLiteral("missing/model.safetensors")), out, Safetensors::Dtype::F32));
        auto missing = HfCheckpoint::load(m_dir.filePath(QStringLiteral("missing")));
        QVERIFY(!missing.hasValue());
        QCOMPARE(missing.error().field, QStringLiteral("transformer.h.1.ln_2.bias"));
        QCOMPARE(missing.error().message, QStringLiteral("missing tensor"));

        QDir(m_dir.path()).mkpath(QStringLiteral("shape"));
        QFile::copy(kGpt2Tiny + QStringLiteral("/model.safetensors"), m_dir.filePath(QStringLiteral("shape/model.safetensors")));
        write(QStringLiteral("shape/config.json"),
              R"({"model_type":"gpt2","n_embd":32,"n_head":4,"n_layer":2,"n_positions":16,"vocab_size":51})");
        auto shape = HfCheckpoint::load(m_dir.filePath(QStringLiteral("shape")));
        QVERIFY(!shape.hasValue());
        QCOMPARE(shape.error().field, QStringLiteral("transformer.wte.weight"));
        QCOMPARE(shape.error().message, QStringLiteral("shape [50, 32], expected [51, 32]"));
    }

    // A save tells its StopToken the bytes written before each tensor and the file's size at the
    // end; stopped part-way it returns "cancelled" and the file already at the path is untouched.
    void saveReportsBytesAndStops()
    {
        const std::vector<float> a(6, 1.5f), b(4, -2.0f);
        const std::vector<Safetensors::Out> out = {{QStringLiteral("a"), a.data(), 2, 3}, {QStringLiteral("b"), b.data(), 0, 4}};
        const QString path = m_dir.filePath(QStringLiteral("progress.safetensors"));
        std::vector<std::pair<std::int64_t, std::int64_t>> reports;
        std::atomic<bool> flag{false};
        QVERIFY(!Safetensors::save(path, out, Safetensors::Dtype::F32,
                                   StopToken(&flag, [&](std::int64_t done, std::int64_t total) { reports.push_back({done, total}); })));
        const std::int64_t size = QFileInfo(path).size();
        QCOMPARE(reports.size(), std::size_t(3)); // before a, before b, the end
        const std::int64_t header = size - 40;    // 10 floats of data
        QCOMPARE(reports[0], std::make_pair(header, size));
        QCOMPARE(reports[1], std::make_pair(header + 24, size));
        QCOMPARE(reports[2], std::make_pair(size, size));

        QFile original(path);
        QVERIFY(original.open(QIODevice::ReadOnly));
        const QByteArray before = original.readAll();
        original.close();
        const std::vector<float> c(6, 7.0f);
        const std::vector<Safetensors::Out> other = {{QStringLiteral("a"), c.data(), 2, 3}, {QStringLiteral("b"), b.data(), 0, 4}};
        auto cancelled = Safetensors::save(path, other, Safetensors::Dtype::F32,
                                           StopToken(&flag, [&](std::int64_t, std::int64_t) { flag = true; }));
        QVERIFY(cancelled);
        QCOMPARE(cancelled->toString(), path + QStringLiteral(": cancelled"));
        QVERIFY(original.open(QIODevice::ReadOnly));
        QCOMPARE(original.readAll(), before);
        QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("progress.safetensors*")}, QDir::Files),
                 QStringList{QStringLiteral("progress.safetensors")}); // no temporary file left
    }

    // A sharded checkpoint's shards are checked as single files are, and an Error names the shard;
    // a tensor read from one is read from its own shard's data.
    void shardedIndexNamesTheShard()
    {
        QDir(m_dir.path()).mkpath(QStringLiteral("shards"));
        const std::vector<float> a(6, 1.5f), b(4, -2.0f);
        QVERIFY(!Safetensors::save(m_dir.filePath(QStringLiteral("shards/one.safetensors")), {{QStringLiteral("a"), a.data(), 2, 3}},
                                   Safetensors::Dtype::F32));
        QVERIFY(!Safetensors::save(m_dir.filePath(QStringLiteral("shards/two.safetensors")), {{QStringLiteral("b"), b.data(), 0, 4}},
                                   Safetensors::Dtype::BF16));
        const QString index = write(QStringLiteral("shards/model.safetensors.index.json"),
                                    R"({"metadata": {"total_size": 32}, "weight_map": {"a": "one.safetensors", "b": "two.safetensors"}})");
        auto file = Safetensors::openCheckpoint(m_dir.filePath(QStringLiteral("shards")));
        QVERIFY2(file, qPrintable(file ? QString() : file.error().toString()));
        QCOMPARE(file->path(), index);
        QCOMPARE(file->names(), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        QCOMPARE(file->fileOf(QStringLiteral("b")), m_dir.filePath(QStringLiteral("shards/two.safetensors")));
        QCOMPARE((*file->matrix(QStringLiteral("a"), 2, 3))(1, 2), 1.5f);
        QCOMPARE((*file->vector(QStringLiteral("b"), 4))(3), -2.0f);
        auto wrong = file->matrix(QStringLiteral("b"), 2, 2);
        QCOMPARE(wrong.error().toString(), m_dir.filePath(QStringLiteral("shards/two.safetensors")) + QStringLiteral(": b: shape [4], expected [2, 2]"));

        write(QStringLiteral("shards/model.safetensors.index.json"),
              R"({"metadata": {"total_size": 40}, "weight_map": {"a": "one.safetensors", "b": "two.safetensors"}})");
        QCOMPARE(Safetensors::openIndex(index).error().toString(),
                 index + QStringLiteral(": metadata.total_size: says 40 bytes, but the shards' tensors hold 32"));
        write(QStringLiteral("shards/two.safetensors"), QByteArray("\x05\0\0\0"));
        auto broken = Safetensors::openIndex(index);
        QCOMPARE(broken.error().file, m_dir.filePath(QStringLiteral("shards/two.safetensors")));
        QCOMPARE(broken.error().field, QStringLiteral("header length"));
    }

    void badConfigFields()
    {
        QCOMPARE(HfCheckpoint::parseConfig(R"({"model_type":"mamba"})", QStringLiteral("c.json")).error().field,
                 QStringLiteral("model_type"));
        // RoBERTa's design is read (HfConfigImporter) but has neither GPT-2's nor Llama's tensor layout.
        QFile roberta(QStringLiteral(TX_TEST_DATA_DIR "/hf/roberta-base/config.json"));
        QVERIFY(roberta.open(QIODevice::ReadOnly));
        const auto notLoadable = HfCheckpoint::parseConfig(roberta.readAll(), roberta.fileName());
        QCOMPARE(notLoadable.error().field, QStringLiteral("model_type"));
        QVERIFY(notLoadable.error().message.startsWith(QStringLiteral("\"roberta\" has no tensor layout the engine loads")));
        QCOMPARE(HfCheckpoint::parseConfig(R"({"model_type":"gpt2","n_embd":"big"})", QStringLiteral("c.json")).error().field,
                 QStringLiteral("n_embd"));
        QFile tiny(QStringLiteral(TX_TEST_DATA_DIR "/engine/llama-tiny-gqa/config.json"));
        QVERIFY(tiny.open(QIODevice::ReadOnly));
        const QByteArray llama = tiny.readAll();
        QByteArray kv3 = llama;
        kv3.replace("\"num_key_value_heads\": 2", "\"num_key_value_heads\": 3"); // 4 heads
        QCOMPARE(HfCheckpoint::parseConfig(kv3, QStringLiteral("c.json")).error().field, QStringLiteral("num_key_value_heads"));
        QByteArray scaled = llama;
        scaled.replace("\"rope_theta\"", "\"rope_scaling\": {\"type\": \"linear\", \"factor\": 2}, \"rope_theta\"");
        // The engine computes scaled RoPE (RopeFrequencies, tst_ropescaling): linear loads.
        const auto linear = HfCheckpoint::parseConfig(scaled, QStringLiteral("c.json"));
        QVERIFY(linear.hasValue());
        QVERIFY(linear->model.ropeScaling.kind == RopeScalingKind::Linear);
        // transformers 5 writes the RoPE settings under rope_parameters: plain RoPE loads, and
        // llama3 without the keys modeling_rope_utils.py reads is refused, naming the first.
        QByteArray plain = llama;
        plain.replace("\"rope_theta\"", "\"rope_parameters\": {\"rope_type\": \"default\", \"rope_theta\": 10000.0}, \"rope_theta\"");
        QVERIFY(HfCheckpoint::parseConfig(plain, QStringLiteral("c.json")).hasValue());
        QByteArray llama3 = llama;
        llama3.replace("\"rope_theta\"", "\"rope_parameters\": {\"rope_type\": \"llama3\", \"factor\": 8.0}, \"rope_theta\"");
        QCOMPARE(HfCheckpoint::parseConfig(llama3, QStringLiteral("c.json")).error().field,
                 QStringLiteral("rope_parameters.original_max_position_embeddings"));
        // A config describing 6.7B parameters is refused by the cap before any weight is read.
        QDir(m_dir.path()).mkpath(QStringLiteral("big"));
        QFile::copy(QStringLiteral(TX_TEST_DATA_DIR "/hf/llama-2-7b/config.json"), m_dir.filePath(QStringLiteral("big/config.json")));
        write(QStringLiteral("big/model.safetensors"), craft("{}", 0));
        auto big = HfCheckpoint::load(m_dir.filePath(QStringLiteral("big")));
        QCOMPARE(big.error().field, QStringLiteral("memory cap"));
    }
};

QTEST_APPLESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
