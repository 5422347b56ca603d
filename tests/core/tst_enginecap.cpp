// Issue 20 §7: large designs in the engine (over the memory cap) are refused with a message
// before any allocation. The designs here would need 249 TB of float32 weights: had the
// engine allocated a single one of its tensors first, the process would have died (bad_alloc,
// or the kernel's OOM killer), and its peak resident memory (VmHWM) would show it. The messages
// name the cap and the bytes, as the attention view, `run` and the checkpoint loader show them.
#include "core/formats/hfcheckpoint.h"
#include "core/nn/enginesizer.h"
#include "core/nn/transformer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace tx;

namespace {

// Peak resident memory of this process so far, in kB (/proc/self/status, VmHWM).
qint64 peakResidentKb()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

// A Llama-style design of 1,000 layers at d_model 65,536: 62,277,156,864,000 parameters in its
// layers (1,000 · (4·65,536² + 3·65,536·229,376 + 2·65,536)) plus the embedding and the head.
ModelConfig petabyteDesign()
{
    ModelConfig c;
    c.name = QStringLiteral("huge");
    c.dModel = 65'536;
    c.nLayers = 1'000;
    c.nHeads = c.nKvHeads = 512;
    c.dFf = 229'376;
    c.vocabSize = 256'000;
    c.positions = PositionKind::Rotary;
    c.norm = NormKind::RmsNorm;
    c.ffn = FfnKind::Gated3;
    c.activation = Activation::Silu;
    c.qkvBias = c.attnOutBias = c.ffnBias = false;
    c.tiedEmbeddings = false;
    return c;
}

} // namespace

class TestEngineCap : public QObject
{
    Q_OBJECT

private slots:
    void theEngineRefusesBeforeAllocating()
    {
        const ModelConfig c = petabyteDesign();
        // Σ per layer: q, k, v, o (d²) + gate, up, down (d·d_ff) + 2 norms (d); + embedding, head (V·d) + final norm.
        const std::int64_t d = 65'536, f = 229'376, V = 256'000;
        const std::int64_t params = 1'000 * (4 * d * d + 3 * d * f + 2 * d) + 2 * V * d + d;
        QCOMPARE(EngineSizer::weightBytes(c), 4 * params);
        const qint64 before = peakResidentKb();
        QVERIFY(before > 0);
        for (int i = 0; i < 3; ++i) {
            auto refused = Transformer::create(c);
            QVERIFY(!refused.hasValue());
            QCOMPARE(refused.error().field, QStringLiteral("memory cap"));
            QCOMPARE(refused.error().message,
                     QStringLiteral("the weights would take %1 bytes, more than the cap of 512000000 bytes; "
                                    "use a scaled-down model or raise the cap")
                         .arg(4 * params));
        }
        // Nothing was touched: the peak resident memory grew by less than 8 MB (one layer's
        // smallest tensor, a 65,536-wide norm, is 256 kB; its q_proj alone would be 16 GB).
        QVERIFY2(peakResidentKb() - before < 8 * 1024, qPrintable(QStringLiteral("%1 kB → %2 kB").arg(before).arg(peakResidentKb())));
    }

    // A checkpoint folder whose config.json describes such a model is refused at its config,
    // before its weights file is opened (there is none here).
    void aCheckpointOverTheCapIsRefusedAtItsConfig()
    {
        QTemporaryDir dir;
        QJsonObject o{{QStringLiteral("model_type"), QStringLiteral("llama")},
                      {QStringLiteral("architectures"), QJsonArray{QStringLiteral("LlamaForCausalLM")}},
                      {QStringLiteral("hidden_size"), 65'536},
                      {QStringLiteral("num_hidden_layers"), 1'000},
                      {QStringLiteral("num_attention_heads"), 512},
                      {QStringLiteral("num_key_value_heads"), 512},
                      {QStringLiteral("intermediate_size"), 229'376},
                      {QStringLiteral("vocab_size"), 256'000},
                      {QStringLiteral("max_position_embeddings"), 4096},
                      {QStringLiteral("rms_norm_eps"), 1e-5},
                      {QStringLiteral("hidden_act"), QStringLiteral("silu")},
                      {QStringLiteral("rope_theta"), 10000.0},
                      {QStringLiteral("tie_word_embeddings"), false}};
        QFile config(dir.filePath(QStringLiteral("config.json")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write(QJsonDocument(o).toJson());
        config.close();
        const qint64 before = peakResidentKb();
        auto refused = HfCheckpoint::load(dir.path());
        QVERIFY(!refused.hasValue());
        QCOMPARE(refused.error().file, dir.filePath(QStringLiteral("config.json")));
        QCOMPARE(refused.error().field, QStringLiteral("memory cap"));
        QVERIFY2(refused.error().message.contains(QStringLiteral("more than the cap of 512000000 bytes")),
                 qPrintable(refused.error().message));
        QVERIFY(peakResidentKb() - before < 8 * 1024);
    }
};

QTEST_APPLESS_MAIN(TestEngineCap)
#include "tst_enginecap.moc"
