// Reports and chart exports as a user receives them: the PDF's text (read back with pdftotext)
// holds the exact parameter count and the preset's name; the HTML is one offline file; the
// Markdown has its PNGs beside it; SVG parses as XML with the chart title; PNGs have the asked
// pixel size and real content.
#include "core/base/numberformat.h"
#include "core/design/presetlibrary.h"
#include "core/estimate/evaluator.h"
#include "ui/charts/chartfactory.h"
#include "ui/charts/chartwriter.h"
#include "ui/report/reportgenerator.h"

#include <QChart>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using namespace tx;

namespace {

// The published total of a model in tests/data/reference/models.json (each entry cites its source).
std::int64_t referenceTotal(const QString &name)
{
    QFile f(QStringLiteral(TX_REFERENCE_DIR "/models.json"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QJsonValue &v : QJsonDocument::fromJson(f.readAll()).array())
        if (v.toObject().value(QStringLiteral("name")).toString() == name)
            return std::int64_t(v.toObject().value(QStringLiteral("params_total")).toDouble());
    return -1;
}

ChartFactory::Input presetInput(const QString &id)
{
    const Preset *p = PresetLibrary::builtIn().find(id);
    if (!p)
        return {};
    ChartFactory::Input in;
    in.config = p->config;
    in.evaluation = evaluate(in.config, in.assumptions).value();
    return in;
}

QString pdfText(const QString &path)
{
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), path, QStringLiteral("-")});
    if (!p.waitForFinished(60000))
        return {};
    // DejaVu Sans sets "fi" and "fl" as ligatures; pdftotext gives them back as U+FB01/U+FB02.
    return QString::fromUtf8(p.readAllStandardOutput())
        .replace(QChar(0xFB01), QStringLiteral("fi"))
        .replace(QChar(0xFB02), QStringLiteral("fl"));
}

int distinctColours(const QImage &image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

} // namespace

class TestReports : public QObject
{
    Q_OBJECT

private slots:
    void pdfHoldsExactCountAndName()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QSKIP("pdftotext (poppler-utils) is not installed; scripts/setup.sh installs it");
        const std::int64_t total = referenceTotal(QStringLiteral("llama-2-7b"));
        QCOMPARE(total, std::int64_t(6'738'415'616)); // Touvron et al. 2023 via models.json
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("report.pdf"));
        const ReportGenerator report({presetInput(QStringLiteral("llama-2-7b")), std::nullopt, {}});
        const auto error = report.write(path);
        QVERIFY2(!error, qPrintable(error ? error->toString() : QString()));
        const QString text = pdfText(path);
        QVERIFY2(text.contains(QStringLiteral("6,738,415,616")), qPrintable(text.left(2000)));
        QVERIFY(text.contains(QStringLiteral("Llama-2-7B — design report")));
        QVERIFY(text.contains(QStringLiteral("How each figure is computed")));
        // The charts are vectors: their titles come back as text, which a bitmap would not give.
        QVERIFY(text.contains(QStringLiteral("Parameters by component")));
        QVERIFY(text.contains(QStringLiteral("predicted loss (nats/token)")));
    }

    void pdfComparesPinnedDesign()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QSKIP("pdftotext (poppler-utils) is not installed");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("compare.pdf"));
        const ReportGenerator report({presetInput(QStringLiteral("llama-2-7b")), presetInput(QStringLiteral("gpt2")), {}});
        QVERIFY(!report.write(path));
        const QString text = pdfText(path);
        QVERIFY(text.contains(QStringLiteral("Comparison with the pinned design")));
        // gpt2's published total, models.json ("params_total" of "gpt2").
        QVERIFY(text.contains(NumberFormat::exact(referenceTotal(QStringLiteral("gpt2")))));
        QVERIFY(text.contains(QStringLiteral("GPT-2 Small")));
    }

    void htmlIsOneOfflineFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("report.html"));
        const ReportGenerator report({presetInput(QStringLiteral("gpt2")), std::nullopt, {}});
        QVERIFY(!report.write(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(f.readAll());
        QVERIFY(!html.contains(QStringLiteral("http://"), Qt::CaseInsensitive));
        QVERIFY(!html.contains(QStringLiteral("https://"), Qt::CaseInsensitive));
        QVERIFY(!html.contains(QStringLiteral("src=\"txchart:")));
        // params, memory, compute, scaling, sensitivity, concurrency
        QCOMPARE(html.count(QStringLiteral("<svg")), 6);
        QVERIFY(html.contains(QStringLiteral("124,439,808"))); // gpt2, models.json
        QVERIFY(html.contains(QStringLiteral("GPT-2 Small")));
    }

    void markdownWritesPngsBeside()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("notes.md"));
        const ReportGenerator report({presetInput(QStringLiteral("gpt2")), std::nullopt, {}});
        QVERIFY(!report.write(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString md = QString::fromUtf8(f.readAll());
        for (const QString &kind : ChartFactory::kindNames()) {
            const QString image = QStringLiteral("notes-%1.png").arg(kind);
            QVERIFY2(md.contains(QStringLiteral("](%1)").arg(image)), qPrintable(image));
            const QImage png(dir.filePath(image));
            QCOMPARE(png.size(), QSize(ChartWriter::kDefaultWidth, ChartWriter::kDefaultHeight));
        }
        QVERIFY(md.contains(QStringLiteral("| Parameters (exact) | 124,439,808 |")));
    }

    void svgParsesWithTitle_data()
    {
        QTest::addColumn<QString>("kind");
        for (const QString &k : ChartFactory::kindNames())
            QTest::newRow(qPrintable(k)) << k;
    }

    void svgParsesWithTitle()
    {
        QFETCH(QString, kind);
        const ChartFactory::Input in = presetInput(QStringLiteral("llama-2-7b"));
        const auto k = ChartFactory::kindFromString(kind).value();
        auto chart = ChartFactory::create(k, in);
        QTemporaryDir dir;
        const QString path = dir.filePath(kind + QStringLiteral(".svg"));
        QVERIFY(!ChartWriter::save(chart.get(), path, QSize(1600, 1000), 150));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&f);
        QStringList texts;
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("text"))
                texts << xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        const QString title = ChartFactory::title(k, in);
        QVERIFY2(texts.contains(title), qPrintable(texts.join(QLatin1Char('|'))));
    }

    void pngHasSizeAndContent_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QSize>("pixels");
        QTest::addColumn<int>("dpi");
        QTest::newRow("params slide") << QStringLiteral("params") << QSize(1600, 1000) << 150;
        QTest::newRow("memory small") << QStringLiteral("memory") << QSize(640, 400) << 96;
        QTest::newRow("compute print") << QStringLiteral("compute") << QSize(2400, 1500) << 300;
        QTest::newRow("scaling odd") << QStringLiteral("scaling") << QSize(1001, 777) << 120;
    }

    void pngHasSizeAndContent()
    {
        QFETCH(QString, kind);
        QFETCH(QSize, pixels);
        QFETCH(int, dpi);
        auto chart = ChartFactory::create(ChartFactory::kindFromString(kind).value(), presetInput(QStringLiteral("gpt2")));
        QTemporaryDir dir;
        const QString path = dir.filePath(kind + QStringLiteral(".png"));
        QVERIFY(!ChartWriter::save(chart.get(), path, pixels, dpi));
        const QImage png(path);
        QCOMPARE(png.size(), pixels);
        QCOMPARE(qRound(png.dotsPerMeterX() * 0.0254), dpi);
        // Antialiased text, bars and lines give hundreds of shades; a blank render gives one.
        QVERIFY2(distinctColours(png) > 100, qPrintable(QString::number(distinctColours(png))));
    }

    void pdfChartIsOnePage()
    {
        auto chart = ChartFactory::create(ChartFactory::Kind::Memory, presetInput(QStringLiteral("llama-2-7b")));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("memory.pdf"));
        QVERIFY(!ChartWriter::save(chart.get(), path, QSize(1600, 1000), 150));
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QSKIP("pdftotext (poppler-utils) is not installed");
        QVERIFY(pdfText(path).contains(QStringLiteral("Memory and device fit — Llama-2-7B")));
    }

    void unwritablePathIsAnError()
    {
        auto chart = ChartFactory::create(ChartFactory::Kind::Params, presetInput(QStringLiteral("gpt2")));
        const QString path = QStringLiteral("/nonexistent-dir/chart.png");
        const auto error = ChartWriter::save(chart.get(), path);
        QVERIFY(error);
        QCOMPARE(error->file, path);
        const ReportGenerator report({presetInput(QStringLiteral("gpt2")), std::nullopt, {}});
        const auto reportError = report.write(QStringLiteral("/nonexistent-dir/report.pdf"));
        QVERIFY(reportError);
        QCOMPARE(reportError->file, QStringLiteral("/nonexistent-dir/report.pdf"));
        QCOMPARE(report.write(QStringLiteral("report.docx"))->field, QStringLiteral("--out"));
    }
};

QTEST_MAIN(TestReports)
#include "tst_reports.moc"
