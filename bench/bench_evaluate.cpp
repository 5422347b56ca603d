// Time of one evaluate() across every built-in preset (issue 3: the bar is a median ≤ 20 µs).
// Prints one line per preset and the overall median: `median_us: <value>`.
#include "core/design/presetlibrary.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/explainer.h"

#include <QCoreApplication>
#include <QTextStream>

#include <algorithm>
#include <chrono>
#include <vector>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const tx::PresetLibrary &library = tx::PresetLibrary::builtIn();
    tx::Assumptions assumptions;
    assumptions.contextLength = 4096;
    assumptions.trainingTokens = 2e12;
    (void)tx::HardwareCatalog::builtIn(); // load the catalog outside the timed region

    constexpr int kRounds = 2000;
    std::vector<double> all;
    double sink = 0;
    for (const tx::Preset &p : library.presets()) {
        std::vector<double> times;
        times.reserve(kRounds);
        for (int i = 0; i < kRounds; ++i) {
            const auto start = std::chrono::steady_clock::now();
            const auto e = tx::evaluate(p.config, assumptions);
            const auto stop = std::chrono::steady_clock::now();
            if (!e) {
                out << p.id << ": " << e.error().toString() << '\n';
                return 1;
            }
            sink += e->inference.totalBytes;
            times.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
        }
        std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
        out << "preset " << p.id << ": " << times[times.size() / 2] << " us\n";
        all.insert(all.end(), times.begin(), times.end());
    }
    if (all.empty()) {
        out << "no presets\n";
        return 1;
    }
    std::nth_element(all.begin(), all.begin() + all.size() / 2, all.end());
    out << "presets: " << library.presets().size() << " evaluations: " << all.size() << '\n';
    out << "median_us: " << all[all.size() / 2] << '\n';

    // explain() formats every figure for the formula panel; it runs on demand, not per evaluate().
    const tx::Preset &first = library.presets().front();
    const tx::Evaluation e = *tx::evaluate(first.config, assumptions);
    std::vector<double> explainTimes;
    for (int i = 0; i < 200; ++i) {
        const auto start = std::chrono::steady_clock::now();
        sink += double(tx::explain(first.config, assumptions, e).size());
        explainTimes.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
    }
    std::nth_element(explainTimes.begin(), explainTimes.begin() + explainTimes.size() / 2, explainTimes.end());
    out << "explain_median_us: " << explainTimes[explainTimes.size() / 2] << '\n';
    return sink > 0 ? 0 : 1;
}
