// The attention view runs T5 and ALBERT designs as drawn: what the message says was changed
// (only what the engine cannot run: T5's encoder and cross-attention, ALBERT's token types and
// pooler), and, for T5, the Positions tab drawing the relative bias the stack adds
// (Raffel et al. 2019, §2.1; HF modeling_t5.py T5Attention.compute_bias).
#include "core/base/numberformat.h"
#include "core/design/presetlibrary.h"
#include "core/nn/relativepositionbias.h"
#include "core/nn/transformer.h"
#include "ui/lab/attentionview.h"
#include "ui/lab/heatmapgrid.h"
#include "ui/lab/heatmapwidget.h"

#include <QLabel>
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
        // Only the encoder goes; the buckets stay (no "positions: relative → sinusoidal" any more).
        QVERIFY2(message.contains(QStringLiteral("Scaled down to fit the %1 memory cap: layout: encoder-decoder → decoder-only "
                                                 "(the decoder stack alone, without cross-attention).")
                                      .arg(NumberFormat::bytes(double(Transformer::kDefaultCapBytes)))),
                 qPrintable(message));
        QVERIFY2(!message.contains(QLatin1String("positions")), qPrintable(message));
        QVERIFY(message.startsWith(QStringLiteral("7 tokens through 6 layers × 8 heads, d_model 512, "))); // "the cat" in bytes
        QCOMPARE(view.grid()->layers(), 6);

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
        QVERIFY2(message.contains(QStringLiteral("Scaled down to fit the %1 memory cap: token_types: 2 → 0; pooler: yes → no "
                                                 "(not used to predict tokens); lm_head: no → yes, untied (d_model × vocab, to "
                                                 "produce logits).")
                                      .arg(NumberFormat::bytes(double(Transformer::kDefaultCapBytes)))),
                 qPrintable(message));
        QVERIFY2(!message.contains(QLatin1String("embedding_dim")), qPrintable(message));
        // 12 layers run one stored set of weights: 30000 × 128 + 512 × 128 + 256 + 128 × 768 + 768,
        // one layer of 7,087,872 and a 768 × 30000 head = 34,184,448 floats.
        QVERIFY2(message.contains(QStringLiteral("2 tokens through 12 layers × 12 heads, d_model 768, %1 of float32 weights")
                                      .arg(NumberFormat::bytes(34'184'448.0 * 4))),
                 qPrintable(message));
        QCOMPARE(view.grid()->layers(), 12);
        QCOMPARE(view.snapshot()->config.embeddingDim, 128);
    }
};

QTEST_MAIN(TestLabT5Albert)
#include "tst_labt5albert.moc"
