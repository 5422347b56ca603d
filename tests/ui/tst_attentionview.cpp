#include "core/base/numberformat.h"
#include "core/design/presetlibrary.h"
#include "core/formats/demomodel.h"
#include "core/formats/hfcheckpoint.h"
#include "core/nn/enginesizer.h"
#include "core/tokenize/bytetokenizer.h"
#include "ui/lab/attentionlinesview.h"
#include "ui/lab/attentionview.h"
#include "ui/lab/heatmapgrid.h"
#include "ui/lab/heatmappainter.h"
#include "ui/lab/heatmapwidget.h"
#include "ui/lab/routertable.h"
#include "ui/lab/tokenchips.h"

#include <QCheckBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tx;

namespace {

// 2 layers × 4 heads, d 64: runs in milliseconds, so the tests wait on the worker only briefly.
ModelConfig smallDesign()
{
    ModelConfig c;
    c.name = QStringLiteral("tiny");
    c.dModel = 64;
    c.nLayers = 2;
    c.nHeads = 4;
    c.nKvHeads = 4;
    c.dFf = 256;
    c.vocabSize = 256;
    c.maxPositions = 128;
    return c;
}

bool runAndWait(AttentionView &view, const QString &text)
{
    QSignalSpy shown(&view, &AttentionView::shown);
    view.setText(text);
    view.run();
    return shown.wait(120000); // a scaled-down gpt-oss builds its weights first: slow on 2 busy cores
}

} // namespace

class TestAttentionView : public QObject
{
    Q_OBJECT
private slots:
    void opensOnTheDemoModel()
    {
        // A fresh view runs the shipped demo model on 静夜思 as soon as it is shown.
        AttentionView view;
        QCOMPARE(view.checkpoint(), DemoModel::path());
        QSignalSpy shown(&view, &AttentionView::shown);
        view.show();
        QVERIFY(shown.wait(30000));
        // One token per character: 20 characters and 4 punctuation marks.
        QCOMPARE(view.chips()->count(), 24);
        QCOMPARE(view.chips()->labels().at(4), QStringLiteral("光"));
        QCOMPARE(view.snapshot()->tokenizerKind, QStringLiteral("chars"));
        QVERIFY(view.message()->text().startsWith(QStringLiteral("24 tokens through 3 layers × 8 heads")));
        // The grid names the heads (tst_demomodel pins the scores): layer 2 head 5 looks at the
        // character before, layer 2 head 4 at punctuation; layer 1's heads have no role.
        QCOMPARE(view.grid()->caption(1, 4), QStringLiteral("previous token 0.75"));
        QCOMPARE(view.grid()->caption(1, 3), QStringLiteral("punctuation 1.00"));
        QVERIFY(view.grid()->caption(0, 3).isEmpty());
        view.selectHead(1, 4);
        QCOMPARE(view.enlarged()->data().title,
                 QStringLiteral("Layer 2 · Head 5 — attention probabilities · previous token head (0.75)"));
    }

    void sentenceGivesChipsAndGrid()
    {
        AttentionView view;
        view.setDesign(smallDesign());
        view.setCheckpoint(QString()); // the design, not the demo model
        QVERIFY(runAndWait(view, QStringLiteral("the cat sat")));
        // 11 ASCII characters are 11 byte tokens; the space reads as "␣".
        QCOMPARE(view.chips()->count(), 11);
        QCOMPARE(view.chips()->labels().at(3), QStringLiteral("␣"));
        QCOMPARE(view.chips()->labels().at(4), QStringLiteral("c"));
        QCOMPARE(view.grid()->layers(), 2);
        QCOMPARE(view.grid()->heads(), 4);
        QCOMPARE(view.grid()->findChildren<HeatmapWidget *>().size(), 8);
        QVERIFY(view.grid()->thumbnail(1, 3) != nullptr);
        QCOMPARE(view.grid()->thumbnail(1, 3)->data().values.rows(), 11);
        QCOMPARE(view.summary()->rowCount(), 8);
        QVERIFY(view.message()->text().startsWith(QStringLiteral("11 tokens through 2 layers × 4 heads")));
    }

    void chineseSentence()
    {
        AttentionView view;
        view.setDesign(smallDesign());
        view.setCheckpoint(QString()); // the design, not the demo model
        QVERIFY(runAndWait(view, QStringLiteral("我爱猫")));
        // Three CJK characters, three UTF-8 bytes each.
        QCOMPARE(view.chips()->count(), 9);
        // ByteTokenizer labels a character's lead byte with it and the other bytes with "·".
        QCOMPARE(view.chips()->labels(), QStringList({QStringLiteral("我"), QStringLiteral("·"), QStringLiteral("·"),
                                                       QStringLiteral("爱"), QStringLiteral("·"), QStringLiteral("·"),
                                                       QStringLiteral("猫"), QStringLiteral("·"), QStringLiteral("·")}));
    }

    void clickEnlargesWithTokenAxes()
    {
        AttentionView view;
        view.resize(1200, 800);
        view.setDesign(smallDesign());
        view.setCheckpoint(QString()); // the design, not the demo model
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runAndWait(view, QStringLiteral("a cat")));
        HeatmapWidget *thumb = view.grid()->thumbnail(1, 2);
        QVERIFY(thumb);
        QTest::mouseClick(thumb, Qt::LeftButton, {}, thumb->rect().center());
        const HeatmapData &d = view.enlarged()->data();
        QCOMPARE(d.title, QStringLiteral("Layer 2 · Head 3 — attention probabilities"));
        const QStringList tokens = {QStringLiteral("a"), QStringLiteral("␣"), QStringLiteral("c"), QStringLiteral("a"),
                                    QStringLiteral("t")};
        QCOMPARE(d.rowLabels, tokens);
        QCOMPARE(d.columnLabels, tokens);
        QCOMPARE(d.rowAxis, QStringLiteral("query"));
        QCOMPARE(d.columnAxis, QStringLiteral("key"));

        view.setShowScores(true);
        QCOMPARE(view.enlarged()->data().title, QStringLiteral("Layer 2 · Head 3 — pre-softmax scores q·k/√d"));
        QCOMPARE(view.enlarged()->data().scale, HeatmapData::Scale::Diverging);
    }

    void causalMaskCellsAreGrey()
    {
        AttentionView view;
        view.resize(1200, 800);
        view.setDesign(smallDesign());
        view.setCheckpoint(QString()); // the design, not the demo model
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runAndWait(view, QStringLiteral("hello world")));
        for (bool scores : {false, true}) {
            view.setShowScores(scores);
            HeatmapWidget *big = view.enlarged();
            const QImage image = big->grab().toImage();
            const QColor grey = HeatmapPainter::maskColour();
            const int T = 11;
            int masked = 0;
            for (int q = 0; q < T; ++q) {
                for (int k = 0; k < T; ++k) {
                    const QRectF cell = big->cellRect(q, k);
                    QVERIFY(cell.width() >= 4); // big enough to see
                    const QColor pixel = image.pixelColor(cell.center().toPoint() * image.devicePixelRatio());
                    if (k > q) {
                        QCOMPARE(pixel.rgb(), grey.rgb());
                        ++masked;
                    } else {
                        QVERIFY2(pixel.rgb() != grey.rgb(), qPrintable(QStringLiteral("q %1 k %2").arg(q).arg(k)));
                    }
                }
            }
            QCOMPARE(masked, T * (T - 1) / 2); // 55 cells above the diagonal
        }
    }

    // gpt-oss: a sliding-window layer draws its band (older keys in the mask colour) and each
    // head's sink as one more column (modeling_gpt_oss.py: the sink logit joins the softmax).
    void slidingBandAndSinkColumn()
    {
        ModelConfig c = smallDesign();
        c.name = QStringLiteral("gpt-oss style");
        c.positions = PositionKind::Rotary;
        c.norm = NormKind::RmsNorm;
        c.ffn = FfnKind::Gated3;
        c.activation = Activation::Silu;
        c.nKvHeads = 2;
        c.attentionSinks = true;
        c.slidingWindow = 4;
        c.layerTypes = {LayerAttention::Sliding, LayerAttention::Full};
        AttentionView view;
        view.resize(1200, 800);
        view.setDesign(c);
        view.setCheckpoint(QString()); // the design, not the demo model
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runAndWait(view, QStringLiteral("the cat sat")));
        const int T = 11;
        for (int layer : {0, 1}) {
            HeatmapWidget *thumb = view.grid()->thumbnail(layer, 1);
            QVERIFY(thumb);
            QTest::mouseClick(thumb, Qt::LeftButton, {}, thumb->rect().center());
            HeatmapWidget *big = view.enlarged();
            const HeatmapData &d = big->data();
            // The sink's share is a column of its own beside the T keys, labelled with its mean.
            QCOMPARE(d.values.cols(), T);
            QCOMPARE(int(d.side.size()), T);
            QCOMPARE(d.columnAxis, QStringLiteral("key"));
            QCOMPARE(d.title, layer == 0 ? QStringLiteral("Layer 1 · Head 2 — attention probabilities · sliding window of 4 tokens")
                                         : QStringLiteral("Layer 2 · Head 2 — attention probabilities"));
            // Each query's keys and sink share sum to 1.
            double mean = 0;
            for (int q = 0; q < T; ++q) {
                QVERIFY(std::abs(d.values.row(q).sum() + d.side[std::size_t(q)] - 1.0f) < 1e-5f);
                mean += d.side[std::size_t(q)] / T;
            }
            QCOMPARE(d.sideLabel, QStringLiteral("sink · mean %1 %").arg(mean * 100.0, 0, 'f', 1));
            const QImage image = big->grab().toImage();
            if (layer == 0)
                image.save(QStringLiteral(TX_BUILD_DIR "/attention-sliding-sink.png"));
            const QRgb grey = HeatmapPainter::maskColour().rgb();
            auto pixel = [&](int q, int k) {
                return image.pixelColor(big->cellRect(q, k).center().toPoint() * image.devicePixelRatio()).rgb();
            };
            int masked = 0;
            for (int q = 0; q < T; ++q) {
                for (int k = 0; k < T; ++k)
                    masked += pixel(q, k) == grey ? 1 : 0;
                // The sink column is never masked, and is drawn in its own colour at the row's share.
                const QRgb sink = image.pixelColor(big->sideRect(q).center().toPoint() * image.devicePixelRatio()).rgb();
                QCOMPARE(sink, HeatmapPainter::sideColour(d, d.side[std::size_t(q)]).rgb());
            }
            QCOMPARE(big->sideRect(0).width(), 28.0); // whatever the number of keys
            // Causal: 55 cells above the diagonal; a window of 4 also hides the 28 cells with q − k >= 4.
            QCOMPARE(masked, layer == 0 ? 55 + 28 : 55);
        }
    }

    // Mixtures of experts: the Experts tab lists each token's experts and gates per sparse layer.
    void routerTableShowsTheExperts()
    {
        ModelConfig c = smallDesign();
        c.ffnBias = false;
        c.moe.numExperts = 4;
        c.moe.topK = 2;
        c.moe.firstDense = 1; // layer 1 dense, layer 2 routes
        AttentionView view;
        view.setDesign(c);
        view.setCheckpoint(QString()); // the design, not the demo model
        QVERIFY(runAndWait(view, QStringLiteral("abc")));
        RouterTable *router = view.router();
        QCOMPARE(router->layers(), std::vector<int>{1});
        QCOMPARE(router->columnCount(), 1);
        QCOMPARE(router->rowCount(), 3 + 1); // three tokens and the load row
        QCOMPARE(router->horizontalHeaderItem(0)->text(), QStringLiteral("Layer 2"));
        QCOMPARE(router->verticalHeaderItem(3)->text(), QStringLiteral("load"));
        const ForwardResult &r = view.snapshot()->result;
        const int e0 = r.routedExperts[1][0], e1 = r.routedExperts[1][1];
        QCOMPARE(router->item(0, 0)->text(), QStringLiteral("E%1 %2 · E%3 %4")
                                                 .arg(e0)
                                                 .arg(double(r.routedGates[1](0, 0)), 0, 'f', 2)
                                                 .arg(e1)
                                                 .arg(double(r.routedGates[1](0, 1)), 0, 'f', 2));
        QVERIFY(std::abs(r.routedGates[1].row(0).sum() - 1.0f) < 1e-6f);
        // The load row counts 3 tokens × 2 slots = 6 routings.
        int total = 0;
        for (const QString &part : router->item(3, 0)->text().split(QStringLiteral(", ")))
            total += part.section(QLatin1Char(' '), 1).toInt();
        QCOMPARE(total, 6);
        QVERIFY(view.tabs()->isTabEnabled(view.tabs()->indexOf(router)));
    }

    // DeepSeek's MLA caches one latent per token and layer (MlaAttentionBlock): the message says
    // how big, beside the cache for the text and what expanded keys and values would take.
    void mlaLatentBesideTheKvCache()
    {
        ModelConfig c = smallDesign();
        c.attention = AttentionKind::Mla;
        c.positions = PositionKind::Rotary;
        c.norm = NormKind::RmsNorm;
        c.mla = MlaConfig{0, 16, 8, 8, 16}; // no query latent; kv_lora 16, nope 8, rope 8, v 16
        AttentionView view;
        view.setDesign(c);
        view.setCheckpoint(QString());
        QVERIFY(runAndWait(view, QStringLiteral("abc")));
        // 2 layers × 3 tokens × (16 + 8) floats × 4 bytes = 576 bytes; expanded: 4 heads × (8 + 8 + 16).
        QVERIFY2(view.message()->text().contains(
                     QStringLiteral("KV cache for these 3 tokens: %1 (float32). MLA caches its latent, kv_lora_rank 16 + "
                                    "qk_rope_head_dim 8 = 24 numbers per token and layer, not the 128 of the heads' keys and values.")
                         .arg(NumberFormat::bytes(576))),
                 qPrintable(view.message()->text()));
        QCOMPARE(view.grid()->layers(), 2);
    }

    void positionalEncodingTable()
    {
        AttentionView view;
        view.setDesign(smallDesign());
        view.setCheckpoint(QString()); // the design, not the demo model
        QVERIFY(runAndWait(view, QStringLiteral("abc")));
        const HeatmapData &pe = view.positions()->data();
        QCOMPARE(pe.values.rows(), 3);  // positions
        QCOMPARE(pe.values.cols(), 64); // d_model
        // Vaswani et al. 2017, §3.5: PE(1, 0) = sin(1), PE(1, 1) = cos(1), PE(0, 1) = cos(0) = 1.
        QVERIFY(std::abs(pe.values(1, 0) - std::sin(1.0)) < 1e-6);
        QVERIFY(std::abs(pe.values(1, 1) - std::cos(1.0)) < 1e-6);
        QCOMPARE(pe.values(0, 1), 1.0f);
    }

    void lineViewHoverAndHeadToggles()
    {
        AttentionView view;
        view.resize(1200, 800);
        view.setDesign(smallDesign());
        view.setCheckpoint(QString()); // the design, not the demo model
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runAndWait(view, QStringLiteral("one two")));
        view.tabs()->setCurrentIndex(1);
        AttentionLinesView *lines = view.lines();
        QCOMPARE(lines->headCount(), 4);
        const QList<QCheckBox *> boxes = view.findChildren<QCheckBox *>();
        QCOMPARE(boxes.size(), 4);
        QCOMPARE(boxes.first()->text(), QStringLiteral("H1"));
        boxes.first()->setChecked(false);
        QVERIFY(!lines->isHeadVisible(0));
        QVERIFY(lines->isHeadVisible(1));
        QSignalSpy hovered(lines, &AttentionLinesView::hoveredTokenChanged);
        QTest::mouseMove(lines, lines->tokenAnchor(2, true).toPoint());
        QCOMPARE(lines->hoveredToken(), 2);
        QCOMPARE(hovered.count(), 1);
    }

    // The README's pictures: gpt-oss-20b and Qwen3-30B-A3B scaled down under the default cap, each
    // keeping what makes it different. gpt-oss's window is 128 tokens, so the text is longer: only
    // then does the sliding layer's band leave the oldest keys out.
    void scaledDownPresetsForTheReadme()
    {
        const QString text = QStringLiteral("The quick brown fox jumps over the lazy dog. ").repeated(4).trimmed(); // 179 bytes
        const int T = int(text.size());
        {
            const Preset *oss = PresetLibrary::builtIn().find(QStringLiteral("gpt-oss-20b"));
            QVERIFY(oss);
            AttentionView view;
            view.resize(1600, 1000);
            view.setDesign(oss->config);
            view.setCheckpoint(QString());
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            QVERIFY(runAndWait(view, text));
            const auto plan = EngineSizer::fit(oss->config, Transformer::kDefaultCapBytes);
            QVERIFY(plan);
            QVERIFY2(view.message()->text().contains(plan->changes.join(QStringLiteral("; "))), qPrintable(view.message()->text()));
            QVERIFY(view.message()->text().contains(QStringLiteral("moe_experts: 32 → 8")));
            HeatmapWidget *thumb = view.grid()->thumbnail(0, 0);
            QVERIFY(thumb);
            QTest::mouseClick(thumb, Qt::LeftButton, {}, thumb->rect().center());
            const HeatmapData &d = view.enlarged()->data();
            QCOMPARE(d.title, QStringLiteral("Layer 1 · Head 1 — attention probabilities · sliding window of 128 tokens"));
            QCOMPARE(d.values.cols(), T);
            QVERIFY(d.sideLabel.startsWith(QStringLiteral("sink · mean ")));
            QCOMPARE(view.enlarged()->sideRect(0).width(), 28.0); // readable at any text length
            const ForwardResult &r = view.snapshot()->result;
            QVERIFY(r.isMasked(0, T - 1, T - 1 - 128)); // 128 tokens back: outside the window
            QVERIFY(!r.isMasked(1, T - 1, 0));          // layer 2 is full attention
            QCOMPARE(r.routedExperts.size(), std::size_t(2));
            QTest::qWait(300); // the wrapped message and the grid lay themselves out
            view.grab().save(QStringLiteral(TX_BUILD_DIR "/attention-gpt-oss-20b-scaled.png"));
        }
        {
            const Preset *qwen = PresetLibrary::builtIn().find(QStringLiteral("qwen3-30b-a3b"));
            QVERIFY(qwen);
            AttentionView view;
            view.resize(1600, 1000);
            view.setDesign(qwen->config);
            view.setCheckpoint(QString());
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            const QString sentence = QStringLiteral("Experts share the work");
            QVERIFY(runAndWait(view, sentence));
            RouterTable *router = view.router();
            view.tabs()->setCurrentWidget(router);
            QCOMPARE(router->layers(), (std::vector<int>{0, 1})); // every layer routes (decoder_sparse_step 1)
            QCOMPARE(router->rowCount(), int(sentence.size()) + 1);
            // Each token goes to its 8 experts (of the 16 kept); the load row counts them all.
            for (int c = 0; c < 2; ++c) {
                QCOMPARE(router->item(0, c)->text().count(QStringLiteral(" · ")), 7);
                int total = 0;
                for (const QString &part : router->item(int(sentence.size()), c)->text().split(QStringLiteral(", ")))
                    total += part.section(QLatin1Char(' '), 1).toInt();
                QCOMPARE(total, int(sentence.size()) * 8);
            }
            QTest::qWait(300);
            view.grab().save(QStringLiteral(TX_BUILD_DIR "/router-qwen3-30b-a3b-scaled.png"));
        }
    }

    void scaledDownUnderCap()
    {
        AttentionView view;
        const ModelConfig gpt2; // the default design: GPT-2 small, 124M parameters
        constexpr std::int64_t cap = 20'000'000; // 20 MB of float32 weights
        view.setDesign(gpt2);
        view.setCheckpoint(QString());
        view.setCapBytes(cap);
        QVERIFY(runAndWait(view, QStringLiteral("hi")));
        const auto plan = EngineSizer::fit(gpt2, cap);
        QVERIFY(plan);
        QVERIFY(!plan->changes.isEmpty());
        QVERIFY(view.snapshot()->weightBytes <= cap);
        QVERIFY2(view.message()->text().contains(QStringLiteral("Scaled down to fit the %1 memory cap: ").arg(NumberFormat::bytes(double(cap)))
                                                 + plan->changes.join(QStringLiteral("; "))),
                 qPrintable(view.message()->text()));
        QCOMPARE(view.grid()->layers(), plan->config.nLayers);
    }

    void cancelBeforeItStarts()
    {
        AttentionView view;
        view.setDesign(smallDesign());
        view.setCheckpoint(QString()); // the design, not the demo model
        QSignalSpy cancelled(&view, &AttentionView::runCancelled);
        QSignalSpy shown(&view, &AttentionView::shown);
        view.setText(QStringLiteral("never shown"));
        view.run();
        view.cancel();
        QVERIFY(cancelled.wait(30000));
        QCOMPARE(shown.count(), 0);
        QVERIFY(!view.isRunning());
        QCOMPARE(view.message()->text(), QStringLiteral("Cancelled."));
    }

    void checkpointFolderRuns()
    {
        // A model saved as a Hugging Face checkpoint opens in the view and shows the same
        // attention the engine computes for it directly.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto model = Transformer::create(smallDesign());
        QVERIFY(model);
        model->initGpt2Style(7);
        QVERIFY(!HfCheckpoint::save(*model, dir.path()));
        const QString text = QStringLiteral("saved");
        const auto direct = model->forward(ByteTokenizer().encode(text), ForwardOptions::everything());
        QVERIFY(direct);

        AttentionView view;
        view.setDesign(ModelConfig{}); // ignored while a checkpoint is chosen
        view.setCheckpoint(dir.path());
        QVERIFY(runAndWait(view, text));
        QVERIFY(view.message()->text().contains(QStringLiteral("Checkpoint %1, bytes tokenizer.").arg(dir.path())));
        QCOMPARE(view.grid()->layers(), 2);
        QCOMPARE(view.grid()->heads(), 4);
        view.selectHead(1, 3);
        const Mat &shown = view.enlarged()->data().values;
        QCOMPARE(shown.rows(), 5);
        QVERIFY((shown - direct->attentionAt(1, 3)).cwiseAbs().maxCoeff() < 1e-6f);
    }

    void checkpointVocabularyTooSmallForBytes()
    {
        // tests/data/engine/gpt2-tiny has vocab_size 50 and no tokenizer files.
        AttentionView view;
        view.setCheckpoint(QStringLiteral(TX_TEST_DATA_DIR "/engine/gpt2-tiny"));
        QSignalSpy failed(&view, &AttentionView::runFailed);
        view.setText(QStringLiteral("hi"));
        view.run();
        QVERIFY(failed.wait(30000));
        QCOMPARE(view.message()->text(),
                 QStringLiteral("vocab_size: the bytes tokenizer needs a vocabulary of at least 256 tokens, the model has 50"));
    }

    void emptyTextIsRefused()
    {
        AttentionView view;
        view.setDesign(smallDesign());
        view.setCheckpoint(QString()); // the design, not the demo model
        QSignalSpy failed(&view, &AttentionView::runFailed);
        view.setText(QString());
        view.run();
        QVERIFY(failed.wait(30000));
        QCOMPARE(view.message()->text(), QStringLiteral("Type a sentence first."));
    }
};

QTEST_MAIN(TestAttentionView)
#include "tst_attentionview.moc"
