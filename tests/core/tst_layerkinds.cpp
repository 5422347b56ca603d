// LayerKinds counts a stack's layers per attention kind without walking them (issue 20 §5: a
// thousand-layer design walked its layers a dozen times per estimate). Its counts and the
// estimates built on them must equal the layer-by-layer walk they replaced, to the last bit, for
// the rule-made patterns (all full, all sliding, Gemma-style every N-th global, Gemma 2's
// alternation) and explicit layer_types lists shorter, equal to and longer than the stack.
#include "core/estimate/computeestimator.h"
#include "core/estimate/layerkinds.h"
#include "core/estimate/memoryestimator.h"
#include "tests/support/hostiledesigns.h"

#include <QtTest>

#include <algorithm>
#include <array>
#include <vector>

using namespace tx;

namespace {

// The walk LayerKinds replaced: ModelConfig::layerAttention(i) for every layer.
std::array<int, LayerKinds::kKinds> walked(const ModelConfig &c, int layers)
{
    std::array<int, LayerKinds::kKinds> n{};
    for (int i = 0; i < layers; ++i)
        ++n[std::size_t(c.layerAttention(i))];
    return n;
}

// ComputeEstimator::attendedTokens as it summed layer by layer before.
double walkedSpan(const ModelConfig &c, double context)
{
    const int layers = ComputeEstimator::attentionLayers(c);
    if (layers <= 0)
        return context;
    double sum = 0;
    const int selfLayers = c.isCausal() ? c.decoderLayers() : c.encoderLayers();
    for (int i = 0; i < selfLayers; ++i)
        sum += c.attendedTokens(c.layerAttention(i), context);
    if (c.layout == Layout::EncoderDecoder) {
        for (int i = 0; i < c.encoderLayers(); ++i)
            sum += c.attendedTokens(c.layerAttention(i), context);
        sum += double(c.decoderLayers()) * context;
    }
    return sum / layers;
}

double walkedCachedTokens(const ModelConfig &c, double context)
{
    const int layers = c.isCausal() ? c.decoderLayers() : c.encoderLayers();
    double widest = 0;
    for (int i = 0; i < layers; ++i)
        widest = std::max(widest, c.attendedTokens(c.layerAttention(i), context));
    return layers > 0 ? widest : context;
}

QString compareCounts(const ModelConfig &c, int layers)
{
    const LayerKinds k = LayerKinds::of(c, layers);
    const auto expected = walked(c, layers);
    int seen = 0;
    for (int kind = 0; kind < LayerKinds::kKinds; ++kind) {
        if (k.layers(LayerAttention(kind)) != expected[std::size_t(kind)])
            return QStringLiteral("%1 layers of kind %2, walked %3").arg(k.layers(LayerAttention(kind))).arg(kind).arg(expected[std::size_t(kind)]);
        seen += expected[std::size_t(kind)] > 0 ? 1 : 0;
    }
    if (k.size() != seen)
        return QStringLiteral("%1 kinds, walked %2").arg(k.size()).arg(seen);
    // Kinds in the order their first layer comes.
    std::vector<LayerAttention> order;
    for (int i = 0; i < layers; ++i)
        if (std::find(order.begin(), order.end(), c.layerAttention(i)) == order.end())
            order.push_back(c.layerAttention(i));
    for (int j = 0; j < k.size(); ++j)
        if (k.at(j) != order[std::size_t(j)])
            return QStringLiteral("kind %1 is %2, the walk's first layers say %3").arg(j).arg(int(k.at(j))).arg(int(order[std::size_t(j)]));
    return {};
}

} // namespace

class TestLayerKinds : public QObject
{
    Q_OBJECT
private slots:
    void patterns_data()
    {
        QTest::addColumn<int>("window");
        QTest::addColumn<int>("every");
        QTest::addColumn<int>("listed"); // entries of layer_types, -1 for none
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("full");
        QTest::addColumn<int>("sliding");
        QTest::newRow("all full") << 0 << 0 << -1 << 24 << 24 << 0;
        QTest::newRow("all sliding (Mistral 7B v0.1)") << 4096 << 0 << -1 << 32 << 0 << 32;
        // Gemma 3: five local layers to one global (sliding_window_pattern 6), 62 layers in 27B.
        QTest::newRow("every 6th global, 62 layers") << 1024 << 6 << -1 << 62 << 10 << 52;
        QTest::newRow("Gemma 2 alternation") << 4096 << 2 << -1 << 42 << 21 << 21;
        QTest::newRow("every layer global") << 4096 << 1 << -1 << 7 << 7 << 0;
        QTest::newRow("fewer layers than every") << 512 << 8 << -1 << 5 << 0 << 5;
        QTest::newRow("no layers") << 512 << 8 << -1 << 0 << 0 << 0;
        QTest::newRow("list of 3 over 8 layers: 5 past it full") << 512 << 0 << 3 << 8 << 5 + 2 << 1;
    }
    void patterns()
    {
        QFETCH(int, window);
        QFETCH(int, every);
        QFETCH(int, listed);
        QFETCH(int, layers);
        QFETCH(int, full);
        QFETCH(int, sliding);
        ModelConfig c;
        c.slidingWindow = window;
        c.globalEvery = every;
        for (int i = 0; i < listed; ++i) // full, sliding, full
            c.layerTypes.push_back(i % 2 == 0 ? LayerAttention::Full : LayerAttention::Sliding);
        const LayerKinds k = LayerKinds::of(c, layers);
        QCOMPARE(k.layers(LayerAttention::Full), full);
        QCOMPARE(k.layers(LayerAttention::Sliding), sliding);
        QCOMPARE(compareCounts(c, layers), QString());
    }

    // Every hostile design (tests/support/hostiledesigns.h): windows, chunks, every-N-th rules and
    // lists of every kind, 0 to 1,024 layers and past; the counts, the mean attended span and the
    // widest cached span equal the walk exactly, at whole and half-token contexts.
    void equalsTheWalkOnHostileDesigns()
    {
        HostileDesigns designs(20261201);
        int compared = 0;
        for (int i = 0; i < 20'000; ++i) {
            ModelConfig c = designs.design();
            c.nLayers = std::clamp(c.nLayers, 0, 1024);
            c.nDecoderLayers = std::clamp(c.nDecoderLayers, 0, 1024);
            for (int layers : {c.nLayers, c.nDecoderLayers, 1, 0}) {
                const QString problem = compareCounts(c, layers);
                QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("design #%1: %2").arg(i).arg(problem)));
            }
            for (double context : {1.0, 2048.0, 4096.5, 16777216.0}) {
                QCOMPARE(ComputeEstimator::attendedTokens(c, context), walkedSpan(c, context));
                QCOMPARE(MemoryEstimator::cachedTokens(c, context), walkedCachedTokens(c, context));
            }
            ++compared;
        }
        QCOMPARE(compared, 20'000);
    }
};

QTEST_APPLESS_MAIN(TestLayerKinds)
#include "tst_layerkinds.moc"
