// `transformer-explorer checkpoint PATH [--save DIR]` as a user or a script sees it: a Hugging Face
// checkpoint loaded into the engine, described, written back and read again. The copy must be the
// same model (weights SHA-256, run's logits) under the same tensor names, dtypes and shapes that
// `inspect` lists, quantised tensors included (MXFP4 experts, fp8 with block scales).
#include "core/formats/safetensors.h"
#include "tests/support/clirun.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using tx::CliRun;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(TX_TEST_DATA_DIR "/engine/") + name;
}

QJsonObject json(const CliRun &r)
{
    return QJsonDocument::fromJson(r.out).object();
}

// inspect's tensor list as "name [shape] dtype" lines, sorted.
QStringList inspectedTensors(const QString &path)
{
    const CliRun r = CliRun::run({QStringLiteral("inspect"), path, QStringLiteral("--format"), QStringLiteral("json")});
    if (r.exitCode != 0)
        return {QString::fromUtf8(r.err)};
    QStringList lines;
    for (const QJsonValue &v : json(r).value(QStringLiteral("tensors")).toArray()) {
        const QJsonObject t = v.toObject();
        QStringList shape;
        for (const QJsonValue &s : t.value(QStringLiteral("shape")).toArray())
            shape << QString::number(s.toInteger());
        lines << QStringLiteral("%1 [%2] %3").arg(t.value(QStringLiteral("name")).toString(), shape.join(QStringLiteral(", ")),
                                                   t.value(QStringLiteral("dtype")).toString());
    }
    lines.sort();
    return lines;
}

// run --dump's logits for the reference tokens.
QJsonArray logits(const QString &model, const QString &dump)
{
    const CliRun r = CliRun::run({QStringLiteral("run"), QStringLiteral("--model"), model, QStringLiteral("--tokens"),
                                  QStringLiteral("3,17,22,8,8,29,1,35,12"), QStringLiteral("--dump"), dump});
    if (r.exitCode != 0)
        return {};
    QFile f(dump);
    f.open(QIODevice::ReadOnly);
    return QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("logits")).toArray();
}

// Splits a single-file checkpoint into `model-0000k-of-00002.safetensors` (its tensors in name
// order, the first half, then the rest, bytes as stored) and model.safetensors.index.json, as
// transformers' save_pretrained writes one past max_shard_size; config.json is copied beside them.
// The index's weight_map is returned so a test can spoil it.
QJsonObject shard(const QString &source, const QString &outDir)
{
    QDir().mkpath(outDir);
    auto file = tx::Safetensors::open(source + QStringLiteral("/model.safetensors"));
    if (!file)
        return {};
    const QStringList names = file->names();
    QJsonObject weightMap;
    qint64 total = 0;
    for (int part = 0; part < 2; ++part) {
        const QString shardName = QStringLiteral("model-%1-of-00002.safetensors").arg(part + 1, 5, 10, QLatin1Char('0'));
        std::vector<tx::Safetensors::Out> out;
        for (qsizetype i = part == 0 ? 0 : names.size() / 2; i < (part == 0 ? names.size() / 2 : names.size()); ++i) {
            const tx::Safetensors::Entry *e = file->entry(names[i]);
            auto bytes = file->bytes(names[i], e->dtype, e->shape);
            if (!bytes)
                return {};
            out.push_back({names[i], nullptr, 0, 0, e->shape, e->dtype,
                           QByteArray(reinterpret_cast<const char *>(*bytes), qsizetype(e->end - e->begin))});
            weightMap.insert(names[i], shardName);
            total += e->end - e->begin;
        }
        if (tx::Safetensors::save(outDir + QLatin1Char('/') + shardName, out, tx::Safetensors::Dtype::F32))
            return {};
    }
    QFile::copy(source + QStringLiteral("/config.json"), outDir + QStringLiteral("/config.json"));
    QFile index(outDir + QStringLiteral("/model.safetensors.index.json"));
    index.open(QIODevice::WriteOnly);
    index.write(QJsonDocument(QJsonObject{{QStringLiteral("metadata"), QJsonObject{{QStringLiteral("total_size"), total}}},
                                          {QStringLiteral("weight_map"), weightMap}})
                    .toJson());
    return weightMap;
}

} // namespace

class TestCheckpointCli : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("modelType");
        QTest::addColumn<qint64>("parameters"); // the engine's floats, as the checkpoint holds them
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<int>("fp8");
        QTest::addColumn<int>("mxfp4");
        QTest::newRow("qwen3 fp8, BF16 scales") << QStringLiteral("qwen3-tiny-fp8") << QStringLiteral("qwen3") << qint64(23892)
                                                << QStringLiteral("BF16") << 21 << 0;
        QTest::newRow("deepseek_v3 fp8") << QStringLiteral("deepseek-v3-tiny-fp8") << QStringLiteral("deepseek_v3") << qint64(-1)
                                         << QStringLiteral("F32") << 72 << 0;
        QTest::newRow("gpt_oss mxfp4") << QStringLiteral("gpt-oss-tiny-mxfp4") << QStringLiteral("gpt_oss") << qint64(-1)
                                       << QStringLiteral("F32") << 0 << 4;
        QTest::newRow("llama bf16") << QStringLiteral("llama-tiny-gqa-bf16") << QStringLiteral("llama") << qint64(-1)
                                    << QStringLiteral("BF16") << 0 << 0;
        QTest::newRow("gpt2 f16") << QStringLiteral("gpt2-tiny-f16") << QStringLiteral("gpt2") << qint64(-1)
                                  << QStringLiteral("F16") << 0 << 0;
        QTest::newRow("t5") << QStringLiteral("t5-encdec-relu-tied") << QStringLiteral("t5") << qint64(-1) << QStringLiteral("F32")
                            << 0 << 0;
        QTest::newRow("albert") << QStringLiteral("albert-mlm-shared") << QStringLiteral("albert") << qint64(-1)
                                << QStringLiteral("F32") << 0 << 0;
    }
    // A sharded checkpoint runs as its single file does: the same weights hash, tensors and
    // logits. A shard the index misplaces a tensor in is named, before any weight is read.
    void shardedCheckpointRuns()
    {
        QTemporaryDir dir;
        const QString source = fixture(QStringLiteral("llama-tiny-gqa-bf16"));
        const QString out = dir.filePath(QStringLiteral("sharded"));
        QJsonObject weightMap = shard(source, out);
        QVERIFY(weightMap.size() > 5);
        QVERIFY(!QFileInfo::exists(out + QStringLiteral("/model.safetensors")));

        const CliRun single = CliRun::run({QStringLiteral("checkpoint"), source, QStringLiteral("--format"), QStringLiteral("json")});
        const CliRun sharded = CliRun::run({QStringLiteral("checkpoint"), out, QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(sharded.exitCode == 0, sharded.err.constData());
        QCOMPARE(json(sharded).value(QStringLiteral("weights_sha256")).toString(),
                 json(single).value(QStringLiteral("weights_sha256")).toString());
        QCOMPARE(json(sharded).value(QStringLiteral("parameters")).toInteger(), json(single).value(QStringLiteral("parameters")).toInteger());
        QCOMPARE(inspectedTensors(out), inspectedTensors(source));
        const QJsonArray before = logits(source, dir.filePath(QStringLiteral("a.json")));
        QCOMPARE(before.size(), 9);
        QCOMPARE(logits(out, dir.filePath(QStringLiteral("b.json"))), before);
        // The index file itself opens too.
        QCOMPARE(logits(out + QStringLiteral("/model.safetensors.index.json"), dir.filePath(QStringLiteral("c.json"))), before);

        // Saved from the shards, it is one model.safetensors holding the same model.
        const QString copy = dir.filePath(QStringLiteral("copy"));
        const CliRun saved = CliRun::run({QStringLiteral("checkpoint"), out, QStringLiteral("--save"), copy, QStringLiteral("--format"),
                                          QStringLiteral("json")});
        QVERIFY2(saved.exitCode == 0, saved.err.constData());
        QCOMPARE(json(saved).value(QStringLiteral("saved")).toObject().value(QStringLiteral("dtype")).toString(), QStringLiteral("BF16"));
        QCOMPARE(inspectedTensors(copy), inspectedTensors(source));
        QCOMPARE(logits(copy, dir.filePath(QStringLiteral("d.json"))), before);

        // The index puts the first tensor in the second shard.
        const QString first = weightMap.begin().key();
        weightMap.insert(first, QStringLiteral("model-00002-of-00002.safetensors"));
        QFile index(out + QStringLiteral("/model.safetensors.index.json"));
        QVERIFY(index.open(QIODevice::WriteOnly | QIODevice::Truncate));
        index.write(QJsonDocument(QJsonObject{{QStringLiteral("weight_map"), weightMap}}).toJson());
        index.close();
        const CliRun bad = CliRun::run({QStringLiteral("run"), QStringLiteral("--model"), out, QStringLiteral("--tokens"), QStringLiteral("1,2")});
        QCOMPARE(bad.exitCode, 2);
        QCOMPARE(QString::fromUtf8(bad.err).trimmed(),
                 index.fileName() + QStringLiteral(": weight_map.") + first
                     + QStringLiteral(": names the shard model-00002-of-00002.safetensors, but the tensor is in "
                                      "model-00001-of-00002.safetensors"));
    }

    // Loaded, saved with --dtype keep (the default), reloaded: the same weights hash, the same
    // names, shapes and dtypes in `inspect`, the same logits from `run`.
    void roundTrip()
    {
        QFETCH(QString, name);
        QFETCH(QString, modelType);
        QFETCH(qint64, parameters);
        QFETCH(QString, dtype);
        QFETCH(int, fp8);
        QFETCH(int, mxfp4);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("copy"));
        const CliRun saved = CliRun::run({QStringLiteral("checkpoint"), fixture(name), QStringLiteral("--save"), out,
                                          QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(saved.exitCode == 0, saved.err.constData());
        const QJsonObject s = json(saved);
        QCOMPARE(s.value(QStringLiteral("model_type")).toString(), modelType);
        if (parameters >= 0)
            QCOMPARE(s.value(QStringLiteral("parameters")).toInteger(), parameters);
        QCOMPARE(s.value(QStringLiteral("dtype")).toString(), dtype);
        const QJsonObject q = s.value(QStringLiteral("quantisation")).toObject();
        QCOMPARE(q.value(QStringLiteral("fp8_tensors")).toInt(), fp8);
        QCOMPARE(q.value(QStringLiteral("mxfp4_tensors")).toInt(), mxfp4);
        const QJsonObject w = s.value(QStringLiteral("saved")).toObject();
        QCOMPARE(w.value(QStringLiteral("dtype")).toString(), dtype);
        QCOMPARE(w.value(QStringLiteral("quantised")).toBool(), fp8 + mxfp4 > 0);
        QCOMPARE(w.value(QStringLiteral("files")).toArray(),
                 (QJsonArray{QStringLiteral("config.json"), QStringLiteral("model.safetensors")}));
        QCOMPARE(w.value(QStringLiteral("bytes")).toInteger(),
                 QFileInfo(out + QStringLiteral("/config.json")).size() + QFileInfo(out + QStringLiteral("/model.safetensors")).size());

        // config.json's torch_dtype names the floats as saved (it said float32 whatever the dtype).
        QFile config(out + QStringLiteral("/config.json"));
        QVERIFY(config.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(config.readAll()).object().value(QStringLiteral("torch_dtype")).toString(),
                 dtype == QLatin1String("BF16") ? QStringLiteral("bfloat16")
                 : dtype == QLatin1String("F16") ? QStringLiteral("float16")
                                                 : QStringLiteral("float32"));

        const CliRun again = CliRun::run({QStringLiteral("checkpoint"), out, QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(again.exitCode == 0, again.err.constData());
        const QJsonObject a = json(again);
        QCOMPARE(a.value(QStringLiteral("weights_sha256")).toString(), s.value(QStringLiteral("weights_sha256")).toString());
        QCOMPARE(a.value(QStringLiteral("weights_sha256")).toString().size(), 64);
        QCOMPARE(a.value(QStringLiteral("parameters")).toInteger(), s.value(QStringLiteral("parameters")).toInteger());
        QCOMPARE(a.value(QStringLiteral("quantisation")).toObject(), q);

        const QStringList tensors = inspectedTensors(fixture(name));
        QVERIFY(tensors.size() > 5);
        QCOMPARE(inspectedTensors(out), tensors);

        if (modelType == QLatin1String("t5") || modelType == QLatin1String("albert"))
            return; // run --model prints their own outputs; the hash above covers the weights
        const QJsonArray before = logits(fixture(name), dir.filePath(QStringLiteral("a.json")));
        QCOMPARE(before.size(), 9);
        QCOMPARE(logits(out, dir.filePath(QStringLiteral("b.json"))), before);
    }

    // --dtype f32 widens the floats exactly (same hash) and leaves the quantised tensors as they
    // were; --dequantise --dtype f32 writes fp8 weights as the floats they stand for.
    void dtypeAndDequantise()
    {
        QTemporaryDir dir;
        const QString wide = dir.filePath(QStringLiteral("wide")), plain = dir.filePath(QStringLiteral("plain"));
        const CliRun a = CliRun::run({QStringLiteral("checkpoint"), fixture(QStringLiteral("qwen3-tiny-fp8")), QStringLiteral("--save"),
                                      wide, QStringLiteral("--dtype"), QStringLiteral("f32"), QStringLiteral("--format"),
                                      QStringLiteral("json")});
        QVERIFY2(a.exitCode == 0, a.err.constData());
        const QStringList tensors = inspectedTensors(wide);
        QCOMPARE(tensors.filter(QStringLiteral("] F8_E4M3")).size(), 21);
        QCOMPARE(tensors.filter(QStringLiteral("_scale_inv [")).filter(QStringLiteral("] BF16")).size(), 21);
        QVERIFY(tensors.contains(QStringLiteral("model.embed_tokens.weight [40, 16] F32")));
        const CliRun b = CliRun::run({QStringLiteral("checkpoint"), fixture(QStringLiteral("qwen3-tiny-fp8")), QStringLiteral("--save"),
                                      plain, QStringLiteral("--dtype"), QStringLiteral("f32"), QStringLiteral("--dequantise"),
                                      QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(b.exitCode == 0, b.err.constData());
        QCOMPARE(json(b).value(QStringLiteral("saved")).toObject().value(QStringLiteral("quantised")).toBool(), false);
        const QStringList floats = inspectedTensors(plain);
        QCOMPARE(floats.size(), 57 - 21);
        QVERIFY(floats.contains(QStringLiteral("model.layers.1.mlp.gate_proj.weight [132, 16] F32")));
        QCOMPARE(floats.filter(QStringLiteral("F8_E4M3")).size(), 0);
        QFile config(plain + QStringLiteral("/config.json"));
        QVERIFY(config.open(QIODevice::ReadOnly));
        QVERIFY(!QJsonDocument::fromJson(config.readAll()).object().contains(QStringLiteral("quantization_config")));
        for (const QString &path : {wide, plain}) {
            const CliRun r = CliRun::run({QStringLiteral("checkpoint"), path, QStringLiteral("--format"), QStringLiteral("json")});
            QCOMPARE(json(r).value(QStringLiteral("weights_sha256")).toString(),
                     json(a).value(QStringLiteral("weights_sha256")).toString());
        }
    }

    // The text a user reads, and the tokenizer files carried along byte for byte.
    void textAndCompanionFiles()
    {
        QTemporaryDir dir;
        const QString source = dir.filePath(QStringLiteral("src")), out = dir.filePath(QStringLiteral("out"));
        QVERIFY(QDir().mkpath(source));
        for (const QString &f : {QStringLiteral("config.json"), QStringLiteral("model.safetensors")})
            QVERIFY(QFile::copy(fixture(QStringLiteral("qwen3-tiny-fp8")) + QLatin1Char('/') + f, source + QLatin1Char('/') + f));
        const QByteArray tokenizerConfig = "{\"model_max_length\": 64}\n";
        QFile t(source + QStringLiteral("/tokenizer_config.json"));
        QVERIFY(t.open(QIODevice::WriteOnly));
        t.write(tokenizerConfig);
        t.close();
        const CliRun r = CliRun::run({QStringLiteral("checkpoint"), source, QStringLiteral("--save"), out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 8);
        QCOMPARE(lines[0], source);
        QCOMPARE(lines[1], QStringLiteral("  Model type            qwen3 (Qwen3ForCausalLM)"));
        QCOMPARE(lines[2], QStringLiteral("  Parameters            23,892"));
        QVERIFY(lines[3].startsWith(QStringLiteral("  Weights SHA-256       ")));
        QCOMPARE(lines[4], QStringLiteral("  Float tensors         BF16"));
        QCOMPARE(lines[5], QStringLiteral("  Quantised             fp8 e4m3 with BF16 scales per 128 × 128 block, 21 tensors"));
        const qint64 bytes = QFileInfo(out + QStringLiteral("/config.json")).size() + QFileInfo(out + QStringLiteral("/model.safetensors")).size()
                             + tokenizerConfig.size();
        QCOMPARE(lines[6], QStringLiteral("Saved config.json, model.safetensors, tokenizer_config.json (%1 bytes) to %2, floats as BF16, "
                                          "quantised tensors as loaded")
                               .arg(QLocale(QLocale::English).toString(bytes), out));
        QFile copied(out + QStringLiteral("/tokenizer_config.json"));
        QVERIFY(copied.open(QIODevice::ReadOnly));
        QCOMPARE(copied.readAll(), tokenizerConfig);
    }

    // Bad input: exit code 2 and one line naming the file or the option.
    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("err");
        const QString qwen = fixture(QStringLiteral("qwen3-tiny-fp8"));
        QTest::newRow("missing") << QStringList{QStringLiteral("/nonexistent/ckpt")}
                                 << QStringLiteral("/nonexistent/ckpt: no such file or folder\n");
        QTest::newRow("dtype") << QStringList{qwen, QStringLiteral("--save"), QStringLiteral("/tmp/x"), QStringLiteral("--dtype"), QStringLiteral("f8")}
                               << QStringLiteral("--dtype: expected keep, f32, f16 or bf16, got \"f8\"\n");
        QTest::newRow("dtype without save") << QStringList{qwen, QStringLiteral("--dtype"), QStringLiteral("f32")}
                                            << QStringLiteral("--dtype: applies to --save\n");
        QTest::newRow("two paths") << QStringList{qwen, qwen} << QStringLiteral("PATH: give one checkpoint folder or .safetensors file\n");
        QTest::newRow("unknown option") << QStringList{qwen, QStringLiteral("--bogus")} << QStringLiteral("--bogus: unknown option\n");
        QTest::newRow("save onto a file") << QStringList{qwen, QStringLiteral("--save"), qwen + QStringLiteral("/config.json")}
                                          << qwen + QStringLiteral("/config.json: cannot create the folder\n");
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, err);
        const CliRun r = CliRun::run(QStringList{QStringLiteral("checkpoint")} + args);
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(QString::fromUtf8(r.err), err);
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCheckpointCli)
#include "tst_checkpointcli.moc"
