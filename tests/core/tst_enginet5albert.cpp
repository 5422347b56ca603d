// T5's relative position buckets and ALBERT's factorised embedding with cross-layer sharing in
// the engine, against PyTorch re-implementations of the Hugging Face code (transformers main,
// src/transformers/models/t5/modeling_t5.py: T5Attention._relative_position_bucket,
// compute_bias, T5Stack, T5ForConditionalGeneration; src/transformers/models/albert/
// modeling_albert.py: AlbertEmbeddings, AlbertTransformer, AlbertLayer), written by
// tests/reference/make_t5_albert_reference.py (PyTorch 1.13): logits and attention within 1e-4,
// central-difference gradients of every new tensor, and the gradients of shared layers summed
// over the layers that run them.
#include "core/design/presetlibrary.h"
#include "core/estimate/paramcounter.h"
#include "core/nn/enginesizer.h"
#include "core/nn/ops.h"
#include "core/nn/relativepositionbias.h"
#include "core/nn/transformer.h"
#include "core/train/trainablemodel.h"
#include "core/train/trainer.h"
#include "core/train/trainingtask.h"
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

QJsonObject referenceJson(const QString &name)
{
    QFile f(ReferenceModel::folder(name) + QStringLiteral("reference.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing reference.json");
    return QJsonDocument::fromJson(f.readAll()).object();
}

// A small design of each new kind for the gradient checks: every activation smooth (GELU), so
// no pre-activation sits on a kink within a step.
ModelConfig smallDesign(int variant)
{
    ModelConfig c;
    c.vocabSize = 11;
    c.dModel = 8;
    c.nLayers = 3;
    c.nHeads = 2;
    c.nKvHeads = 2;
    c.headDim = 3;
    c.dFf = 12;
    c.maxPositions = 16;
    c.activation = Activation::Gelu;
    if (variant <= 2) { // T5: RMSNorm pre-norm, no biases, buckets
        c.positions = PositionKind::RelativeBuckets;
        c.relativeBuckets = 6;
        c.relativeMaxDistance = 5; // offsets up to 7 in the batch: exact, logarithmic and past the last bucket
        c.norm = NormKind::RmsNorm;
        c.qkvBias = c.attnOutBias = c.ffnBias = false;
        c.tiedEmbeddings = variant != 1;
        c.layout = variant == 2 ? Layout::EncoderOnly : Layout::DecoderOnly;
        c.ffn = variant == 1 ? FfnKind::Gated3 : FfnKind::Dense2;
    } else { // ALBERT: factorised embedding, post-norm, one stored layer (or groups of two)
        c.embeddingDim = 5;
        c.embeddingNorm = true;
        c.normPlacement = NormPlacement::Post;
        c.finalNorm = false;
        c.tiedEmbeddings = false;
        c.nLayers = variant == 3 ? 3 : 4;
        c.sharing = variant == 3 ? Sharing::AllLayers : Sharing::Groups;
        c.shareGroupSize = 2;
        c.layout = variant == 5 ? Layout::EncoderOnly : Layout::DecoderOnly;
    }
    return c;
}

TrainingBatch randomBatch(Rng &rng, int vocab, int batch, int seqLen)
{
    TrainingBatch b;
    b.batch = batch;
    b.seqLen = seqLen;
    for (int i = 0; i < batch * seqLen; ++i) {
        b.inputs.push_back(rng.uniformInt(vocab));
        b.targets.push_back(rng.uniformInt(vocab));
        b.mask.push_back(i % 3 == 0 ? 0.0f : 1.0f);
    }
    return b;
}

} // namespace

class TestEngineT5Albert : public QObject
{
    Q_OBJECT

private slots:
    // The bucket of every offset from −200 to 200, both ways, for the small models' 8 buckets
    // up to 12 tokens and T5's own 32 up to 128, as _relative_position_bucket computes them.
    void bucketsMatchHuggingFace()
    {
        for (const QString &name : {QStringLiteral("t5-decoder-relative-buckets"), QStringLiteral("t5-encoder-relative-buckets")}) {
            const QJsonObject buckets = referenceJson(name).value(QStringLiteral("buckets")).toObject();
            const QJsonArray offsets = buckets.value(QStringLiteral("offsets")).toArray();
            QCOMPARE(offsets.size(), 401);
            int tables = 0;
            for (const QString &key : buckets.keys()) {
                if (key == QLatin1String("offsets"))
                    continue;
                const QStringList parts = key.split(QLatin1Char('_')); // bidirectional_32_128
                const bool bidirectional = parts[0] == QLatin1String("bidirectional");
                const int n = parts[1].toInt(), maxDistance = parts[2].toInt();
                const QJsonArray expected = buckets.value(key).toArray();
                for (qsizetype i = 0; i < offsets.size(); ++i) {
                    const int offset = offsets[i].toInt();
                    QVERIFY2(RelativePositionBias::bucket(offset, bidirectional, n, maxDistance) == expected[i].toInt(),
                             qPrintable(QStringLiteral("%1 offset %2").arg(key).arg(offset)));
                }
                ++tables;
            }
            QCOMPARE(tables, 4);
        }
        // T5-small's decoder: offsets 0..15 exact, then logarithmic; 128 tokens back and beyond share bucket 31.
        QCOMPARE(RelativePositionBias::bucket(-15, false, 32, 128), 15);
        QCOMPARE(RelativePositionBias::bucket(-16, false, 32, 128), 16);
        QCOMPARE(RelativePositionBias::bucket(-127, false, 32, 128), 31);
        QCOMPARE(RelativePositionBias::bucket(-5000, false, 32, 128), 31);
        QCOMPARE(RelativePositionBias::bucket(7, false, 32, 128), 0); // a later key: masked in a decoder
        // Its encoder: 16 buckets each way, later keys in 16..31.
        QCOMPARE(RelativePositionBias::bucket(-3, true, 32, 128), 3);
        QCOMPARE(RelativePositionBias::bucket(3, true, 32, 128), 19);
        QCOMPARE(RelativePositionBias::bucket(5000, true, 32, 128), 31);
    }

    void matchesPyTorch_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("tensors"); // engine tensors the design holds
        QTest::addColumn<bool>("causal");
        // token embedding (tied head), one bias table, 3 × (norm1, qkv, o, norm2, wi, wo), final norm
        QTest::newRow("t5 decoder: unidirectional buckets, tied head") << QStringLiteral("t5-decoder-relative-buckets") << 2 + 3 * 6 + 1 << true;
        QTest::newRow("t5 encoder: bidirectional buckets, gated-gelu, untied") << QStringLiteral("t5-encoder-relative-buckets") << 2 + 2 * 6 + 2 << false;
        // token, position, embedding norm (2), projection (2), ONE stored layer of 12 (6 weights, 6 biases), head
        QTest::newRow("albert: factorised, all layers shared") << QStringLiteral("albert-factorised-shared") << 6 + 12 + 1 << false;
        QTest::newRow("albert: factorised, two groups of two") << QStringLiteral("albert-factorised-two-groups") << 6 + 2 * 12 + 1 << false;
    }
    void matchesPyTorch()
    {
        QFETCH(QString, name);
        QFETCH(int, tensors);
        QFETCH(bool, causal);
        const ReferenceModel ref = ReferenceModel::read(name);
        auto model = ReferenceModel::load(name);
        QVERIFY2(model.hasValue(), qPrintable(model ? QString() : model.error().toString()));
        QCOMPARE(int(model->weights().registry().size()), tensors);
        QCOMPARE(EngineSizer::weightBytes(model->config()), model->weights().floatCount() * 4);
        auto out = model->forward(ref.tokens, ForwardOptions::everything());
        QVERIFY(out.hasValue());
        QVERIFY2(maxAbsDiff(out->logits, ref.logits) < 1e-4f,
                 qPrintable(QStringLiteral("logits differ by %1").arg(maxAbsDiff(out->logits, ref.logits))));
        QCOMPARE(out->attention.size(), ref.attention.size());
        for (std::size_t i = 0; i < ref.attention.size(); ++i)
            QVERIFY2(maxAbsDiff(out->attention[i], ref.attention[i]) < 1e-4f,
                     qPrintable(QStringLiteral("layer %1 head %2: %3")
                                    .arg(i / 4)
                                    .arg(i % 4)
                                    .arg(maxAbsDiff(out->attention[i], ref.attention[i]))));
        QCOMPARE(out->causal, causal);
        if (!causal)
            return;
        // Decoding token by token through the KV cache: the bias by offset from each new query.
        KvCache kv = model->makeKvCache();
        for (std::size_t t = 0; t < ref.tokens.size(); ++t) {
            auto step = model->decode({ref.tokens[t]}, kv);
            QVERIFY(step.hasValue());
            QVERIFY2(maxAbsDiff(*step, ref.logits.row(Eigen::Index(t))) < 1e-4f, qPrintable(QString::number(t)));
        }
    }

    // What the bias does: layer 0 reads the embeddings alone, so its pre-softmax scores minus
    // those of the same model with the table zeroed are, for every visible pair, the table's entry
    // for the pair's bucket, unscaled. The table is stored once, for the whole stack.
    void biasAddsTheTableEntry()
    {
        const QString name = QStringLiteral("t5-decoder-relative-buckets");
        auto model = ReferenceModel::load(name);
        QVERIFY(model.hasValue());
        int tables = 0;
        for (const TransformerWeights::Slot &s : model->tensors())
            tables += s.name.contains(QLatin1String("relativeBias")) ? 1 : 0;
        QCOMPARE(tables, 1);
        const ReferenceModel ref = ReferenceModel::read(name);
        auto with = model->forward(ref.tokens, ForwardOptions::everything());
        const Mat table = model->weights().relativeBias; // (8 buckets, 4 heads)
        model->weights().relativeBias.setZero();
        auto without = model->forward(ref.tokens, ForwardOptions::everything());
        QVERIFY(with.hasValue() && without.hasValue());
        const int T = int(ref.tokens.size());
        std::vector<int> seen(8, 0);
        for (int h = 0; h < 4; ++h)
            for (int q = 0; q < T; ++q)
                for (int k = 0; k <= q; ++k) {
                    const int bucket = RelativePositionBias::bucket(k - q, false, 8, 12);
                    const float added = with->scoresAt(0, h)(q, k) - without->scoresAt(0, h)(q, k);
                    QVERIFY2(std::abs(added - table(bucket, h)) < 1e-5f, qPrintable(QStringLiteral("%1 %2 %3").arg(h).arg(q).arg(k)));
                    ++seen[std::size_t(bucket)];
                }
        // 20 tokens reach every bucket (× 4 heads): offsets 0..3 exact, then 4–5, 6, 7–9 and 10..19
        // in the last one: 4 + int(ln(n / 4) / ln(12 / 4) · 4) reaches 7 at n = 10.
        QCOMPARE(seen, (std::vector<int>{80, 76, 72, 68, 124, 56, 144, 220}));
    }

    // Every gradient of the new designs against central differences of the loss.
    void gradients_data()
    {
        QTest::addColumn<int>("variant");
        QTest::newRow("t5 decoder: buckets, tied head scaled by d^-0.5") << 0;
        QTest::newRow("t5 decoder: gated, untied") << 1;
        QTest::newRow("t5 encoder: bidirectional buckets") << 2;
        QTest::newRow("albert decoder: factorised, all shared") << 3;
        QTest::newRow("albert decoder: factorised, groups of two") << 4;
        QTest::newRow("albert encoder: factorised, groups of two") << 5;
    }
    void gradients()
    {
        QFETCH(int, variant);
        const ModelConfig c = smallDesign(variant);
        auto created = Transformer::create(c);
        QVERIFY2(created, qPrintable(created ? QString() : created.error().toString()));
        Transformer &model = *created;
        model.initGpt2Style(3);
        Rng rng(29);
        for (const TransformerWeights::Slot &s : model.tensors()) {
            Mat &m = s.in(model.weights());
            for (Eigen::Index i = 0; i < m.size(); ++i)
                m.data()[i] += float(rng.normal() * (s.name == QLatin1String("relativeBias") ? 1.0 : 0.2));
        }
        const TrainingBatch b = randomBatch(rng, c.vocabSize, 2, 8);
        ActivationCache cache;
        Mat dLogits;
        auto loss = [&] {
            model.forwardCached(b.inputs, b.batch, b.seqLen, cache);
            return ops::crossEntropy(cache.logits, b.targets, b.mask, nullptr);
        };
        model.forwardCached(b.inputs, b.batch, b.seqLen, cache);
        ops::crossEntropy(cache.logits, b.targets, b.mask, &dLogits);
        TransformerWeights grads = model.weights().zerosLike();
        QVERIFY(model.backward(cache, dLogits, grads));
        int checkedNew = 0;
        for (const TransformerWeights::Slot &s : model.tensors()) {
            const Mat analytic = s.in(grads);
            const GradientCheck r = GradientCheck::run(loss, s.in(model.weights()), analytic, 4e-3f, 24, 1e-2);
            QVERIFY2(r.maxRelError < 1e-2, qPrintable(QStringLiteral("%1: rel error %2, abs error %3")
                                                          .arg(s.name).arg(r.maxRelError).arg(r.maxAbsError)));
            if (s.name == QLatin1String("relativeBias") || s.name.startsWith(QLatin1String("embeddingProj")))
                checkedNew += r.checked;
        }
        // The bias table (6 × 2) or the projection (5 × 8 and 8) were among them, entry by entry.
        QCOMPARE(checkedNew, variant <= 2 ? 12 : 24 + 8);
    }

    // The presets run as they are drawn: ALBERT-base loses only what predicting tokens does not
    // use; the factorised table and the one shared layer stay. (T5-small runs whole, encoder and
    // decoder: tst_engineencdec.) The engine then holds exactly the
    // parameters the counter gives the fitted design.
    void presetsKeepTheFeatures_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QStringList>("changes");
        QTest::addColumn<qint64>("params");
        QTest::newRow("albert-base-v2") << QStringLiteral("albert-base-v2")
                                        << QStringList{QStringLiteral("pooler: yes → no (not used to predict tokens)"),
                                                       QStringLiteral("lm_head: no → yes, ALBERT's masked-LM head (dense d_model 768 → 128, "
                                                                      "gelu_tanh, layernorm, tied to the token embedding, with a bias)")}
                                        // 30000 × 128 + 512 × 128 + 2 × 128 token types + norm 256 + 128 × 768 + 768,
                                        // one layer, the head's 768 × 128 + 128 dense, 256 norm and 30000 bias (tied)
                                        << qint64(30000LL * 128 + 512 * 128 + 2 * 128 + 256 + 128 * 768 + 768
                                                  + (4 * (768 * 768 + 768) + 2 * 768 * 3072 + 3072 + 768 + 4 * 768)
                                                  + 768 * 128 + 128 + 256 + 30000);
    }
    void presetsKeepTheFeatures()
    {
        QFETCH(QString, preset);
        QFETCH(QStringList, changes);
        QFETCH(qint64, params);
        const Preset *p = PresetLibrary::builtIn().find(preset);
        QVERIFY(p);
        auto plan = EngineSizer::fit(p->config, Transformer::kDefaultCapBytes);
        QVERIFY2(plan.hasValue(), qPrintable(plan ? QString() : plan.error().toString()));
        QCOMPARE(plan->changes, changes);
        QVERIFY(plan->config.positions == p->config.positions);
        QCOMPARE(plan->config.embeddingDim, p->config.embeddingDim);
        QVERIFY(plan->config.sharing == p->config.sharing);
        auto model = Transformer::create(plan->config);
        QVERIFY2(model.hasValue(), qPrintable(model ? QString() : model.error().toString()));
        QCOMPARE(model->parameterCount(), params);
        QCOMPARE(model->parameterCount(), countParams(plan->config)->total);
        QCOMPARE(int(model->weights().layers.size()), preset == QLatin1String("albert-base-v2") ? 1 : 6);
        model->initGpt2Style(1);
        auto out = model->forward({5, 9, 200, 17}, ForwardOptions::everything());
        QVERIFY(out.hasValue());
        QCOMPARE(out->logits.cols(), p->config.vocabSize);
        QVERIFY(out->logits.allFinite());
    }

    // The refused list no longer has these features; what stays refused is named.
    void refusedFeatures()
    {
        ModelConfig c = smallDesign(0);
        QVERIFY(!EngineSizer::unsupported(c, EnginePurpose::Train));
        c = smallDesign(3);
        QVERIFY(!EngineSizer::unsupported(c, EnginePurpose::Train));
        c.tiedEmbeddings = true; // a (V, 5) table cannot be the head of an 8-wide stream
        const auto e = EngineSizer::unsupported(c);
        QVERIFY(e);
        QCOMPARE(e->field, QStringLiteral("tied_embeddings"));
        auto plan = EngineSizer::fit(c, Transformer::kDefaultCapBytes);
        QVERIFY(plan);
        QCOMPARE(plan->changes, QStringList{QStringLiteral("tied_embeddings: yes → no (the factorised table is 5 wide, the head reads d_model 8)")});
        QVERIFY(!EngineSizer::unsupported(plan->config));
    }

    // The trainer trains both (causal language modelling, so decoder stacks): copying 4 digits,
    // the answer loss starts near ln 10 = 2.30 nats and falls below 1 within 300 steps, as it
    // does for the plain 2-layer model of tst_training.
    void trainerTrains_data()
    {
        QTest::addColumn<int>("variant");
        QTest::newRow("t5 buckets") << 0;
        QTest::newRow("albert: factorised 16, all layers shared") << 1;
    }
    void trainerTrains()
    {
        QFETCH(int, variant);
        TrainingTask::Options o;
        o.kind = TaskKind::Copy;
        o.digits = 4;
        auto task = TrainingTask::create(o);
        QVERIFY(task);
        ModelConfig c;
        c.vocabSize = 11;
        c.dModel = 32;
        c.nLayers = 2;
        c.nHeads = 4;
        c.nKvHeads = 4;
        c.dFf = 128;
        c.maxPositions = 16;
        if (variant == 0) {
            c.positions = PositionKind::RelativeBuckets;
            c.relativeBuckets = 16;
            c.relativeMaxDistance = 16;
            c.norm = NormKind::RmsNorm;
            c.qkvBias = c.attnOutBias = c.ffnBias = false;
        } else {
            c.embeddingDim = 16;
            c.sharing = Sharing::AllLayers;
            c.tiedEmbeddings = false;
        }
        TrainingSettings s;
        s.steps = 300;
        s.batch = 32;
        s.lr = 3e-3;
        s.evalEvery = 300;
        auto t = Trainer::create(c, false, *task, s);
        QVERIFY2(t, qPrintable(t ? QString() : t.error().toString()));
        QCOMPARE(t->model().parameterCount(), countParams(c)->total);
        std::optional<TrainingSnapshot> first = t->step(), last;
        while (!t->finished())
            last = t->step();
        QVERIFY(first->loss > 2.0);
        QVERIFY(last->evaluated);
        QVERIFY2(last->valLoss < 1.0, qPrintable(QString::number(last->valLoss)));
    }

    // Sharing: the one stored layer's gradient is the sum of what every layer that runs it
    // contributes. The same weights unshared (a copy per layer) give one gradient per layer.
    void sharedGradientsAccumulate_data()
    {
        QTest::addColumn<int>("variant");
        QTest::newRow("all layers") << 3;
        QTest::newRow("groups of two") << 4;
    }
    void sharedGradientsAccumulate()
    {
        QFETCH(int, variant);
        const ModelConfig shared = smallDesign(variant);
        ModelConfig unshared = shared;
        unshared.sharing = Sharing::None;
        auto a = TrainableModel::create(shared);
        auto b = TrainableModel::create(unshared);
        QVERIFY(a && b);
        const TransformerWeights &wa = a->transformer().weights();
        QCOMPARE(int(wa.layers.size()), variant == 3 ? 1 : 2);
        QCOMPARE(b->transformer().weights().layers.size(), std::size_t(shared.nLayers));
        // b's layer l holds a copy of the stored layer a runs at l; everything else is a's.
        {
            std::vector<Parameter> pa = a->parameters(), pb = b->parameters();
            for (Parameter &p : pb) {
                QString name = p.name;
                if (name.startsWith(QLatin1String("layers."))) {
                    const int layer = name.section(QLatin1Char('.'), 1, 1).toInt();
                    name = QStringLiteral("layers.%1.%2").arg(a->transformer().storedLayer(layer)).arg(name.section(QLatin1Char('.'), 2));
                }
                const auto match = std::find_if(pa.begin(), pa.end(), [&](const Parameter &q) { return q.name == name; });
                QVERIFY2(match != pa.end(), qPrintable(name));
                p.value = match->value;
            }
        }
        Rng rng(5);
        const TrainingBatch batch = randomBatch(rng, shared.vocabSize, 2, 8);
        QCOMPARE(a->forward(batch), b->forward(batch)); // the same function
        QVERIFY(a->backward() && b->backward());
        std::vector<Parameter> pa = a->parameters(), pb = b->parameters();
        int summed = 0;
        for (const Parameter &p : pa) {
            Mat expected = Mat::Zero(p.grad.rows(), p.grad.cols());
            int uses = 0;
            for (const Parameter &q : pb) {
                QString name = q.name;
                if (name.startsWith(QLatin1String("layers."))) {
                    const int layer = name.section(QLatin1Char('.'), 1, 1).toInt();
                    name = QStringLiteral("layers.%1.%2").arg(a->transformer().storedLayer(layer)).arg(name.section(QLatin1Char('.'), 2));
                }
                if (name == p.name) {
                    expected += q.grad;
                    ++uses;
                }
            }
            QCOMPARE(uses, p.name.startsWith(QLatin1String("layers.")) ? (variant == 3 ? 3 : 2) : 1);
            const float scale = std::max(1.0f, expected.cwiseAbs().maxCoeff());
            QVERIFY2((p.grad - expected).cwiseAbs().maxCoeff() < 1e-5f * scale, qPrintable(p.name));
            summed += uses > 1 ? 1 : 0;
        }
        // Every tensor of each stored layer (12: six weights, six biases) collected from several layers.
        QCOMPARE(summed, variant == 3 ? 12 : 24);
        // And the sum matters: the stored qkv's gradient is far from the last layer's share alone.
        const auto qkv = std::find_if(pa.begin(), pa.end(), [](const Parameter &p) { return p.name == QLatin1String("layers.0.qkv"); });
        const auto lastUse = std::find_if(pb.begin(), pb.end(), [&](const Parameter &p) {
            return p.name == QStringLiteral("layers.%1.qkv").arg(variant == 3 ? 2 : 1);
        });
        QVERIFY(qkv != pa.end() && lastUse != pb.end());
        QVERIFY((qkv->grad - lastUse->grad).norm() > 0.1f * qkv->grad.norm());
    }
};

QTEST_APPLESS_MAIN(TestEngineT5Albert)
#include "tst_enginet5albert.moc"
