// `transformer-explorer inspect` and `size --model` on sparse checkpoints the test writes: what
// a user or a script reads from stdout, stderr and the exit code.
#include "tests/support/modellayouts.h"
#include "tests/support/sparsecheckpoint.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace tx;

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run run(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(TX_APP_PATH), args);
    Run r;
    if (!p.waitForFinished(120'000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QJsonObject json(const Run &r)
{
    return QJsonDocument::fromJson(r.out).object();
}

QByteArray reference(const char *name)
{
    QFile f(QStringLiteral(TX_TEST_DATA_DIR "/reference/modern/") + QLatin1String(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestInspect : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_llama, m_llamaTied, m_qwen3, m_gguf;

private slots:
    void initTestCase()
    {
        // Llama-3.1-8B (reference/modern/models.json: 8,030,261,248) in four BF16 shards with its
        // config.json; the same tensors under a config that says tie_word_embeddings.
        ModelLayouts::Decoder llama; // the defaults are Llama-3.1-8B's widths
        m_llama = m_dir.filePath(QStringLiteral("Llama-3.1-8B"));
        SparseCheckpoint::writeSharded(m_llama, ModelLayouts::decoder(llama), 4);
        const QByteArray config = reference("Llama-3.1-8B.config.json");
        QVERIFY(!config.isEmpty());
        SparseCheckpoint::writeText(m_llama + QStringLiteral("/config.json"), config);
        m_llamaTied = m_dir.filePath(QStringLiteral("Llama-tied"));
        SparseCheckpoint::writeSharded(m_llamaTied, ModelLayouts::decoder(llama), 4);
        QByteArray tied = config;
        tied.replace("\"tie_word_embeddings\": false", "\"tie_word_embeddings\": true");
        QVERIFY(tied != config);
        SparseCheckpoint::writeText(m_llamaTied + QStringLiteral("/config.json"), tied);

        m_qwen3 = m_dir.filePath(QStringLiteral("Qwen3-8B"));
        SparseCheckpoint::writeSharded(m_qwen3, ModelLayouts::decoder(ModelLayouts::qwen3_8b()), 5);
        SparseCheckpoint::writeText(m_qwen3 + QStringLiteral("/config.json"), reference("Qwen3-8B.config.json"));

        m_gguf = m_dir.filePath(QStringLiteral("Meta-Llama-3.1-8B-Q4_K_M.gguf"));
        QVERIFY(ModelLayouts::llama31_8bQ4KM().write(m_gguf) > 0);
    }

    void llamaMatchesItsConfig()
    {
        const Run r = run({QStringLiteral("inspect"), m_llama, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("format")).toString(), QStringLiteral("safetensors"));
        QCOMPARE(o.value(QStringLiteral("files")).toArray().size(), 4);
        QCOMPARE(o.value(QStringLiteral("tensors")).toArray().size(), 291);
        QCOMPARE(o.value(QStringLiteral("params")).toObject().value(QStringLiteral("total")).toInteger(), qint64(8'030'261'248));
        QCOMPARE(o.value(QStringLiteral("params")).toObject().value(QStringLiteral("stored_elements")).toInteger(),
                 qint64(8'030'261'248));
        QCOMPARE(o.value(QStringLiteral("bytes")).toObject().value(QStringLiteral("tensor_data")).toInteger(),
                 qint64(16'060'522'496));
        QCOMPARE(o.value(QStringLiteral("types")).toObject(), (QJsonObject{{QStringLiteral("BF16"), 291}}));
        QCOMPARE(o.value(QStringLiteral("design_source")).toString(), QStringLiteral("config.json"));
        QCOMPARE(o.value(QStringLiteral("design_params_total")).toInteger(), qint64(8'030'261'248));
        QCOMPARE(o.value(QStringLiteral("design")).toObject().value(QStringLiteral("n_kv_heads")).toInt(), 8);
        QCOMPARE(o.value(QStringLiteral("mismatches")).toArray().size(), 0);
        const QJsonObject tensor0 = o.value(QStringLiteral("tensors")).toArray().first().toObject();
        QCOMPARE(tensor0.value(QStringLiteral("name")).toString(), QStringLiteral("model.embed_tokens.weight"));
        QCOMPARE(tensor0.value(QStringLiteral("shape")).toArray(), (QJsonArray{128256, 4096}));
        QCOMPARE(tensor0.value(QStringLiteral("dtype")).toString(), QStringLiteral("BF16"));
        QCOMPARE(tensor0.value(QStringLiteral("bytes")).toInteger(), qint64(1'050'673'152));
    }

    // The Qwen3-0.6B case on the hub: the config ties the embeddings, the file stores the head.
    void tiedConfigButHeadStored()
    {
        const Run r = run({QStringLiteral("inspect"), m_llamaTied, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("design_params_total")).toInteger(), qint64(8'030'261'248 - 525'336'576));
        const QJsonArray mismatches = o.value(QStringLiteral("mismatches")).toArray();
        QCOMPARE(mismatches.size(), 1);
        const QJsonObject m = mismatches.first().toObject();
        QCOMPARE(m.value(QStringLiteral("group")).toString(), QStringLiteral("head"));
        QCOMPARE(m.value(QStringLiteral("difference")).toInteger(), qint64(525'336'576)); // 128,256 × 4,096
        QCOMPARE(m.value(QStringLiteral("tensors")).toArray(), (QJsonArray{QStringLiteral("lm_head.weight")}));
        QCOMPARE(m.value(QStringLiteral("explanation")).toString(),
                 QStringLiteral("config says tie_word_embeddings, but lm_head.weight is stored: +525,336,576"));

        const Run table = run({QStringLiteral("inspect"), m_llamaTied});
        QCOMPARE(table.exitCode, 0);
        QVERIFY2(table.out.contains("    head: config says tie_word_embeddings, but lm_head.weight is stored: +525,336,576\n"),
                 table.out.constData());
    }

    // Qwen3-8B: 8,190,735,360 in the file (/work/shared/reference/modern/models.json). The
    // config.json beside the shards is read by the importer (model_type qwen3: per-head q/k
    // RMSNorm, untied head), and its count matches the file exactly, group by group.
    void qwen3FromConfig()
    {
        const Run r = run({QStringLiteral("inspect"), m_qwen3, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("params")).toObject().value(QStringLiteral("total")).toInteger(), qint64(8'190'735'360));
        QCOMPARE(o.value(QStringLiteral("files")).toArray().size(), 5);
        QCOMPARE(o.value(QStringLiteral("design_source")).toString(), QStringLiteral("config.json"));
        QCOMPARE(o.value(QStringLiteral("design")).toObject().value(QStringLiteral("head_dim")).toInt(), 128);
        QCOMPARE(o.value(QStringLiteral("design")).toObject().value(QStringLiteral("n_heads")).toInt(), 32);
        const QJsonArray mismatches = o.value(QStringLiteral("mismatches")).toArray();
        QVERIFY2(mismatches.isEmpty(), QJsonDocument(mismatches).toJson().constData());
        QCOMPARE(o.value(QStringLiteral("design_params_total")).toInteger(), qint64(8'190'735'360));
    }

    void ggufQ4KM()
    {
        const Run r = run({QStringLiteral("inspect"), m_gguf, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("format")).toString(), QStringLiteral("gguf"));
        QCOMPARE(o.value(QStringLiteral("params")).toObject().value(QStringLiteral("total")).toInteger(), qint64(8'030'261'248));
        QCOMPARE(o.value(QStringLiteral("bytes")).toObject().value(QStringLiteral("tensor_data")).toInteger(), qint64(4'912'898'304));
        QCOMPARE(o.value(QStringLiteral("bytes")).toObject().value(QStringLiteral("files")).toInteger(), qint64(4'915'498'656));
        QCOMPARE(o.value(QStringLiteral("types")).toObject(),
                 (QJsonObject{{QStringLiteral("F32"), 66}, {QStringLiteral("Q4_K"), 193}, {QStringLiteral("Q6_K"), 33}}));
        QCOMPARE(o.value(QStringLiteral("design_source")).toString(), QStringLiteral("gguf metadata"));
        QCOMPARE(o.value(QStringLiteral("design_params_total")).toInteger(), qint64(8'030'261'248));
        QCOMPARE(o.value(QStringLiteral("mismatches")).toArray().size(), 0);
        const QJsonObject design = o.value(QStringLiteral("design")).toObject();
        QCOMPARE(design.value(QStringLiteral("vocab_size")).toInt(), 128256);
        QCOMPARE(design.value(QStringLiteral("n_kv_heads")).toInt(), 8);
        QCOMPARE(design.value(QStringLiteral("max_positions")).toInt(), 131072);
        // 4,912,898,304 bytes over 8,030,261,248 parameters.
        QCOMPARE(o.value(QStringLiteral("bits_per_weight")).toDouble(), 4.894);

        const Run table = run({QStringLiteral("inspect"), m_gguf});
        QCOMPARE(table.exitCode, 0);
        QVERIFY2(table.out.contains("  Parameters            8,030,261,248 (8.03 B)\n"), table.out.constData());
        QVERIFY2(table.out.contains("  Tensors per format    F32 66, Q4_K 193, Q6_K 33\n"), table.out.constData());
        QVERIFY2(table.out.contains("  Every group matches the design.\n"), table.out.constData());
        QVERIFY2(table.out.contains("Design from gguf metadata (" + m_gguf.toUtf8() + ")\n"
                                    "  d_model 4096, 32 layers, 32 heads (8 KV) of 128, d_ff 14336, vocabulary 128256, untied head\n"),
                 table.out.constData());
    }

    // size --model: the usual estimates, with the file's exact bytes as the weights.
    // The table's tensor tree, on the tiny GPT-2 of the engine tests (27,584 float32 weights): layers
    // summed by kind by default, one group per layer with --layers, and under --tensors every
    // tensor under its group with its shape, type and bytes.
    void tableLayersAndTensors()
    {
        const QString tiny = QStringLiteral(TX_TEST_DATA_DIR "/engine/gpt2-tiny");
        auto lines = [&](const QStringList &flags) {
            const Run r = run(QStringList{QStringLiteral("inspect"), tiny} + flags);
            QStringList out;
            if (r.exitCode == 0)
                for (const QString &line : QString::fromUtf8(r.out).split(QLatin1Char('\n')))
                    out << line.simplified(); // the columns' padding aside, what a reader sees
            return out;
        };
        const QStringList summed = lines({});
        QVERIFY(summed.contains(QStringLiteral("Parameters 27,584 (27.6 K)")));
        QVERIFY(summed.contains(QStringLiteral("embeddings 2 2,112 8,448 32.00"))); // wte 50 × 32, wpe 16 × 32
        QVERIFY(summed.contains(QStringLiteral("layers ×2 attention 8 8,448 33,792 32.00")));
        QVERIFY(summed.contains(QStringLiteral("layers ×2 mlp 8 16,704 66,816 32.00")));
        QVERIFY(summed.contains(QStringLiteral("norm 2 64 256 32.00")));
        QVERIFY(summed.contains(QStringLiteral("Every group matches the design.")));

        const QStringList perLayer = lines({QStringLiteral("--layers")});
        QVERIFY(perLayer.contains(QStringLiteral("layers.0.attention 4 4,224 16,896 32.00"))); // c_attn 32 × 96 + 96, c_proj 32 × 32 + 32
        QVERIFY(perLayer.contains(QStringLiteral("layers.1.mlp 4 8,352 33,408 32.00")));
        QVERIFY(perLayer.filter(QStringLiteral("layers ×")).isEmpty());

        const QStringList tensors = lines({QStringLiteral("--tensors")});
        const qsizetype group = tensors.indexOf(QStringLiteral("layers.0.attention 4 4,224 16,896 32.00"));
        QVERIFY(group > 0);
        QCOMPARE(tensors.value(group + 1), QStringLiteral("transformer.h.0.attn.c_attn.weight [32, 96] F32 12,288"));
        QCOMPARE(tensors.value(group + 2), QStringLiteral("transformer.h.0.attn.c_attn.bias [96] F32 384"));
        QCOMPARE(tensors.filter(QRegularExpression(QStringLiteral("^transformer\\.\\S+ \\[[0-9, ]+\\] F32 [0-9,]+$"))).size(),
                 28); // every tensor of the file, once
    }

    void sizeOfOpenedModel()
    {
        const Run r = run({QStringLiteral("size"), QStringLiteral("--model"), m_gguf, QStringLiteral("--format"),
                           QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("params")).toObject().value(QStringLiteral("total")).toInteger(), qint64(8'030'261'248));
        const QJsonObject inference = o.value(QStringLiteral("memory")).toObject().value(QStringLiteral("inference")).toObject();
        QCOMPARE(inference.value(QStringLiteral("weights_bytes")).toDouble(), 4'912'898'304.0);
        QCOMPARE(o.value(QStringLiteral("model")).toObject().value(QStringLiteral("tensor_data_bytes")).toInteger(),
                 qint64(4'912'898'304));
    }

    // Bad files: exit 2 and one line on stderr naming the file and the field.
    void badFilesExit2()
    {
        struct Case
        {
            QString name;
            QByteArray bytes;
            QString field;
        };
        QByteArray huge(8, '\0');
        huge[7] = char(0x80); // header length 2^63
        const QList<Case> cases = {
            {QStringLiteral("short.safetensors"), QByteArray("abc"), QStringLiteral("header length")},
            {QStringLiteral("huge.safetensors"), huge + "{}", QStringLiteral("header length")},
            {QStringLiteral("dtype.safetensors"),
             QByteArray("\x3c\0\0\0\0\0\0\0", 8) + R"({"w":{"dtype":"Q9","shape":[2],"data_offsets":[0,2]}}       )" + "xx",
             QStringLiteral("w.dtype")},
            {QStringLiteral("magic.gguf"), QByteArray("GGUF\x07\0\0\0", 8), QStringLiteral("version")},
        };
        for (const Case &c : cases) {
            const QString path = m_dir.filePath(c.name);
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(c.bytes);
            f.close();
            const Run r = run({QStringLiteral("inspect"), path});
            QCOMPARE(r.exitCode, 2);
            QVERIFY(r.out.isEmpty());
            QCOMPARE(r.err.count('\n'), 1);
            QVERIFY2(r.err.startsWith((path + QStringLiteral(": ") + c.field + QStringLiteral(": ")).toUtf8()), r.err.constData());
        }
        // A shard the index names is missing.
        const QString dir = m_dir.filePath(QStringLiteral("missing-shard"));
        SparseCheckpoint::writeSharded(dir, {{QStringLiteral("a"), QStringLiteral("BF16"), {8}},
                                             {QStringLiteral("b"), QStringLiteral("BF16"), {8}}}, 2);
        QFile::remove(dir + QStringLiteral("/model-00001-of-00002.safetensors"));
        const Run r = run({QStringLiteral("inspect"), dir});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, (dir + QStringLiteral("/model.safetensors.index.json: weight_map.a: names the shard "
                                              "model-00001-of-00002.safetensors, which is missing\n")).toUtf8());
        const Run size = run({QStringLiteral("size"), QStringLiteral("--model"), dir});
        QCOMPARE(size.exitCode, 2);
        QCOMPARE(size.err.count('\n'), 1);
    }
};

QTEST_GUILESS_MAIN(TestInspect)
#include "tst_inspect.moc"
