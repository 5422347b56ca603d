// Hugging Face T5 checkpoints (T5ForConditionalGeneration, transformers'
// src/transformers/models/t5/modeling_t5.py names) load into the engine's encoder-decoder and save
// with the same names. The tiny files are written by tests/reference/make_t5_encdec_reference.py
// (PyTorch 1.13) into tests/data/engine/, from the same weights as the engine-features models
// whose reference.json holds the logits.
#include "core/formats/hfcheckpoint.h"
#include "core/formats/safetensors.h"
#include "core/nn/transformer.h"
#include "tests/support/referencemodel.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace tx;

namespace {

QString folder(const QString &name)
{
    return QStringLiteral(TX_TEST_DATA_DIR "/engine/") + name;
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(path));
    return QJsonDocument::fromJson(f.readAll()).object();
}

std::vector<int> ids(const QJsonArray &a)
{
    std::vector<int> out;
    for (const QJsonValue &v : a)
        out.push_back(v.toInt());
    return out;
}

} // namespace

class TestHfT5Checkpoint : public QObject
{
    Q_OBJECT

private slots:
    void loadsAndSaves_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("tensors"); // in the file
        QTest::addColumn<bool>("gated");
        // shared, 2 bias tables, 2 final norms; encoder 2 × (q, k, v, o, 2 norms, wi, wo);
        // decoder 2 × (4 + 4 cross + 3 norms + wi, wo)
        QTest::newRow("t5 v1.0: relu, tied") << QStringLiteral("t5-encdec-relu-tied") << 5 + 2 * 8 + 2 * 13 << false;
        // wi_0 and wi_1, a third decoder layer and lm_head
        QTest::newRow("t5 v1.1: gated-gelu, untied") << QStringLiteral("t5-encdec-gated-untied") << 6 + 2 * 9 + 3 * 14 << true;
    }
    void loadsAndSaves()
    {
        QFETCH(QString, name);
        QFETCH(int, tensors);
        QFETCH(bool, gated);
        auto file = Safetensors::open(folder(name) + QStringLiteral("/model.safetensors"));
        QVERIFY(file.hasValue());
        QStringList names = file->names();
        QCOMPARE(int(names.size()), tensors);
        QVERIFY(names.contains(QStringLiteral("decoder.block.1.layer.1.EncDecAttention.k.weight")));
        QVERIFY(names.contains(QStringLiteral("encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight")));
        QVERIFY(names.contains(gated ? QStringLiteral("decoder.block.0.layer.2.DenseReluDense.wi_1.weight")
                                     : QStringLiteral("decoder.block.0.layer.2.DenseReluDense.wi.weight")));

        auto model = HfCheckpoint::load(folder(name));
        QVERIFY2(model.hasValue(), qPrintable(model ? QString() : model.error().toString()));
        QVERIFY(model->isEncoderDecoder());
        QCOMPARE(model->normEps(), 1e-6f); // layer_norm_epsilon
        QVERIFY(model->config().ffn == (gated ? FfnKind::Gated3 : FfnKind::Dense2));
        QVERIFY(model->config().activation == (gated ? Activation::GeluTanh : Activation::Relu));
        // Every engine tensor came from the file: the same function as the engine-features copy.
        auto engine = ReferenceModel::load(name);
        QVERIFY(engine.hasValue());
        QCOMPARE(model->weightsSha256(), engine->weightsSha256());

        const QJsonObject ref = readJson(ReferenceModel::folder(name) + QStringLiteral("reference.json"));
        const ReferenceModel expected = ReferenceModel::read(name); // its logits (T_dec, vocab)
        auto out = model->forward(ids(ref.value(QStringLiteral("encoder_tokens")).toArray()),
                                  ids(ref.value(QStringLiteral("tokens")).toArray()), ForwardOptions{});
        QVERIFY(out.hasValue());
        QVERIFY2(maxAbsDiff(out->logits, expected.logits) < 1e-4f,
                 qPrintable(QStringLiteral("logits differ by %1").arg(maxAbsDiff(out->logits, expected.logits))));

        // Saved again: the same names and shapes, a config.json T5Config reads, the same weights.
        QTemporaryDir dir;
        QVERIFY(!HfCheckpoint::save(*model, dir.path()));
        auto saved = Safetensors::open(dir.filePath(QStringLiteral("model.safetensors")));
        QVERIFY(saved.hasValue());
        QStringList savedNames = saved->names();
        std::sort(names.begin(), names.end());
        std::sort(savedNames.begin(), savedNames.end());
        QCOMPARE(savedNames, names);
        for (const QString &n : names)
            QVERIFY2(saved->entry(n)->shape == file->entry(n)->shape, qPrintable(n));
        const QJsonObject config = readJson(dir.filePath(QStringLiteral("config.json")));
        QCOMPARE(config.value(QStringLiteral("model_type")).toString(), QStringLiteral("t5"));
        QCOMPARE(config.value(QStringLiteral("feed_forward_proj")).toString(),
                 gated ? QStringLiteral("gated-gelu") : QStringLiteral("relu"));
        QCOMPARE(config.value(QStringLiteral("num_decoder_layers")).toInt(), gated ? 3 : 2);
        QCOMPARE(config.value(QStringLiteral("d_kv")).toInt(), gated ? 5 : 6);
        QCOMPARE(config.value(QStringLiteral("layer_norm_epsilon")).toDouble(), 1e-6);
        QCOMPARE(config.value(QStringLiteral("tie_word_embeddings")).toBool(), !gated);
        auto reloaded = HfCheckpoint::load(dir.path());
        QVERIFY2(reloaded.hasValue(), qPrintable(reloaded ? QString() : reloaded.error().toString()));
        QCOMPARE(reloaded->weightsSha256(), model->weightsSha256());
    }
};

QTEST_APPLESS_MAIN(TestHfT5Checkpoint)
#include "tst_hft5checkpoint.moc"
