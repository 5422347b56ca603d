#include "core/design/configvalidator.h"
#include "core/design/designedits.h"
#include "core/design/presetlibrary.h"

#include <QTest>

using namespace tx;

// The editing rules the window, --set, sweeps and the reverse solver share
// (core/design/designedits.h).
class TestDesignEdits : public QObject
{
    Q_OBJECT

    static ModelConfig preset(const char *id)
    {
        const Preset *p = PresetLibrary::builtIn().find(QLatin1String(id));
        return p ? p->config : ModelConfig{};
    }

private slots:
    void headsCarryKeyValueHeads_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("heads");
        QTest::addColumn<int>("kvHeads");
        // MHA stays MHA: GPT-2 small has 12 heads and 12 key/value heads.
        QTest::newRow("gpt2 MHA -> 16") << QStringLiteral("gpt2") << QStringLiteral("16") << 16;
        // GQA keeps the divisor of the new heads nearest to its key/value heads: Llama-3-8B 32/8.
        QTest::newRow("llama-3-8b 32/8 -> 64") << QStringLiteral("llama-3-8b") << QStringLiteral("64") << 8;
        QTest::newRow("llama-3-8b 32/8 -> 4") << QStringLiteral("llama-3-8b") << QStringLiteral("4") << 4;
        QTest::newRow("llama-3-8b 32/8 -> 12") << QStringLiteral("llama-3-8b") << QStringLiteral("12") << 6;
    }
    void headsCarryKeyValueHeads()
    {
        QFETCH(QString, preset);
        QFETCH(QString, heads);
        QFETCH(int, kvHeads);
        ModelConfig c = TestDesignEdits::preset(preset.toLatin1().constData());
        QVERIFY(!DesignEdits::set(c, QStringLiteral("n_heads"), heads));
        QCOMPARE(c.nHeads, heads.toInt());
        QCOMPARE(c.nKvHeads, kvHeads);
    }

    void typedValuesAreNotSnapped()
    {
        // As in the window's spin box: 7 heads on d_model 768 is taken, and validation names it.
        ModelConfig c = preset("gpt2");
        QVERIFY(!DesignEdits::set(c, QStringLiteral("n_heads"), QStringLiteral("7")));
        QCOMPARE(c.nHeads, 7);
        QCOMPARE(c.nKvHeads, 7);
        // A bad value changes nothing and names the field.
        const auto error = DesignEdits::set(c, QStringLiteral("d_model"), QStringLiteral("wide"));
        QVERIFY(error);
        QCOMPARE(error->field, QStringLiteral("d_model"));
        QCOMPARE(c.dModel, 768);
    }

    void anEditedPresetSaysSo()
    {
        // A preset's name names a real model; at another width it is that model no longer, and a
        // report titled "GPT-2 Small" with 350 M parameters would be wrong.
        ModelConfig c = preset("gpt2");
        const QString name = c.name;
        QCOMPARE(name, QStringLiteral("GPT-2 Small"));
        // The same value again changes nothing, so the name stays.
        QVERIFY(!DesignEdits::set(c, QStringLiteral("d_model"), QStringLiteral("768")));
        QCOMPARE(c.name, name);
        QVERIFY(!DesignEdits::set(c, QStringLiteral("d_model"), QStringLiteral("1024")));
        QCOMPARE(c.name, QStringLiteral("GPT-2 Small (edited)"));
        // Marked once, however many edits follow.
        QVERIFY(!DesignEdits::set(c, QStringLiteral("n_layers"), QStringLiteral("24")));
        QVERIFY(!DesignEdits::set(c, QStringLiteral("d_ff"), QStringLiteral("4096")));
        QCOMPARE(c.name, QStringLiteral("GPT-2 Small (edited)"));
        // A name set by the edit is taken as set; a later edit marks it like any other.
        QVERIFY(!DesignEdits::set(c, QStringLiteral("name"), QStringLiteral("GPT-2 Medium-ish")));
        QCOMPARE(c.name, QStringLiteral("GPT-2 Medium-ish"));
        QVERIFY(!DesignEdits::set(c, QStringLiteral("n_layers"), QStringLiteral("12")));
        QCOMPARE(c.name, QStringLiteral("GPT-2 Medium-ish (edited)"));
        // An unnamed design stays unnamed ("Custom design" in reports).
        ModelConfig unnamed;
        QVERIFY(!DesignEdits::set(unnamed, QStringLiteral("d_model"), QStringLiteral("1024")));
        QCOMPARE(unnamed.name, QString());
        // The source (where the architecture comes from) is not an edit of the design.
        ModelConfig sourced = preset("gpt2");
        QVERIFY(!DesignEdits::set(sourced, QStringLiteral("source"), QStringLiteral("my notes")));
        QCOMPARE(sourced.name, name);
    }

    void encoderDecoderGetsDecoderLayers()
    {
        ModelConfig c = preset("gpt2");
        QVERIFY(!DesignEdits::set(c, QStringLiteral("layout"), QStringLiteral("encoder-decoder")));
        QCOMPARE(c.nDecoderLayers, 12);
    }

    // gpt-oss-20b alternates sliding and full attention: the pattern follows a new depth, and a
    // depth past 1,024 is refused for itself alone, the pattern left as it was.
    void layerPatternFollowsTheDepthUpToTheLimit()
    {
        ModelConfig c = preset("gpt-oss-20b");
        QCOMPARE(int(c.layerTypes.size()), 24);
        QVERIFY(!DesignEdits::set(c, QStringLiteral("n_layers"), QStringLiteral("6")));
        QCOMPARE(int(c.layerTypes.size()), 6);
        QVERIFY(c.layerTypes[4] == LayerAttention::Sliding && c.layerTypes[5] == LayerAttention::Full);
        QVERIFY(validate(c).empty());

        QVERIFY(!DesignEdits::set(c, QStringLiteral("n_layers"), QStringLiteral("83608")));
        QCOMPARE(int(c.layerTypes.size()), 6);
        const std::vector<Error> errors = validate(c);
        QCOMPARE(int(errors.size()), 1);
        QCOMPARE(errors[0].field, QStringLiteral("n_layers"));
        QCOMPARE(errors[0].message, QStringLiteral("must be between 1 and 1024 (is 83608)"));
    }

    void gatedFfnUsesSilu()
    {
        ModelConfig c = preset("gpt2");
        QVERIFY(!DesignEdits::set(c, QStringLiteral("ffn"), QStringLiteral("gated")));
        QVERIFY(c.activation == Activation::Silu);
        // GeGLU: the activation set after the kind stays.
        QVERIFY(!DesignEdits::set(c, QStringLiteral("activation"), QStringLiteral("gelu")));
        QVERIFY(c.activation == Activation::Gelu);
    }

    void dffLock()
    {
        ModelConfig c = preset("llama-2-7b"); // d_ff 11008, d_model 4096
        DesignLocks locks;
        QVERIFY(!DesignEdits::set(c, QStringLiteral("d_model"), QStringLiteral("2048"), locks));
        QCOMPARE(c.dFf, 11008);
        DesignEdits::setDffLock(c, locks, true);
        QCOMPARE(c.dFf, 4 * 2048);
        QVERIFY(!DesignEdits::editable(c, locks, QStringLiteral("d_ff")));
        QVERIFY(!DesignEdits::set(c, QStringLiteral("d_model"), QStringLiteral("1024"), locks));
        QCOMPARE(c.dFf, 4096);
        DesignEdits::setDffLock(c, locks, false);
        QVERIFY(DesignEdits::editable(c, locks, QStringLiteral("d_ff")));
    }

    void sliderSnapping_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<int>("value");
        QTest::addColumn<int>("snapped");
        // GPT-2 small: d_model 768, 12 heads.
        QTest::newRow("d_model to a multiple of 12 heads") << QStringLiteral("d_model") << 1000 << 996;
        QTest::newRow("heads to a divisor of 768") << QStringLiteral("n_heads") << 7 << 6;
        QTest::newRow("kv heads to a divisor of 12") << QStringLiteral("n_kv_heads") << 5 << 4;
        QTest::newRow("d_ff to 64") << QStringLiteral("d_ff") << 3000 << 3008;
        QTest::newRow("vocab to 64") << QStringLiteral("vocab_size") << 50257 << 50240;
        QTest::newRow("context to 128") << QStringLiteral("max_positions") << 1000 << 1024;
        QTest::newRow("seq to 128") << QStringLiteral("seq") << 2000 << 2048;
        QTest::newRow("embedding 0 below 8") << QStringLiteral("embedding_dim") << 7 << 0;
        QTest::newRow("embedding to 16") << QStringLiteral("embedding_dim") << 130 << 128;
        QTest::newRow("layers stay") << QStringLiteral("n_layers") << 7 << 7;
    }
    void sliderSnapping()
    {
        QFETCH(QString, field);
        QFETCH(int, value);
        QFETCH(int, snapped);
        QCOMPARE(DesignEdits::snapped(preset("gpt2"), field, value), snapped);
    }

    void editableFollowsTheDesign()
    {
        ModelConfig c = preset("gpt2");
        QVERIFY(!DesignEdits::editable(c, {}, QStringLiteral("moe_top_k")));
        QVERIFY(DesignEdits::editable(preset("mixtral-8x7b"), {}, QStringLiteral("moe_top_k")));
        c.lmHead = false;
        QVERIFY(!DesignEdits::editable(c, {}, QStringLiteral("tied_embeddings")));
        QVERIFY(DesignEdits::editable(c, {}, QStringLiteral("d_model")));
    }
};

QTEST_APPLESS_MAIN(TestDesignEdits)
#include "tst_designedits.moc"
