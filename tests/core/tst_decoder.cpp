// The KV-cache decoder: decoding token by token gives the logits of a full forward pass over
// the same prefix at every step, for every kind of position and attention the engine runs,
// and the cache holds only what each design needs; the sampling options pick as specified.
#include "core/nn/decoder.h"
#include "core/nn/sampler.h"
#include "core/nn/transformer.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <set>

using namespace tx;

namespace {

ModelConfig tiny()
{
    ModelConfig c;
    c.vocabSize = 37;
    c.dModel = 24;
    c.nLayers = 2;
    c.nHeads = c.nKvHeads = 4;
    c.dFf = 48;
    c.maxPositions = 40;
    return c;
}

std::vector<int> sequence(int n, int vocab)
{
    Rng rng(3);
    std::vector<int> t;
    for (int i = 0; i < n; ++i)
        t.push_back(rng.uniformInt(vocab));
    return t;
}

} // namespace

class TestDecoder : public QObject
{
    Q_OBJECT

private slots:
    void cachedDecodeMatchesFullForward_data()
    {
        QTest::addColumn<int>("positions");
        QTest::addColumn<int>("kvHeads");
        QTest::addColumn<int>("window");
        QTest::addColumn<bool>("llama");
        QTest::addColumn<bool>("parallel");
        QTest::newRow("gpt2: learned positions, mha") << int(PositionKind::Learned) << 4 << 0 << false << false;
        QTest::newRow("llama: rope, gqa") << int(PositionKind::Rotary) << 2 << 0 << true << false;
        QTest::newRow("mistral-like: rope, gqa, sliding window 5") << int(PositionKind::Rotary) << 2 << 5 << true << false;
        QTest::newRow("sinusoidal, mqa, parallel block") << int(PositionKind::Sinusoidal) << 1 << 0 << false << true;
    }
    void cachedDecodeMatchesFullForward()
    {
        QFETCH(int, positions);
        QFETCH(int, kvHeads);
        QFETCH(int, window);
        QFETCH(bool, llama);
        QFETCH(bool, parallel);
        ModelConfig c = tiny();
        c.positions = PositionKind(positions);
        c.nKvHeads = kvHeads;
        c.slidingWindow = window;
        c.parallelBlock = parallel;
        if (llama) {
            c.norm = NormKind::RmsNorm;
            c.ffn = FfnKind::Gated3;
            c.activation = Activation::Silu;
            c.qkvBias = c.attnOutBias = c.ffnBias = false;
            c.tiedEmbeddings = false;
        }
        auto model = Transformer::create(c);
        QVERIFY2(model, qPrintable(model ? QString() : model.error().toString()));
        model->initGpt2Style(5);
        // Larger weights than GPT-2's 0.02 so attention is far from uniform.
        Rng rng(8);
        for (const TransformerWeights::Slot &s : model->tensors()) {
            Mat &m = s.in(model->weights());
            for (Eigen::Index i = 0; i < m.size(); ++i)
                m.data()[i] += float(rng.normal() * 0.2);
        }
        const std::vector<int> tokens = sequence(30, c.vocabSize);
        KvCache kv = model->makeKvCache();
        // A 6-token prompt at once, then one token per call.
        auto first = model->decode(std::vector<int>(tokens.begin(), tokens.begin() + 6), kv);
        QVERIFY(first);
        auto full = model->forward(std::vector<int>(tokens.begin(), tokens.begin() + 6));
        QVERIFY((first.value() - full->logits).cwiseAbs().maxCoeff() < 1e-5f);
        for (int t = 6; t < int(tokens.size()); ++t) {
            auto step = model->decode({tokens[std::size_t(t)]}, kv);
            QVERIFY(step);
            QCOMPARE(step->rows(), Eigen::Index(1));
            auto ref = model->forward(std::vector<int>(tokens.begin(), tokens.begin() + t + 1));
            const float diff = (step->row(0) - ref->logits.row(t)).cwiseAbs().maxCoeff();
            QVERIFY2(diff < 1e-5f, qPrintable(QStringLiteral("step %1: %2").arg(t).arg(diff)));
        }
        QCOMPARE(kv.length, 30);
        // GQA caches its kvHeads heads only; a sliding window keeps at most 2 × window rows.
        QCOMPARE(kv.layers[0].k.cols(), Eigen::Index(kvHeads * model->headDim()));
        if (window > 0) {
            QVERIFY(kv.layers[1].k.rows() <= 2 * window);
            QVERIFY(kv.layers[1].count <= 2 * window);
        } else {
            QCOMPARE(kv.layers[1].count, 30);
        }
    }

    void decodeRefusesPastTheContext()
    {
        auto model = Transformer::create(tiny());
        QVERIFY(model);
        KvCache kv = model->makeKvCache();
        QVERIFY(model->decode(sequence(40, 37), kv));
        const auto more = model->decode({1}, kv);
        QVERIFY(!more);
        QCOMPARE(more.error().field, QStringLiteral("tokens"));
        QVERIFY(!model->decode({37}, kv = model->makeKvCache())); // outside the vocabulary
    }

    void greedyIsTheArgmax()
    {
        const float logits[5] = {0.1f, 2.0f, -1.0f, 1.9f, 0.0f};
        SamplingOptions o;
        o.temperature = 0.0;
        Sampler greedy(o);
        QCOMPARE(greedy.next(logits, 5), 1);
        o.temperature = 1.5;
        o.topK = 1; // top-1 is greedy at any temperature
        Sampler top1(o);
        for (int i = 0; i < 10; ++i)
            QCOMPARE(top1.next(logits, 5), 1);
    }

    void temperatureTopKAndTopP()
    {
        // Probabilities 0.5, 0.3, 0.15, 0.05 as logits (natural logs).
        const float logits[4] = {std::log(0.5f), std::log(0.3f), std::log(0.15f), std::log(0.05f)};
        SamplingOptions o;
        auto c = Sampler(o).candidates(logits, 4);
        QCOMPARE(int(c.size()), 4);
        QCOMPARE(c[0].first, 0);
        QVERIFY(std::abs(c[2].second - 0.15) < 1e-6);
        // Temperature 2: p ∝ sqrt(p), so token 0 gets sqrt(.5) / Σ sqrt(p).
        o.temperature = 2.0;
        c = Sampler(o).candidates(logits, 4);
        const double z = std::sqrt(0.5) + std::sqrt(0.3) + std::sqrt(0.15) + std::sqrt(0.05);
        QVERIFY(std::abs(c[0].second - std::sqrt(0.5) / z) < 1e-6);
        // Top-k 2: the two most likely, renormalised to 0.625 and 0.375.
        o.temperature = 1.0;
        o.topK = 2;
        c = Sampler(o).candidates(logits, 4);
        QCOMPARE(int(c.size()), 2);
        QCOMPARE(c[1].first, 1);
        QVERIFY(std::abs(c[0].second - 0.625) < 1e-6);
        // Top-p 0.75: 0.5 alone is short of it, 0.5 + 0.3 reaches it.
        o.topK = 0;
        o.topP = 0.75;
        c = Sampler(o).candidates(logits, 4);
        QCOMPARE(int(c.size()), 2);
        QVERIFY(std::abs(c[1].second - 0.375) < 1e-6);
        // Top-p 0.9: three tokens (0.95 ≥ 0.9).
        o.topP = 0.9;
        QCOMPARE(int(Sampler(o).candidates(logits, 4).size()), 3);

        // Drawn 20000 times with top-p 0.9, the tokens follow 0.5/0.95, 0.3/0.95, 0.15/0.95 and
        // token 3 never comes.
        Sampler s(o);
        std::map<int, int> counts;
        for (int i = 0; i < 20000; ++i)
            ++counts[s.next(logits, 4)];
        QCOMPARE(counts.count(3), std::size_t(0));
        QVERIFY(std::abs(counts[0] / 20000.0 - 0.5 / 0.95) < 0.015);
        QVERIFY(std::abs(counts[2] / 20000.0 - 0.15 / 0.95) < 0.015);
        // Plain softmax sampling (no k, no p) follows the distribution too.
        SamplingOptions plain;
        Sampler all(plain);
        counts.clear();
        for (int i = 0; i < 20000; ++i)
            ++counts[all.next(logits, 4)];
        QVERIFY(std::abs(counts[3] / 20000.0 - 0.05) < 0.01);
        QVERIFY(std::abs(counts[1] / 20000.0 - 0.3) < 0.015);
    }

    // A vocabulary past 256 candidates goes through next()'s histogram search. What it draws is
    // exactly the nucleus candidates() gives: tokens in shuffled id order, probabilities in pairs
    // of equal ones (so the nucleus's edge falls between two tokens of equal probability, where
    // the lower id goes first), a long tail that never comes.
    void nucleusOfALargeVocabulary()
    {
        const int V = 2000;
        std::vector<int> rank(V); // rank[id]: the token's place in likelihood, two per value
        std::iota(rank.begin(), rank.end(), 0);
        std::mt19937 shuffle(5);
        std::shuffle(rank.begin(), rank.end(), shuffle);
        std::vector<float> logits(V);
        for (int id = 0; id < V; ++id)
            logits[std::size_t(id)] = -0.01f * float(rank[std::size_t(id)] / 2);
        SamplingOptions o;
        o.topP = 0.9;
        const auto nucleus = Sampler(o).candidates(logits.data(), V);
        // p ∝ e^(−0.01·pair): 230 pairs hold 1 − e^(−2.3) = 0.8997 of the mass, and the first token
        // of the 231st brings it to 0.9003, so the nucleus ends between two equal tokens. 920
        // tokens pass the (1 − p)/(V − 1) cut and 461 are in the nucleus: both searches of a draw
        // are the histogram's (more than 256).
        QCOMPARE(int(nucleus.size()), 461);
        std::set<int> inside;
        for (const auto &c : nucleus)
            inside.insert(c.first);
        const int edge = nucleus.back().first, twin = int(std::find(rank.begin(), rank.end(), rank[std::size_t(edge)] ^ 1) - rank.begin());
        QVERIFY(edge < twin); // of two equal tokens, the lower id is inside
        QVERIFY(!inside.count(twin));
        Sampler s(o);
        std::set<int> drawn;
        int top = 0; // draws of the 100 most likely pairs: (1 − e^(−1)) / 0.9003 = 0.702 of them
        for (int i = 0; i < 60000; ++i) { // the least likely of the nucleus ~30 times
            const int t = s.next(logits.data(), V);
            drawn.insert(t);
            top += rank[std::size_t(t)] < 200;
        }
        QCOMPARE(drawn, inside);
        QVERIFY2(std::abs(top / 60000.0 - 0.702) < 0.008, qPrintable(QString::number(top))); // 4 σ

        // All equal: the nucleus of p = 0.5 is the lower half of the ids.
        std::fill(logits.begin(), logits.end(), 0.25f);
        o.topP = 0.5;
        Sampler flat(o);
        drawn.clear();
        for (int i = 0; i < 20000; ++i) // each ~20 times
            drawn.insert(flat.next(logits.data(), V));
        QCOMPARE(int(drawn.size()), 1000);
        QCOMPARE(*drawn.rbegin(), 999);
    }

    // Plain softmax sampling (no k, no p) on a vocabulary of four blocks of the sampler's block
    // sums (256; the last one short): the tokens come in proportion to their weights, at any
    // temperature, and a token whose probability underflows to zero never comes, wherever the
    // mass sits.
    void plainSamplingOfALargeVocabulary()
    {
        const int V = 1000;
        auto weight = [](int id) { return id % 7 == 3 ? 1 + id % 5 : 0; }; // 143 tokens, weights 1–5
        std::vector<float> logits(V);
        for (int id = 0; id < V; ++id)
            logits[std::size_t(id)] = weight(id) > 0 ? std::log(float(weight(id))) : -200.0f; // e^-200 is 0 in float
        for (double temperature : {1.0, 2.0}) {
            // The share of the weight-5 tokens: Σ w^(1/T) over them ÷ over all.
            double five = 0.0, all = 0.0;
            for (int id = 0; id < V; ++id) {
                const double p = weight(id) > 0 ? std::pow(double(weight(id)), 1.0 / temperature) : 0.0;
                all += p;
                five += weight(id) == 5 ? p : 0.0;
            }
            SamplingOptions o;
            o.temperature = temperature;
            o.seed = 3;
            Sampler s(o);
            int fives = 0;
            std::set<int> drawn;
            const int n = 60000;
            for (int i = 0; i < n; ++i) {
                const int t = s.next(logits.data(), V);
                QVERIFY2(weight(t) > 0, qPrintable(QString::number(t)));
                drawn.insert(t);
                fives += weight(t) == 5;
            }
            QCOMPARE(int(drawn.size()), 143); // each at least ~200 times
            const double share = five / all, sigma = std::sqrt(share * (1.0 - share) / n);
            QVERIFY2(std::abs(fives / double(n) - share) < 4.0 * sigma, qPrintable(QString::number(fives)));
        }
        // All the mass on the last token (in the short last block), or on the first.
        for (int only : {V - 1, 0, 256, 255}) {
            std::fill(logits.begin(), logits.end(), -200.0f);
            logits[std::size_t(only)] = 0.0f;
            Sampler s{SamplingOptions{}};
            for (int i = 0; i < 2000; ++i)
                QCOMPARE(s.next(logits.data(), V), only);
        }
    }

    void seededGeneration()
    {
        auto model = Transformer::create(tiny());
        QVERIFY(model);
        model->initGpt2Style(2);
        Decoder decoder(*model);
        SamplingOptions o;
        o.temperature = 1.0;
        o.topP = 0.95;
        o.seed = 11;
        // Past the 40-token context: the cache restarts from the last half.
        const auto a = decoder.generate({1, 2}, 60, o), b = decoder.generate({1, 2}, 60, o);
        QVERIFY(a && b);
        QCOMPARE(int(a->size()), 60);
        QCOMPARE(*a, *b);
        o.seed = 12;
        QVERIFY(*decoder.generate({1, 2}, 60, o) != *a);
        // Greedy decoding is the argmax of a full forward at every step.
        SamplingOptions g;
        g.temperature = 0.0;
        const auto greedy = decoder.generate({3}, 8, g);
        std::vector<int> seq{3};
        for (int t : *greedy) {
            auto r = model->forward(seq);
            Eigen::Index best = 0;
            r->logits.row(r->logits.rows() - 1).maxCoeff(&best);
            QCOMPARE(t, int(best));
            seq.push_back(t);
        }
    }
};

QTEST_APPLESS_MAIN(TestDecoder)
#include "tst_decoder.moc"
