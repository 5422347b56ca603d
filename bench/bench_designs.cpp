// Issue 20 §5: 1,000,000 hostile designs (tests/support/hostiledesigns.h) through validate →
// countParams → evaluate → explain → JSON → design-file round trip, on as many threads as the
// machine has. Prints designs_per_s, the slowest single design and the failures (which must be
// 0), one `key: value` per line. Usage: bench_designs [COUNT] (default 1,000,000), or
// bench_designs --replay SEED INDEX to time one design.
#include "tests/support/designgauntlet.h"
#include "tests/support/hostiledesigns.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

using namespace tx;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc == 4 && std::strcmp(argv[1], "--replay") == 0) {
        // bench_designs --replay SEED INDEX: the median time of one design over 21 runs (TX_REPLAY_RUNS), to tell a
        // slow design from one that was preempted or page-faulted once.
        HostileDesigns designs(std::strtoull(argv[2], nullptr, 10));
        const long long index = std::atoll(argv[3]);
        ModelConfig c;
        Assumptions a;
        for (long long i = 0; i <= index; ++i) {
            c = designs.design();
            a = designs.assumptions();
        }
        std::vector<double> ms;
        for (int r = 0, runs = qEnvironmentVariableIntValue("TX_REPLAY_RUNS") > 0 ? qEnvironmentVariableIntValue("TX_REPLAY_RUNS") : 21; r < runs; ++r) {
            QElapsedTimer t;
            t.start();
            const DesignGauntlet::Outcome o = DesignGauntlet::check(c, a);
            ms.push_back(double(t.nsecsElapsed()) / 1e6);
            if (!o.failure.isEmpty())
                std::printf("failure: %s\n", qPrintable(o.failure));
        }
        std::sort(ms.begin(), ms.end());
        std::printf("replay_median_ms: %.3f\nreplay_max_ms: %.3f\n", ms[ms.size() / 2], ms.back());
        return 0;
    }
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
