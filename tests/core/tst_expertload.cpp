// The expert load the training view charts: each expert's share of the routed token-slots, the
// router's mean probability and the Switch balance loss E · Σ fᵢ · Pᵢ, on routings built by hand
// (every figure exact in binary), then as the trainer reports them for the MoE preset.
#include "core/train/corpus.h"
#include "core/train/expertload.h"
#include "core/train/trainer.h"
#include "core/train/trainingpreset.h"

#include <QTest>

#include <numeric>

using namespace tx;

namespace {

// A sparse layer's activations with only what ExpertLoad reads: the router's scores (N, E) and
// each row's chosen experts, best first (N · K).
ActivationCache::Layer routed(const std::vector<std::vector<float>> &scores, const std::vector<int> &chosen)
{
    ActivationCache::Layer a;
    a.routerScores.resize(Eigen::Index(scores.size()), Eigen::Index(scores.front().size()));
    for (std::size_t t = 0; t < scores.size(); ++t)
        for (std::size_t e = 0; e < scores[t].size(); ++e)
            a.routerScores(Eigen::Index(t), Eigen::Index(e)) = scores[t][e];
    a.chosen = chosen;
    return a;
}

} // namespace

class TestExpertLoad : public QObject
{
    Q_OBJECT

private slots:
    // 4 rows, 4 experts, top 2 of a softmax router.
    void softmaxRouting()
    {
        const ExpertLoad load = ExpertLoad::measure(3,
                                                    routed({{0.5f, 0.25f, 0.125f, 0.125f},
                                                            {0.125f, 0.5f, 0.25f, 0.125f},
                                                            {0.25f, 0.25f, 0.25f, 0.25f},
                                                            {0.625f, 0.125f, 0.125f, 0.125f}},
                                                           {0, 1, 1, 2, 0, 1, 0, 1}),
                                                    RouterScore::Softmax);
        QCOMPARE(load.layer, 3);
        QCOMPARE(load.topK, 2);
        QCOMPARE(load.rows, 4);
        QCOMPARE(load.totalSlots(), 8);
        QCOMPARE(load.routed, (std::vector<std::int64_t>{3, 4, 1, 0}));
        // f = routed / 8
        QCOMPARE(load.share(0), 0.375);
        QCOMPARE(load.share(1), 0.5);
        QCOMPARE(load.share(2), 0.125);
        QCOMPARE(load.share(3), 0.0);
        // P = column means of the scores
        QCOMPARE(load.meanProb(0), 0.375);
        QCOMPARE(load.meanProb(1), 0.28125);
        QCOMPARE(load.meanProb(2), 0.1875);
        QCOMPARE(load.meanProb(3), 0.15625);
        QCOMPARE(load.evenShare(), 0.25);
        // 4 · (0.375 · 0.375 + 0.5 · 0.28125 + 0.125 · 0.1875 + 0) = 4 · 0.3046875
        QCOMPARE(load.balanceLoss(), 1.21875);
        QCOMPARE(load.maxOverMean(), 2.0); // expert 2 took half the slots: twice the even quarter
    }

    // A sigmoid router (DeepSeek-V3): each row's scores are normalised to sum 1 before the mean.
    void sigmoidScoresNormalisedPerRow()
    {
        const ActivationCache::Layer a = routed({{0.25f, 0.25f}, {0.375f, 0.125f}}, {0, 0});
        const ExpertLoad load = ExpertLoad::measure(0, a, RouterScore::Sigmoid);
        QCOMPARE(load.meanProb(0), 0.625); // (0.5 + 0.75) / 2
        QCOMPARE(load.meanProb(1), 0.375); // (0.5 + 0.25) / 2
        QCOMPARE(load.share(0), 1.0);
        QCOMPARE(load.balanceLoss(), 1.25); // 2 · (1 · 0.625 + 0 · 0.375)
        QCOMPARE(load.maxOverMean(), 2.0);  // one expert of two took everything
        // Read as softmax probabilities the same scores would give half of that.
        QCOMPARE(ExpertLoad::measure(0, a, RouterScore::Softmax).balanceLoss(), 0.625);
    }

    // Even routing is the balance loss's minimum, 1, whatever E.
    void evenRoutingIsOne()
    {
        const ExpertLoad load = ExpertLoad::measure(
            0, routed(std::vector<std::vector<float>>(4, {0.25f, 0.25f, 0.25f, 0.25f}), {0, 1, 2, 3}), RouterScore::Softmax);
        QCOMPARE(load.balanceLoss(), 1.0);
        QCOMPARE(load.maxOverMean(), 1.0);
        for (int e = 0; e < 4; ++e)
            QCOMPARE(load.share(e), 0.25);
    }

    // Shards and steps add counts, so shares are of all their slots together.
    void countsAdd()
    {
        const ExpertLoad a = ExpertLoad::measure(1, routed({{0.75f, 0.25f}}, {0}), RouterScore::Softmax);
        const ExpertLoad b = ExpertLoad::measure(1, routed({{0.25f, 0.75f}, {0.5f, 0.5f}, {0.25f, 0.75f}}, {1, 0, 1}),
                                                 RouterScore::Softmax);
        const std::vector<ExpertLoad> sum = ExpertLoad::sum({{a}, {b}});
        QCOMPARE(int(sum.size()), 1);
        QCOMPARE(sum[0].layer, 1);
        QCOMPARE(sum[0].rows, 4);
        QCOMPARE(sum[0].routed, (std::vector<std::int64_t>{2, 2}));
        QCOMPARE(sum[0].meanProb(0), 0.4375); // (0.75 + 0.25 + 0.5 + 0.25) / 4
        QCOMPARE(sum[0].balanceLoss(), 1.0);  // 2 · (0.5 · 0.4375 + 0.5 · 0.5625)
        QVERIFY(ExpertLoad{}.balanceLoss() == 0.0 && ExpertLoad{}.maxOverMean() == 0.0);
    }

    // The MoE preset (2 sparse layers, 8 experts, top 2) trained 12 steps of 4 × 64 tokens: each
    // step reports its 512 slots per layer, and the recent figures are the last 10 steps' sum.
    void trainerReportsEveryStep_data()
    {
        QTest::addColumn<int>("threads");
        QTest::newRow("one thread") << 1;
        QTest::newRow("two shards") << 2;
    }
    void trainerReportsEveryStep()
    {
        QFETCH(int, threads);
        TrainingPreset p = TrainingPreset::mixtureOfExperts();
        p.task.text = *Corpus::load(QStringLiteral("carroll-alice"));
        auto task = TrainingTask::create(p.task);
        QVERIFY(task);
        task->fitModel(p.model);
        p.settings.steps = 12;
        p.settings.batch = 4;
        p.settings.evalEvery = 100;
        p.settings.threads = threads;
        auto trainer = Trainer::create(p.model, false, *task, p.settings);
        QVERIFY2(trainer, qPrintable(trainer ? QString() : trainer.error().toString()));
        std::vector<std::vector<ExpertLoad>> steps;
        TrainingSnapshot last;
        while (!trainer->finished()) {
            auto s = trainer->step();
            QVERIFY(s);
            QCOMPARE(int(s->expertLoad.size()), 2);
            for (const ExpertLoad &l : s->expertLoad) {
                QCOMPARE(l.experts(), 8);
                QCOMPARE(l.totalSlots(), 4 * 64 * 2);
                QCOMPARE(std::accumulate(l.routed.begin(), l.routed.end(), std::int64_t(0)), 512);
                QVERIFY(l.balanceLoss() > 0.0 && l.balanceLoss() <= 8.0);
            }
            steps.push_back(s->expertLoad);
            last = *s;
        }
        QCOMPARE(last.expertLoad[0].layer, 0);
        QCOMPARE(last.expertLoad[1].layer, 1);
        QCOMPARE(last.recentSteps, Trainer::kLoadSteps);
        const std::vector<ExpertLoad> expected = ExpertLoad::sum(std::vector<std::vector<ExpertLoad>>(steps.begin() + 2, steps.end()));
        for (int l = 0; l < 2; ++l) {
            QCOMPARE(last.recentExpertLoad[std::size_t(l)].rows, 10 * 4 * 64);
            QCOMPARE(last.recentExpertLoad[std::size_t(l)].routed, expected[std::size_t(l)].routed);
        }
    }

    void denseModelHasNoLoads()
    {
        TrainingPreset p = TrainingPreset::defaultFor(TaskKind::Copy);
        auto task = TrainingTask::create(p.task);
        QVERIFY(task);
        task->fitModel(p.model);
        p.settings.steps = 1;
        auto trainer = Trainer::create(p.model, false, *task, p.settings);
        QVERIFY(trainer);
        const auto s = trainer->step();
        QVERIFY(s);
        QVERIFY(s->expertLoad.empty());
        QVERIFY(s->recentExpertLoad.empty());
        QCOMPARE(s->recentSteps, 0);
    }
};

QTEST_APPLESS_MAIN(TestExpertLoad)
#include "tst_expertload.moc"
