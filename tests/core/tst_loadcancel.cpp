// Cancelling a long load (issue 20 §7): a sharded folder's headers stop between shards, a
// checkpoint's weights every 1 Mi values, each with an Error "cancelled" naming the file, and
// the progress they report is exact: shards read of all, bytes of tensor data of the file's.
#include "core/formats/hfcheckpoint.h"
#include "core/formats/runnablemodel.h"
#include "core/modelfile/modelfilereader.h"
#include "core/modelfile/modelinspection.h"
#include "tests/support/modellayouts.h"
#include "tests/support/sparsecheckpoint.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <utility>
#include <vector>

using namespace tx;

namespace {

// 4 layers of d_model 256 (4 heads of 64), d_ff 704, 4,096 tokens, untied head, BF16:
// 2 × 4,096 × 256 + 4 × (2 × 256 + 4 × 256 × 256 + 3 × 256 × 704) + 256 = 5,310,720 parameters.
ModelLayouts::Decoder smallLlama()
{
    ModelLayouts::Decoder d;
    d.dModel = 256;
    d.layers = 4;
    d.heads = 4;
    d.kvHeads = 4;
    d.headDim = 64;
    d.dFf = 704;
    d.vocab = 4096;
    return d;
}

constexpr std::int64_t kParams = 5'310'720;
constexpr std::int64_t kDataBytes = 2 * kParams; // BF16

} // namespace

class TestLoadCancel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_sharded = m_dir.filePath(QStringLiteral("sharded"));
        QVERIFY(SparseCheckpoint::writeSharded(m_sharded, ModelLayouts::decoder(smallLlama()), 4) > 0);
        m_folder = m_dir.filePath(QStringLiteral("llama"));
        QVERIFY(ModelLayouts::writeLlamaCheckpoint(m_folder, smallLlama()) > kDataBytes); // header + data
    }

    void shardsReportedAsRead()
    {
        std::vector<std::pair<std::int64_t, std::int64_t>> seen;
        std::atomic<bool> flag{false};
        auto m = ModelFileReader::open(m_sharded, StopToken(&flag, [&](std::int64_t done, std::int64_t total) {
                                           seen.emplace_back(done, total);
                                       }));
        QVERIFY2(m, qPrintable(m ? QString() : m.error().toString()));
        QCOMPARE(m->files.size(), std::size_t(4));
        QCOMPARE(m->params(), kParams);
        const std::vector<std::pair<std::int64_t, std::int64_t>> expected{{1, 4}, {2, 4}, {3, 4}, {4, 4}};
        QCOMPARE(seen, expected);
    }

    void indexStopsBetweenShards()
    {
        std::vector<std::int64_t> seen;
        std::atomic<bool> flag{false};
        auto m = ModelFileReader::open(m_sharded, StopToken(&flag, [&](std::int64_t done, std::int64_t) {
                                           seen.push_back(done);
                                           if (done == 2)
                                               flag.store(true); // the user cancels after the second shard
                                       }));
        QVERIFY(!m);
        QCOMPARE(m.error().toString(),
                 QDir(m_sharded).filePath(QStringLiteral("model.safetensors.index.json")) + QStringLiteral(": cancelled"));
        QCOMPARE(seen, (std::vector<std::int64_t>{1, 2})); // shards 3 and 4 were never opened
    }

    void inspectionCancelledBeforeItStarts()
    {
        std::atomic<bool> flag{true};
        int reports = 0;
        auto in = ModelInspection::inspect(m_sharded, StopToken(&flag, [&](std::int64_t, std::int64_t) { ++reports; }));
        QVERIFY(!in);
        QCOMPARE(in.error().message, QStringLiteral("cancelled"));
        QCOMPARE(reports, 0);
    }

    void weightsReportTheirBytes()
    {
        std::int64_t lastDone = 0, lastTotal = 0;
        int reports = 0, backwards = 0;
        std::atomic<bool> flag{false};
        auto model = HfCheckpoint::load(m_folder, Transformer::kDefaultCapBytes,
                                        StopToken(&flag, [&](std::int64_t done, std::int64_t total) {
                                            backwards += done < lastDone;
                                            lastDone = done;
                                            lastTotal = total;
                                            ++reports;
                                        }));
        QVERIFY2(model, qPrintable(model ? QString() : model.error().toString()));
        QCOMPARE(model->config().nLayers, 4);
        QCOMPARE(backwards, 0);
        QCOMPARE(lastTotal, kDataBytes);
        QCOMPARE(lastDone, kDataBytes); // every tensor read once, to the last byte
        // 2 embeddings of one 1 Mi chunk each + 4 × 9 layer tensors + the final norm.
        QCOMPARE(reports, 2 + 4 * 9 + 1);
    }

    void weightsStopWithinAChunk()
    {
        std::atomic<bool> flag{false};
        std::int64_t stoppedAt = -1;
        int reportsAfterStop = 0;
        auto loaded = RunnableModel::fromCheckpoint(m_folder, Transformer::kDefaultCapBytes,
                                                    StopToken(&flag, [&](std::int64_t done, std::int64_t) {
                                                        if (flag.load()) {
                                                            ++reportsAfterStop;
                                                            return;
                                                        }
                                                        if (done >= kDataBytes / 2) { // half way: cancel
                                                            stoppedAt = done;
                                                            flag.store(true);
                                                        }
                                                    }));
        QVERIFY(!loaded);
        QCOMPARE(loaded.error().file, QDir(m_folder).filePath(QStringLiteral("model.safetensors")));
        QCOMPARE(loaded.error().message, QStringLiteral("cancelled"));
        QVERIFY(!loaded.error().field.isEmpty()); // the tensor it stopped in front of
        QVERIFY(stoppedAt >= kDataBytes / 2 && stoppedAt < kDataBytes);
        QCOMPARE(reportsAfterStop, 0); // not one more chunk was read
    }

    void cancelledWhileTheWeightsAreZeroed()
    {
        std::atomic<bool> flag{true};
        auto model = HfCheckpoint::load(m_folder, Transformer::kDefaultCapBytes, StopToken(&flag));
        QVERIFY(!model);
        QCOMPARE(model.error().file, QDir(m_folder).filePath(QStringLiteral("config.json")));
        QCOMPARE(model.error().message, QStringLiteral("cancelled"));
    }

private:
    QTemporaryDir m_dir;
    QString m_sharded;
    QString m_folder;
};

QTEST_APPLESS_MAIN(TestLoadCancel)
#include "tst_loadcancel.moc"
