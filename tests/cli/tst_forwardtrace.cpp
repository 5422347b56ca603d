// The step-through of one forward pass on the shipped demo model: the stages a class walks
// through, the shapes it reads at each, and a next-token list equal to `transformer-explorer run`'s.
#include "core/formats/demomodel.h"
#include "core/formats/runnablemodel.h"
#include "core/teach/forwardtrace.h"

#include "tests/support/clirun.h"

#include <QRegularExpression>
#include <QtTest>

using namespace tx;

class TestForwardTrace : public QObject
{
    Q_OBJECT

private slots:
    void stagesAndShapesOfTheDemo()
    {
        auto demo = RunnableModel::fromCheckpoint(DemoModel::path(), Transformer::kDefaultCapBytes);
        QVERIFY(demo.hasValue());
        const std::vector<int> ids = demo->tokenizer->encode(QStringLiteral("床前明月光，疑是地上霜。"));
        QCOMPARE(ids.size(), std::size_t(12)); // one token per character
        const auto trace = ForwardTrace::run(demo->model, ids, demo->tokenizer.get(), 1);
        QVERIFY2(trace.hasValue(), qPrintable(trace ? QString() : trace.error().toString()));
        // tokens, embeddings, 3 layers × (norm, Q, attention, its output, residual, norm, FFN, output), final norm, logits, next
        QCOMPARE(trace->steps.size(), std::size_t(29));
        QStringList titles, shapes;
        for (const ForwardStep &s : trace->steps) {
            titles << s.title;
            shapes << s.shape();
        }
        QCOMPARE(titles.mid(0, 10), QStringList({QStringLiteral("Text → 12 token ids"), QStringLiteral("Embeddings"),
                                                QStringLiteral("Layer 1 · RMSNorm before attention"),
                                                QStringLiteral("Layer 1 · Q of head 2"),
                                                QStringLiteral("Layer 1 · attention weights of head 2"),
                                                QStringLiteral("Layer 1 · attention output"),
                                                QStringLiteral("Layer 1 · residual after attention"),
                                                QStringLiteral("Layer 1 · RMSNorm before the FFN"),
                                                QStringLiteral("Layer 1 · FFN hidden units"), QStringLiteral("Layer 1 · output")}));
        // 3 layers, d_model 128, 8 heads of head_dim 16, d_ff 352, vocabulary 3,688 (resources/models/tang-poems-demo/config.json)
        QStringList expected{QStringLiteral("(1, 12)"), QStringLiteral("(12, 128)")};
        for (int layer = 0; layer < 3; ++layer)
            expected << QStringLiteral("(12, 128)") << QStringLiteral("(12, 16)") << QStringLiteral("(12, 12)")
                     << QStringLiteral("(12, 128)") << QStringLiteral("(12, 128)") << QStringLiteral("(12, 128)")
                     << QStringLiteral("(12, 352)") << QStringLiteral("(12, 128)");
        expected << QStringLiteral("(12, 128)") << QStringLiteral("(12, 3688)") << QStringLiteral("(1, 3688)");
        QCOMPARE(shapes, expected);
        QCOMPARE(trace->steps.front().columnLabels.first(), QStringLiteral("床"));
        // The values are the engine's: with RoPE the embedding stage is the token table's rows (E[ids]),
        // and the numbers line quotes the first of them.
        const Mat &table = demo->model.weights().tokenEmbedding; // (vocab, d)
        for (int c = 0; c < ForwardStep::kPreviewCols; ++c)
            QCOMPARE(trace->steps[1].preview(0, c), table(ids[0], c));
        QVERIFY2(trace->steps[1].numbers.startsWith(QStringLiteral("床: [%1, ").arg(double(table(ids[0], 0)), 0, 'f', 4)),
                 qPrintable(trace->steps[1].numbers));
        // The attention rows are probabilities: causal, each row sums to 1.
        const Mat &att = trace->steps[4].preview;
        QCOMPARE(att(0, 1), 0.0f);
        QVERIFY(std::abs(att.row(11).sum() - 1.0f) < 1e-5f);
        QCOMPARE(trace->steps[1].preview.cols(), Eigen::Index(ForwardStep::kPreviewCols));
        // The "why ÷√d_k" view recomputes the scores from the cached Q and K; ForwardTrace offers it
        // only when, scaled, they give back the engine's own weights to 1e-4. Without the scaling
        // each query leans harder on its favourite key.
        const ForwardStep &a = trace->steps[4];
        QVERIFY(a.unscaled.size() > 0);
        QVERIFY(a.unscaledMeanMax > a.meanMax);
        QVERIFY(a.meanMax > 0.0 && a.unscaledMeanMax <= 1.0);
    }

    // An encoder-decoder's steps are its decoder's: row t reads the text shifted right behind the
    // start token (T5's _shift_right), so the rows are labelled start, then the text's first T − 1.
    void encoderDecoderRowsAreShifted()
    {
        ModelConfig c;
        c.layout = Layout::EncoderDecoder;
        c.nLayers = 1;
        c.nDecoderLayers = 1;
        c.dModel = 8;
        c.nHeads = 2;
        c.nKvHeads = 2;
        c.dFf = 16;
        c.vocabSize = 12;
        c.maxPositions = 16;
        c.positions = PositionKind::RelativeBuckets;
        c.relativeBuckets = 8;
        c.relativeMaxDistance = 16;
        c.norm = NormKind::RmsNorm;
        c.activation = Activation::Relu;
        c.qkvBias = c.attnOutBias = c.ffnBias = false;
        auto model = Transformer::create(c);
        QVERIFY2(model.hasValue(), qPrintable(model ? QString() : model.error().toString()));
        model->initGpt2Style(4);
        const auto trace = ForwardTrace::run(*model, {5, 6, 7}, nullptr, 0);
        QVERIFY2(trace.hasValue(), qPrintable(trace ? QString() : trace.error().toString()));
        QCOMPARE(trace->steps.front().columnLabels, (QStringList{QStringLiteral("5"), QStringLiteral("6"), QStringLiteral("7")}));
        QCOMPARE(trace->steps[1].title, QStringLiteral("Embeddings"));
        QCOMPARE(trace->steps[1].rowLabels, (QStringList{QStringLiteral("start (id 0)"), QStringLiteral("5"), QStringLiteral("6")}));
        QCOMPARE(trace->steps.back().rowLabels, QStringList{QStringLiteral("6")}); // the last row, which predicts 7
    }

    void topFiveEqualsRun()
    {
        const QString text = QStringLiteral("床前明月光，疑是地上霜。举头望明月，");
        const CliRun cli = CliRun::run({QStringLiteral("run"), QStringLiteral("--model"),
                                        QStringLiteral(TX_SOURCE_DIR "/resources/models/tang-poems-demo"),
                                        QStringLiteral("--text"), text});
        QCOMPARE(cli.exitCode, 0);
        // "   1      256    99.99%  "↵"" → the ids in order
        QList<int> runIds;
        const QRegularExpression line(QStringLiteral("^\\s+\\d+\\s+(\\d+)\\s+[\\d.]+%"));
        for (const QByteArray &l : cli.out.split('\n'))
            if (const auto m = line.match(QString::fromUtf8(l)); m.hasMatch())
                runIds << m.captured(1).toInt();
        QCOMPARE(runIds.size(), 5);

        auto demo = RunnableModel::fromCheckpoint(DemoModel::path(), Transformer::kDefaultCapBytes);
        const auto trace = ForwardTrace::run(demo->model, demo->tokenizer->encode(text), demo->tokenizer.get());
        QList<int> ids;
        for (const NextToken &t : trace->top)
            ids << t.id;
        QCOMPARE(ids, runIds);
        // Greedy keeps one token; top-2 renormalises over two.
        const auto greedy = ForwardTrace::nextTokens(trace->lastLogits, demo->tokenizer.get(), 0.0, 0);
        QCOMPARE(greedy.size(), std::size_t(1));
        QCOMPARE(greedy.front().id, runIds.front());
        const auto two = ForwardTrace::nextTokens(trace->lastLogits, demo->tokenizer.get(), 1.0, 2);
        QCOMPARE(two.size(), std::size_t(2));
        QVERIFY(std::abs(two[0].probability + two[1].probability - 1.0) < 1e-9);
    }
};

QTEST_GUILESS_MAIN(TestForwardTrace)
#include "tst_forwardtrace.moc"
