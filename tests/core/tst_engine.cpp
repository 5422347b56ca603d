#include "core/base/rng.h"
#include "core/formats/hfcheckpoint.h"
#include "core/formats/runnablemodel.h"
#include "core/nn/enginesizer.h"
#include "core/nn/transformer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <cmath>

using namespace tx;

namespace {

const QString kEngineData = QStringLiteral(TX_TEST_DATA_DIR "/engine/");

struct Reference
{
    std::vector<int> tokens;
    Mat logits;                 // (T, vocab)
    std::vector<Mat> attention; // [layer * heads + head] (T, T)
    int layers = 0;
    int heads = 0;
};

Reference readReference(const QString &dir)
{
    QFile f(dir + QStringLiteral("/reference.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing reference.json");
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    Reference r;
    for (const QJsonValue &v : o.value(QStringLiteral("tokens")).toArray())
        r.tokens.push_back(v.toInt());
    const QJsonArray logits = o.value(QStringLiteral("logits")).toArray();
    const int T = int(logits.size());
    r.logits.resize(T, logits[0].toArray().size());
    for (int t = 0; t < T; ++t)
        for (int v = 0; v < r.logits.cols(); ++v)
            r.logits(t, v) = float(logits[t].toArray()[v].toDouble());
    const QJsonArray att = o.value(QStringLiteral("attention")).toArray();
    r.layers = int(att.size());
    r.heads = int(att[0].toArray().size());
    for (const QJsonValue &layer : att) {
        for (const QJsonValue &head : layer.toArray()) {
            Mat m(T, T);
            for (int i = 0; i < T; ++i)
                for (int j = 0; j < T; ++j)
                    m(i, j) = float(head.toArray()[i].toArray()[j].toDouble());
            r.attention.push_back(m);
        }
    }
    return r;
}

float maxAbsDiff(const Mat &a, const Mat &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return INFINITY;
    return (a - b).cwiseAbs().maxCoeff();
}

ModelConfig tinyGpt2()
{
    ModelConfig c;
    c.vocabSize = 40;
    c.dModel = 16;
    c.nLayers = 2;
    c.nHeads = c.nKvHeads = 2;
    c.dFf = 32;
    c.maxPositions = 12;
    return c;
}

} // namespace

class TestEngine : public QObject
{
    Q_OBJECT

private slots:
    // Logits and attention probabilities equal PyTorch's within 1e-4 (issue 6). The references are
    // written by tests/reference/make_engine_reference.py (PyTorch 1.13), following
    // transformers' GPT2LMHeadModel and LlamaForCausalLM (GQA: 4 query heads, 2 key/value heads).
    void matchesPyTorch_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("vocab");
        QTest::newRow("gpt2 f32") << QStringLiteral("gpt2-tiny") << 50;
        QTest::newRow("gpt2 f16") << QStringLiteral("gpt2-tiny-f16") << 50;
        QTest::newRow("llama gqa f32") << QStringLiteral("llama-tiny-gqa") << 60;
        QTest::newRow("llama gqa bf16") << QStringLiteral("llama-tiny-gqa-bf16") << 60;
        QTest::newRow("llama partial rope") << QStringLiteral("llama-tiny-partial-rope") << 60;
        // Qwen3ForCausalLM: q_norm/k_norm over head_dim (tests/reference/make_feature_reference.py).
        QTest::newRow("qwen3 qk-norm") << QStringLiteral("qwen3-tiny-qk-norm") << 40;
    }
    void matchesPyTorch()
    {
        QFETCH(QString, name);
        QFETCH(int, vocab);
        const Reference ref = readReference(kEngineData + name);
        auto model = HfCheckpoint::load(kEngineData + name);
        QVERIFY2(model.hasValue(), qPrintable(model ? QString() : model.error().toString()));
        QCOMPARE(model->config().vocabSize, vocab);
        auto out = model->forward(ref.tokens, ForwardOptions::everything());
        QVERIFY(out.hasValue());
        QCOMPARE(out->logits.rows(), Eigen::Index(ref.tokens.size()));
        QCOMPARE(out->logits.cols(), Eigen::Index(vocab));
        QVERIFY2(maxAbsDiff(out->logits, ref.logits) < 1e-4f,
                 qPrintable(QStringLiteral("logits differ by %1").arg(maxAbsDiff(out->logits, ref.logits))));
        QCOMPARE(out->nLayers, ref.layers);
        QCOMPARE(out->nHeads, ref.heads);
        for (std::size_t i = 0; i < ref.attention.size(); ++i)
            QVERIFY2(maxAbsDiff(out->attention[i], ref.attention[i]) < 1e-4f, qPrintable(QString::number(i)));
    }

    // A Qwen3 checkpoint saves as model_type qwen3 with its q_norm/k_norm and reads back the same.
    void qwen3SavesAsQwen3()
    {
        auto model = HfCheckpoint::load(kEngineData + QStringLiteral("qwen3-tiny-qk-norm"));
        QVERIFY(model.hasValue());
        QVERIFY(model->config().qkNorm == QkNorm::PerHead);
        QTemporaryDir dir;
        QVERIFY(!HfCheckpoint::save(*model, dir.path()));
        QFile config(dir.filePath(QStringLiteral("config.json")));
        QVERIFY(config.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(config.readAll()).object();
        QCOMPARE(o.value(QStringLiteral("model_type")).toString(), QStringLiteral("qwen3"));
        auto back = HfCheckpoint::load(dir.path());
        QVERIFY2(back.hasValue(), qPrintable(back ? QString() : back.error().toString()));
        QCOMPARE(back->weights().layers[2].kNormScale, model->weights().layers[2].kNormScale);
        const std::vector<int> tokens{1, 2, 3};
        QCOMPARE(back->forward(tokens)->logits, model->forward(tokens)->logits);
    }

    void partialRotaryRotatesHalfOfEachHead()
    {
        auto model = HfCheckpoint::load(kEngineData + QStringLiteral("llama-tiny-partial-rope"));
        QVERIFY(model.hasValue());
        QCOMPARE(model->headDim(), 8);   // hidden_size 32 / 4 heads
        QCOMPARE(model->rotaryDim(), 4); // partial_rotary_factor 0.5
        QCOMPARE(model->config().ropeTheta, 500.0);
    }

    // A checkpoint saved here reads back bit-identical in F32; F16/BF16 round to their precision.
    void saveLoadRoundTrip_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("dtype");
        QTest::addColumn<float>("tolerance");
        QTest::newRow("gpt2 f32") << QStringLiteral("gpt2-tiny") << int(Safetensors::Dtype::F32) << 0.0f;
        QTest::newRow("llama f32") << QStringLiteral("llama-tiny-gqa") << int(Safetensors::Dtype::F32) << 0.0f;
        QTest::newRow("llama bf16 again") << QStringLiteral("llama-tiny-gqa-bf16") << int(Safetensors::Dtype::BF16) << 0.0f;
        QTest::newRow("gpt2 f16 again") << QStringLiteral("gpt2-tiny-f16") << int(Safetensors::Dtype::F16) << 0.0f;
    }
    void saveLoadRoundTrip()
    {
        QFETCH(QString, name);
        QFETCH(int, dtype);
        QFETCH(float, tolerance);
        auto model = HfCheckpoint::load(kEngineData + name);
        QVERIFY(model.hasValue());
        QTemporaryDir dir;
        QVERIFY(!HfCheckpoint::save(*model, dir.path(), Safetensors::Dtype(dtype)).has_value());
        auto again = HfCheckpoint::load(dir.path());
        QVERIFY2(again.hasValue(), qPrintable(again ? QString() : again.error().toString()));
        QCOMPARE(again->config().dModel, model->config().dModel);
        QCOMPARE(again->config().nKvHeads, model->config().nKvHeads);
        QCOMPARE(again->normEps(), model->normEps());
        const std::vector<int> tokens = {1, 2, 3, 4};
        const Mat a = model->forward(tokens)->logits;
        const Mat b = again->forward(tokens)->logits;
        QVERIFY(maxAbsDiff(a, b) <= tolerance);
    }

    void savedGpt2UsesHuggingFaceNames()
    {
        auto model = Transformer::create(tinyGpt2());
        QVERIFY(model.hasValue());
        model->initGpt2Style(3);
        QTemporaryDir dir;
        QVERIFY(!HfCheckpoint::save(*model, dir.path()).has_value());
        auto file = Safetensors::open(dir.filePath(QStringLiteral("model.safetensors")));
        QVERIFY(file.hasValue());
        // Conv1D layout (in, out): c_attn is (16, 48), c_fc (16, 32), mlp.c_proj (32, 16).
        QCOMPARE(file->entry(QStringLiteral("transformer.h.1.attn.c_attn.weight"))->shape, (std::vector<std::int64_t>{16, 48}));
        QCOMPARE(file->entry(QStringLiteral("transformer.h.0.mlp.c_fc.weight"))->shape, (std::vector<std::int64_t>{16, 32}));
        QCOMPARE(file->entry(QStringLiteral("transformer.h.0.mlp.c_proj.weight"))->shape, (std::vector<std::int64_t>{32, 16}));
        QCOMPARE(file->entry(QStringLiteral("transformer.wpe.weight"))->shape, (std::vector<std::int64_t>{12, 16}));
        QVERIFY(!file->contains(QStringLiteral("lm_head.weight"))); // tied to wte, as save_pretrained writes it
        // 2 embeddings + 12 tensors per layer × 2 + ln_f weight and bias
        QCOMPARE(file->names().size(), 2 + 12 * 2 + 2);
        // config.json carries the epsilon as written in Hugging Face's configs, 1e-05.
        QFile config(dir.filePath(QStringLiteral("config.json")));
        QVERIFY(config.open(QIODevice::ReadOnly));
        const QByteArray json = config.readAll();
        QVERIFY2(json.contains("\"layer_norm_epsilon\": 1e-05"), json.constData());
    }

    void batchEqualsSingleSequences()
    {
        auto model = HfCheckpoint::load(kEngineData + QStringLiteral("llama-tiny-gqa"));
        QVERIFY(model.hasValue());
        const std::vector<std::vector<int>> batch = {{5, 6, 7}, {1, 2, 3, 4, 5, 6}, {9}};
        auto all = model->forwardBatch(batch, ForwardOptions::everything());
        QVERIFY(all.hasValue());
        QCOMPARE(all->size(), std::size_t(3));
        for (std::size_t b = 0; b < batch.size(); ++b) {
            auto one = model->forward(batch[b], ForwardOptions::everything());
            QVERIFY(maxAbsDiff((*all)[b].logits, one->logits) < 1e-5f);
            QVERIFY(maxAbsDiff((*all)[b].attentionAt(1, 3), one->attentionAt(1, 3)) < 1e-6f);
        }
    }

    void capturesHaveTheDocumentedShapes()
    {
        auto model = Transformer::create(tinyGpt2());
        QVERIFY(model.hasValue());
        model->initGpt2Style(1);
        auto out = model->forward({3, 1, 4, 1, 5}, ForwardOptions::everything());
        QVERIFY(out.hasValue());
        QCOMPARE(out->attention.size(), std::size_t(2 * 2));
        QCOMPARE(out->scores.size(), std::size_t(2 * 2));
        QCOMPARE(out->residualNorms.rows(), Eigen::Index(3));
        QCOMPARE(out->residualNorms.cols(), Eigen::Index(5));
        const Mat &p = out->attentionAt(1, 0);
        for (int i = 0; i < 5; ++i) {
            QVERIFY(std::abs(p.row(i).sum() - 1.0f) < 1e-6f); // each query's probabilities sum to 1
            for (int j = i + 1; j < 5; ++j) {
                QVERIFY(out->isMasked(1, i, j));
                QCOMPARE(p(i, j), 0.0f); // the causal mask: no weight on later tokens
            }
        }
        QCOMPARE(p(0, 0), 1.0f); // the first token can only look at itself
        // Row 0 of the residual norms is |wte[token] + wpe[pos]|.
        const auto &w = model->weights();
        QVERIFY(std::abs(out->residualNorms(0, 2) - (w.tokenEmbedding.row(4) + w.positionEmbedding.row(2)).norm()) < 1e-5f);
        // Scores keep the raw value above the diagonal: softmax of the visible part gives the probabilities.
        const Mat &s = out->scoresAt(1, 0);
        const float denom = std::exp(s(1, 0)) + std::exp(s(1, 1));
        QVERIFY(std::abs(p(1, 0) - std::exp(s(1, 0)) / denom) < 1e-6f);
    }

    void bidirectionalAndSlidingWindowMasks()
    {
        ModelConfig c = tinyGpt2();
        c.layout = Layout::EncoderOnly;
        c.positions = PositionKind::Sinusoidal;
        c.normPlacement = NormPlacement::Post;
        c.finalNorm = false;
        auto enc = Transformer::create(c);
        QVERIFY(enc.hasValue());
        enc->initGpt2Style(2);
        auto out = enc->forward({1, 2, 3, 4}, ForwardOptions::everything());
        QVERIFY(out.hasValue());
        QVERIFY(!out->causal);
        QVERIFY(out->attentionAt(0, 1)(0, 3) > 0.0f); // the first token sees the last one

        c = tinyGpt2();
        c.slidingWindow = 2;
        auto win = Transformer::create(c);
        QVERIFY(win.hasValue());
        win->initGpt2Style(2);
        out = win->forward({1, 2, 3, 4}, ForwardOptions::everything());
        QCOMPARE(out->attentionAt(1, 1)(3, 1), 0.0f); // 3 - 1 >= window 2: outside the window
        QVERIFY(out->attentionAt(1, 1)(3, 2) > 0.0f);
    }

    void sharedLayersRunOneStoredLayer()
    {
        ModelConfig c = tinyGpt2();
        c.nLayers = 4;
        c.sharing = Sharing::AllLayers;
        auto model = Transformer::create(c);
        QVERIFY(model.hasValue());
        QCOMPARE(model->weights().layers.size(), std::size_t(1));
        QCOMPARE(model->storedLayer(3), 0);
        model->initGpt2Style(5);
        auto out = model->forward({1, 2}, ForwardOptions::everything());
        QCOMPARE(out->attention.size(), std::size_t(4 * 2));
    }

    void gatedGeluParallelBlockRuns()
    {
        // GPT-J-like: parallel attention + MLP from one norm, GeGLU, RoPE on a quarter of each head.
        ModelConfig c = tinyGpt2();
        c.ffn = FfnKind::Gated3;
        c.activation = Activation::Gelu;
        c.parallelBlock = true;
        c.positions = PositionKind::Rotary;
        c.rotaryFraction = 0.25;
        c.nKvHeads = 1;
        auto model = Transformer::create(c);
        QVERIFY(model.hasValue());
        QCOMPARE(model->rotaryDim(), 2);
        QVERIFY(model->weights().layers[0].norm2Scale.size() == 0); // one norm per parallel block
        model->initGpt2Style(9);
        auto out = model->forward({1, 2, 3});
        QVERIFY(out.hasValue());
        QVERIFY(out->logits.allFinite());
    }

    void sameSeedSameWeights()
    {
        auto a = Transformer::create(tinyGpt2());
        auto b = Transformer::create(tinyGpt2());
        a->initGpt2Style(42);
        b->initGpt2Style(42);
        QCOMPARE(maxAbsDiff(a->forward({1, 2, 3})->logits, b->forward({1, 2, 3})->logits), 0.0f);
        b->initGpt2Style(43);
        QVERIFY(maxAbsDiff(a->forward({1, 2, 3})->logits, b->forward({1, 2, 3})->logits) > 0.0f);
        // GPT-2's init: N(0, 0.02) for the embedding, so its standard deviation is 0.02 ± sampling noise.
        const Mat &e = a->weights().tokenEmbedding;
        const float sd = std::sqrt((e.array() - e.mean()).square().mean());
        QVERIFY(std::abs(sd - 0.02f) < 0.002f);
    }

    void badTokensAreErrors()
    {
        auto model = Transformer::create(tinyGpt2());
        QVERIFY(model.hasValue());
        auto out = model->forward({1, 40});
        QVERIFY(!out.hasValue());
        QCOMPARE(out.error().field, QStringLiteral("tokens"));
        QVERIFY(out.error().message.contains(QStringLiteral("token 40 at position 1")));
        out = model->forward(std::vector<int>(13, 1)); // max_positions 12
        QVERIFY(!out.hasValue());
        QVERIFY(out.error().message.contains(QStringLiteral("13 tokens")));
        QVERIFY(!model->forward({}).hasValue());
    }

    void cancelAndProgress()
    {
        auto model = Transformer::create(tinyGpt2());
        QVERIFY(model.hasValue());
        std::atomic<bool> cancel{false};
        std::vector<std::pair<int, int>> steps;
        ForwardOptions o;
        o.cancel = &cancel;
        o.progress = [&](int done, int total) {
            steps.emplace_back(done, total);
            cancel = true;
        };
        auto out = model->forward({1, 2}, o);
        QVERIFY(!out.hasValue());
        QCOMPARE(out.error().message, QStringLiteral("cancelled"));
        QCOMPARE(steps.size(), std::size_t(1)); // stopped before the second of 2 layers
        QCOMPARE(steps[0], std::make_pair(1, 2));
    }

    // A cancel reaches the weights' allocation and initialisation (the attention view's worker
    // builds GPT-2 small's 124 M weights there for seconds), and the initialisation drawn in
    // chunks between its looks at the flag is the one Rng stream it always was.
    void cancelReachesTheWeights()
    {
        ModelConfig c = tinyGpt2();
        c.vocabSize = 5000; // a 5,000 × 16 embedding: 80,000 values, past one 65,536-value chunk
        std::atomic<bool> stop{true};
        auto refused = Transformer::create(c, Transformer::kDefaultCapBytes, 1e-5f, false, &stop);
        QVERIFY(!refused);
        QCOMPARE(refused.error().message, QStringLiteral("cancelled"));
        auto fromDesign = RunnableModel::fromDesign(c, Transformer::kDefaultCapBytes, 1, &stop);
        QVERIFY(!fromDesign);
        QCOMPARE(fromDesign.error().message, QStringLiteral("cancelled"));

        auto model = Transformer::create(c);
        QVERIFY(model);
        QVERIFY(model->weights().tokenEmbedding.isZero(0.0f)); // allocated and zeroed
        QVERIFY(!model->initGpt2Style(42, &stop)); // stopped before the first tensor: all still zero
        QVERIFY(model->weights().tokenEmbedding.isZero(0.0f));
        stop = false;
        QVERIFY(model->initGpt2Style(42, &stop));
        // tokenEmbedding is the first tensor drawn: N(0, 0.02) from Rng(42), value after value,
        // across the chunk boundary at 65,536.
        Rng rng(42);
        const Mat &e = model->weights().tokenEmbedding; // (5000, 16)
        float worst = 0.0f;
        for (Eigen::Index i = 0; i < e.size(); ++i)
            worst = std::max(worst, std::abs(e.data()[i] - float(rng.normal()) * 0.02f));
        QCOMPARE(worst, 0.0f);
        auto plain = Transformer::create(c);
        plain->initGpt2Style(42);
        QCOMPARE(model->weightsSha256(), plain->weightsSha256());
    }

    // The memory cap: refuse before allocating; scale down within the family and say what changed.
    void capRefusesAndScalesDown()
    {
        ModelConfig gpt2; // defaults are GPT-2 small: 124,439,808 parameters = 497,759,232 bytes in float32
        QCOMPARE(EngineSizer::weightBytes(gpt2), std::int64_t(124'439'808) * 4);
        ModelConfig llama;
        llama.name = QStringLiteral("Llama-2-7B");
        llama.dModel = 4096;
        llama.nLayers = 32;
        llama.nHeads = llama.nKvHeads = 32;
        llama.dFf = 11008;
        llama.vocabSize = 32000;
        llama.maxPositions = 4096;
        llama.positions = PositionKind::Rotary;
        llama.norm = NormKind::RmsNorm;
        llama.ffn = FfnKind::Gated3;
        llama.activation = Activation::Silu;
        llama.qkvBias = llama.attnOutBias = llama.ffnBias = false;
        llama.tiedEmbeddings = false;
        // Llama-2-7B: 6,738,415,616 parameters (Touvron et al. 2023; tests/data/reference/models.json).
        QCOMPARE(EngineSizer::weightBytes(llama), std::int64_t(6'738'415'616) * 4);
        auto refused = Transformer::create(llama);
        QVERIFY(!refused.hasValue());
        QCOMPARE(refused.error().field, QStringLiteral("memory cap"));
        QVERIFY(refused.error().message.contains(QStringLiteral("26953662464 bytes")));

        auto plan = EngineSizer::fit(llama, Transformer::kDefaultCapBytes);
        QVERIFY(plan.hasValue());
        QVERIFY(plan->weightBytes <= Transformer::kDefaultCapBytes);
        QCOMPARE(plan->config.nLayers, 2);
        QCOMPARE(plan->config.dModel, 1024);
        QCOMPARE(plan->config.nHeads, 8);
        QCOMPARE(plan->config.effectiveHeadDim(), 128); // head size kept
        QCOMPARE(plan->config.dFf, 2752);
        QCOMPARE(plan->config.vocabSize, 32000);
        QVERIFY(plan->config.norm == NormKind::RmsNorm); // same family
        QVERIFY(plan->config.ffn == FfnKind::Gated3);
        QCOMPARE(plan->changes, (QStringList{QStringLiteral("n_layers: 32 → 2"), QStringLiteral("d_model: 4096 → 1024"),
                                             QStringLiteral("n_heads: 32 → 8"), QStringLiteral("n_kv_heads: 32 → 8"),
                                             QStringLiteral("d_ff: 11008 → 2752")}));
        QCOMPARE(plan->config.name, QStringLiteral("Llama-2-7B (scaled down)"));
        QVERIFY(Transformer::create(plan->config).hasValue());

        auto small = EngineSizer::fit(tinyGpt2(), Transformer::kDefaultCapBytes);
        QVERIFY(small->changes.isEmpty());
        auto impossible = EngineSizer::fit(tinyGpt2(), 1000);
        QVERIFY(!impossible.hasValue());
        QCOMPARE(impossible.error().field, QStringLiteral("memory cap"));
    }

    void unsupportedFeaturesAreSwapped()
    {
        // Routed experts with biases run (gpt-oss's GptOssExperts); shared experts with biases do not.
        ModelConfig c = tinyGpt2();
        c.moe.numExperts = 8;
        c.moe.topK = 2;
        QVERIFY(Transformer::create(c).hasValue());
        c.moe.sharedExperts = 1;
        QCOMPARE(Transformer::create(c).error().field, QStringLiteral("ffn_bias"));
        auto plan = EngineSizer::fit(c, Transformer::kDefaultCapBytes);
        QVERIFY(plan.hasValue());
        QCOMPARE(plan->changes, QStringList{QStringLiteral("moe_experts: 8 → 0 (one dense FFN of the same width per layer)")});
        QVERIFY(Transformer::create(plan->config).hasValue());
    }
};

QTEST_APPLESS_MAIN(TestEngine)
#include "tst_engine.moc"
