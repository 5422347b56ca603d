// The attention view runs T5 and ALBERT designs as drawn: what the message says was changed
// (nothing for T5-small, which runs encoder and decoder; ALBERT's token types and pooler), for
// T5 the Positions tab drawing the relative bias the decoder adds (Raffel et al. 2019, §2.1;
// HF modeling_t5.py T5Attention.compute_bias) and the Cross-attention tab drawing each decoder
// token's attention over the encoder's tokens (T5LayerCrossAttention).
#include "core/base/numberformat.h"
#include "core/design/presetlibrary.h"
#include "core/nn/relativepositionbias.h"
#include "core/nn/transformer.h"
#include "ui/lab/attentionview.h"
#include "ui/lab/crossattentionpanel.h"
#include "ui/lab/heatmapgrid.h"
#include "ui/lab/heatmapwidget.h"

#include <QLabel>
#include <QTabWidget>
#include <QSignalSpy>
#include <QTest>

using namespace tx;

namespace {

bool runAndWait(AttentionView &view, const QString &text)
{
    QSignalSpy shown(&view, &AttentionView::shown);
    view.setText(text);
    view.run();
    return shown.wait(120000);
}

const ModelConfig &preset(const char *name)
{
    const Preset *p = PresetLibrary::builtIn().find(QString::fromLatin1(name));
    if (!p)
        qFatal("missing preset");
    return p->config;
}

} // namespace

class TestLabT5Albert : public QObject
{
    Q_OBJECT

private slots:
    void t5SmallRunsItsBuckets()
    {
        AttentionView view;
        view.setDesign(preset("t5-small"));
        view.setCheckpoint(QString()); // the design, not the demo model
        QVERIFY(runAndWait(view, QStringLiteral("the cat")));
        const QString message = view.message()->text();
        // Nothing is scaled: its 60,506,624 float32 weights fit the cap, encoder, decoder and buckets.
        QVERIFY2(!message.contains(QLatin1String("Scaled down")), qPrintable(message));
        QVERIFY2(message.startsWith(QStringLiteral("7 tokens through 6 encoder + 6 decoder layers × 8 heads, d_model 512, %1 of float32 weights")
                                        .arg(NumberFormat::bytes(60'506'624.0 * 4))), // "the cat" in bytes
                 qPrintable(message));
        QCOMPARE(view.grid()->layers(), 6); // the decoder's self-attention

        // Cross-attention: 7 decoder tokens (the start token, then "the ca") over the 7 encoder bytes.
        QTabWidget *tabs = view.findChild<QTabWidget *>();
        QVERIFY(tabs);
        const int crossTab = tabs->indexOf(view.crossAttention());
        QCOMPARE(tabs->tabText(crossTab), QStringLiteral("Cross-attention"));
        QVERIFY(tabs->isTabEnabled(crossTab));
        view.crossAttention()->select(5, 7);
        const HeatmapData &cross = view.crossAttention()->heatmapWidget()->data();
        QCOMPARE(cross.title, QStringLiteral("Cross-attention · decoder layer 6 · head 8: 7 decoder tokens over 7 encoder tokens"));
        QCOMPARE(cross.rowAxis, QStringLiteral("decoder token (query)"));
        QCOMPARE(cross.columnAxis, QStringLiteral("encoder token (key)"));
        QCOMPARE(cross.rowLabels, (QStringList{QStringLiteral("⟨start⟩"), QStringLiteral("t"), QStringLiteral("h"),
                                               QStringLiteral("e"), QStringLiteral("␣"), QStringLiteral("c"),
                                               QStringLiteral("a")}));
        QCOMPARE(cross.columnLabels.size(), 7);
        QCOMPARE(cross.columnLabels.back(), QStringLiteral("t"));
        QCOMPARE(cross.values, view.snapshot()->result.crossAttentionAt(5, 7));
        QVERIFY((cross.values.rowwise().sum().array() - 1.0f).abs().maxCoeff() < 1e-5f); // nothing masked
        QVERIFY(!cross.isMasked(0, 6)); // the start token sees the last encoder token
        // The encoder's own attention in the same tab: bidirectional, 7 × 7 over the text.
        view.crossAttention()->showEncoder(true);
        view.crossAttention()->select(2, 1);
        const HeatmapData &encoder = view.crossAttention()->heatmapWidget()->data();
        QCOMPARE(encoder.title, QStringLiteral("Encoder self-attention · layer 3 · head 2: 7 tokens, each seeing every other"));
        QCOMPARE(encoder.rowLabels, view.snapshot()->encoderLabels);
        QCOMPARE(encoder.columnLabels, view.snapshot()->encoderLabels);
        QCOMPARE(encoder.values, view.snapshot()->result.encoderAttentionAt(2, 1));
        QVERIFY(encoder.values(0, 6) > 0.0f); // the first token sees the last: no causal mask
        view.crossAttention()->showEncoder(false);
        view.crossAttention()->select(5, 7);
        tabs->setCurrentIndex(crossTab);
        view.resize(1200, 800);
        view.show();
        QTest::qWait(300); // the tab lays itself out
        view.grab().save(QStringLiteral(TX_BUILD_DIR "/attention-t5-small-cross.png"));

        const HeatmapData &bias = view.positions()->data();
        QCOMPARE(bias.title, QStringLiteral("T5 relative position bias, 8 heads × 13 key offsets, one table for all 6 layers"));
        QCOMPARE(bias.rowAxis, QStringLiteral("head"));
        QCOMPARE(bias.columnAxis, QStringLiteral("key offset k − q"));
        QCOMPARE(bias.columnLabels.front(), QStringLiteral("-6"));
        QCOMPARE(bias.columnLabels.back(), QStringLiteral("6"));
        QVERIFY(bias.isMasked(0, 7));  // a later key: the decoder never sees it
        QVERIFY(!bias.isMasked(0, 6)); // the query itself
        QCOMPARE(view.positionsNote()->text(),
                 QStringLiteral("Each head adds a learned number to q·k, looked up by the bucket of the key's offset k − q: "
                                "offsets below 16 have a bucket each, longer ones share logarithmically wider buckets up to "
                                "128 tokens, and every offset from there on shares the last of the 32 buckets (Raffel et al. "
                                "2019, §2.1). A decoder sees earlier keys only (later offsets in the mask colour). T5 does not "
                                "divide q·k by √d."));
        // The cells are the model's own table (seed 1, as the view's source line says), by bucket.
        auto model = Transformer::create(view.snapshot()->config);
        QVERIFY(model);
        model->initGpt2Style(1);
        const Mat &table = model->weights().relativeBias; // (32 buckets, 8 heads)
        QCOMPARE(table.rows(), 32);
        QVERIFY(runAndWait(view, QStringLiteral("forty bytes of text reach the log buckets")));
        const AttentionSnapshot &s = *view.snapshot();
        const int T = int(s.result.tokens.size());
        QCOMPARE(T, 41);
        QCOMPARE(s.positional.rows(), 8);
        QCOMPARE(s.positional.cols(), 2 * T - 1);
        for (int h = 0; h < 8; ++h)
            for (int offset = -(T - 1); offset <= 0; ++offset)
                QCOMPARE(s.positional(h, T - 1 + offset), table(RelativePositionBias::bucket(offset, false, 32, 128), h));
        // Offsets 16, 17 and 18 tokens back share bucket 16, the first logarithmic one.
        QCOMPARE(RelativePositionBias::bucket(-18, false, 32, 128), 16);
        QCOMPARE(RelativePositionBias::bucket(-19, false, 32, 128), 17);
        QCOMPARE(s.positional(0, T - 1 - 16), s.positional(0, T - 1 - 18));
        QVERIFY(s.positional(0, T - 1 - 16) != s.positional(0, T - 1 - 19));
    }

    void albertRunsFactorisedAndShared()
    {
        AttentionView view;
        view.setDesign(preset("albert-base-v2"));
        view.setCheckpoint(QString());
        QVERIFY(runAndWait(view, QStringLiteral("hi")));
        const QString message = view.message()->text();
        QVERIFY2(message.contains(QStringLiteral("Scaled down to fit the %1 memory cap: pooler: yes → no "
                                                 "(not used to predict tokens); lm_head: no → yes, ALBERT's masked-LM head (dense "
                                                 "d_model 768 → 128, gelu_tanh, layernorm, tied to the token embedding, with a bias).")
                                      .arg(NumberFormat::bytes(double(Transformer::kDefaultCapBytes)))),
                 qPrintable(message));
        QVERIFY2(!message.contains(QLatin1String("embedding_dim")), qPrintable(message));
        // 12 layers run one stored set of weights: 30000 × 128 + 512 × 128 + 2 × 128 token types + 256
        // norm + 128 × 768 + 768, one layer of 7,087,872, and ALBERT's head, 768 × 128 + 128 dense,
        // 256 norm, 30000 bias (the decoder is the token table) = 11,221,680 floats.
        QVERIFY2(message.contains(QStringLiteral("2 tokens through 12 layers × 12 heads, d_model 768, %1 of float32 weights")
                                      .arg(NumberFormat::bytes(11'221'680.0 * 4))),
                 qPrintable(message));
        QCOMPARE(view.grid()->layers(), 12);
        QCOMPARE(view.snapshot()->config.embeddingDim, 128);
    }
};

QTEST_MAIN(TestLabT5Albert)
#include "tst_labt5albert.moc"
