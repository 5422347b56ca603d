// Hugging Face checkpoints of the mixture-of-experts families load into the engine and save with
// the same names: Qwen3MoeForCausalLM (modeling_qwen3_moe.py), DeepseekV3ForCausalLM with fp8
// e4m3 weights and 4 × 4 block scales (weight_scale_inv; DeepSeek-V3 inference/kernel.py
// weight_dequant), GptOssForCausalLM with MXFP4 experts (transformers integrations/mxfp4.py
// convert_moe_packed_tensors); and Gemma, Gemma 2 and Gemma 3 (modeling_gemma*.py: (1 + w) norms,
// embeddings × sqrt(hidden_size), tied head). The tiny files and their logits are written by
// tests/reference/make_moe_checkpoints.py and make_gemma_checkpoints.py (PyTorch 1.13) into
// tests/data/engine/.
#include "core/design/designfile.h"
#include "core/formats/hfcheckpoint.h"
#include "core/formats/hfconfigexporter.h"
#include "core/formats/hfmoecheckpoint.h"
#include "core/formats/safetensors.h"
#include "core/nn/transformer.h"
#include "tests/support/referencemodel.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

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

// reference.json's logits (T, vocab) and tokens.
std::pair<std::vector<int>, Mat> reference(const QString &name)
{
    const QJsonObject o = readJson(folder(name) + QStringLiteral("/reference.json"));
    std::vector<int> tokens;
    for (const QJsonValue &v : o.value(QStringLiteral("tokens")).toArray())
        tokens.push_back(v.toInt());
    const QJsonArray rows = o.value(QStringLiteral("logits")).toArray();
    Mat logits(rows.size(), rows[0].toArray().size());
    for (int t = 0; t < logits.rows(); ++t)
        for (int v = 0; v < logits.cols(); ++v)
            logits(t, v) = float(rows[t].toArray()[v].toDouble());
    return {tokens, logits};
}

} // namespace

class TestHfMoeCheckpoint : public QObject
{
    Q_OBJECT

private slots:
    void loadsAndSaves_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("family");
        QTest::addColumn<QString>("modelType");
        QTest::addColumn<QStringList>("savedNames"); // tensors the saved file holds, with their shapes
        QTest::newRow("qwen3_moe: mlp.gate, mlp.experts.N")
            << QStringLiteral("qwen3-moe-tiny") << int(HfCheckpoint::Family::Qwen3Moe) << QStringLiteral("qwen3_moe")
            << QStringList{QStringLiteral("model.layers.1.mlp.gate.weight [8, 16]"),
                           QStringLiteral("model.layers.1.mlp.experts.7.gate_proj.weight [6, 16]"),
                           QStringLiteral("model.layers.0.mlp.experts.0.down_proj.weight [16, 6]"),
                           QStringLiteral("model.layers.0.self_attn.q_norm.weight [6]")};
        // DeepSeek-V3: q latent 12, kv latent 10 + rope 4, 8 experts of 8, one shared expert of 8, layer 0 dense.
        QTest::newRow("deepseek_v3: mla names, fp8 with block scales")
            << QStringLiteral("deepseek-v3-tiny-fp8") << int(HfCheckpoint::Family::Deepseek) << QStringLiteral("deepseek_v3")
            << QStringList{QStringLiteral("model.layers.0.self_attn.q_a_proj.weight [12, 16]"),
                           QStringLiteral("model.layers.0.self_attn.q_a_layernorm.weight [12]"),
                           QStringLiteral("model.layers.0.self_attn.kv_a_proj_with_mqa.weight [14, 16]"),
                           QStringLiteral("model.layers.0.self_attn.kv_a_layernorm.weight [10]"),
                           QStringLiteral("model.layers.0.self_attn.kv_b_proj.weight [40, 10]"),
                           QStringLiteral("model.layers.0.mlp.gate_proj.weight [24, 16]"),
                           QStringLiteral("model.layers.1.mlp.gate.e_score_correction_bias [8]"),
                           QStringLiteral("model.layers.2.mlp.shared_experts.down_proj.weight [16, 8]")};
        // gpt-oss: d 32, 4 experts of 32; the experts saved dequantised (E, d, 2f) and (E, f, d).
        QTest::newRow("gpt_oss: mxfp4 experts, sinks, biased router")
            << QStringLiteral("gpt-oss-tiny-mxfp4") << int(HfCheckpoint::Family::GptOss) << QStringLiteral("gpt_oss")
            << QStringList{QStringLiteral("model.layers.0.mlp.experts.gate_up_proj [4, 32, 64]"),
                           QStringLiteral("model.layers.0.mlp.experts.gate_up_proj_bias [4, 64]"),
                           QStringLiteral("model.layers.1.mlp.experts.down_proj [4, 32, 32]"),
                           QStringLiteral("model.layers.1.mlp.experts.down_proj_bias [4, 32]"),
                           QStringLiteral("model.layers.1.mlp.router.bias [4]"),
                           QStringLiteral("model.layers.0.self_attn.sinks [4]")};
        // Gemma (make_gemma_checkpoints.py): d 16, 3 layers of 4 heads of 6, 2 KV heads, GeGLU of 24,
        // tied head; every norm weight w as the file holds it (the engine computes with 1 + w).
        QTest::newRow("gemma: (1 + w) norms, scaled embeddings, tied head")
            << QStringLiteral("gemma-tiny") << int(HfCheckpoint::Family::Gemma) << QStringLiteral("gemma")
            << QStringList{QStringLiteral("model.layers.0.input_layernorm.weight [16]"),
                           QStringLiteral("model.layers.2.post_attention_layernorm.weight [16]"),
                           QStringLiteral("model.layers.1.mlp.gate_proj.weight [24, 16]"),
                           QStringLiteral("model.norm.weight [16]")};
        QTest::newRow("gemma2: sandwich norms, soft-capping, query_pre_attn_scalar")
            << QStringLiteral("gemma2-tiny") << int(HfCheckpoint::Family::Gemma2) << QStringLiteral("gemma2")
            << QStringList{QStringLiteral("model.layers.0.post_attention_layernorm.weight [16]"),
                           QStringLiteral("model.layers.0.pre_feedforward_layernorm.weight [16]"),
                           QStringLiteral("model.layers.2.post_feedforward_layernorm.weight [16]"),
                           QStringLiteral("model.layers.1.self_attn.k_proj.weight [12, 16]")};
        QTest::newRow("gemma3_text: qk-norm, local RoPE base, linear scaling")
            << QStringLiteral("gemma3-tiny") << int(HfCheckpoint::Family::Gemma3) << QStringLiteral("gemma3_text")
            << QStringList{QStringLiteral("model.layers.0.self_attn.q_norm.weight [6]"),
                           QStringLiteral("model.layers.2.self_attn.k_norm.weight [6]"),
                           QStringLiteral("model.layers.1.post_feedforward_layernorm.weight [16]")};
    }
    void loadsAndSaves()
    {
        QFETCH(QString, name);
        QFETCH(int, family);
        QFETCH(QString, modelType);
        QFETCH(QStringList, savedNames);
        const auto [tokens, expected] = reference(name);
        auto model = HfCheckpoint::load(folder(name));
        QVERIFY2(model, qPrintable(model ? QString() : model.error().toString()));
        QCOMPARE(int(*HfCheckpoint::familyOf(model->config())), family);
        auto out = model->forward(tokens);
        QVERIFY(out);
        QVERIFY2(maxAbsDiff(out->logits, expected) < 1e-4f,
                 qPrintable(QStringLiteral("logits differ by %1").arg(maxAbsDiff(out->logits, expected))));

        // Saved and read back: the same function, the family's names, its config.json.
        QTemporaryDir dir;
        QVERIFY(!HfCheckpoint::save(*model, dir.path()));
        const QJsonObject config = readJson(dir.filePath(QStringLiteral("config.json")));
        QCOMPARE(config.value(QStringLiteral("model_type")).toString(), modelType);
        auto file = Safetensors::open(dir.filePath(QStringLiteral("model.safetensors")));
        QVERIFY(file);
        for (const QString &entry : savedNames) {
            const QString tensor = entry.section(QLatin1Char(' '), 0, 0);
            const Safetensors::Entry *e = file->entry(tensor);
            QVERIFY2(e, qPrintable(tensor));
            QStringList shape;
            for (std::int64_t s : e->shape)
                shape << QString::number(s);
            QCOMPARE(QStringLiteral("%1 [%2]").arg(tensor, shape.join(QStringLiteral(", "))), entry);
            QCOMPARE(e->dtype, QStringLiteral("F32"));
        }
        // Every tensor saved as the original file holds it (Gemma's norms back to w from 1 + w).
        auto original = Safetensors::open(folder(name) + QStringLiteral("/model.safetensors"));
        QVERIFY(original);
        if (name.startsWith(QLatin1String("gemma"))) {
            QCOMPARE(file->names().size(), original->names().size());
            for (const QString &tensor : original->names()) {
                auto a = original->tensor(tensor, original->entry(tensor)->shape), b = file->tensor(tensor, original->entry(tensor)->shape);
                QVERIFY2(a && b, qPrintable(tensor));
                QVERIFY2(maxAbsDiff(*a, *b) < 1e-6f, qPrintable(tensor));
            }
            QVERIFY(model->config().embeddingScaled && model->config().tiedEmbeddings);
        }
        auto again = HfCheckpoint::load(dir.path());
        QVERIFY2(again, qPrintable(again ? QString() : again.error().toString()));
        // The same design, in the exporter's one spelling of it (an all-sparse design's d_ff is its
        // experts' width; the name and source are the files').
        const ModelConfig was = HfConfigExporter::canonical(model->config()), is = HfConfigExporter::canonical(again->config());
        QVERIFY2(was == is, qPrintable(QString::fromUtf8(DesignFile::serialize(was) + "\n→\n" + DesignFile::serialize(is))));
        auto out2 = again->forward(tokens);
        QVERIFY(out2);
        QCOMPARE(maxAbsDiff(out2->logits, out->logits), 0.0f);
    }

    // The dequantisation by itself: OCP e4m3fn's codes and MXFP4's e2m1 × 2^(scale − 127).
    void e4m3Codes()
    {
        QCOMPARE(Safetensors::e4m3(0x00), 0.0f);
        QCOMPARE(Safetensors::e4m3(0x38), 1.0f);      // exponent 7 = bias, mantissa 0
        QCOMPARE(Safetensors::e4m3(0x7e), 448.0f);    // the largest: 2^8 · 1.75
        QCOMPARE(Safetensors::e4m3(0xb8), -1.0f);
        QCOMPARE(Safetensors::e4m3(0x01), 0.001953125f); // the smallest subnormal: 2^-9
        QVERIFY(std::isnan(Safetensors::e4m3(0x7f)));
    }

    void mxfp4ExpertsAsShipped()
    {
        // The gpt-oss file holds its experts only as blocks and scales, as openai/gpt-oss-20b does.
        auto file = Safetensors::open(folder(QStringLiteral("gpt-oss-tiny-mxfp4")) + QStringLiteral("/model.safetensors"));
        QVERIFY(file);
        QVERIFY(!file->contains(QStringLiteral("model.layers.0.mlp.experts.gate_up_proj")));
        const Safetensors::Entry *blocks = file->entry(QStringLiteral("model.layers.0.mlp.experts.gate_up_proj_blocks"));
        QVERIFY(blocks);
        QCOMPARE(blocks->dtype, QStringLiteral("U8"));
        QCOMPARE(blocks->shape, (std::vector<std::int64_t>{4, 64, 1, 16})); // (E, 2f, d/32, 16)
        auto model = HfCheckpoint::load(folder(QStringLiteral("gpt-oss-tiny-mxfp4")));
        QVERIFY(model);
        // Expert 0's first gate column, input 0 and 1: the first byte's low and high nibble × 2^(scale − 127).
        auto bytes = file->bytes(QStringLiteral("model.layers.0.mlp.experts.gate_up_proj_blocks"), QStringLiteral("U8"),
                                 blocks->shape);
        auto scales = file->bytes(QStringLiteral("model.layers.0.mlp.experts.gate_up_proj_scales"), QStringLiteral("U8"),
                                  {4, 64, 1});
        QVERIFY(bytes && scales);
        static constexpr float kE2m1[16] = {0, 0.5f, 1, 1.5f, 2, 3, 4, 6, -0.0f, -0.5f, -1, -1.5f, -2, -3, -4, -6};
        const float scale = std::ldexp(1.0f, int((*scales)[0]) - 127);
        const Mat &in = model->weights().layers[0].expertsIn; // (E·d, [gate | up])
        QCOMPARE(in(0, 0), kE2m1[(*bytes)[0] & 0x0f] * scale);
        QCOMPARE(in(1, 0), kE2m1[(*bytes)[0] >> 4] * scale);
        QCOMPARE(model->config().swigluLimit, 7.0);
    }

    // A file that is not the design's: a tensor without a place is named.
    void strayTensorIsNamed()
    {
        QTemporaryDir dir;
        auto model = HfCheckpoint::load(folder(QStringLiteral("qwen3-moe-tiny")));
        QVERIFY(model);
        QVERIFY(!HfCheckpoint::save(*model, dir.path()));
        // Re-save with one extra tensor: Qwen2-MoE's shared expert gate, which Qwen3-MoE has not.
        auto file = Safetensors::open(dir.filePath(QStringLiteral("model.safetensors")));
        QVERIFY(file);
        std::vector<Mat> values;
        std::vector<Safetensors::Out> out;
        const QStringList names = file->names();
        values.reserve(std::size_t(names.size()) + 1);
        for (const QString &n : names) {
            auto m = file->tensor(n, file->entry(n)->shape);
            QVERIFY(m);
            values.push_back(*m);
            out.push_back({n, values.back().data(), 0, 0, file->entry(n)->shape});
            out.back().rows = values.back().rows();
            out.back().cols = values.back().cols();
        }
        values.push_back(Mat::Zero(1, 16));
        out.push_back({QStringLiteral("model.layers.0.mlp.shared_expert_gate.weight"), values.back().data(), 1, 16, {}});
        QVERIFY(!Safetensors::save(dir.filePath(QStringLiteral("model.safetensors")), out, Safetensors::Dtype::F32));
        auto stray = HfCheckpoint::load(dir.path());
        QVERIFY(!stray);
        QCOMPARE(stray.error().field, QStringLiteral("model.layers.0.mlp.shared_expert_gate.weight"));
        QCOMPARE(stray.error().message, QStringLiteral("a tensor the engine has no place for"));
    }
};

QTEST_APPLESS_MAIN(TestHfMoeCheckpoint)
#include "tst_hfmoecheckpoint.moc"
