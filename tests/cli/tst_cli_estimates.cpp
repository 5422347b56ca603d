// `transformer-explorer size` with the estimate flags: the JSON it prints equals what core's
// evaluate() returns for the same design and assumptions, and bad flag values exit 2 with one
// stderr line naming the flag.
#include "core/design/presetlibrary.h"
#include "core/estimate/evaluator.h"
#include "tests/support/clirun.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace tx;

namespace {

using Run = CliRun;

Run run(const QStringList &args)
{
    return CliRun::run(args);
}

double at(const QJsonObject &root, const QString &path)
{
    QJsonValue v = root;
    for (const QString &part : path.split(QLatin1Char('.')))
        v = v.toObject().value(part);
    if (!v.isDouble())
        qWarning("missing key %s", qPrintable(path));
    return v.toDouble(std::numeric_limits<double>::quiet_NaN());
}

} // namespace

class TestCliEstimates : public QObject
{
    Q_OBJECT

private slots:
    void jsonEqualsCore()
    {
        const Run r = run({QStringLiteral("size"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                           QStringLiteral("--precision"), QStringLiteral("int4"), QStringLiteral("--kv-precision"),
                           QStringLiteral("fp8"), QStringLiteral("--batch"), QStringLiteral("4"), QStringLiteral("--seq"),
                           QStringLiteral("4096"), QStringLiteral("--tokens"), QStringLiteral("2e12"),
                           QStringLiteral("--optimizer"), QStringLiteral("adam8bit"), QStringLiteral("--recompute"),
                           QStringLiteral("selective"), QStringLiteral("--flash"), QStringLiteral("--zero"),
                           QStringLiteral("2"), QStringLiteral("--tp"), QStringLiteral("2"), QStringLiteral("--device"),
                           QStringLiteral("a100-80gb"), QStringLiteral("--devices"), QStringLiteral("16"),
                           QStringLiteral("--mfu"), QStringLiteral("0.5"), QStringLiteral("--price"), QStringLiteral("2.25"),
                           QStringLiteral("--law"), QStringLiteral("epoch"), QStringLiteral("--format"),
                           QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        const QJsonObject root = QJsonDocument::fromJson(r.out).object();

        ModelConfig c = PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config;
        c.weightPrecision = Precision::INT4;
        c.kvPrecision = Precision::FP8;
        Assumptions a;
        a.batch = 4;
        a.contextLength = 4096;
        a.trainingTokens = 2e12;
        a.optimizer = Optimizer::Adam8bit;
        a.recompute = Recompute::Selective;
        a.flash = true;
        a.zeroStage = 2;
        a.tensorParallel = 2;
        a.device = QStringLiteral("a100-80gb");
        a.devices = 16;
        a.mfu = 0.5;
        a.pricePerHour = 2.25;
        a.law = ScalingLawKind::EpochRefit;
        const auto e = evaluate(c, a);
        QVERIFY(e);

        // Counts are JSON integers.
        QVERIFY(root.value(QStringLiteral("params")).toObject().value(QStringLiteral("total")).isDouble());
        QCOMPARE(root.value(QStringLiteral("params")).toObject().value(QStringLiteral("total")).toInteger(),
                 qint64(6'738'415'616));
        QCOMPARE(root.value(QStringLiteral("hardware")).toObject().value(QStringLiteral("devices_for_inference")).toInteger(),
                 qint64(e->hardware.devicesForInference));

        const std::pair<const char *, double> expected[] = {
            {"memory.inference.weights_bytes", e->inference.weightsBytes},
            {"memory.inference.kv_cache_bytes", e->inference.kvCacheBytes},
            {"memory.inference.total_bytes", e->inference.totalBytes},
            {"memory.training.weights_bytes", e->training.weightsBytes},
            {"memory.training.gradients_bytes", e->training.gradientsBytes},
            {"memory.training.optimizer_bytes", e->training.optimizerBytes},
            {"memory.training.activations_bytes", e->training.activationsBytes},
            {"memory.training.total_bytes", e->training.totalBytes},
            {"memory.training.per_device_bytes", e->training.perDeviceBytes},
            {"compute.forward_flops_per_token", e->compute.forwardFlopsPerToken},
            {"compute.training_flops_per_token", e->compute.trainingFlopsPerToken},
            {"compute.training_flops", e->compute.trainingFlops},
            {"scaling.loss", e->scaling.loss},
            {"scaling.optimal_params", e->scaling.optimalParams},
            {"scaling.optimal_tokens", e->scaling.optimalTokens},
            {"cost.gpu_hours", e->hardware.gpuHours},
            {"cost.days", e->hardware.days},
            {"cost.money", e->hardware.money},
        };
        for (const auto &[key, value] : expected)
            QVERIFY2(at(root, QLatin1String(key)) == value, key); // JSON keeps doubles exactly (17 digits)

        // Worked values the flags must reach: the fp8 cache of 4 sequences is 4 · 1 GiB, int4 weights
        // carry 4 + 16/128 bits, and the price the user gave is used.
        QCOMPARE(at(root, QStringLiteral("memory.inference.kv_cache_bytes")), 4.0 * 1'073'741'824);
        // The training activations carry the 32-bit logits the cross-entropy keeps (Korthikanti et al.
        // 2022 §4.3): 4 bytes · 4 sequences · 4,096 tokens · 32,000 = 2,097,152,000, on top of selective
        // recomputation's 32 layers · 34 · s · b · h = 32 · 34 · 4096 · 4 · 4096 = 73,014,444,032.
        QCOMPARE(at(root, QStringLiteral("memory.training.logits_bytes")), 2'097'152'000.0);
        QCOMPARE(at(root, QStringLiteral("memory.training.activations_bytes")), 73'014'444'032.0 + 2'097'152'000.0);
        QCOMPARE(at(root, QStringLiteral("memory.inference.weights_bytes")), 6'738'415'616.0 * 4.125 / 8);
        QCOMPARE(at(root, QStringLiteral("cost.money")), e->hardware.gpuHours * 2.25);
        QCOMPARE(root.value(QStringLiteral("scaling")).toObject().value(QStringLiteral("law")).toString(),
                 QStringLiteral("epoch"));
    }

    void defaultsAreStated()
    {
        const Run r = run({QStringLiteral("size"), QStringLiteral("--preset"), QStringLiteral("gpt2"),
                           QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject a = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("assumptions")).toObject();
        QCOMPARE(a.value(QStringLiteral("mfu")).toDouble(), 0.40);
        QCOMPARE(a.value(QStringLiteral("device")).toString(), QStringLiteral("h100-sxm-80gb"));
        QCOMPARE(a.value(QStringLiteral("law")).toString(), QStringLiteral("chinchilla"));
        QCOMPARE(a.value(QStringLiteral("seq")).toInt(), 2048);
    }

    void tableShowsSections()
    {
        const Run r = run({QStringLiteral("size"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                           QStringLiteral("--seq"), QStringLiteral("4096"), QStringLiteral("--explain")});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY(out.contains(QStringLiteral("  KV cache                          2.15 GB (2.00 GiB)\n")));
        QVERIFY(out.contains(QStringLiteral("Scaling: Chinchilla (Hoffmann et al. 2022, approach 3)")));
        QVERIFY(out.contains(QStringLiteral("    2 · 1 · 4,096 · 32 · 32 · 128 · 2 = 2,147,483,648 bytes\n")));
        // Training activations: Korthikanti et al. 2022 eq. (1)-(2) per layer, 32 · 4096² · (34 + 160)
        // = 104,152,956,928, + the 32-bit logits of §4.3, 4 · 4,096 · 32,000 = 524,288,000.
        QVERIFY(out.contains(QStringLiteral("    L · s · b · h · (34 + 5 · a · s / h) + 4 · s · b · V\n"
                                            "    32 · 4,096 · 1 · 4,096 · (34 + 5 · 32 · 4,096 / 4,096) + 4 · 4,096 · 1 · "
                                            "32,000 = 104,677,244,928 bytes\n")));
    }

    void userHardwareFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("hw.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "transformer-explorer-hardware", "version": 1, "devices": [
                    {"id": "lab-gpu", "memory_bytes": 2e10, "bandwidth_bytes_per_s": 5e11,
                     "peak_flops": {"bf16": 1e14}, "price_per_hour": 0.5}]})");
        f.close();
        const Run r = run({QStringLiteral("size"), QStringLiteral("--preset"), QStringLiteral("gpt2"),
                           QStringLiteral("--hardware"), path, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(root.value(QStringLiteral("hardware")).toObject().value(QStringLiteral("device")).toString(),
                 QStringLiteral("lab-gpu"));
        QCOMPARE(at(root, QStringLiteral("cost.price_per_hour")), 0.5);
    }

    void badValuesNameTheFlag_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("flag");
        auto row = [](const char *name, QStringList args, const char *flag) {
            QTest::newRow(name) << args << QString::fromLatin1(flag);
        };
        row("precision", {QStringLiteral("--precision"), QStringLiteral("int3")}, "--precision");
        row("kv-precision", {QStringLiteral("--kv-precision"), QStringLiteral("q8")}, "--kv-precision");
        row("batch", {QStringLiteral("--batch"), QStringLiteral("0")}, "--batch");
        row("seq", {QStringLiteral("--seq"), QStringLiteral("long")}, "--seq");
        row("tokens", {QStringLiteral("--tokens"), QStringLiteral("-1")}, "--tokens");
        row("optimizer", {QStringLiteral("--optimizer"), QStringLiteral("lion")}, "--optimizer");
        row("recompute", {QStringLiteral("--recompute"), QStringLiteral("some")}, "--recompute");
        row("zero", {QStringLiteral("--zero"), QStringLiteral("4")}, "--zero");
        row("tp", {QStringLiteral("--tp"), QStringLiteral("0")}, "--tp");
        row("devices", {QStringLiteral("--devices"), QStringLiteral("6"), QStringLiteral("--tp"), QStringLiteral("4")},
            "--devices");
        row("device", {QStringLiteral("--device"), QStringLiteral("abacus")}, "--device");
        row("mfu", {QStringLiteral("--mfu"), QStringLiteral("1.2")}, "--mfu");
        row("price", {QStringLiteral("--price"), QStringLiteral("free")}, "--price");
        row("law", {QStringLiteral("--law"), QStringLiteral("moore")}, "--law");
    }

    void badValuesNameTheFlag()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, flag);
        const Run r = run(QStringList{QStringLiteral("size"), QStringLiteral("--preset"), QStringLiteral("gpt2")} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        const QString err = QString::fromUtf8(r.err);
        QCOMPARE(err.count(QLatin1Char('\n')), 1);
        QVERIFY2(err.startsWith(flag + QStringLiteral(": ")), qPrintable(err));
    }
};

QTEST_APPLESS_MAIN(TestCliEstimates)
#include "tst_cli_estimates.moc"
