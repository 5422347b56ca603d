// Time of the Solve page's work for one design: the five reverse questions (SolveWorker::answer,
// which the page runs on its worker thread) and the two charts it draws on the UI thread
// (the sensitivity result and the concurrency figure). Median over rounds, per preset, then
// `solve_ms:`, `sensitivity_ms:`, `concurrency_ms:` lines (the worst preset's median).
#include "core/design/presetlibrary.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/sensitivity.h"
#include "core/report/concurrencyfigure.h"
#include "ui/solve/solveworker.h"

#include <QCoreApplication>
#include <QTextStream>

#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

namespace {

double medianMs(int rounds, const std::function<void()> &work)
{
    std::vector<double> t;
    for (int i = 0; i < rounds; ++i) {
        const auto start = std::chrono::steady_clock::now();
        work();
        t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const int rounds = argc > 1 ? std::max(1, QString::fromLocal8Bit(argv[1]).toInt()) : 9;
    double worstSolve = 0, worstSensitivity = 0, worstConcurrency = 0;
    for (const char *id : {"gpt2", "llama-2-7b", "llama-3.1-8b", "mixtral-8x7b", "llama-3.1-405b", "deepseek-v3"}) {
        const tx::ModelConfig c = tx::PresetLibrary::builtIn().find(QLatin1String(id))->config;
        tx::SolveRequest r;
        r.design = c;
        r.family = c;
        r.assumptions.contextLength = std::min(2048, c.maxPositions);
        const auto e = tx::evaluate(c, r.assumptions);
        if (!e) {
            out << id << ": " << e.error().toString() << '\n';
            return 1;
        }
        const tx::EvaluatedDesign d{c, r.assumptions, *e};
        const double solve = medianMs(rounds, [&] { (void)tx::SolveWorker::answer(r); });
        const double sensitivity = medianMs(rounds, [&] {
            (void)tx::Sensitivity::of(c, r.assumptions, tx::HardwareCatalog::builtIn());
        });
        const double concurrency = medianMs(rounds, [&] { (void)tx::ConcurrencyFigure::of(&d); });
        out << id << ": solve " << solve << " ms, sensitivity " << sensitivity << " ms, concurrency "
            << concurrency << " ms\n";
        worstSolve = std::max(worstSolve, solve);
        worstSensitivity = std::max(worstSensitivity, sensitivity);
        worstConcurrency = std::max(worstConcurrency, concurrency);
    }
    out << "solve_ms: " << worstSolve << '\n'
        << "sensitivity_ms: " << worstSensitivity << '\n'
        << "concurrency_ms: " << worstConcurrency << '\n';
    return 0;
}
