// The Model page on sparse checkpoints the test writes: what the user reads in its title, totals,
// tensor tree and reconciliation, and the design the window then shows.
#include "tests/support/modellayouts.h"
#include "tests/support/sparsecheckpoint.h"
#include "ui/design/designstate.h"
#include "ui/model/modelcachedialog.h"
#include "ui/model/modelpage.h"
#include "ui/shell/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTableWidget>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QUndoStack>

using namespace tx;

namespace {

// Tensors the view shows: leaves of the filtered model.
int visibleLeaves(const QAbstractItemModel *model, const QModelIndex &parent = {})
{
    const int rows = model->rowCount(parent);
    if (rows == 0)
        return parent.isValid() ? 1 : 0;
    int n = 0;
    for (int r = 0; r < rows; ++r)
        n += visibleLeaves(model, model->index(r, 0, parent));
    return n;
}

} // namespace

class TestModelPage : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_gguf, m_tied;

private slots:
    void initTestCase()
    {
        m_gguf = m_dir.filePath(QStringLiteral("Meta-Llama-3.1-8B-Q4_K_M.gguf"));
        QVERIFY(ModelLayouts::llama31_8bQ4KM().write(m_gguf) > 0);
        // Llama-3.1-8B's tensors under a config that says tie_word_embeddings (the Qwen3-0.6B case).
        m_tied = m_dir.filePath(QStringLiteral("tied"));
        SparseCheckpoint::writeSharded(m_tied, ModelLayouts::decoder({}), 4);
        QFile config(QStringLiteral(TX_TEST_DATA_DIR "/reference/modern/Llama-3.1-8B.config.json"));
        QVERIFY(config.open(QIODevice::ReadOnly));
        QByteArray text = config.readAll();
        text.replace("\"tie_word_embeddings\": false", "\"tie_word_embeddings\": true");
        SparseCheckpoint::writeText(m_tied + QStringLiteral("/config.json"), text);
    }

    void ggufTotalsAndTree()
    {
        ModelPage page;
        QSignalSpy opened(&page, &ModelPage::opened);
        page.open(m_gguf);
        QVERIFY(opened.wait(30000));
        QAbstractItemModelTester tester(page.tree()->model());
        QVERIFY2(page.title()->text().endsWith(QStringLiteral(" — gguf, 1 file, 292 tensors")), qPrintable(page.title()->text()));
        QVERIFY(page.totals()->text().contains(QStringLiteral("<b>8,030,261,248 (8.03 B)</b>")));
        QVERIFY(page.totals()->text().contains(QStringLiteral("<b>4,912,898,304 bytes (4.91 GB)</b>")));
        QVERIFY(page.totals()->text().contains(QStringLiteral("<b>F32 × 66, Q4_K × 193, Q6_K × 33</b>")));
        QVERIFY2(page.reconciliation()->text().contains(QStringLiteral("Design from GGUF metadata: 8,030,261,248 parameters")),
                 qPrintable(page.reconciliation()->text()));
        QVERIFY(page.reconciliation()->text().contains(QStringLiteral("Every group matches the design.")));

        const QStandardItemModel *model = page.treeModel();
        QAbstractItemModelTester filteredTester(page.filteredModel());
        QCOMPARE(model->rowCount(), 5); // embeddings, layers ×32, norm, head, other (rope_freqs)
        QCOMPARE(model->item(0)->text(), QStringLiteral("embeddings (1 tensor)"));
        QCOMPARE(model->item(1)->text(), QStringLiteral("layers ×32 (288 tensors)"));
        QCOMPARE(model->item(1)->rowCount(), 32);
        QCOMPARE(model->item(3)->text(), QStringLiteral("head (1 tensor)"));
        // output.weight Q6_K: 210 bytes per 256 values = 6.5625 bits.
        QCOMPARE(model->item(3, 5)->data(Qt::UserRole).toDouble(), 6.5625);
        QCOMPARE(model->item(3)->child(0, 2)->text(), QStringLiteral("Q6_K"));
        QStandardItem *layer0 = model->item(1)->child(0);
        QCOMPARE(layer0->text(), QStringLiteral("layer 0 (9 tensors)"));
        QCOMPARE(layer0->child(0)->text(), QStringLiteral("attention (4 tensors)"));
        // Layer 0's attention: q, o 4096² and k, v 4096 × 1024 in Q4_K (v is Q6_K in layer 0):
        // 2 × 9,437,184 + 2,359,296 + 3,440,640 bytes over 41,943,040 parameters.
        QCOMPARE(layer0->child(0)->parent()->child(0, 4)->text(), QStringLiteral("24,674,304"));
        QCOMPARE(visibleLeaves(page.filteredModel()), 292);

        page.search()->setText(QStringLiteral("attn_v"));
        QCOMPARE(visibleLeaves(page.filteredModel()), 32);
        page.search()->setText(QStringLiteral("blk.31.ffn_down"));
        QCOMPARE(visibleLeaves(page.filteredModel()), 1);
        page.search()->clear();
        QCOMPARE(visibleLeaves(page.filteredModel()), 292);
    }

    void tiedConfigMismatchShown()
    {
        ModelPage page;
        QSignalSpy opened(&page, &ModelPage::opened);
        page.open(m_tied);
        QVERIFY(opened.wait(30000));
        QVERIFY2(page.reconciliation()->text().contains(
                     QStringLiteral("<b>head</b>: config says tie_word_embeddings, but lm_head.weight is stored: +525,336,576")),
                 qPrintable(page.reconciliation()->text()));
    }

    void badFileShownAsError()
    {
        const QString path = m_dir.filePath(QStringLiteral("bad.safetensors"));
        SparseCheckpoint::writeText(path, "abc");
        ModelPage page;
        QSignalSpy failed(&page, &ModelPage::failed);
        page.open(path);
        QVERIFY(failed.wait(30000));
        QCOMPARE(page.title()->text(),
                 path + QStringLiteral(": header length: the file has 3 bytes, fewer than the 8-byte header length"));
    }


    // File ▸ Models on this computer: the hub cache read off the UI thread, a row per model.
    void modelsOnThisComputer()
    {
        const QString hub = m_dir.filePath(QStringLiteral("hub"));
        const QString snapshot = hub + QStringLiteral("/models--meta-llama--Llama-3.1-8B/snapshots/0e9e39f");
        QDir().mkpath(snapshot);
        SparseCheckpoint::writeSharded(snapshot, ModelLayouts::decoder({}), 4);
        qputenv("HF_HUB_CACHE", hub.toUtf8());
        ModelCacheDialog dialog;
        QSignalSpy scanned(&dialog, &ModelCacheDialog::scanned);
        QVERIFY(scanned.wait(30000));
        qunsetenv("HF_HUB_CACHE");
        QTableWidget *table = dialog.table();
        QVERIFY(table->rowCount() >= 1);
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("meta-llama/Llama-3.1-8B"));
        QCOMPARE(table->item(0, 1)->text(), QStringLiteral("safetensors"));
        QCOMPARE(table->item(0, 2)->text(), QStringLiteral("8,030,261,248"));
        QSignalSpy open(&dialog, &ModelCacheDialog::openRequested);
        table->setCurrentCell(0, 0);
        emit table->cellDoubleClicked(0, 0);
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.first().first().toString(), hub + QStringLiteral("/models--meta-llama--Llama-3.1-8B"));
    }

    // The window: the opened model's design replaces the one being edited, as one undo step.
    void windowTakesTheDesign()
    {
        MainWindow window;
        QSignalSpy opened(window.modelPage(), &ModelPage::opened);
        window.openModel(m_gguf);
        QCOMPARE(window.tabs()->currentWidget(), window.modelPage());
        QVERIFY(opened.wait(30000));
        QCOMPARE(window.state()->config().nLayers, 32);
        QCOMPARE(window.state()->config().vocabSize, 128256);
        QCOMPARE(window.state()->config().nKvHeads, 8);
        QVERIFY(window.state()->snapshot().params);
        QCOMPARE(window.state()->snapshot().params->total, std::int64_t(8'030'261'248));
        // The weights memory is the file's exact tensor data, not 8.03 B × a precision.
        QVERIFY(window.state()->snapshot().evaluation);
        QCOMPARE(window.state()->snapshot().evaluation->inference.weightsBytes, 4'912'898'304.0);
        QVERIFY(window.state()->config().weightPrecision == Precision::INT4); // Q4_K holds most weights
        // Edited away from the file, the weights follow the design again; undo brings the file back.
        window.state()->edit(QStringLiteral("layers"), QStringLiteral("n_layers"), [](ModelConfig &c) { c.nLayers = 16; });
        QTRY_VERIFY(window.state()->assumptions().weightsBytes < 0);
        QVERIFY(window.state()->snapshot().evaluation->inference.weightsBytes < 3e9);
        window.state()->undoStack()->undo(); // the release of the file's bytes
        window.state()->undoStack()->undo(); // the layers edit
        QCOMPARE(window.state()->config().nLayers, 32);
        QCOMPARE(window.state()->snapshot().evaluation->inference.weightsBytes, 4'912'898'304.0);
    }
};

QTEST_MAIN(TestModelPage)
#include "tst_modelpage.moc"
