// `transformer-explorer solve …`: the answers agree with `size` (fits at the answer, not one
// past it), the JSON keys the issue names, text output, and bad input exiting 2 with one line.
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

namespace {

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

Run run(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(TX_APP_PATH), args);
    Run r;
    if (!p.waitForFinished(60000))
        return r;
    r.code = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QJsonObject json(const QStringList &args)
{
    const Run r = run(args);
    if (r.code != 0)
        qWarning("exit %d: %s", r.code, r.err.constData());
    return QJsonDocument::fromJson(r.out).object();
}

// `size` says whether the inference memory fits one device at these flags.
bool sizeFits(QStringList args)
{
    args.prepend(QStringLiteral("size"));
    args << QStringLiteral("--format") << QStringLiteral("json");
    const QJsonObject root = json(args);
    return root.value(QStringLiteral("hardware")).toObject().value(QStringLiteral("fits_one_device_inference")).toBool();
}

} // namespace

class TestCliSolve : public QObject
{
    Q_OBJECT

private slots:
    void contextAgreesWithSize()
    {
        // Llama-3.1-8B on an 80 GiB H100 in bf16 with FlashAttention: memory would hold 302,879
        // tokens, the model was trained to 131,072, and the answer stops there.
        const QStringList design = {QStringLiteral("--preset"), QStringLiteral("llama-3.1-8b"), QStringLiteral("--device"),
                                    QStringLiteral("h100-sxm-80gb"), QStringLiteral("--flash")};
        const QStringList asJson = {QStringLiteral("--format"), QStringLiteral("json")};
        QJsonObject root = json(QStringList{QStringLiteral("solve"), QStringLiteral("context")} + design + asJson);
        QCOMPARE(root.value(QStringLiteral("context")).toInt(), 131'072);
        QCOMPARE(root.value(QStringLiteral("memory_context")).toInt(), 302'879);
        QCOMPARE(root.value(QStringLiteral("binding_key")).toString(), QStringLiteral("trained_context"));
        QCOMPARE(root.value(QStringLiteral("binding")).toString(),
                 QStringLiteral("limited by the design's trained context of 131,072 tokens; memory alone would hold "
                                "302,879 tokens"));
        // For memory alone the answer agrees with `size`: it fits at the answer and not one token past.
        root = json(QStringList{QStringLiteral("solve"), QStringLiteral("context"), QStringLiteral("--beyond-trained-context")}
                    + design + asJson);
        QCOMPARE(root.value(QStringLiteral("context")).toInt(), 302'879);
        QCOMPARE(root.value(QStringLiteral("binding")).toString(),
                 QStringLiteral("limited by the KV cache at 302,879 tokens"));
        QCOMPARE(root.value(QStringLiteral("binding_key")).toString(), QStringLiteral("kv_cache"));
        QVERIFY(sizeFits(design + QStringList{QStringLiteral("--seq"), QStringLiteral("302879")}));
        QVERIFY(!sizeFits(design + QStringList{QStringLiteral("--seq"), QStringLiteral("302880")}));
    }

    void batchAgreesWithSize()
    {
        const QStringList design = {QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--seq"),
                                    QStringLiteral("4096")};
        const QJsonObject root = json(QStringList{QStringLiteral("solve"), QStringLiteral("batch")} + design
                                      + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(root.value(QStringLiteral("batch")).toInt(), 18);
        QCOMPARE(root.value(QStringLiteral("binding")).toString(), QStringLiteral("limited by the KV cache at 18 sequences"));
        QVERIFY(sizeFits(design + QStringList{QStringLiteral("--batch"), QStringLiteral("18")}));
        QVERIFY(!sizeFits(design + QStringList{QStringLiteral("--batch"), QStringLiteral("19")}));
        // Text output says the same.
        const Run text = run(QStringList{QStringLiteral("solve"), QStringLiteral("batch")} + design);
        QCOMPARE(text.code, 0);
        QVERIFY(text.out.startsWith("Largest batch: 18 sequences (4,096 tokens each, 1 × NVIDIA H100 SXM5 80GB)\n"
                                    "  limited by the KV cache at 18 sequences\n"));
    }

    void largestOn24GB()
    {
        const QJsonObject root =
            json({QStringLiteral("solve"), QStringLiteral("largest"), QStringLiteral("--family"), QStringLiteral("llama-3-8b"),
                  QStringLiteral("--device"), QStringLiteral("rtx-4090"), QStringLiteral("--seq"), QStringLiteral("4096"),
                  QStringLiteral("--precision"), QStringLiteral("bf16"), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(root.value(QStringLiteral("params_total")).toDouble(), 10'567'604'736.0);
        const QJsonObject d = root.value(QStringLiteral("design")).toObject();
        QCOMPARE(d.value(QStringLiteral("d_model")).toInt(), 4608);
        QCOMPARE(d.value(QStringLiteral("n_layers")).toInt(), 34);
        QCOMPARE(d.value(QStringLiteral("n_kv_heads")).toInt(), 9);
        QVERIFY(root.value(QStringLiteral("next_bytes")).toDouble() > root.value(QStringLiteral("available_bytes")).toDouble());
        QVERIFY(root.value(QStringLiteral("bytes")).toDouble() <= root.value(QStringLiteral("available_bytes")).toDouble());
    }

    void shapeAndDevice()
    {
        const QJsonObject shape = json({QStringLiteral("solve"), QStringLiteral("shape"), QStringLiteral("--params"),
                                        QStringLiteral("7e9"), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(shape.value(QStringLiteral("params_total")).toDouble(), 6'738'415'616.0);
        const QJsonObject dev = json({QStringLiteral("solve"), QStringLiteral("device"), QStringLiteral("--preset"),
                                      QStringLiteral("llama-3-8b"), QStringLiteral("--seq"), QStringLiteral("4096"),
                                      QStringLiteral("--tokens-per-second"), QStringLiteral("30"), QStringLiteral("--users"),
                                      QStringLiteral("16"), QStringLiteral("--format"), QStringLiteral("json")});
        // Cloud rental prices unless asked otherwise (tests/core/tst_solver.cpp works the figures out).
        QCOMPARE(dev.value(QStringLiteral("device")).toString(), QStringLiteral("rtx-3090"));
        QCOMPARE(dev.value(QStringLiteral("count")).toInt(), 2);
        QCOMPARE(dev.value(QStringLiteral("money_per_hour")).toDouble(), 0.44);
        QCOMPARE(dev.value(QStringLiteral("price_kind")).toString(), QStringLiteral("rental"));
        QVERIFY(dev.contains(QStringLiteral("money_per_million_output_tokens")));
        const Run text = run({QStringLiteral("solve"), QStringLiteral("device"), QStringLiteral("--preset"),
                              QStringLiteral("llama-3-8b"), QStringLiteral("--seq"), QStringLiteral("4096"),
                              QStringLiteral("--tokens-per-second"), QStringLiteral("30"), QStringLiteral("--users"),
                              QStringLiteral("16")});
        QVERIFY(text.out.startsWith(
            "Cheapest: 2 \xc3\x97 NVIDIA GeForce RTX 3090 24GB at $0.44 an hour, $0.101 per million output tokens\n"));
        const Run owned = run({QStringLiteral("solve"), QStringLiteral("device"), QStringLiteral("--preset"),
                               QStringLiteral("llama-3-8b"), QStringLiteral("--seq"), QStringLiteral("4096"),
                               QStringLiteral("--tokens-per-second"), QStringLiteral("30"), QStringLiteral("--users"),
                               QStringLiteral("16"), QStringLiteral("--price-kind"), QStringLiteral("purchase")});
        QVERIFY(owned.out.startsWith(
            "Cheapest: 2 \xc3\x97 NVIDIA GeForce RTX 5090 32GB at $0.16 an hour, $0.0191 per million output tokens\n"));
        QVERIFY(owned.out.contains("compared at purchase prices spread over 3 years"));
    }

    void badInputExitsTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("start");
        QTest::newRow("no question") << QStringList{QStringLiteral("solve")} << QStringLiteral("solve: ");
        QTest::newRow("unknown question") << QStringList{QStringLiteral("solve"), QStringLiteral("why")}
                                          << QStringLiteral("solve: unknown question");
        QTest::newRow("no family") << QStringList{QStringLiteral("solve"), QStringLiteral("largest")}
                                   << QStringLiteral("--family: ");
        QTest::newRow("bad family") << QStringList{QStringLiteral("solve"), QStringLiteral("largest"),
                                                   QStringLiteral("--family"), QStringLiteral("nope")}
                                    << QStringLiteral("--family: unknown preset");
        QTest::newRow("no params") << QStringList{QStringLiteral("solve"), QStringLiteral("shape")}
                                   << QStringLiteral("--params: ");
        QTest::newRow("no speed") << QStringList{QStringLiteral("solve"), QStringLiteral("device"), QStringLiteral("--preset"),
                                                 QStringLiteral("gpt2")}
                                  << QStringLiteral("--tokens-per-second: ");
        QTest::newRow("bad for") << QStringList{QStringLiteral("solve"), QStringLiteral("largest"), QStringLiteral("--family"),
                                                QStringLiteral("gpt2"), QStringLiteral("--for"), QStringLiteral("fun")}
                                 << QStringLiteral("--for: ");
        QTest::newRow("bad device") << QStringList{QStringLiteral("solve"), QStringLiteral("context"), QStringLiteral("--preset"),
                                                   QStringLiteral("gpt2"), QStringLiteral("--device"), QStringLiteral("x")}
                                    << QStringLiteral("--device: unknown device");
        QTest::newRow("bad price kind") << QStringList{QStringLiteral("solve"), QStringLiteral("device"), QStringLiteral("--preset"),
                                                       QStringLiteral("gpt2"), QStringLiteral("--tokens-per-second"),
                                                       QStringLiteral("10"), QStringLiteral("--price-kind"), QStringLiteral("owned")}
                                        << QStringLiteral("--price-kind: expected rental or purchase");
        QTest::newRow("stray") << QStringList{QStringLiteral("solve"), QStringLiteral("context"), QStringLiteral("--preset"),
                                              QStringLiteral("gpt2"), QStringLiteral("--wat")}
                               << QStringLiteral("--wat: unknown option");
    }

    void badInputExitsTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, start);
        const Run r = run(args);
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        const QString err = QString::fromUtf8(r.err);
        QCOMPARE(err.count(QLatin1Char('\n')), 1);
        QVERIFY2(err.startsWith(start), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestCliSolve)
#include "tst_cli_solve.moc"
