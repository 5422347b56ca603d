// Serving economics (core/estimate/servingestimator): time to first token, time per output
// token, throughput and money per million tokens, worked by hand for Llama-2-7B on an H100.
#include "core/design/presetlibrary.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/explainer.h"
#include "core/estimate/servingestimator.h"
#include "core/estimate/solver.h"
#include "core/report/concurrencyfigure.h"

#include <QtTest>

using namespace tx;

namespace {

// Relative comparison for hand-derived figures (the hand sums keep every digit, so 1e-9 holds).
bool near(double actual, double expected)
{
    return std::fabs(actual - expected) <= 1e-9 * std::fabs(expected);
}

} // namespace

class TestServing : public QObject
{
    Q_OBJECT

private slots:
    void llama2On80GB()
    {
        // Llama-2-7B (Touvron et al. 2023) in bf16 on one H100 SXM (989.4 TFLOP/s bf16 dense,
        // 3.35 TB/s, $2.99/h), 8 users of 4,096 tokens each: 3,840 prompt + 256 output.
        const ModelConfig c = PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config;
        Assumptions a;
        a.batch = 8;
        a.contextLength = 4096;
        const auto e = evaluate(c, a);
        QVERIFY(e);
        const ServingEstimate s = ServingEstimator::estimate(c, a, *e);
        QCOMPARE(s.promptTokens, 3840.0);
        QCOMPARE(s.outputTokens, 256.0);
        QCOMPARE(s.devices, 1);

        // Kaplan's N, the non-embedding parameters: 32 · (4 · 4096² + 3 · 4096 · 11008) matmul weights
        // + 65 RMSNorm vectors of 4096 = 6,476,271,616; logits 2 · 4096 · 32,000.
        const double matmul2 = 2.0 * 6'476'271'616;
        const double logits = 2.0 * 4096 * 32'000;
        // TTFT: 3,840 · (2·N + 2 · 32 · 3840 · 4096 + 2·d·V) FLOPs at 989.4 TFLOP/s: compute-bound,
        // the 13.48 GB of weights + 2.01 GB of cache would take only 4.6 ms at 3.35 TB/s.
        const double ttftFlops = 3840.0 * (matmul2 + 2.0 * 32 * 3840 * 4096 + logits);
        QVERIFY(near(s.ttftFlops, ttftFlops));
        QVERIFY(near(s.ttftSeconds, ttftFlops / 989.4e12)); // 55.19 ms
        QVERIFY(near(s.ttftBytes, 2.0 * 6'738'415'616 + 3840.0 * 524'288));

        // TPOT: 8 decode steps at the mean context 3,840 + 128 = 3,968 read the weights and
        // 8 · 3,968 · 524,288 bytes of cache: memory-bound, 30.12 GB / 3.35 TB/s = 8.99 ms.
        const double tpotBytes = 2.0 * 6'738'415'616 + 8.0 * 3968 * 524'288;
        QVERIFY(near(s.tpotBytes, tpotBytes));
        QVERIFY(near(s.tpotFlops, 8.0 * (matmul2 + logits + 4.0 * 32 * 3968 * 4096)));
        QVERIFY(near(s.tpotSeconds, tpotBytes / 3.35e12));
        QCOMPARE(std::round(s.tpotSeconds * 1e5) / 1e2, 8.99);              // ms
        QCOMPARE(std::round(s.tokensPerSecondPerUser * 10) / 10, 111.2);
        QCOMPARE(std::round(s.outputTokensPerSecond * 10) / 10, 889.8);
        QVERIFY(near(s.requestSeconds, s.ttftSeconds + 256 * s.tpotSeconds));

        // Money at $2.99/h and 50 % utilisation: output 2.99 / 3600 / 0.5 · TPOT / 8 · 10^6 = $1.87,
        // input 2.99 / 3600 / 0.5 · TTFT / 3,840 · 10^6 = $0.0239 per million tokens.
        QCOMPARE(s.moneyPerHour, 2.99);
        QVERIFY(near(s.moneyPerMillionOutputTokens, 2.99 / 3600 / 0.5 * (tpotBytes / 3.35e12) / 8 * 1e6));
        QVERIFY(near(s.moneyPerMillionInputTokens, 2.99 / 3600 / 0.5 * (ttftFlops / 989.4e12) / 3840 * 1e6));
        QCOMPARE(std::round(s.moneyPerMillionOutputTokens * 100) / 100, 1.87);
        QCOMPARE(std::round(s.moneyPerMillionInputTokens * 1e4) / 1e4, 0.0239);

        // Full utilisation halves the money per token.
        a.utilisation = 1.0;
        QVERIFY(near(ServingEstimator::estimate(c, a, *evaluate(c, a)).moneyPerMillionOutputTokens,
                     s.moneyPerMillionOutputTokens / 2));
    }

    void shortSequencesKeepAPrompt()
    {
        // --seq 100 with the default 256 output tokens: 99 generated, 1 prompt token.
        const ModelConfig c = PresetLibrary::builtIn().find(QStringLiteral("gpt2"))->config;
        Assumptions a;
        a.contextLength = 100;
        const ServingEstimate s = ServingEstimator::estimate(c, a, *evaluate(c, a));
        QCOMPARE(s.outputTokens, 99.0);
        QCOMPARE(s.promptTokens, 1.0);
    }

    void showsTheWork()
    {
        const ModelConfig c = PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config;
        Assumptions a;
        a.batch = 8;
        a.contextLength = 4096;
        const auto e = evaluate(c, a);
        const auto tpot = explain(QStringLiteral("serving.tpot_seconds"), c, a, *e);
        QVERIFY(tpot);
        QCOMPARE(tpot->substituted, QStringLiteral("max(122,360,496,128 / (1 · 989,400,000,000,000), 30,119,829,504 / "
                                                   "(1 · 3,350,000,000,000)) = 0.008991"));
        QVERIFY(tpot->source.contains(QStringLiteral("Williams et al. 2009")));
        const auto cost = explain(QStringLiteral("serving.money_per_million_output_tokens"), c, a, *e);
        QVERIFY(cost);
        QCOMPARE(cost->formula, QStringLiteral("n · price / 3600 · TPOT / b · 10^6 / utilisation"));
        QVERIFY(explain(QStringLiteral("serving.ttft_seconds"), c, a, *e));
    }

    void servesOnTheDevicesAskedFor()
    {
        // --devices 4: Llama-2-7B fits one H100, but the job has four; their FLOP/s and bandwidth
        // add up (communication ignored, as in `size`), so both rooflines take a quarter of the time
        // and the hour costs four devices. Per million output tokens it costs the same.
        const ModelConfig c = PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config;
        Assumptions a;
        a.batch = 8;
        a.contextLength = 4096;
        const ServingEstimate one = ServingEstimator::estimate(c, a, *evaluate(c, a));
        a.devices = 4;
        const auto e = evaluate(c, a);
        QVERIFY(e);
        QCOMPARE(e->hardware.devicesForInference, 1);
        const ServingEstimate four = ServingEstimator::estimate(c, a, *e);
        QCOMPARE(four.devices, 4);
        QVERIFY(near(four.ttftSeconds, one.ttftSeconds / 4));
        QVERIFY(near(four.tpotSeconds, one.tpotSeconds / 4));
        QVERIFY(near(four.outputTokensPerSecond, 4 * one.outputTokensPerSecond));
        QVERIFY(near(four.moneyPerHour, 4 * 2.99));
        QVERIFY(near(four.moneyPerMillionOutputTokens, one.moneyPerMillionOutputTokens));
        // Fewer than the design needs are never used: on 16 GiB phones Llama-2-70B takes more than one.
        Assumptions phone;
        phone.device = QStringLiteral("phone-16gb");
        phone.devices = 2;
        const ModelConfig big = PresetLibrary::builtIn().find(QStringLiteral("llama-2-70b"))->config;
        const auto pe = evaluate(big, phone);
        QVERIFY(pe);
        QVERIFY(pe->hardware.devicesForInference > 2);
        QCOMPARE(ServingEstimator::estimate(big, phone, *pe).devices, pe->hardware.devicesForInference);
        // The concurrency chart follows the job too: on 2 × H100 more users fit than on one.
        Assumptions two;
        two.contextLength = 4096;
        two.devices = 2;
        const EvaluatedDesign d{c, two, *evaluate(c, two)};
        const ConcurrencyFigure f = ConcurrencyFigure::of(&d);
        QCOMPARE(f.devices, 2);
        QVERIFY(f.title.startsWith(QStringLiteral("Decode speed against concurrent users on 2 × ")));
        QCOMPARE(f.limit, Solver::largestBatch(c, two, HardwareCatalog::builtIn())->value);
        QVERIFY(f.limit > 18);
    }

    void concurrencyFigureRunsToTheMemoryLimit()
    {
        // Llama-2-7B on one H100 at 4,096 tokens: 18 sequences fit (the KV cache binds, tst_solver).
        Assumptions a;
        a.contextLength = 4096;
        const ModelConfig c = PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config;
        const EvaluatedDesign d{c, a, *evaluate(c, a)};
        const ConcurrencyFigure f = ConcurrencyFigure::of(&d);
        QCOMPARE(f.devices, 1);
        QCOMPARE(f.limit, Solver::largestBatch(c, a, HardwareCatalog::builtIn())->value);
        QCOMPARE(f.limit, 18);
        QCOMPARE(f.limitName, QStringLiteral("Memory limit: 18 users at most"));
        QCOMPARE(f.limitLine, (QList<QPointF>{QPointF(18, 0), QPointF(18, f.perUserMax)}));
        // Every user count from 1 to 18, each point ServingEstimator's at that concurrency.
        QCOMPARE(f.perUser.size(), 18);
        for (int i = 0; i < f.perUser.size(); ++i) {
            Assumptions at = a;
            at.batch = i + 1;
            const ServingEstimate s = ServingEstimator::estimate(c, at, *evaluate(c, at));
            QCOMPARE(f.perUser[i], QPointF(i + 1, s.tokensPerSecondPerUser));
            QCOMPARE(f.total[i], QPointF(i + 1, s.outputTokensPerSecond));
            if (i > 0) {
                QVERIFY(f.perUser[i].y() < f.perUser[i - 1].y()); // each user slows down …
                QVERIFY(f.total[i].y() > f.total[i - 1].y());     // … while all of them together speed up
            }
        }
        QVERIFY(f.note.startsWith(QStringLiteral("On 1 × NVIDIA H100 SXM5 80GB up to 18 users of 4,096 tokens fit "
                                                 "(limited by the KV cache at 18 sequences).")));
        // A design too big for one device is drawn on the devices that hold one user: Llama-2-70B
        // in bf16 (138 GB of weights) on 16 GiB phones.
        Assumptions phone = a;
        phone.device = QStringLiteral("phone-16gb");
        const ModelConfig big = PresetLibrary::builtIn().find(QStringLiteral("llama-2-70b"))->config;
        const EvaluatedDesign huge{big, phone, *evaluate(big, phone)};
        const ConcurrencyFigure spread = ConcurrencyFigure::of(&huge);
        QCOMPARE(spread.devices, huge.evaluation.hardware.devicesForInference);
        QVERIFY(spread.devices > 8);
        phone.devices = spread.devices;
        QCOMPARE(spread.limit, Solver::largestBatch(big, phone, HardwareCatalog::builtIn())->value);
        QVERIFY(spread.limit >= 1);
    }

    void badAssumptionsNameTheField()
    {
        const ModelConfig c = PresetLibrary::builtIn().find(QStringLiteral("gpt2"))->config;
        Assumptions a;
        a.utilisation = 0;
        QCOMPARE(evaluate(c, a).error().field, QStringLiteral("utilisation"));
        a.utilisation = 0.5;
        a.outputTokens = 0;
        QCOMPARE(evaluate(c, a).error().field, QStringLiteral("output-tokens"));
    }
};

QTEST_APPLESS_MAIN(TestServing)
#include "tst_serving.moc"
