// Design files (format version 2): the fields of the 2024–26 architectures round-trip, a
// version-1 file still opens with its old meaning, and `--set` takes the list fields.
#include "core/design/designfile.h"
#include "core/estimate/memoryestimator.h"
#include "core/estimate/paramcounter.h"
#include "core/formats/hfconfigimporter.h"

#include <QDir>
#include <QtTest>

using namespace tx;

class TestDesignFile : public QObject
{
    Q_OBJECT
private slots:
    // Saved by version 1 (no layer_types, attention, moe_d_ff, … keys): every new field keeps
    // the value that reproduces the old meaning. The design is Mixtral-8x7B with a 4,096-token
    // window on every layer: its published 46,702,792,704 total and 12,879,925,248 active
    // (the mixtral-8x7b row of tests/core/tst_hfimport.cpp; a window adds no parameters).
    void versionOneFileStillOpens()
    {
        const auto c = DesignFile::load(QStringLiteral(TX_TEST_DATA_DIR "/designs/v1-mixtral-like.json"));
        QVERIFY2(c, qPrintable(c ? QString() : c.error().toString()));
        QVERIFY(c->attention == AttentionKind::Gqa);
        QVERIFY(c->qkNorm == QkNorm::None);
        QVERIFY(c->layerTypes.empty());
        QCOMPARE(c->moe.expertDff, 0);
        QCOMPARE(c->mtpLayers, 0);
        // Every layer slides, as version 1 meant by a window.
        QVERIFY(c->layerAttention(0) == LayerAttention::Sliding && c->layerAttention(31) == LayerAttention::Sliding);
        const auto count = countParams(*c);
        QVERIFY(count);
        QCOMPARE(count->total, qint64(46'702'792'704));
        QCOMPARE(count->active, qint64(12'879'925'248));
        // Saved again it is version 2 and reads back the same design.
        const QByteArray saved = DesignFile::serialize(*c);
        QVERIFY(saved.contains("\"version\": 2"));
        const auto again = DesignFile::parse(saved, QStringLiteral("again.json"));
        QVERIFY(again);
        QVERIFY(*again == *c);
    }

    void newerVersionIsRefused()
    {
        const auto c = DesignFile::parse(R"({"format": "transformer-explorer-design", "version": 3, "design": {}})",
                                         QStringLiteral("future.json"));
        QVERIFY(!c);
        QCOMPARE(c.error().field, QStringLiteral("version"));
        QVERIFY(c.error().message.contains(QStringLiteral("reads version 2")));
    }

    // Every Hugging Face fixture imports into a design that saves and reads back unchanged.
    void modernDesignsRoundTrip()
    {
        const QDir dir(QStringLiteral(TX_TEST_DATA_DIR "/hf"));
        int n = 0;
        for (const QString &id : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            const auto c = HfConfigImporter::load(dir.filePath(id + QStringLiteral("/config.json")));
            QVERIFY2(c, qPrintable(id));
            const auto back = DesignFile::parse(DesignFile::serialize(*c), id);
            QVERIFY2(back, qPrintable(back ? QString() : back.error().toString()));
            QVERIFY2(*back == *c, qPrintable(id));
            ++n;
        }
        QVERIFY(n >= 40);
    }

    void setTakesListsAndNewFields()
    {
        ModelConfig c; // GPT-2 small: 12 layers
        QVERIFY(!DesignFile::applySetting(c, QStringLiteral("sliding_window"), QStringLiteral("256")));
        QVERIFY(!DesignFile::applySetting(c, QStringLiteral("layer_types"),
                                          QStringLiteral("sliding,full,sliding,full,sliding,full,"
                                                         "sliding,full,sliding,full,sliding,chunked")));
        QVERIFY(!DesignFile::applySetting(c, QStringLiteral("attention_chunk"), QStringLiteral("512")));
        QCOMPARE(int(c.layerTypes.size()), 12);
        QVERIFY(c.layerTypes[11] == LayerAttention::Chunked);
        QVERIFY(!DesignFile::applySetting(c, QStringLiteral("attention"), QStringLiteral("mla")));
        QVERIFY(!DesignFile::applySetting(c, QStringLiteral("kv_lora_rank"), QStringLiteral("256")));
        QVERIFY(!DesignFile::applySetting(c, QStringLiteral("weight_precision"), QStringLiteral("q4_k")));
        QVERIFY(c.weightPrecision == Precision::Q4_K);
        QVERIFY(!DesignFile::applySetting(c, QStringLiteral("weight_precision"), QStringLiteral("q4_k_m")));
        QVERIFY(c.weightPrecision == Precision::Q4_K_M);
        QVERIFY(!DesignFile::applySetting(c, QStringLiteral("moe_dense_layers"), QStringLiteral("0, 3")));
        QCOMPARE(c.moe.denseLayers, (std::vector<int>{0, 3}));

        const auto bad = DesignFile::applySetting(c, QStringLiteral("layer_types"), QStringLiteral("sliding,linear"));
        QVERIFY(bad);
        QCOMPARE(bad->field, QStringLiteral("layer_types"));
        QVERIFY(bad->message.contains(QStringLiteral("full, sliding, chunked, full_no_rope")));
        const auto kv = DesignFile::applySetting(c, QStringLiteral("kv_precision"), QStringLiteral("q4_k"));
        QVERIFY(kv);
        QCOMPARE(kv->field, QStringLiteral("kv_precision"));
    }
};

QTEST_APPLESS_MAIN(TestDesignFile)
#include "tst_designfile.moc"
