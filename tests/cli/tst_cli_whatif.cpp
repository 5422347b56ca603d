// `transformer-explorer whatif …`: the figures a user reads in the text and JSON output, and bad
// knobs exiting 2 with one line naming the flag. Hand computations are in tests/core/tst_whatif.cpp.
#include "tests/support/clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace tx;

namespace {

QJsonObject json(QStringList args)
{
    args.prepend(QStringLiteral("whatif"));
    args << QStringLiteral("--format") << QStringLiteral("json");
    const CliRun r = CliRun::run(args);
    if (r.exitCode != 0)
        qWarning("exit %d: %s", r.exitCode, r.err.constData());
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

class TestCliWhatIf : public QObject
{
    Q_OBJECT

private slots:
    void qloraHeadlineFitInJson()
    {
        // Dettmers et al. 2023: LLaMA-65B fine-tuned on one 48 GB GPU (setting in tst_whatif).
        const QJsonObject root = json({QStringLiteral("finetune"), QStringLiteral("--preset"), QStringLiteral("llama-1-65b"),
                                       QStringLiteral("--method"), QStringLiteral("qlora"), QStringLiteral("--rank"),
                                       QStringLiteral("64"), QStringLiteral("--alpha"), QStringLiteral("16"),
                                       QStringLiteral("--targets"), QStringLiteral("all-linear"), QStringLiteral("--seq"),
                                       QStringLiteral("512")});
        QCOMPARE(root.value(QStringLiteral("what_if")).toString(), QStringLiteral("finetune"));
        const QJsonObject parts = root.value(QStringLiteral("parts")).toObject();
        QCOMPARE(parts.value(QStringLiteral("frozen_base_bytes")).toDouble(), 34'458'927'104.0);
        QCOMPARE(parts.value(QStringLiteral("optimizer_bytes")).toDouble(), 6'396'313'600.0);
        QCOMPARE(root.value(QStringLiteral("after")).toObject().value(QStringLiteral("training_bytes")).toDouble(),
                 45'126'287'360.0);
        QCOMPARE(root.value(QStringLiteral("before")).toObject().value(QStringLiteral("params")).toInteger(),
                 qint64(65'285'660'672));
        const QJsonObject design = root.value(QStringLiteral("design")).toObject();
        QCOMPARE(design.value(QStringLiteral("lora_rank")).toInt(), 64);
        QCOMPARE(design.value(QStringLiteral("weight_precision")).toString(), QStringLiteral("int4"));
        const QJsonArray figures = root.value(QStringLiteral("figures")).toArray();
        QCOMPARE(figures.first().toObject().value(QStringLiteral("key")).toString(), QStringLiteral("finetune.adapter_params"));
        QCOMPARE(figures.first().toObject().value(QStringLiteral("value")).toDouble(), 799'539'200.0);
    }

    void loraTextOutput()
    {
        // Llama-2-7B, r = 16 on q and v: 8,388,608 adapter parameters.
        const CliRun r = CliRun::run({QStringLiteral("whatif"), QStringLiteral("finetune"), QStringLiteral("--preset"),
                                      QStringLiteral("llama-2-7b"), QStringLiteral("--rank"), QStringLiteral("16"),
                                      QStringLiteral("--targets"), QStringLiteral("q,v")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("16 · [(4,096 + 4,096) · 32 q + (4,096 + 4,096) · 32 v] = 8,388,608"), r.out.constData());
        QVERIFY2(r.out.contains("After: LoRA, 8,388,608 trainable parameters (0.124 % of 6,738,415,616)."), r.out.constData());
        QVERIFY2(r.out.contains("  Parameters                         6,738,415,616  →  6,738,415,616"), r.out.constData());
    }

    void factoriseAndPrune()
    {
        const QJsonObject f = json({QStringLiteral("factorise"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                                    QStringLiteral("--method"), QStringLiteral("tucker"), QStringLiteral("--groups"),
                                    QStringLiteral("attention"), QStringLiteral("--keep"), QStringLiteral("0.5")});
        const QJsonObject row = f.value(QStringLiteral("tables")).toObject().value(QStringLiteral("groups")).toArray().first().toObject();
        QCOMPARE(row.value(QStringLiteral("rank")).toInt(), 920);
        QCOMPARE(row.value(QStringLiteral("params_after")).toDouble(), 1'073'029'120.0);
        QCOMPARE(row.value(QStringLiteral("break_even_rank")).toInt(), 1697);
        const QJsonObject p = json({QStringLiteral("prune"), QStringLiteral("--preset"), QStringLiteral("gpt2"),
                                    QStringLiteral("--heads"), QStringLiteral("4")});
        QCOMPARE(p.value(QStringLiteral("after")).toObject().value(QStringLiteral("params")).toInteger(), qint64(114'993'408));
        QCOMPARE(p.value(QStringLiteral("design")).toObject().value(QStringLiteral("n_heads")).toInt(), 8);
    }

    void pipelineAndGuide()
    {
        const QJsonObject pl = json({QStringLiteral("pipeline"), QStringLiteral("--preset"), QStringLiteral("gpt2"),
                                     QStringLiteral("--preference"), QStringLiteral("dpo"), QStringLiteral("--sft-tokens"),
                                     QStringLiteral("2e9")});
        const QJsonArray stages = pl.value(QStringLiteral("tables")).toObject().value(QStringLiteral("stages")).toArray();
        QCOMPARE(stages.size(), 4);
        QCOMPARE(stages.at(1).toObject().value(QStringLiteral("tokens")).toDouble(), 2e9);
        QCOMPARE(stages.at(2).toObject().value(QStringLiteral("key")).toString(), QStringLiteral("dpo"));
        QCOMPARE(pl.value(QStringLiteral("changes_design")).toBool(), false);
        const QJsonObject g = json({QStringLiteral("guide"), QStringLiteral("--preset"), QStringLiteral("gpt2"),
                                    QStringLiteral("--jump"), QStringLiteral("distilbert")});
        QCOMPARE(g.value(QStringLiteral("after")).toObject().value(QStringLiteral("params")).toInteger(), qint64(66'362'880));
    }

    void vocabularyOnTheChineseCorpus()
    {
        // The byte vocabulary cuts the first 56,472 bytes of the Tang poems into as many tokens;
        // 1,024 trained needs 25,607 (tests/core/tst_whatif.cpp).
        const QJsonObject v = json({QStringLiteral("vocabulary"), QStringLiteral("--preset"), QStringLiteral("gpt2"),
                                    QStringLiteral("--corpus"), QStringLiteral("tang-poems")});
        const QJsonArray rows = v.value(QStringLiteral("tables")).toObject().value(QStringLiteral("vocabularies")).toArray();
        QCOMPARE(rows.size(), 4);
        QCOMPARE(rows.first().toObject().value(QStringLiteral("tokens")).toDouble(), 56472.0);
        QCOMPARE(rows.last().toObject().value(QStringLiteral("tokens")).toDouble(), 25607.0);
        QCOMPARE(v.value(QStringLiteral("design")).toObject().value(QStringLiteral("vocab_size")).toInt(), 1024);
    }

    void badKnobsExit2WithOneLine()
    {
        const CliRun r = CliRun::run({QStringLiteral("whatif"), QStringLiteral("finetune"), QStringLiteral("--preset"),
                                      QStringLiteral("gpt2"), QStringLiteral("--targets"), QStringLiteral("q,wq")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.startsWith("--targets: expected a comma-separated list"));
        QCOMPARE(r.err.count('\n'), 1);
        const CliRun k = CliRun::run({QStringLiteral("whatif"), QStringLiteral("teleport"), QStringLiteral("--preset"),
                                      QStringLiteral("gpt2")});
        QCOMPARE(k.exitCode, 2);
        QCOMPARE(k.err, QByteArray("whatif: expected a what-if: finetune, factorise, prune, distil, pipeline, guide, vocabulary\n"));
        const CliRun h = CliRun::run({QStringLiteral("whatif"), QStringLiteral("prune"), QStringLiteral("--preset"),
                                      QStringLiteral("llama-3-8b"), QStringLiteral("--heads"), QStringLiteral("3")});
        QCOMPARE(h.exitCode, 2);
        QCOMPARE(h.err, QByteArray("heads: 29 query heads would not share 8 key/value heads evenly; remove a multiple of 8\n"));
    }
};

QTEST_GUILESS_MAIN(TestCliWhatIf)
#include "tst_cli_whatif.moc"
