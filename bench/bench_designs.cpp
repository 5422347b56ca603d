// Issue 20 §5: 1,000,000 hostile designs (tests/support/hostiledesigns.h) through validate →
// countParams → evaluate → explain → JSON → design-file round trip, on as many threads as the
// machine has. Prints designs_per_s, the slowest single design and the failures (which must be
// 0), one `key: value` per line. Usage: bench_designs [COUNT] (default 1,000,000), or
// bench_designs --replay SEED INDEX to time one design (and print it: its design file and its
// assumptions as JSON, so a slow one can be read and opened in the program).
#include "core/design/designfile.h"
#include "core/estimate/assumptionsjson.h"
#include "core/design/configvalidator.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/explainer.h"
#include "core/estimate/paramcounter.h"
#include "tests/support/designgauntlet.h"
#include "tests/support/hostiledesigns.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <thread>
#include <vector>

using namespace tx;

namespace {

double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// bench_designs --replay SEED INDEX: the design, its assumptions, the median time of the whole
// gauntlet over 21 runs (TX_REPLAY_RUNS; tells a slow design from one that was preempted or
// page-faulted once) and the median thread CPU time of each stage, to see which one is slow.
int replay(std::uint64_t seed, long long index)
{
    HostileDesigns designs(seed);
    ModelConfig c;
    Assumptions a;
    for (long long i = 0; i <= index; ++i) {
        c = designs.design();
        a = designs.assumptions();
    }
    const int runs = qEnvironmentVariableIntValue("TX_REPLAY_RUNS") > 0 ? qEnvironmentVariableIntValue("TX_REPLAY_RUNS") : 21;
    std::vector<double> ms;
    for (int r = 0; r < runs; ++r) {
        QElapsedTimer t;
        t.start();
        const DesignGauntlet::Outcome o = DesignGauntlet::check(c, a);
        ms.push_back(double(t.nsecsElapsed()) / 1e6);
        if (!o.failure.isEmpty() && r == 0)
            std::printf("failure: %s\n", qPrintable(o.failure));
    }
    // The stages one by one, as the gauntlet runs them.
    const char *names[] = {"validate", "count_params", "evaluate", "explain", "size_json_build", "size_json_write",
                           "design_file_round_trip"};
    constexpr int kStages = 7;
    std::vector<double> stage[kStages];
    for (int r = 0; r < runs; ++r) {
        double t0 = threadCpuMs();
        const auto problems = validate(c);
        double t1 = threadCpuMs();
        stage[0].push_back(t1 - t0);
        const auto count = countParams(c);
        t0 = threadCpuMs();
        stage[1].push_back(t0 - t1);
        const auto evaluation = evaluate(c, a);
        t1 = threadCpuMs();
        stage[2].push_back(t1 - t0);
        if (!count || !evaluation)
            continue;
        const std::vector<Figure> figures = explain(c, a, *evaluation);
        t0 = threadCpuMs();
        stage[3].push_back(t0 - t1);
        const JsonTree root = DesignGauntlet::sizeJson(*count, c, a, *evaluation, figures);
        t1 = threadCpuMs();
        stage[4].push_back(t1 - t0);
        const QByteArray json = root.toJson(true);
        t0 = threadCpuMs();
        stage[5].push_back(t0 - t1);
        const auto again = DesignFile::parse(DesignFile::serialize(c), QStringLiteral("round-trip.json"));
        t1 = threadCpuMs();
        stage[6].push_back(t1 - t0);
    }
    std::sort(ms.begin(), ms.end());
    std::printf("design_file: %s\n", DesignFile::serialize(c).constData());
    std::printf("assumptions: %s\n", QJsonDocument(AssumptionsJson::toJson(a)).toJson(QJsonDocument::Compact).constData());
    std::printf("replay_median_ms: %.3f\nreplay_max_ms: %.3f\n", ms[ms.size() / 2], ms.back());
    for (int i = 0; i < kStages; ++i) {
        if (stage[i].empty())
            continue;
        std::sort(stage[i].begin(), stage[i].end());
        std::printf("stage_%s_cpu_ms: %.4f\n", names[i], stage[i][stage[i].size() / 2]);
    }
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc == 4 && std::strcmp(argv[1], "--replay") == 0)
        return replay(std::strtoull(argv[2], nullptr, 10), std::atoll(argv[3]));
    const std::int64_t total = argc > 1 ? std::atoll(argv[1]) : 1'000'000;
    const int threads = std::max(1, QThread::idealThreadCount());
    std::vector<DesignGauntlet::Tally> tallies(static_cast<std::size_t>(threads));
    QElapsedTimer timer;
    timer.start();
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
            // Each thread its own seed and share; together exactly `total` designs.
            const std::int64_t share = total / threads + (t < total % threads ? 1 : 0);
            DesignGauntlet::run(20261201 + std::uint64_t(t), share, tallies[std::size_t(t)]);
        });
    for (std::thread &w : workers)
        w.join();
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    DesignGauntlet::Tally all;
    for (const DesignGauntlet::Tally &t : tallies) {
        all.designs += t.designs;
        all.valid += t.valid;
        all.evaluated += t.evaluated;
        all.failureCount += t.failureCount;
        all.failures += t.failures;
        all.overBudgetOnce += t.overBudgetOnce;
        all.overBudget += t.overBudget;
        all.overBudgetDesigns += t.overBudgetDesigns;
        if (t.slowestMs > all.slowestMs) {
            all.slowestMs = t.slowestMs;
            all.slowest = t.slowest;
        }
    }
    std::printf("threads: %d\n", threads);
    std::printf("designs: %lld\n", static_cast<long long>(all.designs));
    std::printf("valid: %lld\n", static_cast<long long>(all.valid));
    std::printf("evaluated: %lld\n", static_cast<long long>(all.evaluated));
    std::printf("seconds: %.1f\n", seconds);
    std::printf("designs_per_s: %.0f\n", double(all.designs) / seconds);
    std::printf("mean_ms_per_design_per_thread: %.3f\n", 1e3 * seconds * threads / double(all.designs));
    std::printf("slowest_design_cpu_ms: %.3f\n", all.slowestMs);
    std::printf("slowest_design: %s\n", qPrintable(all.slowest));
    std::printf("over_1ms_first_run: %lld\n", static_cast<long long>(all.overBudgetOnce));
    std::printf("over_1ms_best_of_5: %lld\n", static_cast<long long>(all.overBudget));
    for (const QString &d : std::as_const(all.overBudgetDesigns))
        std::printf("over_budget: %s\n", qPrintable(d));
    std::printf("failures: %lld\n", static_cast<long long>(all.failureCount));
    for (const QString &f : std::as_const(all.failures))
        std::printf("failure: %s\n", qPrintable(f));
    return all.failureCount == 0 && all.overBudget == 0 ? 0 : 1;
}
