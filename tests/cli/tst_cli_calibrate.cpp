// `transformer-explorer calibrate`: the table's JSON structure for a design small enough to run
// unscaled, the scale-down of a preset, and bad input (exit 2, one line naming the flag). The
// figures themselves are pinned in tests/core/tst_calibration.cpp; nothing here is timed.
#include "tests/support/clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace tx;

class TestCliCalibrate : public QObject
{
    Q_OBJECT

private slots:
    void jsonTable()
    {
        // d 64, 2 layers, 4 heads, d_ff 256, 256 tokens, 128 positions: 124,672 parameters.
        const CliRun r = CliRun::run({QStringLiteral("calibrate"), QStringLiteral("--preset"), QStringLiteral("gpt2"),
                                      QStringLiteral("--set"), QStringLiteral("d_model=64"), QStringLiteral("--set"),
                                      QStringLiteral("n_layers=2"), QStringLiteral("--set"), QStringLiteral("n_heads=4"),
                                      QStringLiteral("--set"), QStringLiteral("n_kv_heads=4"), QStringLiteral("--set"),
                                      QStringLiteral("d_ff=256"), QStringLiteral("--set"), QStringLiteral("vocab_size=256"),
                                      QStringLiteral("--set"), QStringLiteral("max_positions=128"), QStringLiteral("--seq"),
                                      QStringLiteral("32"), QStringLiteral("--generate"), QStringLiteral("8"),
                                      QStringLiteral("--repeats"), QStringLiteral("2"), QStringLiteral("--format"),
                                      QStringLiteral("json")},
                                     {}, 300'000);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("params_total")).toDouble(), 124'672.0);
        QVERIFY(o.value(QStringLiteral("scaled_down")).toArray().isEmpty());
        QCOMPARE(o.value(QStringLiteral("trained")).toBool(), true);
        const QJsonObject shape = o.value(QStringLiteral("shape")).toObject();
        QCOMPARE(shape.value(QStringLiteral("seq")).toInt(), 32);
        QCOMPARE(shape.value(QStringLiteral("prompt_tokens")).toInt(), 24);
        QCOMPARE(shape.value(QStringLiteral("repeats")).toInt(), 2);
        const QJsonObject cpu = o.value(QStringLiteral("cpu")).toObject();
        for (const char *key : {"name", "isa", "threads", "gflops_per_core", "peak_flops", "bandwidth_bytes_per_second",
                                "load_average"})
            QVERIFY2(cpu.contains(QLatin1String(key)), key);
        const QJsonArray rows = o.value(QStringLiteral("rows")).toArray();
        QStringList keys;
        for (const QJsonValue &v : rows)
            keys << v.toObject().value(QStringLiteral("key")).toString();
        QCOMPARE(keys, (QStringList{QStringLiteral("forward_seconds"), QStringLiteral("train_step_seconds"),
                                    QStringLiteral("decode_seconds_per_token"), QStringLiteral("weights_bytes"),
                                    QStringLiteral("gradients_bytes"), QStringLiteral("moments_bytes"),
                                    QStringLiteral("activations_bytes"), QStringLiteral("kv_cache_bytes"),
                                    QStringLiteral("training_peak_bytes")}));
        // Weights: 124,672 floats, predicted and allocated alike.
        const QJsonObject weights = rows.at(3).toObject();
        QCOMPARE(weights.value(QStringLiteral("unit")).toString(), QStringLiteral("bytes"));
        QCOMPARE(weights.value(QStringLiteral("predicted")).toDouble(), 498'688.0);
        QCOMPARE(weights.value(QStringLiteral("measured")).toDouble(), 498'688.0);
        QCOMPARE(weights.value(QStringLiteral("error_percent")).toDouble(), 0.0);
        QCOMPARE(rows.at(0).toObject().value(QStringLiteral("unit")).toString(), QStringLiteral("s"));
    }

    void badInputExitsTwo()
    {
        CliRun r = CliRun::run({QStringLiteral("calibrate"), QStringLiteral("--preset"), QStringLiteral("gpt2"),
                                QStringLiteral("--seq"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err.trimmed(), QByteArray("--seq: expected an integer from 2 to 4096, got \"1\""));
        r = CliRun::run({QStringLiteral("calibrate"), QStringLiteral("--preset"), QStringLiteral("gpt2"),
                         QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err.trimmed(), QByteArray("--format: expected text or json, got \"csv\""));
    }
};

QTEST_APPLESS_MAIN(TestCliCalibrate)
#include "tst_cli_calibrate.moc"
