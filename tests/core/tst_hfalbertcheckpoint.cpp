// Hugging Face ALBERT checkpoints (AlbertForMaskedLM, transformers'
// src/transformers/models/albert/modeling_albert.py names) load into the engine with their
// masked-LM head (AlbertMLMHead) and save back under the same names and shapes. The tiny files
// and PyTorch's logits and attention are written by tests/reference/make_albert_mlm_reference.py
// (a plain-PyTorch re-implementation, PyTorch 1.13) into tests/data/engine/albert-mlm-*: the
// engine matches them within 1e-4, and the new backward (the head, the token-type row) passes
// central differences.
#include "core/base/rng.h"
#include "core/design/presetlibrary.h"
#include "core/estimate/paramcounter.h"
#include "core/formats/hfcheckpoint.h"
#include "core/formats/safetensors.h"
#include "core/nn/enginesizer.h"
#include "core/nn/ops.h"
#include "core/nn/transformer.h"
#include "tests/support/gradientcheck.h"
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

Mat matrixOf(const QJsonArray &rows)
{
    Mat m(rows.size(), rows.isEmpty() ? 0 : rows[0].toArray().size());
    for (qsizetype r = 0; r < rows.size(); ++r) {
        const QJsonArray row = rows[r].toArray();
        for (qsizetype c = 0; c < row.size(); ++c)
            m(r, c) = float(row[c].toDouble());
    }
    return m;
}

} // namespace

class TestHfAlbertCheckpoint : public QObject
{
    Q_OBJECT

private slots:
    void loadsAndMatchesPyTorch_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("stored");
        QTest::addColumn<int>("tensors"); // in the file
        // 3 tables, embedding LayerNorm (2), mapping (2); per group 16; predictions dense (2), LayerNorm (2), bias
        QTest::newRow("one group: every layer shared") << QStringLiteral("albert-mlm-shared") << 3 << 1 << 7 + 16 + 5;
        QTest::newRow("two groups of two layers") << QStringLiteral("albert-mlm-two-groups") << 4 << 2 << 7 + 2 * 16 + 5;
    }
    void loadsAndMatchesPyTorch()
    {
        QFETCH(QString, name);
        QFETCH(int, layers);
        QFETCH(int, stored);
        QFETCH(int, tensors);
        auto file = Safetensors::open(folder(name) + QStringLiteral("/model.safetensors"));
        QVERIFY(file.hasValue());
        QCOMPARE(int(file->names().size()), tensors);
        auto model = HfCheckpoint::load(folder(name));
        QVERIFY2(model.hasValue(), qPrintable(model ? QString() : model.error().toString()));
        const ModelConfig &c = model->config();
        QVERIFY(c.layout == Layout::EncoderOnly);
        QVERIFY(c.mlmHead && c.tiedEmbeddings && c.lmHeadBias && !c.pooler);
        QCOMPARE(c.nLayers, layers);
        QCOMPARE(model->storedLayerCount(), stored);
        QCOMPARE(c.tokenTypes, 2);
        QCOMPARE(model->normEps(), 1e-12f); // AlbertConfig's layer_norm_eps
        QVERIFY(c.activation == Activation::GeluTanh); // gelu_new
        // Every float of the file is in the engine once (the tied decoder is the word table).
        std::int64_t fileFloats = 0;
        for (const QString &n : file->names()) {
            std::int64_t count = 1;
            for (std::int64_t s : file->entry(n)->shape)
                count *= s;
            fileFloats += count;
        }
        QCOMPARE(model->parameterCount(), fileFloats);
        QCOMPARE(model->parameterCount(), countParams(c)->total);
        QCOMPARE(EngineSizer::weightBytes(c), model->weights().floatCount() * 4);

        const QJsonObject ref = readJson(folder(name) + QStringLiteral("/reference.json"));
        std::vector<int> tokens;
        for (const QJsonValue &v : ref.value(QStringLiteral("tokens")).toArray())
            tokens.push_back(v.toInt());
        auto out = model->forward(tokens, ForwardOptions::everything());
        QVERIFY(out.hasValue());
        QCOMPARE(out->causal, false);
        const Mat logits = matrixOf(ref.value(QStringLiteral("logits")).toArray()); // (18, 40) masked-LM logits
        QCOMPARE(out->logits.rows(), Eigen::Index(18));
        QVERIFY2(maxAbsDiff(out->logits, logits) < 1e-4f,
                 qPrintable(QStringLiteral("logits differ by %1").arg(maxAbsDiff(out->logits, logits))));
        const QJsonArray attention = ref.value(QStringLiteral("attention")).toArray();
        QCOMPARE(int(attention.size()), layers);
        QCOMPARE(int(out->attention.size()), layers * 4);
        for (int l = 0; l < layers; ++l) {
            for (int h = 0; h < 4; ++h) {
                const Mat expected = matrixOf(attention[l].toArray()[h].toArray());
                QVERIFY2(maxAbsDiff(out->attentionAt(l, h), expected) < 1e-4f,
                         qPrintable(QStringLiteral("layer %1 head %2: %3").arg(l).arg(h).arg(maxAbsDiff(out->attentionAt(l, h), expected))));
            }
        }
    }

    // Saved again: the same names, shapes and float32 values, and a config.json AlbertConfig reads.
    void savesTheSameTensors_data() { loadsAndMatchesPyTorch_data(); }
    void savesTheSameTensors()
    {
        QFETCH(QString, name);
        QFETCH(int, layers);
        QFETCH(int, stored);
        auto file = Safetensors::open(folder(name) + QStringLiteral("/model.safetensors"));
        QVERIFY(file.hasValue());
        auto model = HfCheckpoint::load(folder(name));
        QVERIFY(model.hasValue());
        QTemporaryDir dir;
        QVERIFY(!HfCheckpoint::save(*model, dir.path()));
        auto saved = Safetensors::open(dir.filePath(QStringLiteral("model.safetensors")));
        QVERIFY(saved.hasValue());
        QStringList names = file->names(), savedNames = saved->names();
        std::sort(names.begin(), names.end());
        std::sort(savedNames.begin(), savedNames.end());
        QCOMPARE(savedNames, names);
        QVERIFY(names.contains(QStringLiteral("albert.encoder.albert_layer_groups.0.albert_layers.0.attention.query.weight")));
        QVERIFY(!names.contains(QStringLiteral("predictions.decoder.weight")));
        for (const QString &n : names) {
            QVERIFY2(saved->entry(n)->shape == file->entry(n)->shape, qPrintable(n));
            QCOMPARE(saved->entry(n)->dtype, QStringLiteral("F32"));
            auto a = file->tensor(n, file->entry(n)->shape);
            auto b = saved->tensor(n, saved->entry(n)->shape);
            QVERIFY(a && b);
            QVERIFY2(*a == *b, qPrintable(n)); // bit for bit
        }
        const QJsonObject config = readJson(dir.filePath(QStringLiteral("config.json")));
        const QJsonObject original = readJson(folder(name) + QStringLiteral("/config.json"));
        for (const char *key : {"model_type", "vocab_size", "embedding_size", "hidden_size", "num_hidden_layers",
                                "num_hidden_groups", "num_attention_heads", "intermediate_size", "hidden_act",
                                "max_position_embeddings", "type_vocab_size", "layer_norm_eps"})
            QVERIFY2(config.value(QLatin1String(key)) == original.value(QLatin1String(key)), key);
        QCOMPARE(config.value(QStringLiteral("num_hidden_groups")).toInt(), stored);
        QCOMPARE(config.value(QStringLiteral("num_hidden_layers")).toInt(), layers);
        QCOMPARE(config.value(QStringLiteral("architectures")).toArray().first().toString(), QStringLiteral("AlbertForMaskedLM"));
        auto reloaded = HfCheckpoint::load(dir.path());
        QVERIFY2(reloaded.hasValue(), qPrintable(reloaded ? QString() : reloaded.error().toString()));
        QCOMPARE(reloaded->weightsSha256(), model->weightsSha256());
    }

    // Files that keep the tied bias under the decoder's name load the same.
    void readsTheDecoderBiasName()
    {
        const QString name = QStringLiteral("albert-mlm-shared");
        auto model = HfCheckpoint::load(folder(name));
        QVERIFY(model.hasValue());
        auto file = Safetensors::open(folder(name) + QStringLiteral("/model.safetensors"));
        QVERIFY(file.hasValue());
        std::vector<Mat> values;
        values.reserve(std::size_t(file->names().size()));
        std::vector<Safetensors::Out> out;
        for (const QString &n : file->names()) {
            auto t = file->tensor(n, file->entry(n)->shape);
            QVERIFY(t);
            values.push_back(*t);
            const auto &shape = file->entry(n)->shape;
            out.push_back({n == QLatin1String("predictions.bias") ? QStringLiteral("predictions.decoder.bias") : n,
                           values.back().data(), shape.size() == 1 ? 0 : values.back().rows(), values.back().cols()});
        }
        QTemporaryDir dir;
        QVERIFY(!Safetensors::save(dir.filePath(QStringLiteral("model.safetensors")), out, Safetensors::Dtype::F32));
        QVERIFY(QFile::copy(folder(name) + QStringLiteral("/config.json"), dir.filePath(QStringLiteral("config.json"))));
        auto renamed = HfCheckpoint::load(dir.path());
        QVERIFY2(renamed.hasValue(), qPrintable(renamed ? QString() : renamed.error().toString()));
        QCOMPARE(renamed->weightsSha256(), model->weightsSha256());
    }

    // The masked-LM head's backward and the token-type row against central differences, on a
    // small ALBERT (5-wide table, 8-wide stream, GELU so no kink sits within a step).
    void headGradients()
    {
        ModelConfig c;
        c.layout = Layout::EncoderOnly;
        c.vocabSize = 11;
        c.dModel = 8;
        c.nLayers = 2;
        c.nHeads = 2;
        c.nKvHeads = 2;
        c.dFf = 12;
        c.maxPositions = 16;
        c.activation = Activation::GeluTanh;
        c.embeddingDim = 5;
        c.embeddingNorm = true;
        c.normPlacement = NormPlacement::Post;
        c.finalNorm = false;
        c.tokenTypes = 2;
        c.sharing = Sharing::AllLayers;
        c.lmHead = c.mlmHead = c.tiedEmbeddings = c.lmHeadBias = true;
        QVERIFY(HfCheckpoint::familyOf(c).hasValue());
        auto created = Transformer::create(c, Transformer::kDefaultCapBytes, 1e-12f);
        QVERIFY2(created, qPrintable(created ? QString() : created.error().toString()));
        Transformer &model = *created;
        model.initGpt2Style(5);
        Rng rng(31);
        for (const TransformerWeights::Slot &s : model.tensors()) {
            Mat &m = s.in(model.weights());
            for (Eigen::Index i = 0; i < m.size(); ++i)
                m.data()[i] += float(rng.normal() * 0.3);
        }
        std::vector<int> inputs, targets;
        std::vector<float> mask;
        for (int i = 0; i < 2 * 7; ++i) {
            inputs.push_back(rng.uniformInt(c.vocabSize));
            targets.push_back(rng.uniformInt(c.vocabSize));
            mask.push_back(i % 3 == 0 ? 0.0f : 1.0f);
        }
        ActivationCache cache;
        auto loss = [&] {
            model.forwardCached(inputs, 2, 7, cache);
            return ops::crossEntropy(cache.logits, targets, mask, nullptr);
        };
        Mat dLogits;
        model.forwardCached(inputs, 2, 7, cache);
        ops::crossEntropy(cache.logits, targets, mask, &dLogits);
        TransformerWeights grads = model.weights().zerosLike();
        QVERIFY(model.backward(cache, dLogits, grads));
        int checkedHead = 0;
        for (const TransformerWeights::Slot &s : model.tensors()) {
            const Mat analytic = s.in(grads);
            const GradientCheck r = GradientCheck::run(loss, s.in(model.weights()), analytic, 4e-3f, 48, 1e-2);
            QVERIFY2(r.maxRelError < 1e-2, qPrintable(QStringLiteral("%1: rel error %2, abs error %3")
                                                          .arg(s.name).arg(r.maxRelError).arg(r.maxAbsError)));
            if (s.name.startsWith(QLatin1String("head")) || s.name == QLatin1String("tokenTypeEmbedding"))
                checkedHead += r.checked;
        }
        // headDense (8 × 5) and its bias (5), headNorm scale and bias (5 each), the (2, 5) type table.
        QCOMPARE(checkedHead, 40 + 5 + 5 + 5 + 10);
        // Only row 0 of the token types is read (token_type_ids all 0): row 1 has no gradient.
        QCOMPARE(grads.tokenTypeEmbedding.row(1).norm(), 0.0f);
        QVERIFY(grads.tokenTypeEmbedding.row(0).norm() > 0.0f);
    }

    // ALBERT-base scaled down to the engine ends in the masked-LM head and saves as an ALBERT
    // checkpoint that reloads to the same weights.
    void scaledPresetSavesAsAlbert()
    {
        const Preset *p = PresetLibrary::builtIn().find(QStringLiteral("albert-base-v2"));
        QVERIFY(p);
        auto plan = EngineSizer::fit(p->config, Transformer::kDefaultCapBytes);
        QVERIFY(plan.hasValue());
        QCOMPARE(plan->changes,
                 (QStringList{QStringLiteral("pooler: yes → no (not used to predict tokens)"),
                              QStringLiteral("lm_head: no → yes, ALBERT's masked-LM head (dense d_model 768 → 128, gelu_tanh, "
                                             "layernorm, tied to the token embedding, with a bias)")}));
        QCOMPARE(HfCheckpoint::familyOf(plan->config).value(), HfCheckpoint::Family::Albert);
        auto model = Transformer::create(plan->config, Transformer::kDefaultCapBytes, 1e-12f);
        QVERIFY(model.hasValue());
        // AlbertForMaskedLM of albert-base-v2 without its pooler: 11,683,584 − 768 × 768 − 768 for
        // AlbertModel's pooler, + 768 × 128 + 128 (predictions.dense) + 256 (LayerNorm) + 30,000 (bias).
        QCOMPARE(model->parameterCount(), qint64(11'683'584 - 768 * 768 - 768 + 768 * 128 + 128 + 256 + 30'000));
        model->initGpt2Style(2);
        QTemporaryDir dir;
        QVERIFY(!HfCheckpoint::save(*model, dir.path()));
        auto reloaded = HfCheckpoint::load(dir.path());
        QVERIFY2(reloaded.hasValue(), qPrintable(reloaded ? QString() : reloaded.error().toString()));
        QCOMPARE(reloaded->weightsSha256(), model->weightsSha256());
        auto out = reloaded->forward({5, 9, 200, 17}, ForwardOptions{});
        QVERIFY(out.hasValue());
        QCOMPARE(out->logits.cols(), Eigen::Index(30'000));
    }
};

QTEST_APPLESS_MAIN(TestHfAlbertCheckpoint)
#include "tst_hfalbertcheckpoint.moc"
