#include "core/nn/headscore.h"

#include <QTest>

#include <cmath>

using namespace tx;

// Hand-built attention patterns whose summaries follow from the definitions in headsummary.h:
// a uniform causal head (row i spreads 1/(i+1) over keys 0..i) and a pure previous-token head.
class TestHeadSummary : public QObject
{
    Q_OBJECT
private slots:
    void uniformAndPreviousTokenHeads()
    {
        constexpr int T = 4;
        ForwardResult r;
        r.nLayers = 1;
        r.nHeads = 2;
        Mat uniform = Mat::Zero(T, T);
        Mat previous = Mat::Zero(T, T);
        for (int i = 0; i < T; ++i) {
            for (int j = 0; j <= i; ++j)
                uniform(i, j) = 1.0f / float(i + 1);
            previous(i, std::max(i - 1, 0)) = 1.0f;
        }
        r.attention = {uniform, previous};

        const std::vector<HeadScore> s = HeadScore::measure(r);
        QCOMPARE(s.size(), std::size_t(2));
        QCOMPARE(s[0].layer, 0);
        QCOMPARE(s[1].head, 1);
        // Uniform head: entropies log2(1), log2(2), log2(3), log2(4) → mean (0 + 1 + 1.5849625 + 2) / 4.
        QVERIFY(std::abs(s[0].entropyBits - 1.1462406) < 1e-6);
        // Queries 1..3 give 1/2, 1/3, 1/4 to both the previous and the first key: mean 13/36.
        QVERIFY(std::abs(s[0].previousToken - 13.0 / 36.0) < 1e-6);
        QVERIFY(std::abs(s[0].firstToken - 13.0 / 36.0) < 1e-6);
        // Previous-token head: one key per query, so 0 bits; query 1's previous key is also the first.
        QCOMPARE(s[1].entropyBits, 0.0);
        QCOMPARE(s[1].previousToken, 1.0);
        QVERIFY(std::abs(s[1].firstToken - 1.0 / 3.0) < 1e-12);
    }

    void nothingWithoutCapturedAttention()
    {
        ForwardResult r;
        r.nLayers = 2;
        r.nHeads = 2;
        QVERIFY(HeadScore::measure(r).empty());
    }
};

QTEST_APPLESS_MAIN(TestHeadSummary)
#include "tst_headsummary.moc"
