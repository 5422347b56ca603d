// `run --scale-down` and `train` on T5 and ALBERT designs as a user sees them: what is scaled
// (only what the engine cannot run), the next tokens, and a training run of each that learns.
#include "tests/support/clirun.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using tx::CliRun;

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run cli(const QStringList &args)
{
    const CliRun r = CliRun::run(args);
    return {r.exitCode, QString::fromUtf8(r.out), QString::fromUtf8(r.err)};
}

} // namespace

class TestRunT5Albert : public QObject
{
    Q_OBJECT

private slots:
    void presetsScaleDown_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("head");
        QTest::newRow("t5-small runs encoder and decoder, unscaled")
            << QStringLiteral("t5-small")
            << QStringLiteral("T5-small\nInput: 2 tokens [T|5]\n"
                              "Encoder-decoder: the encoder reads the input (6 layers), the decoder starts from token 0 "
                              "and attends over it (6 layers)\nNext token (top 2):\n");
        QTest::newRow("albert-base-v2 keeps its factorised, shared layers")
            << QStringLiteral("albert-base-v2")
            << QStringLiteral("Scaled down: pooler: yes → no (not used to predict tokens)\n"
                              "Scaled down: lm_head: no → yes, ALBERT's masked-LM head (dense d_model 768 → 128, gelu_tanh, "
                              "layernorm, tied to the token embedding, with a bias)\n"
                              "ALBERT-base v2 (scaled down)\nInput: 2 tokens [T|5]\n"
                              // a masked-LM head predicts the token at a position, here the last (no [MASK])
                              "Masked-LM prediction at position 2 \"5\" (top 2):\n");
    }
    void presetsScaleDown()
    {
        QFETCH(QString, preset);
        QFETCH(QString, head);
        const Run r = cli({QStringLiteral("run"), QStringLiteral("--preset"), preset, QStringLiteral("--scale-down"),
                           QStringLiteral("--text"), QStringLiteral("T5"), QStringLiteral("--top-k"), QStringLiteral("2")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(head), qPrintable(r.out));
        QCOMPARE(r.out.count(QLatin1Char('\n')), head.count(QLatin1Char('\n')) + 2); // and the 2 tokens
    }

    // A 2-layer T5 decoder (buckets, no biases, RMSNorm, tied head) and an ALBERT-style decoder
    // (16-wide tables, one shared layer) learn to copy 4 digits: the answer loss starts near ln 10 and
    // falls below 1 nat in 300 steps. Neither has Hugging Face names to be saved under yet.
    void trainsTheDesigns_data()
    {
        QTest::addColumn<QString>("settings");
        QTest::addColumn<int>("parameters");
        QTest::addColumn<QString>("notSaved");
        // 11 × 32 table, 16 × 4 buckets, 2 × (4 × 32² + 2 × 32 × 128 + 2 × 32), final norm 32
        QTest::newRow("t5") << QStringLiteral("positions=relative,relative_buckets=16,relative_max_distance=16,norm=rmsnorm,"
                                              "qkv_bias=false,attn_out_bias=false,ffn_bias=false")
                            << 11 * 32 + 16 * 4 + 2 * (4 * 32 * 32 + 2 * 32 * 128 + 2 * 32) + 32
                            << QStringLiteral("checkpoint not written: positions: GPT-2 checkpoints need learned positions, Llama rotary ones\n");
        // 11 × 16 and 16 × 16 tables, 16 × 32 + 32 projection, one layer, final LayerNorm 64, 11 × 32 head
        QTest::newRow("albert") << QStringLiteral("embedding_dim=16,sharing=all,tied_embeddings=false")
                                << 11 * 16 + 16 * 16 + 16 * 32 + 32 + (4 * (32 * 32 + 32) + 2 * 32 * 128 + 128 + 32 + 4 * 32) + 64 + 11 * 32
                                << QStringLiteral("checkpoint not written: sharing: GPT-2 and Llama checkpoints store every layer\n");
    }
    void trainsTheDesigns()
    {
        QFETCH(QString, settings);
        QFETCH(int, parameters);
        QFETCH(QString, notSaved);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // GPT-2's design (LayerNorm, biases, learned positions, tied head) made small, then each family's traits.
        QStringList args{QStringLiteral("train"), QStringLiteral("--preset"), QStringLiteral("gpt2"), QStringLiteral("--task"), QStringLiteral("copy"), QStringLiteral("--digits"),
                         QStringLiteral("4"), QStringLiteral("--steps"), QStringLiteral("300"), QStringLiteral("--batch"),
                         QStringLiteral("32"), QStringLiteral("--lr"), QStringLiteral("0.003"), QStringLiteral("--eval-every"),
                         QStringLiteral("300"), QStringLiteral("--out"), dir.path()};
        for (const QString &kv : QStringList{QStringLiteral("vocab_size=11"), QStringLiteral("d_model=32"), QStringLiteral("n_layers=2"),
                                             QStringLiteral("n_heads=4"), QStringLiteral("n_kv_heads=4"), QStringLiteral("d_ff=128"),
                                             QStringLiteral("max_positions=16")}
                 + settings.split(QLatin1Char(',')))
            args << QStringLiteral("--set") << kv;
        const Run r = cli(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.err.startsWith(QStringLiteral("training %1 parameters on copy for 300 steps (batch 32)\n").arg(parameters)),
                 qPrintable(r.err));
        QVERIFY2(r.err.endsWith(notSaved), qPrintable(r.err));
        QFile f(QDir(dir.path()).filePath(QStringLiteral("training.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(o.value(QStringLiteral("parameters")).toInt(), parameters);
        const double first = o.value(QStringLiteral("loss")).toArray().first().toArray().at(1).toDouble();
        QVERIFY2(first > 2.0, qPrintable(QString::number(first)));
        QVERIFY2(o.value(QStringLiteral("final_val_loss")).toDouble() < 1.0,
                 qPrintable(QString::number(o.value(QStringLiteral("final_val_loss")).toDouble())));
    }
};

QTEST_APPLESS_MAIN(TestRunT5Albert)
#include "tst_runt5albert.moc"
