// `transformer-explorer train` as a script sees it: exit codes, the JSON keys README
// documents, the files written into --out, and one-line errors naming the option.
#include "tests/support/clirun.h"
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using tx::CliRun;

namespace {

using Run = CliRun;

Run run(const QStringList &args)
{
    return CliRun::run(QStringList{QStringLiteral("train")} + args);
}

} // namespace

class TestTrainCli : public QObject
{
    Q_OBJECT

private slots:
    void copyTaskJson()
    {
        QTemporaryDir dir;
        const Run r = run({QStringLiteral("--task"), QStringLiteral("copy"), QStringLiteral("--digits"), QStringLiteral("4"),
                           QStringLiteral("--steps"), QStringLiteral("20"), QStringLiteral("--batch"), QStringLiteral("8"),
                           QStringLiteral("--eval-every"), QStringLiteral("10"), QStringLiteral("--out"), dir.path(),
                           QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.contains("step 10/20"));
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonArray loss = o.value(QStringLiteral("loss")).toArray();
        QCOMPARE(loss.size(), 20);
        QCOMPARE(loss.at(0).toArray().at(0).toInt(), 1);
        QCOMPARE(o.value(QStringLiteral("final_loss")).toDouble(), loss.at(19).toArray().at(1).toDouble());
        QVERIFY(o.value(QStringLiteral("seconds")).toDouble() > 0.0);
        QCOMPARE(o.value(QStringLiteral("val_loss")).toArray().size(), 2);
        // The copy task's default model: 2 layers × 4 heads.
        const QJsonArray heads = o.value(QStringLiteral("heads")).toArray();
        QCOMPARE(heads.size(), 8);
        const QJsonObject h = heads.at(7).toObject();
        QCOMPARE(h.value(QStringLiteral("layer")).toInt(), 1);
        QCOMPARE(h.value(QStringLiteral("head")).toInt(), 3);
        for (const char *key : {"induction_score", "previous_token_score", "entropy_bits"})
            QVERIFY2(h.contains(QLatin1String(key)), key);
        // GPT-2 family: a Hugging Face checkpoint beside training.json.
        QVERIFY(o.value(QStringLiteral("checkpoint")).toBool());
        for (const char *f : {"config.json", "model.safetensors", "training.json"})
            QVERIFY2(QFile::exists(QDir(dir.path()).filePath(QLatin1String(f))), f);
    }

    // The MoE preset: training.json carries each sparse layer's expert load over the last 10 steps.
    void moePresetReportsExpertLoad()
    {
        QTemporaryDir dir;
        const Run r = run({QStringLiteral("--preset"), QStringLiteral("moe-chars"), QStringLiteral("--corpus"),
                           QStringLiteral("carroll-alice"), QStringLiteral("--steps"), QStringLiteral("12"),
                           QStringLiteral("--batch"), QStringLiteral("4"), QStringLiteral("--out"), dir.path(),
                           QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonArray loads = o.value(QStringLiteral("expert_load")).toArray();
        QCOMPARE(loads.size(), 2);
        for (int l = 0; l < 2; ++l) {
            const QJsonObject load = loads.at(l).toObject();
            QCOMPARE(load.value(QStringLiteral("layer")).toInt(), l);
            QCOMPARE(load.value(QStringLiteral("experts")).toInt(), 8);
            QCOMPARE(load.value(QStringLiteral("top_k")).toInt(), 2);
            QCOMPARE(load.value(QStringLiteral("steps")).toInt(), 10);
            QCOMPARE(load.value(QStringLiteral("token_slots")).toInt(), 10 * 4 * 64 * 2);
            QCOMPARE(load.value(QStringLiteral("even_share")).toDouble(), 0.125);
            const QJsonArray share = load.value(QStringLiteral("share")).toArray();
            QCOMPARE(share.size(), 8);
            double sum = 0.0, top = 0.0;
            for (const QJsonValue &v : share) {
                sum += v.toDouble();
                top = std::max(top, v.toDouble());
            }
            QVERIFY(std::abs(sum - 1.0) < 1e-12);
            QCOMPARE(load.value(QStringLiteral("max_over_mean")).toDouble(), top * 8);
            QCOMPARE(load.value(QStringLiteral("mean_router_probability")).toArray().size(), 8);
            QVERIFY(load.value(QStringLiteral("balance_loss")).toDouble() > 0.0);
        }
        // A dense run has no such key.
        QTemporaryDir dense;
        const Run d = run({QStringLiteral("--task"), QStringLiteral("copy"), QStringLiteral("--steps"), QStringLiteral("2"),
                           QStringLiteral("--out"), dense.path(), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(d.exitCode, 0);
        QVERIFY(!QJsonDocument::fromJson(d.out).object().contains(QStringLiteral("expert_load")));
    }

    void missingOut()
    {
        const Run r = run({QStringLiteral("--task"), QStringLiteral("copy"), QStringLiteral("--steps"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.startsWith("--out: "));
    }

    void charsOnBundledChinesePoems()
    {
        QTemporaryDir dir;
        const Run r = run({QStringLiteral("--task"), QStringLiteral("chars"), QStringLiteral("--corpus"),
                           QStringLiteral("tang-poems"), QStringLiteral("--set"), QStringLiteral("d_model=32"),
                           QStringLiteral("--set"), QStringLiteral("n_layers=1"), QStringLiteral("--steps"),
                           QStringLiteral("3"), QStringLiteral("--batch"), QStringLiteral("2"), QStringLiteral("--out"),
                           dir.path(), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("task")).toString(), QStringLiteral("chars"));
        // The first loss is close to ln(vocabulary): hundreds of distinct characters.
        QVERIFY(o.value(QStringLiteral("loss")).toArray().at(0).toArray().at(1).toDouble() > 5.0);
    }

    // An ALBERT (the albert-mlm preset) on masked characters of Alice: the objective, the [MASK]
    // id after the text's characters, encoder heads, and an ALBERT checkpoint.
    void albertMaskedCharacters()
    {
        QTemporaryDir dir;
        const Run r = run({QStringLiteral("--preset"), QStringLiteral("albert-mlm"), QStringLiteral("--corpus"),
                           QStringLiteral("carroll-alice"), QStringLiteral("--steps"), QStringLiteral("20"),
                           QStringLiteral("--batch"), QStringLiteral("4"), QStringLiteral("--eval-every"),
                           QStringLiteral("10"), QStringLiteral("--fill"), QStringLiteral("th[MASK] c[MASK]t"),
                           QStringLiteral("--out"), dir.path(), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("on masked characters (10 of each window predicted) for 20 steps (batch 4)"), r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("task")).toString(), QStringLiteral("chars"));
        QCOMPARE(o.value(QStringLiteral("objective")).toString(), QStringLiteral("masked_lm"));
        QCOMPARE(o.value(QStringLiteral("mask_token")).toInt(), o.value(QStringLiteral("vocab_size")).toInt());
        QCOMPARE(o.value(QStringLiteral("loss")).toArray().size(), 20);
        const QJsonArray heads = o.value(QStringLiteral("heads")).toArray();
        QCOMPARE(heads.size(), 16); // 4 layers (one shared) × 4 heads
        for (const QJsonValue &h : heads)
            QCOMPARE(h.toObject().value(QStringLiteral("attention")).toString(), QStringLiteral("encoder"));
        // Each [MASK] filled with one character, the rest kept.
        const QJsonObject fill = o.value(QStringLiteral("fill")).toObject();
        QCOMPARE(fill.value(QStringLiteral("text")).toString(), QStringLiteral("th[MASK] c[MASK]t"));
        const QString filled = fill.value(QStringLiteral("filled")).toString();
        QCOMPARE(filled.size(), 7);
        QVERIFY2(filled.startsWith(QStringLiteral("th")) && filled.mid(3, 2) == QStringLiteral(" c") && filled.endsWith(QLatin1Char('t')),
                 qPrintable(filled));
        QVERIFY(!filled.contains(QStringLiteral("[MASK]")));
        QVERIFY(o.value(QStringLiteral("checkpoint")).toBool());
        QFile config(QDir(dir.path()).filePath(QStringLiteral("config.json")));
        QVERIFY(config.open(QIODevice::ReadOnly));
        const QJsonObject c = QJsonDocument::fromJson(config.readAll()).object();
        QCOMPARE(c.value(QStringLiteral("architectures")).toArray().at(0).toString(), QStringLiteral("AlbertForMaskedLM"));
        QCOMPARE(c.value(QStringLiteral("num_hidden_groups")).toInt(), 1);
        QCOMPARE(c.value(QStringLiteral("vocab_size")).toInt(), o.value(QStringLiteral("mask_token")).toInt() + 1);
        // The saved tokenizer names the [MASK] id as a special token (Hugging Face's added_tokens),
        // so the checkpoint reads "[MASK]" as one token wherever it is opened.
        QFile tokenizer(QDir(dir.path()).filePath(QStringLiteral("tokenizer.json")));
        QVERIFY(tokenizer.open(QIODevice::ReadOnly));
        const QJsonArray added = QJsonDocument::fromJson(tokenizer.readAll()).object().value(QStringLiteral("added_tokens")).toArray();
        QCOMPARE(added.size(), 1);
        QCOMPARE(added[0].toObject().value(QStringLiteral("content")).toString(), QStringLiteral("[MASK]"));
        QCOMPARE(added[0].toObject().value(QStringLiteral("id")).toInt(), o.value(QStringLiteral("mask_token")).toInt());
        const CliRun opened = CliRun::run({QStringLiteral("run"), QStringLiteral("--model"), dir.path(),
                                           QStringLiteral("--text"), QStringLiteral("the [MASK]at")});
        QCOMPARE(opened.exitCode, 0);
        const QString shown = QString::fromUtf8(opened.out);
        QVERIFY2(shown.contains(QStringLiteral("Input: 7 tokens [t|h|e|␣|[MASK]|a|t]")), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("Masked-LM prediction at position 5 \"[MASK]\"")), qPrintable(shown));
    }

    // What a user reads when a number is out of range: the bounds as they would type them.
    void numberMessages_data()
    {
        QTest::addColumn<QString>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("threads") << QStringLiteral("--threads 2000")
                                 << QStringLiteral("--threads: expected a number between 0 and 1024, got \"2000\"\n");
        QTest::newRow("steps") << QStringLiteral("--steps 20000000")
                               << QStringLiteral("--steps: expected a number between 1 and 10000000, got \"20000000\"\n");
        QTest::newRow("min-count") << QStringLiteral("--steps 1 --min-count 0")
                                   << QStringLiteral("--min-count: expected a number between 1 and 1000000000, got \"0\"\n");
        QTest::newRow("lr") << QStringLiteral("--steps 1 --lr 5")
                            << QStringLiteral("--lr: expected a number between 1e-07 and 1, got \"5\"\n");
        QTest::newRow("hash-at") << QStringLiteral("--steps 1 --hash-at 20,x")
                                 << QStringLiteral("--hash-at: expected step numbers like 20,100, got \"20,x\"\n");
    }
    void numberMessages()
    {
        QFETCH(QString, args);
        QFETCH(QString, message);
        const Run r = run(QStringLiteral("--task copy --out /tmp/tx-train-never-written ").append(args).split(QLatin1Char(' ')));
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(QString::fromUtf8(r.err), message);
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/tx-train-never-written")));
    }

    void badInput_data()
    {
        // Space-separated arguments; every run would write to /tmp/tx-train-never-written.
        QTest::addColumn<QString>("args");
        QTest::addColumn<QString>("field");
        auto row = [](const char *name, const char *args, const char *field) {
            QTest::newRow(name) << QString::fromLatin1(args) + QStringLiteral(" --out /tmp/tx-train-never-written")
                                << QString::fromLatin1(field);
        };
        row("unknown task", "--task poetry --steps 1", "--task");
        row("no steps", "--task copy", "--steps");
        row("zero steps", "--task copy --steps 0", "--steps");
        row("bad lr", "--task copy --steps 1 --lr fast", "--lr");
        row("chars without text", "--task chars --steps 1", "--corpus");
        row("missing corpus", "--task chars --corpus /nonexistent.txt --steps 1", "--corpus");
        row("vocab too small", "--task copy --set vocab_size=5 --steps 1", "vocab_size");
        row("huge design", "--task copy --preset llama-2-7b --steps 1", "d_model");
        row("unknown option", "--task copy --steps 1 --turbo", "--turbo");
        row("next digits on an encoder", "--task copy --preset bert-base --steps 1", "task: an encoder alone trains on masked");
        row("fill without a mask", "--preset albert-mlm --corpus carroll-alice --steps 1 --fill cat", "--fill");
        row("fill on a decoder", "--preset chars-lm --corpus carroll-alice --steps 1 --fill [MASK]", "--fill");
    }
    void badInput()
    {
        QFETCH(QString, args);
        QFETCH(QString, field);
        const Run r = run(args.split(QLatin1Char(' ')));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(field.toUtf8()), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/tx-train-never-written")));
    }
};

QTEST_MAIN(TestTrainCli)
#include "tst_traincli.moc"
