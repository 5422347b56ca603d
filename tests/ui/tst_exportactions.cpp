// The window's exports of the design on screen: File menu entries, the breakdown as CSV
// (equal to core's counts), results as JSON, the breakdown on the clipboard as tab-separated
// text, and a chart copied as an image at twice its on-screen size.
#include "core/estimate/paramcounter.h"
#include "core/formats/hfconfigimporter.h"
#include "ui/charts/chartpanel.h"
#include "ui/design/designstate.h"
#include "ui/pages/comparisonview.h"
#include "ui/report/exportactions.h"
#include "ui/shell/mainwindow.h"
#include "ui/widgets/tableclipboard.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenuBar>
#include <QTableWidget>
#include <QLocale>
#include <QTemporaryDir>
#include <QtTest>

using namespace tx;

class TestExportActions : public QObject
{
    Q_OBJECT

private slots:
    void fileMenuOffersExports()
    {
        MainWindow w;
        QStringList texts;
        for (QAction *menu : w.menuBar()->actions())
            if (menu->menu())
                for (QAction *a : menu->menu()->actions())
                    texts << a->text();
        QVERIFY(texts.contains(QStringLiteral("Export &Report…")));
        QVERIFY(texts.contains(QStringLiteral("Export Parameter &Breakdown as CSV…")));
        QVERIFY(texts.contains(QStringLiteral("Export Results as &JSON…")));
        QVERIFY(texts.contains(QStringLiteral("Export Results as CS&V…")));
        QVERIFY(texts.contains(QStringLiteral("Copy Parameter Breakdown as &Text")));
        QVERIFY(texts.contains(QStringLiteral("Export Design as &Hugging Face Config…")));
    }

    // File → Export Design as Hugging Face Config writes what the importer reads back:
    // gpt-oss-20b's 20,914,757,184 (reference/modern/models.json); GPT-2 (learned positions)
    // has no exported family and the error names the field.
    void hfConfigExport()
    {
        MainWindow w;
        QVERIFY(w.loadPreset(QStringLiteral("gpt-oss-20b")));
        auto *exports = w.findChild<ExportActions *>(QStringLiteral("exportActions"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.json"));
        QVERIFY(!exports->writeHfConfig(path));
        const auto back = HfConfigImporter::load(path);
        QVERIFY2(back, qPrintable(back ? QString() : back.error().toString()));
        QCOMPARE(countParams(*back)->total, qint64(20'914'757'184));
        QVERIFY(w.loadPreset(QStringLiteral("gpt2")));
        const auto refused = exports->writeHfConfig(dir.filePath(QStringLiteral("gpt2.json")));
        QVERIFY(refused);
        QCOMPARE(refused->field, QStringLiteral("positions"));
    }

    // A language switch rebuilds the menus; it used to create another ExportActions each time
    // and keep the old one, still connected to the comparison. Now one lives as long as the
    // window and is only relabelled.
    void languageSwitchKeepsOneExportActions()
    {
        MainWindow w;
        for (const char *code : {"zh_CN", "en", "zh_CN"})
            w.setLanguage(QLatin1String(code));
        const auto all = w.findChildren<ExportActions *>();
        QCOMPARE(all.size(), 1);
        QStringList fileMenu;
        for (QAction *a : w.menuBar()->actions().first()->menu()->actions())
            fileMenu << a->text();
        QVERIFY2(fileMenu.contains(QStringLiteral("导出报告(&R)…")), qPrintable(fileMenu.join(QLatin1Char('|'))));
        QVERIFY(w.menuBar()->actions().first()->menu()->actions().contains(all.first()->reportAction()));
        // Pinning reaches the one instance once: its connection was made once.
        const auto receivers = [&] {
            return QObject::connect(w.comparisonView(), &ComparisonView::pinnedChanged, all.first(),
                                    &ExportActions::setPinned, Qt::UniqueConnection);
        };
        QVERIFY(!receivers()); // already connected, exactly once (UniqueConnection refuses another)
        w.setLanguage(QStringLiteral("en"));
        QCOMPARE(w.findChildren<ExportActions *>().size(), 1);
    }

    void breakdownCsvEqualsCore()
    {
        MainWindow w;
        QVERIFY(w.loadPreset(QStringLiteral("llama-2-7b")));
        auto *exports = w.findChild<ExportActions *>(QStringLiteral("exportActions"));
        QVERIFY(exports);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("b.csv"));
        QVERIFY(!exports->writeBreakdownCsv(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.front(), QStringLiteral("path,params,share_percent"));
        // Llama-2-7B's total, tests/data/reference/models.json (Touvron et al. 2023).
        QCOMPARE(lines[1], QStringLiteral("model,6738415616,100"));
        const ParamCount core = countParams(w.state()->config()).value();
        for (int i = 1; i < lines.size(); ++i) {
            const QStringList cells = lines[i].split(QLatin1Char(','));
            QCOMPARE(cells.size(), 3);
            const QString path = cells[0].section(QLatin1Char('.'), 1); // below the root "model"
            const ParamNode *node = path.isEmpty() ? &core.breakdown : core.breakdown.find(path);
            QVERIFY2(node, qPrintable(cells[0]));
            QCOMPARE(cells[1].toLongLong(), node->params);
            // The share in the fewest digits that read back exactly: no 17-digit float noise.
            QCOMPARE(cells[2], QString::number(cells[2].toDouble(), 'g', QLocale::FloatingPointShortest));
        }
    }

    void resultsJsonAndClipboard()
    {
        MainWindow w;
        QVERIFY(w.loadPreset(QStringLiteral("gpt2")));
        auto *exports = w.findChild<ExportActions *>(QStringLiteral("exportActions"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.json"));
        QVERIFY(!exports->writeResultsJson(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        // GPT-2 Small, models.json ("params_total" of "gpt2").
        QCOMPARE(root.value(QStringLiteral("params")).toObject().value(QStringLiteral("total")).toDouble(), 124439808.0);
        QCOMPARE(root.value(QStringLiteral("name")).toString(), QStringLiteral("GPT-2 Small"));

        const QString csvPath = dir.filePath(QStringLiteral("r.csv"));
        QVERIFY(!exports->writeResultsCsv(csvPath));
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QStringList rows = QString::fromUtf8(csv.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(rows.front(), QStringLiteral("key,value,unit,title"));
        const Evaluation &e = *w.state()->snapshot().evaluation;
        int checked = 0;
        for (const QString &row : rows) {
            const QStringList cells = row.split(QLatin1Char(','));
            if (cells.size() > 1 && !cells[1].isEmpty() && cells[0] != QLatin1String("key"))
                QCOMPARE(cells[1], QString::number(cells[1].toDouble(), 'g', QLocale::FloatingPointShortest));
            if (cells[0] == QLatin1String("memory.inference.total_bytes")) {
                QCOMPARE(cells[1].toDouble(), e.inference.totalBytes);
                QCOMPARE(cells[2], QStringLiteral("bytes"));
                ++checked;
            } else if (cells[0] == QLatin1String("compute.training_flops")) {
                QCOMPARE(cells[1].toDouble(), e.compute.trainingFlops);
                ++checked;
            }
        }
        QCOMPARE(checked, 2);

        exports->copyBreakdownAction()->trigger();
        const QStringList lines = QApplication::clipboard()->text().split(QLatin1Char('\n'));
        QCOMPARE(lines[0], QStringLiteral("path\tparams\tshare_percent"));
        QCOMPARE(lines[1], QStringLiteral("model\t124439808\t100"));

        const QString report = dir.filePath(QStringLiteral("r.html"));
        QVERIFY(!exports->writeReport(report));
        QFile html(report);
        QVERIFY(html.open(QIODevice::ReadOnly));
        QVERIFY(html.readAll().contains("124,439,808"));
    }

    void reportComparesPinnedDesignAndTableCopies()
    {
        MainWindow w;
        QVERIFY(w.loadPreset(QStringLiteral("gpt2")));
        // As Edit → Pin does: the page is brought up to date, then pinned.
        w.comparisonView()->showSnapshot(w.state()->snapshot());
        w.comparisonView()->pin();
        QVERIFY(w.loadPreset(QStringLiteral("llama-2-7b")));
        w.comparisonView()->showSnapshot(w.state()->snapshot());
        auto *exports = w.findChild<ExportActions *>(QStringLiteral("exportActions"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ab.md"));
        QVERIFY(!exports->writeReport(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString md = QString::fromUtf8(f.readAll());
        QVERIFY(md.contains(QStringLiteral("## Comparison with the pinned design")));
        // Both totals, models.json: llama-2-7b and gpt2.
        QVERIFY(md.contains(QStringLiteral("| Parameters | 6,738,415,616 | 124,439,808 |")));

        QTableWidget *table = w.comparisonView()->table();
        const QStringList lines = TableClipboard::tsv(table->model()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), table->rowCount() + 1);
        QCOMPARE(lines[0].split(QLatin1Char('\t')).size(), table->columnCount());
        TableClipboard::copy(table);
        QCOMPARE(QApplication::clipboard()->text(), TableClipboard::tsv(table->model()));
    }

    void chartCopiesAsImage()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *panel = w.findChild<ChartPanel *>();
        QVERIFY(panel);
        panel->copyImage();
        const QImage image = QApplication::clipboard()->image();
        QCOMPARE(image.size(), panel->size() * 2);
    }
};

QTEST_MAIN(TestExportActions)
#include "tst_exportactions.moc"
