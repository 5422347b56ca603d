// T5's encoder-decoder in the engine, against a plain-PyTorch re-implementation of Hugging Face's
// modeling_t5.py (transformers main, src/transformers/models/t5/modeling_t5.py: T5Stack for the
// encoder and the decoder, T5Block's layer[1] T5LayerCrossAttention whose T5Attention reads
// key_value_states = the encoder's output with a zero position_bias, T5ForConditionalGeneration's
// d_model^-0.5 before a tied lm_head), written by tests/reference/make_t5_encdec_reference.py
// (PyTorch 1.13): logits, the decoder's self-attention, the cross-attention and the encoder's
// self-attention within 1e-4; decoding through the KV cache, whose cross-attention keys and values
// come from one encode(); central-difference gradients of the cross-attention and of the encoder
// it feeds; and the presets as the runner fits them.
#include "core/base/rng.h"
#include "core/design/presetlibrary.h"
#include "core/estimate/paramcounter.h"
#include "core/nn/enginesizer.h"
#include "core/nn/ops.h"
#include "core/nn/transformer.h"
#include "tests/support/gradientcheck.h"
#include "tests/support/referencemodel.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace tx;

namespace {

QJsonObject referenceJson(const QString &name)
{
    QFile f(ReferenceModel::folder(name) + QStringLiteral("reference.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing reference.json");
    return QJsonDocument::fromJson(f.readAll()).object();
}

std::vector<int> ids(const QJsonArray &a)
{
    std::vector<int> out;
    for (const QJsonValue &v : a)
        out.push_back(v.toInt());
    return out;
}

Mat matrix(const QJsonArray &rows)
{
    Mat m(rows.size(), rows.isEmpty() ? 0 : rows[0].toArray().size());
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QJsonArray r = rows[i].toArray();
        for (qsizetype j = 0; j < r.size(); ++j)
            m(Eigen::Index(i), Eigen::Index(j)) = float(r[j].toDouble());
    }
    return m;
}

// [layer][head] (Tq, Tk) → [layer * heads + head]
std::vector<Mat> heads(const QJsonArray &layers)
{
    std::vector<Mat> out;
    for (const QJsonValue &layer : layers)
        for (const QJsonValue &head : layer.toArray())
            out.push_back(matrix(head.toArray()));
    return out;
}

// A small T5 of every sub-block for the gradient checks, smooth everywhere (exact GELU).
ModelConfig smallEncoderDecoder(bool gated, bool tied)
{
    ModelConfig c;
    c.layout = Layout::EncoderDecoder;
    c.vocabSize = 11;
    c.dModel = 8;
    c.nLayers = 2;
    c.nDecoderLayers = 2;
    c.nHeads = 2;
    c.nKvHeads = 2;
    c.headDim = 3;
    c.dFf = 12;
    c.maxPositions = 16;
    c.activation = Activation::Gelu;
    c.ffn = gated ? FfnKind::Gated3 : FfnKind::Dense2;
    c.positions = PositionKind::RelativeBuckets;
    c.relativeBuckets = 6;
    c.relativeMaxDistance = 5;
    c.norm = NormKind::RmsNorm;
    c.qkvBias = c.attnOutBias = c.ffnBias = false;
    c.tiedEmbeddings = tied;
    return c;
}

} // namespace

class TestEngineEncDec : public QObject
{
    Q_OBJECT

private slots:
    void matchesPyTorch_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("encoderLayers");
        QTest::addColumn<int>("decoderLayers");
        QTest::addColumn<int>("tensors"); // engine tensors the design holds
        // token table (tied), two bias tables, 2 × 6 encoder tensors, 2 × (6 + 4 cross) decoder, two final norms
        QTest::newRow("t5 v1.0: relu, tied head") << QStringLiteral("t5-encdec-relu-tied") << 2 << 2 << 3 + 2 * 6 + 2 * 10 + 2;
        // gated-gelu, untied head: 2 × 6 + 3 × 10, two final norms, lm_head
        QTest::newRow("t5 v1.1: gated-gelu, untied") << QStringLiteral("t5-encdec-gated-untied") << 2 << 3 << 3 + 2 * 6 + 3 * 10 + 3;
    }
    void matchesPyTorch()
    {
        QFETCH(QString, name);
        QFETCH(int, encoderLayers);
        QFETCH(int, decoderLayers);
        QFETCH(int, tensors);
        const QJsonObject ref = referenceJson(name);
        const std::vector<int> encoderTokens = ids(ref.value(QStringLiteral("encoder_tokens")).toArray());
        const std::vector<int> tokens = ids(ref.value(QStringLiteral("tokens")).toArray());
        QCOMPARE(int(encoderTokens.size()), 13);
        QCOMPARE(int(tokens.size()), 7);
        auto model = ReferenceModel::load(name);
        QVERIFY2(model.hasValue(), qPrintable(model ? QString() : model.error().toString()));
        QCOMPARE(int(model->weights().registry().size()), tensors);
        QCOMPARE(EngineSizer::weightBytes(model->config()), model->weights().floatCount() * 4);
        QCOMPARE(model->parameterCount(), countParams(model->config())->total);
        auto out = model->forward(encoderTokens, tokens, ForwardOptions::everything());
        QVERIFY2(out.hasValue(), qPrintable(out ? QString() : out.error().toString()));
        QCOMPARE(out->nLayers, decoderLayers);
        QCOMPARE(out->nEncoderLayers, encoderLayers);
        const Mat logits = matrix(ref.value(QStringLiteral("logits")).toArray());
        QVERIFY2(maxAbsDiff(out->logits, logits) < 1e-4f,
                 qPrintable(QStringLiteral("logits differ by %1").arg(maxAbsDiff(out->logits, logits))));
        const struct
        {
            const char *key;
            const std::vector<Mat> &engine;
            int rows, cols;
        } captures[] = {{"attention", out->attention, 7, 7},
                        {"cross_attention", out->crossAttention, 7, 13},
                        {"encoder_attention", out->encoderAttention, 13, 13}};
        for (const auto &capture : captures) {
            const std::vector<Mat> expected = heads(ref.value(QLatin1String(capture.key)).toArray());
            QCOMPARE(capture.engine.size(), expected.size());
            for (std::size_t i = 0; i < expected.size(); ++i) {
                QCOMPARE(int(capture.engine[i].rows()), capture.rows);
                QCOMPARE(int(capture.engine[i].cols()), capture.cols);
                QVERIFY2(maxAbsDiff(capture.engine[i], expected[i]) < 1e-4f,
                         qPrintable(QStringLiteral("%1 layer %2 head %3: %4")
                                        .arg(QLatin1String(capture.key))
                                        .arg(i / 4)
                                        .arg(i % 4)
                                        .arg(maxAbsDiff(capture.engine[i], expected[i]))));
            }
        }
        // Cross-attention sees every encoder token: each row sums to 1 with no zero entry.
        for (const Mat &m : out->crossAttention) {
            QVERIFY((m.rowwise().sum().array() - 1.0f).abs().maxCoeff() < 1e-5f);
            QVERIFY(m.minCoeff() > 0.0f);
        }
    }

    // Decoding: encode() runs the encoder once and leaves every decoder layer's cross-attention
    // keys and values in the cache; the decoder's prompt and then one token at a time give the
    // logits of the whole pass, and the cached encoder keys stay untouched by the steps.
    void decodesWithTheCache()
    {
        const QString name = QStringLiteral("t5-encdec-gated-untied");
        const QJsonObject ref = referenceJson(name);
        const std::vector<int> encoderTokens = ids(ref.value(QStringLiteral("encoder_tokens")).toArray());
        const std::vector<int> tokens = ids(ref.value(QStringLiteral("tokens")).toArray());
        const Mat logits = matrix(ref.value(QStringLiteral("logits")).toArray());
        auto model = ReferenceModel::load(name);
        QVERIFY(model.hasValue());
        KvCache kv = model->makeKvCache();
        auto early = model->decode({0}, kv);
        QVERIFY(!early.hasValue());
        QCOMPARE(early.error().message, QStringLiteral("the encoder-decoder has read no input yet: run its encoder first"));
        QVERIFY(!model->encode(encoderTokens, kv));
        QCOMPARE(int(kv.layers.size()), 3);
        QCOMPARE(kv.encoderLength, 13);
        std::vector<Mat> encoderKeys;
        for (const KvCache::Layer &l : kv.layers) {
            QCOMPARE(int(l.crossKv.rows()), 13);
            QCOMPARE(int(l.crossKv.cols()), 2 * 4 * 5); // [k | v] of 4 heads of 5
            encoderKeys.push_back(l.crossKv);
        }
        auto prompt = model->decode({tokens[0], tokens[1], tokens[2]}, kv);
        QVERIFY(prompt.hasValue());
        QVERIFY(maxAbsDiff(*prompt, logits.topRows(3)) < 1e-4f);
        for (std::size_t t = 3; t < tokens.size(); ++t) {
            auto step = model->decode({tokens[t]}, kv);
            QVERIFY(step.hasValue());
            QVERIFY2(maxAbsDiff(*step, logits.row(Eigen::Index(t))) < 1e-4f, qPrintable(QString::number(t)));
        }
        QCOMPARE(kv.length, 7);
        for (std::size_t l = 0; l < kv.layers.size(); ++l)
            QCOMPARE(maxAbsDiff(kv.layers[l].crossKv, encoderKeys[l]), 0.0f);
        // A new decoding of the same input keeps the encoder's keys: clear() empties the decoder's only.
        kv.clear();
        QCOMPARE(kv.encoderLength, 13);
        auto again = model->decode(tokens, kv);
        QVERIFY(again.hasValue() && maxAbsDiff(*again, logits) < 1e-4f);
    }

    // Every gradient of an encoder-decoder against central differences of the loss: the
    // cross-attention's own tensors, and through them the encoder's, which only cross-attention
    // connects to the loss.
    void gradients_data()
    {
        QTest::addColumn<bool>("gated");
        QTest::addColumn<bool>("tied");
        QTest::newRow("t5 v1.0 shape: dense, tied head scaled by d^-0.5") << false << true;
        QTest::newRow("t5 v1.1 shape: gated, untied") << true << false;
    }
    void gradients()
    {
        QFETCH(bool, gated);
        QFETCH(bool, tied);
        const ModelConfig c = smallEncoderDecoder(gated, tied);
        auto created = Transformer::create(c);
        QVERIFY2(created, qPrintable(created ? QString() : created.error().toString()));
        Transformer &model = *created;
        model.initGpt2Style(5);
        Rng rng(31);
        for (const TransformerWeights::Slot &s : model.tensors()) {
            Mat &m = s.in(model.weights());
            for (Eigen::Index i = 0; i < m.size(); ++i)
                m.data()[i] += float(rng.normal() * (s.name.contains(QLatin1String("elativeBias")) ? 1.0 : 0.25));
        }
        const int B = 2, Te = 7, T = 5; // cross-attention (5, 7) per sequence
        std::vector<int> encoderTokens, tokens, targets;
        std::vector<float> mask;
        for (int i = 0; i < B * Te; ++i)
            encoderTokens.push_back(rng.uniformInt(c.vocabSize));
        for (int i = 0; i < B * T; ++i) {
            tokens.push_back(rng.uniformInt(c.vocabSize));
            targets.push_back(rng.uniformInt(c.vocabSize));
            mask.push_back(i % 4 == 0 ? 0.0f : 1.0f);
        }
        ActivationCache cache;
        auto loss = [&] {
            model.forwardCached(encoderTokens, Te, tokens, B, T, cache);
            return ops::crossEntropy(cache.logits, targets, mask, nullptr);
        };
        Mat dLogits;
        QVERIFY(model.forwardCached(encoderTokens, Te, tokens, B, T, cache));
        ops::crossEntropy(cache.logits, targets, mask, &dLogits);
        TransformerWeights grads = model.weights().zerosLike();
        QVERIFY(model.backward(cache, dLogits, grads));
        int crossChecked = 0, encoderChecked = 0;
        for (const TransformerWeights::Slot &s : model.tensors()) {
            const Mat analytic = s.in(grads);
            const GradientCheck r = GradientCheck::run(loss, s.in(model.weights()), analytic, 4e-3f, 24, 1e-2);
            QVERIFY2(r.maxRelError < 1e-2, qPrintable(QStringLiteral("%1: rel error %2, abs error %3")
                                                          .arg(s.name).arg(r.maxRelError).arg(r.maxAbsError)));
            if (s.name.contains(QLatin1String(".cross")))
                crossChecked += r.checked;
            if (s.name.startsWith(QLatin1String("encoder")) || s.name.startsWith(QLatin1String("layers.0."))
                || s.name.startsWith(QLatin1String("layers.1.")))
                encoderChecked += r.checked;
            QVERIFY2(analytic.cwiseAbs().maxCoeff() > 0.0f, qPrintable(s.name + QStringLiteral(" has no gradient")));
        }
        // Per decoder layer: norm 8, q 24 of 48, kv 24 of 96, o 24 of 48 → 80; two layers.
        QCOMPARE(crossChecked, 2 * (8 + 24 + 24 + 24));
        // The encoder's table (6 × 2), final norm (8) and two layers were checked too.
        QVERIFY(encoderChecked > 12 + 8 + 2 * 24);
    }

    // The presets as the runner fits them: T5-small fits the default cap as it is and runs both
    // stacks, with exactly its published 60,506,624 parameters; Switch keeps its encoder-decoder
    // and loses its experts and half of each stack; the original Transformer only its post-norm placement.
    void presetsKeepTheEncoder_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QStringList>("changes");
        QTest::addColumn<int>("encoderLayers");
        QTest::addColumn<int>("decoderLayers");
        QTest::newRow("t5-small") << QStringLiteral("t5-small") << QStringList{} << 6 << 6;
        QTest::newRow("switch-base-8") << QStringLiteral("switch-base-8")
                                       << QStringList{QStringLiteral("moe_experts: 8 → 0 (one dense FFN of the same width per layer)"),
                                                      QStringLiteral("n_layers: 12 → 6"), QStringLiteral("n_decoder_layers: 12 → 6")}
                                       << 6 << 6;
        QTest::newRow("transformer-base")
            << QStringLiteral("transformer-base")
            << QStringList{QStringLiteral("norm_placement: post → pre (the engine's cross-attention runs pre-norm blocks)")} << 6 << 6;
    }
    void presetsKeepTheEncoder()
    {
        QFETCH(QString, preset);
        QFETCH(QStringList, changes);
        QFETCH(int, encoderLayers);
        QFETCH(int, decoderLayers);
        const Preset *p = PresetLibrary::builtIn().find(preset);
        QVERIFY(p);
        auto plan = EngineSizer::fit(p->config, Transformer::kDefaultCapBytes);
        QVERIFY2(plan.hasValue(), qPrintable(plan ? QString() : plan.error().toString()));
        QCOMPARE(plan->changes, changes);
        QVERIFY(plan->config.layout == Layout::EncoderDecoder);
        QCOMPARE(plan->config.encoderLayers(), encoderLayers);
        QCOMPARE(plan->config.decoderLayers(), decoderLayers);
        auto model = Transformer::create(plan->config);
        QVERIFY2(model.hasValue(), qPrintable(model ? QString() : model.error().toString()));
        QCOMPARE(model->parameterCount(), countParams(plan->config)->total);
        QCOMPARE(EngineSizer::weightBytes(plan->config), model->weights().floatCount() * 4);
        if (preset == QLatin1String("t5-small"))
            QCOMPARE(model->parameterCount(), qint64(60'506'624));
    }
};

QTEST_APPLESS_MAIN(TestEngineEncDec)
#include "tst_engineencdec.moc"
