// RoPE scaling in the engine: linear, dynamic NTK, yarn (gpt-oss's untruncated one, DeepSeek's
// mscales), llama3 and longrope, and Gemma 3's plain RoPE on its sliding layers, computed as
// transformers' src/transformers/modeling_rope_utils.py computes them. Tiny random models against
// the plain-PyTorch re-implementation of tests/reference/make_rope_scaling_reference.py (PyTorch
// 1.13), central-difference gradients through the scaled tables, and the inverse frequencies of
// the real gpt-oss-20b, Llama-3.1-8B and DeepSeek configs (tests/data/hf/*/config.json, the same
// files as /work/shared/reference/modern/) pinned to the numbers that code gives.
#include "core/base/rng.h"
#include "core/design/configvalidator.h"
#include "core/design/designfile.h"
#include "core/design/presetlibrary.h"
#include "core/formats/hfcheckpoint.h"
#include "core/formats/hfconfigexporter.h"
#include "core/formats/hfconfigimporter.h"
#include "core/nn/enginesizer.h"
#include "core/nn/ropefrequencies.h"
#include "core/nn/transformer.h"
#include "core/train/trainablemodel.h"
#include "tests/support/gradientcheck.h"
#include "tests/support/referencemodel.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using namespace tx;

namespace {

QString hfConfig(const QString &model)
{
    return QStringLiteral(TX_TEST_DATA_DIR "/hf/") + model + QStringLiteral("/config.json");
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return f.readAll();
}

} // namespace

class TestRopeScaling : public QObject
{
    Q_OBJECT

private slots:
    void matchesPyTorch_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("decodes"); // decoding token by token gives the whole pass's logits
        QTest::newRow("linear, factor 4") << QStringLiteral("rope-linear") << true;
        // transformers recomputes dynamic and longrope frequencies as the sequence grows past the
        // trained length, so keys cached earlier keep the old ones: a token-by-token decode is not
        // the whole pass there, in transformers as here.
        QTest::newRow("dynamic NTK, 9 tokens past 6") << QStringLiteral("rope-dynamic") << false;
        QTest::newRow("yarn as gpt-oss-20b: untruncated, with sinks and windows") << QStringLiteral("rope-yarn-gpt-oss") << true;
        QTest::newRow("yarn truncated, given attention factor, qk-norm") << QStringLiteral("rope-yarn-truncated") << true;
        QTest::newRow("llama3: kept, smoothed, divided") << QStringLiteral("rope-llama3") << true;
        QTest::newRow("longrope past the original: long factors") << QStringLiteral("rope-longrope-long") << false;
        QTest::newRow("longrope within the original: short factors") << QStringLiteral("rope-longrope-short") << true;
        QTest::newRow("gemma3: linear on full layers, local base on sliding") << QStringLiteral("gemma3-local-rope-linear") << true;
        QTest::newRow("deepseek-v3 mla: yarn, mscale on cos/sin and softmax") << QStringLiteral("deepseek-v3-mla-yarn-mscale")
                                                                              << true;
    }
    void matchesPyTorch()
    {
        QFETCH(QString, name);
        QFETCH(bool, decodes);
        const ReferenceModel ref = ReferenceModel::read(name);
        auto model = ReferenceModel::load(name);
        QVERIFY2(model.hasValue(), qPrintable(model ? QString() : model.error().toString()));
        QVERIFY(model->config().ropeScaling.enabled());
        auto out = model->forward(ref.tokens, ForwardOptions::everything());
        QVERIFY(out.hasValue());
        QVERIFY2(maxAbsDiff(out->logits, ref.logits) < 1e-4f,
                 qPrintable(QStringLiteral("logits differ by %1").arg(maxAbsDiff(out->logits, ref.logits))));
        QCOMPARE(out->attention.size(), ref.attention.size());
        for (std::size_t i = 0; i < ref.attention.size(); ++i)
            QVERIFY2(maxAbsDiff(out->attention[i], ref.attention[i]) < 1e-4f,
                     qPrintable(QStringLiteral("layer %1 head %2: %3").arg(i / 4).arg(i % 4).arg(maxAbsDiff(out->attention[i], ref.attention[i]))));
        if (!decodes)
            return;
        KvCache kv = model->makeKvCache();
        for (std::size_t t = 0; t < ref.tokens.size(); ++t) {
            auto step = model->decode({ref.tokens[t]}, kv);
            QVERIFY(step.hasValue());
            QVERIFY2(maxAbsDiff(*step, ref.logits.row(Eigen::Index(t))) < 1e-4f, qPrintable(QString::number(t)));
        }
    }

    // The scaled frequencies are what make these models differ from plain RoPE: with plain
    // tables the logits move by far more than the tolerance.
    void plainRopeWouldNotMatch()
    {
        const QString name = QStringLiteral("rope-yarn-gpt-oss");
        auto model = ReferenceModel::load(name);
        QVERIFY(model.hasValue());
        ModelConfig plain = model->config();
        plain.ropeScaling = RopeScaling{};
        auto unscaled = Transformer::create(plain, Transformer::kDefaultCapBytes, 1e-6f);
        QVERIFY(unscaled.hasValue());
        unscaled->weights() = model->weights();
        const ReferenceModel ref = ReferenceModel::read(name);
        auto out = unscaled->forward(ref.tokens, ForwardOptions{});
        QVERIFY(out.hasValue());
        QVERIFY2(maxAbsDiff(out->logits, ref.logits) > 0.05f, qPrintable(QString::number(maxAbsDiff(out->logits, ref.logits))));
    }

    // HF's formulas on the real configs (make_rope_scaling_reference.py's rope_parameters, in
    // float32 as modeling_rope_utils.py), every frequency to float precision.
    void realConfigsFrequencies_data()
    {
        QTest::addColumn<QString>("model");
        for (const char *m : {"gpt-oss-20b", "llama-3.1-8b", "deepseek-v3", "deepseek-v2-lite", "kimi-k2"})
            QTest::newRow(m) << QString::fromLatin1(m);
    }
    void realConfigsFrequencies()
    {
        QFETCH(QString, model);
        const QJsonObject ref = QJsonDocument::fromJson(readAll(QStringLiteral(TX_TEST_DATA_DIR "/rope_frequencies.json")))
                                    .object()
                                    .value(QStringLiteral("models"))
                                    .toObject()
                                    .value(model)
                                    .toObject();
        auto config = HfConfigImporter::load(hfConfig(model));
        QVERIFY2(config.hasValue(), qPrintable(config ? QString() : config.error().toString()));
        const int dim = RopeFrequencies::rotaryDim(*config);
        QCOMPARE(dim, ref.value(QStringLiteral("dim")).toInt());
        const std::vector<float> inv = RopeFrequencies::inverse(*config, dim, 1);
        const QJsonArray expected = ref.value(QStringLiteral("inv_freq")).toArray();
        QCOMPARE(int(inv.size()), int(expected.size()));
        for (int i = 0; i < expected.size(); ++i) {
            const double e = expected[i].toDouble();
            QVERIFY2(std::abs(inv[std::size_t(i)] - e) <= 2e-7 * e, qPrintable(QStringLiteral("inv_freq[%1] = %2, HF %3")
                                                                             .arg(i).arg(double(inv[std::size_t(i)]), 0, 'g', 9).arg(e, 0, 'g', 9)));
        }
        QCOMPARE(RopeFrequencies::attentionFactor(*config), ref.value(QStringLiteral("attention_factor")).toDouble());
        if (ref.contains(QStringLiteral("softmax_factor")))
            QVERIFY(std::abs(RopeFrequencies::mlaSoftmaxFactor(*config) - ref.value(QStringLiteral("softmax_factor")).toDouble()) < 1e-12);
    }

    // A few of those numbers written out (the same formulas, by hand where they are closed-form).
    void pinnedFrequencies()
    {
        // gpt-oss-20b: head_dim 64, rope_theta 150000, yarn factor 32 over 4096 positions,
        // beta_fast 32, beta_slow 1, truncate false. The correction range is dims 8.093 … 17.395:
        // below it the plain frequency, above it ÷ 32, between a blend.
        auto oss = HfConfigImporter::load(hfConfig(QStringLiteral("gpt-oss-20b")));
        QVERIFY(oss.hasValue());
        QVERIFY(oss->ropeScaling.kind == RopeScalingKind::Yarn);
        QVERIFY(!oss->ropeScaling.truncate);
        const std::vector<float> o = RopeFrequencies::inverse(*oss, 64, 1);
        QCOMPARE(o[0], 1.0f);
        QCOMPARE(o[1], 0.6890442967414856f); // 150000^(-2/64), kept
        QCOMPARE(o[31], 3.023511396804679e-07f); // 150000^(-62/64) / 32
        QCOMPARE(RopeFrequencies::attentionFactor(*oss), 0.1 * std::log(32.0) + 1.0); // 1.3465735902799727
        // Llama-3.1-8B: head_dim 128, rope_theta 500000, llama3 factor 8, low 1, high 4, original 8192.
        auto llama = HfConfigImporter::load(hfConfig(QStringLiteral("llama-3.1-8b")));
        QVERIFY(llama.hasValue());
        QVERIFY(llama->ropeScaling.kind == RopeScalingKind::Llama3);
        const std::vector<float> l = RopeFrequencies::inverse(*llama, 128, 1);
        QCOMPARE(l[1], 0.8146172165870667f); // 500000^(-2/128), wavelength 7.7 < 2048: kept
        QCOMPARE(l[63], 3.068925877869333e-07f); // wavelength 2.6M > 8192: ÷ 8
        QCOMPARE(RopeFrequencies::attentionFactor(*llama), 1.0);
        // DeepSeek-V3: the softmax scale times (0.1 · ln 40 + 1)² = 1.8738542…; cos/sin × 1 (mscale = mscale_all_dim).
        auto v3 = HfConfigImporter::load(hfConfig(QStringLiteral("deepseek-v3")));
        QVERIFY(v3.hasValue());
        QCOMPARE(RopeFrequencies::attentionFactor(*v3), 1.0);
        QVERIFY(std::abs(RopeFrequencies::mlaSoftmaxFactor(*v3) - 1.8738542070926265) < 1e-12);
    }

    // The loader takes the real config.json files for a scaled-down run and says what it scaled;
    // the RoPE scaling is kept as it is.
    void realConfigsLoadForTheEngine_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("rope");
        QTest::newRow("gpt-oss-20b") << QStringLiteral("gpt-oss-20b")
                                     << QStringLiteral("yarn, factor 32 from 4,096 positions, beta_fast 32, beta_slow 1, not truncated; "
                                                       "cos/sin × 1.3466");
        QTest::newRow("llama-3.1-8b") << QStringLiteral("llama-3.1-8b")
                                      << QStringLiteral("llama3, factor 8 from 8,192 positions, low_freq_factor 1, high_freq_factor 4");
        QTest::newRow("deepseek-v3") << QStringLiteral("deepseek-v3")
                                     << QStringLiteral("yarn, factor 40 from 4,096 positions, beta_fast 32, beta_slow 1; "
                                                       "softmax scale × 1.8739");
        QTest::newRow("deepseek-v2-lite") << QStringLiteral("deepseek-v2-lite")
                                          << QStringLiteral("yarn, factor 40 from 4,096 positions, beta_fast 32, beta_slow 1; "
                                                            "softmax scale × 1.5896");
    }
    void realConfigsLoadForTheEngine()
    {
        QFETCH(QString, model);
        QFETCH(QString, rope);
        auto config = HfCheckpoint::parseConfig(readAll(hfConfig(model)), hfConfig(model));
        QVERIFY2(config.hasValue(), qPrintable(config ? QString() : config.error().toString()));
        auto plan = EngineSizer::fit(config->model, Transformer::kDefaultCapBytes);
        QVERIFY2(plan.hasValue(), qPrintable(plan ? QString() : plan.error().toString()));
        QVERIFY(!plan->changes.isEmpty());
        QVERIFY(plan->changes.first().startsWith(QLatin1String("n_layers: ")));
        QVERIFY(plan->config.ropeScaling == config->model.ropeScaling);
        QCOMPARE(RopeFrequencies::describe(plan->config), rope);
        auto small = Transformer::create(plan->config);
        QVERIFY2(small.hasValue(), qPrintable(small ? QString() : small.error().toString()));
        auto out = small->forward({1, 2, 3, 4}, ForwardOptions{});
        QVERIFY(out.hasValue());
        QVERIFY(out->logits.allFinite());
    }

    // A kind the engine cannot compute is still refused, naming the key.
    void unknownKindRefused()
    {
        QJsonObject o = QJsonDocument::fromJson(readAll(hfConfig(QStringLiteral("llama-3.1-8b")))).object();
        o.insert(QStringLiteral("rope_scaling"), QJsonObject{{QStringLiteral("rope_type"), QStringLiteral("mrope")}});
        auto config = HfCheckpoint::parseConfig(QJsonDocument(o).toJson(), QStringLiteral("m/config.json"));
        QVERIFY(!config.hasValue());
        QCOMPARE(config.error().toString(), QStringLiteral("m/config.json: rope_scaling: RoPE scaling \"mrope\" is not supported by the engine"));
    }

    // The design carries the scaling: a design file and a config.json give it back.
    void designAndConfigRoundTrip()
    {
        ModelConfig c;
        c.positions = PositionKind::Rotary;
        c.norm = NormKind::RmsNorm;
        c.ffn = FfnKind::Gated3;
        c.activation = Activation::Silu;
        c.qkvBias = c.attnOutBias = c.ffnBias = false;
        c.tiedEmbeddings = false;
        c.maxPositions = 131072;
        c.headDim = 8;
        c.dModel = 64;
        c.nHeads = c.nKvHeads = 8;
        c.weightPrecision = Precision::FP32;
        c.ropeScaling.kind = RopeScalingKind::LongRope;
        c.ropeScaling.factor = 32;
        c.ropeScaling.originalMaxPositions = 4096;
        c.ropeScaling.shortFactor = {1.0, 1.1, 1.2, 1.3};
        c.ropeScaling.longFactor = {1.0, 2.0, 4.0, 8.0};
        c.ropeScaling.attentionFactor = 1.19;
        auto back = DesignFile::parse(DesignFile::serialize(c), QStringLiteral("d.json"));
        QVERIFY(back.hasValue());
        QVERIFY(back->ropeScaling == c.ropeScaling);
        auto json = HfConfigExporter::toJson(c);
        QVERIFY2(json.hasValue(), qPrintable(json ? QString() : json.error().toString()));
        const QJsonObject rs = json->value(QStringLiteral("rope_scaling")).toObject();
        QCOMPARE(rs.value(QStringLiteral("rope_type")).toString(), QStringLiteral("longrope"));
        QCOMPARE(rs.value(QStringLiteral("long_factor")).toArray().size(), 4);
        auto imported = HfConfigImporter::parse(QJsonDocument(*json).toJson(), QStringLiteral("c.json"));
        QVERIFY2(imported.hasValue(), qPrintable(imported ? QString() : imported.error().toString()));
        QVERIFY(imported->ropeScaling == c.ropeScaling);
        // --set spells the lists as text.
        ModelConfig edited = c;
        QVERIFY(!DesignFile::applySetting(edited, QStringLiteral("rope_long_factor"), QStringLiteral("1, 3, 9, 27")));
        QCOMPARE(edited.ropeScaling.longFactor, (std::vector<double>{1, 3, 9, 27}));
        QVERIFY(!DesignFile::applySetting(edited, QStringLiteral("rope_scaling"), QStringLiteral("yarn")));
        QVERIFY(edited.ropeScaling.kind == RopeScalingKind::Yarn);
        // The engine needs one factor per rotated pair (head_dim 8: four).
        edited.ropeScaling.kind = RopeScalingKind::LongRope;
        edited.ropeScaling.longFactor = {1, 2};
        const auto refused = EngineSizer::unsupported(edited);
        QVERIFY(refused.has_value());
        QCOMPARE(refused->toString(), QStringLiteral("rope_short_factor: longrope needs one short and one long factor per rotated "
                                                     "pair (4), has 4 and 2"));
    }

    void invalidValues_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("field");
        QTest::newRow("factor below 1") << QStringLiteral("rope_factor") << QStringLiteral("0.5") << QStringLiteral("rope_factor");
        QTest::newRow("llama3 high below low") << QStringLiteral("rope_high_freq_factor") << QStringLiteral("0.5")
                                               << QStringLiteral("rope_high_freq_factor");
        QTest::newRow("negative local base") << QStringLiteral("rope_local_theta") << QStringLiteral("-1")
                                             << QStringLiteral("rope_local_theta");
    }
    void invalidValues()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, field);
        const Preset *llama = PresetLibrary::builtIn().find(QStringLiteral("llama-3.1-8b"));
        QVERIFY(llama);
        QVERIFY(llama->config.ropeScaling.kind == RopeScalingKind::Llama3);
        ModelConfig c = llama->config;
        QVERIFY(!DesignFile::applySetting(c, key, value));
        const std::vector<Error> errors = validate(c);
        QVERIFY(!errors.empty());
        QCOMPARE(errors.front().field, field);
    }

    // Central differences through the scaled tables (the backward rotates by the transposed,
    // attention-factor-scaled rotation), through MLA's mscale² softmax scale and Gemma's scales.
    void gradients_data()
    {
        QTest::addColumn<int>("variant");
        QTest::newRow("yarn with its attention factor, sinks, sliding") << 0;
        QTest::newRow("gemma3: linear on full layers, local base on sliding") << 1;
        QTest::newRow("dynamic NTK past the trained length") << 2;
        QTest::newRow("mla: yarn with mscale and mscale_all_dim") << 3;
        // Not RoPE, but the other Gemma numbers the engine now computes: embeddings × sqrt(d_model)
        // under a tied head, and query_pre_attn_scalar^-0.5 as the softmax scale.
        QTest::newRow("gemma: scaled embeddings, tied head, query_pre_attn_scalar") << 4;
    }
    void gradients()
    {
        QFETCH(int, variant);
        ModelConfig c;
        c.vocabSize = 11;
        c.dModel = 8;
        c.nLayers = 3;
        c.nHeads = 4;
        c.nKvHeads = 2;
        c.headDim = 4;
        c.dFf = 12;
        c.maxPositions = 16;
        c.positions = PositionKind::Rotary;
        c.norm = NormKind::RmsNorm;
        c.ffn = FfnKind::Gated3;
        c.activation = Activation::Gelu;
        RopeScaling &s = c.ropeScaling;
        if (variant == 0 || variant == 3) {
            s.kind = RopeScalingKind::Yarn;
            s.factor = 16;
            s.originalMaxPositions = 64;
            s.truncate = variant == 3;
        }
        if (variant == 0) {
            c.attentionSinks = true;
            c.slidingWindow = 3;
            c.layerTypes = {LayerAttention::Sliding, LayerAttention::Full, LayerAttention::Sliding};
        } else if (variant == 1) {
            s.kind = RopeScalingKind::Linear;
            s.factor = 4;
            c.ropeTheta = 1e6;
            c.ropeLocalTheta = 10;
            c.slidingWindow = 2;
            c.globalEvery = 3;
            c.normPlacement = NormPlacement::Sandwich;
        } else if (variant == 2) {
            s.kind = RopeScalingKind::Dynamic;
            s.factor = 3;
            s.originalMaxPositions = 4; // the batch's 6 tokens reach past it
        } else if (variant == 3) {
            s.mscale = 0.5;
            s.mscaleAllDim = 1.0;
            c.attention = AttentionKind::Mla;
            c.nKvHeads = c.nHeads;
            c.headDim = 0;
            c.mla = MlaConfig{6, 5, 2, 4, 3}; // q_lora, kv_lora, nope, rope, v
        }
        if (variant == 4) {
            c.embeddingScaled = true;
            c.tiedEmbeddings = true;
            c.queryPreAttnScalar = 9;
            c.normPlacement = NormPlacement::Sandwich;
        }
        auto model = TrainableModel::create(c);
        QVERIFY2(model, qPrintable(model ? QString() : model.error().toString()));
        Rng rng(23);
        for (Parameter &p : model->parameters())
            for (Eigen::Index i = 0; i < p.value.size(); ++i)
                p.value.data()[i] += float(rng.normal() * 0.2);
        TrainingBatch b;
        b.batch = 2;
        b.seqLen = 6;
        for (int i = 0; i < b.batch * b.seqLen; ++i) {
            b.inputs.push_back(rng.uniformInt(c.vocabSize));
            b.targets.push_back(rng.uniformInt(c.vocabSize));
            b.mask.push_back(i % 3 == 0 ? 0.0f : 1.0f);
        }
        model->forward(b);
        QVERIFY(model->backward());
        std::vector<Mat> grads;
        for (const Parameter &p : model->parameters())
            grads.push_back(p.grad);
        auto loss = [&] { return model->forward(b); };
        // As tst_gradcheck's modern designs: h = 4e-3, gradients below 1e-2 compared in absolute terms.
        const std::vector<Parameter> params = model->parameters();
        for (std::size_t i = 0; i < grads.size(); ++i) {
            const GradientCheck r = GradientCheck::run(loss, params[i].value, grads[i], 4e-3f, 24, 1e-2);
            QVERIFY2(r.maxRelError < 1e-2, qPrintable(QStringLiteral("%1: rel error %2, abs error %3")
                                                          .arg(params[i].name).arg(r.maxRelError).arg(r.maxAbsError)));
        }
    }
};

QTEST_APPLESS_MAIN(TestRopeScaling)
#include "tst_ropescaling.moc"
