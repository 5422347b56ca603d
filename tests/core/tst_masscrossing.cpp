// MassCrossing::find, the search behind top-p sampling, against the definition: sort the
// candidates most likely first (equal weights: lower id first), add their weights in that order,
// and take the first element whose running mass reaches (or exceeds) the target. Every kind of
// weights a softmax gives (a long tail, a near-uniform spread, ties, zeros, all equal), at sizes on
// both sides of the histogram's threshold (256), at random targets and past the total.
#include "core/nn/masscrossing.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using tx::MassCrossing;
using tx::WeightedToken;

namespace {

bool moreLikely(const WeightedToken &a, const WeightedToken &b)
{
    return a.p > b.p || (a.p == b.p && a.id < b.id);
}

bool sameToken(const WeightedToken &a, const WeightedToken &b)
{
    return a.id == b.id && a.p == b.p;
}

// The definition, by sorting: the index (in sorted order) of the crossing element and the mass
// up to and including it.
std::pair<std::size_t, double> bySorting(std::vector<WeightedToken> w, double target, bool reach)
{
    std::sort(w.begin(), w.end(), moreLikely);
    double mass = 0.0;
    for (std::size_t i = 0; i < w.size(); ++i) {
        mass += double(w[i].p);
        if (reach ? mass >= target : mass > target)
            return {i, mass};
    }
    return {w.size() - 1, mass};
}

enum class Kind { Softmax, NearUniform, Ties, WithZeros, AllEqual };

std::vector<WeightedToken> candidates(Kind kind, int n, std::mt19937 &rng)
{
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::uniform_int_distribution<int> level(0, 7);
    std::vector<WeightedToken> w(std::size_t(n), WeightedToken{0.0f, 0});
    for (int i = 0; i < n; ++i) {
        float p = 0.0f;
        switch (kind) {
        case Kind::Softmax: p = std::exp(3.0f * normal(rng)); break;          // logits of spread 3
        case Kind::NearUniform: p = std::exp(0.01f * normal(rng)); break;     // random weights' logits
        case Kind::Ties: p = float(1 << level(rng)); break;                  // eight values, many of each
        case Kind::WithZeros: p = level(rng) < 3 ? 0.0f : std::exp(normal(rng)); break; // exp underflow
        case Kind::AllEqual: p = 0.25f; break;
        }
        w[std::size_t(i)] = {p, i};
    }
    std::shuffle(w.begin(), w.end(), rng);
    return w;
}

} // namespace

class TestMassCrossing : public QObject
{
    Q_OBJECT

private slots:
    void matchesTheDefinition_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("n");
        const char *names[] = {"softmax", "near-uniform", "ties", "with zeros", "all equal"};
        for (int k = 0; k < 5; ++k)
            for (int n : {1, 7, 256, 257, 3000, 32000})
                QTest::addRow("%s, %d", names[k], n) << k << n;
    }

    void matchesTheDefinition()
    {
        QFETCH(int, kind);
        QFETCH(int, n);
        std::mt19937 rng(std::uint32_t(1000 * kind + n));
        const std::vector<WeightedToken> input = candidates(Kind(kind), n, rng);
        double total = 0.0;
        for (const WeightedToken &t : input)
            total += double(t.p);
        std::vector<WeightedToken> sorted = input;
        std::sort(sorted.begin(), sorted.end(), moreLikely);
        std::uniform_real_distribution<double> fraction(0.0, 1.0);
        for (int trial = 0; trial < 40; ++trial) {
            // Random targets, and past the total (nothing crosses: the least likely element).
            const double target = trial < 38 ? fraction(rng) * total : total * (1.0 + trial);
            const bool reach = trial % 2 == 0;
            const auto [at, expectedMass] = bySorting(input, target, reach);
            std::vector<WeightedToken> w = input;
            double mass = -1.0;
            const auto found = MassCrossing::find(w.begin(), w.end(), target, reach, &mass);
            QVERIFY2(sameToken(*found, sorted[at]),
                     qPrintable(QStringLiteral("target %1: token %2, expected %3").arg(target).arg(found->id).arg(sorted[at].id)));
            QVERIFY(std::abs(mass - expectedMass) <= 1e-9 * total);
            // The range is a permutation of the input, the elements ranked up to the answer first.
            std::vector<WeightedToken> head(w.begin(), found + 1), expectedHead(sorted.begin(), sorted.begin() + std::ptrdiff_t(at) + 1);
            std::sort(head.begin(), head.end(), moreLikely);
            QVERIFY(std::equal(head.begin(), head.end(), expectedHead.begin(), expectedHead.end(), sameToken));
            std::sort(w.begin(), w.end(), moreLikely);
            QVERIFY(std::equal(w.begin(), w.end(), sorted.begin(), sorted.end(), sameToken));
        }
    }
};

QTEST_APPLESS_MAIN(TestMassCrossing)
#include "tst_masscrossing.moc"
