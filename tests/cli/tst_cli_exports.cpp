// `transformer-explorer report|chart|sweep` as a script calls them: the sweep CSV has the
// documented header, one row per point and core's numbers; charts come out at the asked size;
// bad input exits 2 with one clear stderr line.
#include "core/design/designfile.h"
#include "core/design/presetlibrary.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/sweep.h"
#include "tests/support/clirun.h"

#include <QFile>
#include <QLocale>
#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest>

using namespace tx;

namespace {

using Run = CliRun;

Run run(const QStringList &args)
{
    return CliRun::run(args);
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestCliExports : public QObject
{
    Q_OBJECT

private slots:
    void sweepCsvEqualsCore()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sweep.csv"));
        // llama-2-7b fixes head_dim at 128, so every d_model on the 256-wide grid is valid.
        const Run r = run({QStringLiteral("sweep"), QStringLiteral("--vary"), QStringLiteral("d_model"),
                           QStringLiteral("--from"), QStringLiteral("256"), QStringLiteral("--to"), QStringLiteral("8192"),
                           QStringLiteral("--steps"), QStringLiteral("32"), QStringLiteral("--preset"),
                           QStringLiteral("llama-2-7b"), QStringLiteral("--seq"), QStringLiteral("4096"),
                           QStringLiteral("--out"), path});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QStringList lines = QString::fromUtf8(readAll(path)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 32);
        QCOMPARE(lines.front(),
                 QStringLiteral("point,d_model,params_total,params_active,params_non_embedding,inference_memory_bytes,"
                                "kv_cache_bytes,training_memory_bytes,training_memory_per_device_bytes,"
                                "forward_flops_per_token,training_flops,training_seconds,cost_usd,loss,error"));
        const ModelConfig base = PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config;
        Assumptions a;
        a.contextLength = 4096;
        for (int i = 1; i <= 32; ++i) {
            const QStringList cells = lines[i].split(QLatin1Char(','));
            QCOMPARE(cells.size(), 15);
            QCOMPARE(cells[0].toInt(), i);
            const int dModel = 256 * i; // (8192 - 256) / 31 = 256
            QCOMPARE(cells[1].toInt(), dModel);
            ModelConfig c = base;
            c.dModel = dModel;
            const Evaluation e = evaluate(c, a).value();
            QCOMPARE(cells[2].toLongLong(), e.params.total);
            QCOMPARE(cells[3].toLongLong(), e.params.active);
            QCOMPARE(cells[4].toLongLong(), e.params.nonEmbedding);
            QCOMPARE(cells[5].toDouble(), e.inference.totalBytes);
            QCOMPARE(cells[6].toDouble(), e.inference.kvCacheBytes);
            QCOMPARE(cells[7].toDouble(), e.training.totalBytes);
            QCOMPARE(cells[8].toDouble(), e.training.perDeviceBytes);
            QCOMPARE(cells[9].toDouble(), e.compute.forwardFlopsPerToken);
            QCOMPARE(cells[10].toDouble(), e.compute.trainingFlops);
            QCOMPARE(cells[11].toDouble(), e.hardware.trainingSeconds);
            QCOMPARE(cells[12].toDouble(), e.hardware.money);
            QCOMPARE(cells[13].toDouble(), e.scaling.loss);
            QCOMPARE(cells[14], QString());
            // Each figure in the fewest digits that read back exactly: no 17-digit float noise.
            for (int k = 5; k <= 13; ++k)
                QCOMPARE(cells[k], QString::number(cells[k].toDouble(), 'g', QLocale::FloatingPointShortest));
        }
        // The last point is Llama-2-7B widened to 8192: more parameters than the 4096-wide original.
        QVERIFY(lines.back().split(QLatin1Char(','))[2].toLongLong() > 6'738'415'616LL);
    }

    void sweepInvalidPointsCarryTheirError()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("heads.csv"));
        // GPT-2 Small has 12 heads and no fixed head_dim: d_model 770 does not split into 12 heads.
        const Run r = run({QStringLiteral("sweep"), QStringLiteral("--vary"), QStringLiteral("d_model"),
                           QStringLiteral("--from"), QStringLiteral("768"), QStringLiteral("--to"), QStringLiteral("770"),
                           QStringLiteral("--steps"), QStringLiteral("3"), QStringLiteral("--preset"), QStringLiteral("gpt2"),
                           QStringLiteral("--out"), path});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = QString::fromUtf8(readAll(path)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4);
        QVERIFY(lines[1].startsWith(QStringLiteral("1,768,124439808,"))); // gpt2, models.json
        QVERIFY2(lines[3].startsWith(QStringLiteral("3,770,,")), qPrintable(lines[3]));
        QVERIFY(lines[3].contains(QStringLiteral("n_heads")) || lines[3].contains(QStringLiteral("d_model")));
    }

    void sweepBadFlagsExit2()
    {
        const Run r = run({QStringLiteral("sweep"), QStringLiteral("--vary"), QStringLiteral("wingspan"),
                           QStringLiteral("--from"), QStringLiteral("1"), QStringLiteral("--to"), QStringLiteral("2"),
                           QStringLiteral("--steps"), QStringLiteral("2"), QStringLiteral("--preset"), QStringLiteral("gpt2"),
                           QStringLiteral("--out"), QStringLiteral("x.csv")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.startsWith("--vary: unknown setting \"wingspan\""));
        QCOMPARE(r.err.count('\n'), 1);
    }

    void chartPngHasAskedSize()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("memory.png"));
        const Run r = run({QStringLiteral("chart"), QStringLiteral("--chart"), QStringLiteral("memory"),
                           QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--width"),
                           QStringLiteral("1234"), QStringLiteral("--height"), QStringLiteral("567"), QStringLiteral("--dpi"),
                           QStringLiteral("110"), QStringLiteral("--out"), path});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray png = readAll(path);
        QVERIFY(png.startsWith("\x89PNG\r\n\x1a\n"));
        // IHDR: width and height are big-endian 32-bit integers at bytes 16 and 20 (PNG spec §11.2.2).
        QCOMPARE(qFromBigEndian<quint32>(png.constData() + 16), 1234u);
        QCOMPARE(qFromBigEndian<quint32>(png.constData() + 20), 567u);
    }

    void chartSvgAndPdfByExtension()
    {
        QTemporaryDir dir;
        for (const QString &name : {QStringLiteral("s.svg"), QStringLiteral("s.pdf")}) {
            const QString path = dir.filePath(name);
            const Run r = run({QStringLiteral("chart"), QStringLiteral("--chart"), QStringLiteral("scaling"),
                               QStringLiteral("--preset"), QStringLiteral("gpt2"), QStringLiteral("--law"), QStringLiteral("epoch"),
                               QStringLiteral("--out"), path});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            const QByteArray bytes = readAll(path);
            if (name.endsWith(QLatin1String(".svg")))
                QVERIFY(bytes.contains("<svg"));
            else
                QVERIFY(bytes.startsWith("%PDF-"));
        }
    }

    void unknownChartExits2()
    {
        const Run r = run({QStringLiteral("chart"), QStringLiteral("--chart"), QStringLiteral("pie"),
                           QStringLiteral("--preset"), QStringLiteral("gpt2"), QStringLiteral("--out"), QStringLiteral("pie.png")});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, QByteArray("--chart: unknown chart \"pie\" (expected params|memory|compute|scaling|sensitivity|concurrency)\n"));
    }

    void unwritablePathExits2_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("report") << QStringList{QStringLiteral("report"), QStringLiteral("--preset"), QStringLiteral("gpt2"),
                                               QStringLiteral("--out"), QStringLiteral("/nonexistent-dir/r.pdf")};
        QTest::newRow("chart") << QStringList{QStringLiteral("chart"), QStringLiteral("--chart"), QStringLiteral("params"),
                                              QStringLiteral("--preset"), QStringLiteral("gpt2"), QStringLiteral("--out"),
                                              QStringLiteral("/nonexistent-dir/c.svg")};
        QTest::newRow("sweep") << QStringList{QStringLiteral("sweep"), QStringLiteral("--vary"), QStringLiteral("n_layers"),
                                              QStringLiteral("--from"), QStringLiteral("1"), QStringLiteral("--to"),
                                              QStringLiteral("4"), QStringLiteral("--steps"), QStringLiteral("4"),
                                              QStringLiteral("--preset"), QStringLiteral("gpt2"), QStringLiteral("--out"),
                                              QStringLiteral("/nonexistent-dir/s.csv")};
    }

    void unwritablePathExits2()
    {
        QFETCH(QStringList, args);
        const Run r = run(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith("/nonexistent-dir/"), r.err.constData());
        QVERIFY(r.err.contains(": cannot write the file: "));
        QCOMPARE(r.err.count('\n'), 1);
    }

    void reportHtmlIsOffline()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.html"));
        const Run r = run({QStringLiteral("report"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                           QStringLiteral("--compare"), QStringLiteral("gpt2"), QStringLiteral("--out"), path});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray html = readAll(path);
        QVERIFY(!html.contains("http://"));
        QVERIFY(!html.contains("https://"));
        QVERIFY(html.contains("6,738,415,616")); // Llama-2-7B, models.json
        QVERIFY(html.contains("Comparison with the pinned design"));
    }

    // Reports follow the system language, like the window: a Chinese locale gives a Chinese report.
    void reportFollowsTheSystemLanguage()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.html"));
        const Run r = CliRun::run({QStringLiteral("report"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                                   QStringLiteral("--out"), path},
                                  {{QStringLiteral("LC_ALL"), QStringLiteral("zh_CN.UTF-8")},
                                   {QStringLiteral("LANG"), QStringLiteral("zh_CN.UTF-8")}});
        QCOMPARE(r.exitCode, 0);
        const QString html = QString::fromUtf8(readAll(path));
        QVERIFY(html.contains(QStringLiteral("Llama-2-7B — 设计报告")));
        QVERIFY(html.contains(QStringLiteral("6,738,415,616")));
        QVERIFY(html.contains(QStringLiteral("67.4亿")));
    }
};

QTEST_APPLESS_MAIN(TestCliExports)
#include "tst_cli_exports.moc"
