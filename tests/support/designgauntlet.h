#pragma once

#include "core/base/jsontree.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/evaluation.h"
#include "core/estimate/figure.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace tx {

// What a design goes through in the program, checked: validate → countParams → evaluate →
// explain → the size JSON → the design-file round trip (issue 20 §5). A valid design must count
// (or refuse by overflow, naming the field), evaluate, explain with finite figures, write JSON
// without NaN or infinity, and come back from its design file as the same design. An invalid
// one must be refused with a named field by validate, countParams and evaluate alike: never a
// crash, a number, or an unnamed error.
class DesignGauntlet
{
public:
    struct Tally
    {
        std::int64_t designs = 0;
        std::int64_t valid = 0;     // passed validate()
        std::int64_t evaluated = 0; // went all the way to the round trip
        QStringList failures;       // "design #i (seed s): what broke", at most kMaxKept
        std::int64_t failureCount = 0;
        double slowestMs = 0;       // the slowest design, thread CPU time (best of five when over budget)
        QString slowest;            // "design #i (seed s)"
        // Designs over the 1 ms budget on their first run, and those still over it at their best
        // of five runs (the first count includes the moments this shared machine ran others).
        std::int64_t overBudgetOnce = 0;
        std::int64_t overBudget = 0;
        QStringList overBudgetDesigns; // at most kMaxKept
    };
    static constexpr int kMaxKept = 20;
    static constexpr double kBudgetMs = 1.0; // per design (issue 20 §5)

    // Runs `count` designs of HostileDesigns(seed) and adds them to `tally`.
    static void run(std::uint64_t seed, std::int64_t count, Tally &tally);

    struct Outcome
    {
        QString failure;        // empty when the design passes; what broke otherwise
        bool valid = false;     // validate() accepted it
        bool evaluated = false; // it went all the way to the round trip
    };
    static Outcome check(const ModelConfig &config, const Assumptions &assumptions);
    // The JSON `size --format json --explain` writes: name, params, the estimates, figures.
    static JsonTree sizeJson(const ParamCount &count, const ModelConfig &config, const Assumptions &assumptions,
                             const Evaluation &evaluation, const std::vector<Figure> &figures);

private:
    static QString checkStages(const ModelConfig &config, const Assumptions &assumptions, Outcome &out);
};

} // namespace tx
