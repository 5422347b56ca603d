// Exact parameter counts against ../shared/reference/models.json (copied to
// tests/data/reference/): every architecture there is rebuilt from its fields and
// must reproduce params_total, non-embedding and active counts to the parameter.
#include "core/design/configvalidator.h"
#include "core/estimate/paramcounter.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace tx;

namespace {

QJsonArray loadReferenceModels()
{
    QFile f(QStringLiteral(TX_REFERENCE_DIR "/models.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).array();
}

// Maps the reference file's architecture fields onto a ModelConfig.
ModelConfig fromReference(const QJsonObject &m)
{
    ModelConfig c;
    const QString layout = m.value(QStringLiteral("layout")).toString();
    c.layout = layout == QLatin1String("encoder-decoder") ? Layout::EncoderDecoder
        : layout == QLatin1String("encoder-only")         ? Layout::EncoderOnly
                                                          : Layout::DecoderOnly;
    c.dModel = m.value(QStringLiteral("d_model")).toInt();
    if (c.layout == Layout::EncoderDecoder) {
        c.nLayers = m.value(QStringLiteral("n_encoder_layers")).toInt();
        c.nDecoderLayers = m.value(QStringLiteral("n_decoder_layers")).toInt();
    } else {
        c.nLayers = m.value(QStringLiteral("n_layers")).toInt();
    }
    c.nHeads = m.value(QStringLiteral("n_heads")).toInt();
    c.nKvHeads = m.value(QStringLiteral("n_kv_heads")).toInt();
    c.headDim = m.value(QStringLiteral("head_dim")).toInt();
    c.dFf = m.value(QStringLiteral("d_ff")).toInt();
    c.ffn = m.value(QStringLiteral("ffn_matrices")).toInt() == 3 ? FfnKind::Gated3 : FfnKind::Dense2;
    c.vocabSize = m.value(QStringLiteral("vocab_size")).toInt();
    c.embeddingDim = m.value(QStringLiteral("embedding_dim")).toInt();
    c.maxPositions = m.value(QStringLiteral("max_positions")).toInt(512);
    const QString pos = m.value(QStringLiteral("position_type")).toString();
    c.positions = pos == QLatin1String("learned") ? PositionKind::Learned
        : pos == QLatin1String("rope")            ? PositionKind::Rotary
        : pos == QLatin1String("relative_bucket") ? PositionKind::RelativeBuckets
        : pos == QLatin1String("sinusoidal")      ? PositionKind::Sinusoidal
                                                  : PositionKind::None;
    c.relativeBuckets = m.value(QStringLiteral("relative_attention_num_buckets")).toInt(32);
    c.norm = m.value(QStringLiteral("norm_has_bias")).toBool() ? NormKind::LayerNorm : NormKind::RmsNorm;
    c.normPlacement = m.value(QStringLiteral("norm_placement")).toString() == QLatin1String("post")
        ? NormPlacement::Post : NormPlacement::Pre;
    c.parallelBlock = m.value(QStringLiteral("parallel_attn_mlp")).toBool();
    c.qkvBias = m.value(QStringLiteral("qkv_bias")).toBool();
    c.attnOutBias = m.value(QStringLiteral("attn_out_bias")).toBool();
    c.ffnBias = m.value(QStringLiteral("ffn_bias")).toBool();
    c.tiedEmbeddings = m.value(QStringLiteral("tied_embeddings")).toBool();
    c.lmHead = m.value(QStringLiteral("lm_head")).toBool();
    c.lmHeadBias = m.value(QStringLiteral("lm_head_bias")).toBool();
    c.tokenTypes = m.value(QStringLiteral("token_type_vocab")).toInt();
    c.embeddingNorm = m.value(QStringLiteral("embedding_norm")).toBool();
    c.finalNorm = m.value(QStringLiteral("final_norm")).toBool();
    c.pooler = m.value(QStringLiteral("pooler")).toBool();
    c.sharing = m.value(QStringLiteral("shared_layers")).toBool() ? Sharing::AllLayers : Sharing::None;
    const QJsonObject moe = m.value(QStringLiteral("moe")).toObject();
    if (!moe.isEmpty()) {
        c.moe.numExperts = moe.value(QStringLiteral("num_experts")).toInt();
        c.moe.topK = moe.value(QStringLiteral("top_k")).toInt();
        c.moe.routerBias = moe.value(QStringLiteral("router_bias")).toBool();
    }
    return c;
}

} // namespace

class TestParamCounter : public QObject
{
    Q_OBJECT
private slots:
    void referenceModels_data()
    {
        QTest::addColumn<QJsonObject>("model");
        const QJsonArray models = loadReferenceModels();
        QVERIFY2(models.size() >= 17, "tests/data/reference/models.json is missing or short");
        for (const QJsonValue &v : models) {
            const QJsonObject m = v.toObject();
            QTest::newRow(qPrintable(m.value(QStringLiteral("name")).toString())) << m;
        }
    }

    void referenceModels()
    {
        QFETCH(QJsonObject, model);
        const auto count = countParams(fromReference(model));
        QVERIFY2(count, qPrintable(count ? QString() : count.error().toString()));
        QCOMPARE(count->total, qint64(model.value(QStringLiteral("params_total")).toDouble()));
        QCOMPARE(count->breakdown.params, count->total);
        QCOMPARE(count->nonEmbedding, qint64(model.value(QStringLiteral("params_non_embedding")).toDouble()));
        if (model.contains(QStringLiteral("params_active")))
            QCOMPARE(count->active, qint64(model.value(QStringLiteral("params_active")).toDouble()));
        else
            QCOMPARE(count->active, count->total);

        // Stacks in the reference breakdown include their final norms (and T5's bias tables).
        const QJsonObject b = model.value(QStringLiteral("breakdown")).toObject();
        const ParamNode *emb = count->breakdown.child(QStringLiteral("embeddings"));
        QVERIFY(emb);
        if (b.contains(QStringLiteral("encoder_stack"))) {
            QCOMPARE(count->breakdown.child(QStringLiteral("encoder"))->params,
                     qint64(b.value(QStringLiteral("encoder_stack")).toDouble()));
            QCOMPARE(count->breakdown.child(QStringLiteral("decoder"))->params,
                     qint64(b.value(QStringLiteral("decoder_stack")).toDouble()));
        }
    }

    // GPT-2 small, one line per tensor (llm.c style): the numbers a lesson shows.
    void gpt2Components()
    {
        ModelConfig c; // defaults are GPT-2 small
        const auto count = countParams(c);
        QVERIFY(count);
        QCOMPARE(count->total, qint64(124'439'808));
        QCOMPARE(count->breakdown.find(QStringLiteral("embeddings.token"))->params, qint64(50257 * 768));
        QCOMPARE(count->breakdown.find(QStringLiteral("embeddings.position"))->params, qint64(1024 * 768));
        QCOMPARE(count->breakdown.find(QStringLiteral("decoder.attention.q"))->params, qint64(12 * (768 * 768 + 768)));
        QCOMPARE(count->breakdown.find(QStringLiteral("decoder.ffn.up"))->params, qint64(12 * (768 * 3072 + 3072)));
        QCOMPARE(count->breakdown.find(QStringLiteral("decoder.norms"))->params, qint64(12 * 2 * 2 * 768));
        QCOMPARE(count->breakdown.find(QStringLiteral("decoder.final_norm"))->params, qint64(2 * 768));
        QVERIFY(!count->breakdown.child(QStringLiteral("lm_head"))); // tied: no parameters of its own
        QCOMPARE(int(count->decoderLayers.size()), 12);
        QCOMPARE(count->decoderLayers[0].total(), qint64(7'087'872)); // 12d² + 13d
    }

    void seedsComparisons()
    {
        QCOMPARE(linearParams(100, 10), qint64(1010));          // y = Wx + b, 100 -> 10
        QCOMPARE(mlpParams({784, 256, 10}), qint64(784 * 256 + 256 + 256 * 10 + 10));
        QCOMPARE(lstmParams(128, 256), qint64(4 * (256 * (128 + 256) + 256)));
    }

    void sharingUnrollsExecutedCount()
    {
        ModelConfig c;
        c.sharing = Sharing::AllLayers;
        const auto count = countParams(c);
        QVERIFY(count);
        const qint64 layer = 7'087'872;
        QCOMPARE(count->total, qint64(124'439'808) - 11 * layer);
        QCOMPARE(count->executed, qint64(124'439'808));

        c.sharing = Sharing::Groups;
        c.shareGroupSize = 4; // 12 layers -> 3 stored
        const auto grouped = countParams(c);
        QCOMPARE(grouped->total, qint64(124'439'808) - 9 * layer);
    }

    void invalidDesignsNameTheField_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("value");
        QTest::addColumn<QString>("field");
        QTest::newRow("heads not dividing d_model") << "n_heads" << 7 << "n_heads";
        QTest::newRow("kv heads not dividing heads") << "n_kv_heads" << 5 << "n_kv_heads";
        QTest::newRow("zero width") << "d_model" << 0 << "d_model";
        QTest::newRow("negative layers") << "n_layers" << -3 << "n_layers";
        QTest::newRow("top-k above experts") << "moe_top_k" << 9 << "moe_top_k";
        QTest::newRow("vocab past bound") << "vocab_size" << 2'000'000'000 << "vocab_size";
    }

    void invalidDesignsNameTheField()
    {
        QFETCH(QString, key);
        QFETCH(int, value);
        QFETCH(QString, field);
        ModelConfig c;
        if (key == QLatin1String("moe_top_k")) {
            c.moe.numExperts = 8;
            c.moe.topK = value;
        } else if (key == QLatin1String("n_heads")) {
            c.nHeads = value;
            c.nKvHeads = value;
        } else if (key == QLatin1String("n_kv_heads")) {
            c.nKvHeads = value;
        } else if (key == QLatin1String("d_model")) {
            c.dModel = value;
        } else if (key == QLatin1String("n_layers")) {
            c.nLayers = value;
        } else if (key == QLatin1String("vocab_size")) {
            c.vocabSize = value;
        }
        const auto count = countParams(c);
        QVERIFY(!count);
        QCOMPARE(count.error().field, field);
        QVERIFY(!count.error().message.isEmpty());
    }

    // The largest design the bounds allow still counts exactly (~1.7 × 10^18), and one
    // step past a bound is an error naming the field, never a wrapped-around number.
    void largestDesignCountsExactly()
    {
        ModelConfig c;
        c.dModel = limits::kMaxDModel;
        c.nHeads = 1024;
        c.nKvHeads = 1024;
        c.nLayers = limits::kMaxLayers;
        c.dFf = limits::kMaxDff;
        c.ffn = FfnKind::Gated3;
        c.qkvBias = c.attnOutBias = c.ffnBias = false;
        c.moe.numExperts = limits::kMaxExperts;
        c.moe.topK = 2;
        const auto count = countParams(c);
        QVERIFY(count);
        const qint64 d = c.dModel, f = c.dFf, E = c.moe.numExperts, L = c.nLayers;
        const qint64 layer = 4 * d * d + d * E + E * 3 * d * f + 2 * 2 * d;
        QCOMPARE(count->total, L * layer + 50257 * d + 1024 * d + 2 * d);
        QCOMPARE(count->active, L * (layer - (E - 2) * 3 * d * f) + 50257 * d + 1024 * d + 2 * d);

        c.dModel = limits::kMaxDModel + 1;
        const auto past = countParams(c);
        QVERIFY(!past);
        QCOMPARE(past.error().field, QStringLiteral("d_model"));
    }
};

QTEST_APPLESS_MAIN(TestParamCounter)
#include "tst_paramcounter.moc"
