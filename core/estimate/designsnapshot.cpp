#include "core/estimate/designsnapshot.h"

#include "core/design/configvalidator.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/paramcounter.h"

namespace tx {

DesignSnapshot DesignSnapshot::compute(const ModelConfig &config, const Assumptions &assumptions)
{
    DesignSnapshot s;
    s.config = config;
    s.assumptions = assumptions;
    s.errors = validate(config);
    if (!s.errors.empty())
        return s;
    // evaluate() counts the parameters itself; count separately only when the assumptions
    // (not the design) are what it rejects, so the parameter views still have numbers.
    auto evaluation = evaluate(config, assumptions);
    if (evaluation) {
        s.params = evaluation->params;
        s.evaluation = std::move(*evaluation);
        return s;
    }
    auto count = countParams(config);
    if (!count) {
        s.errors.push_back(count.error());
        return s;
    }
    s.params = *count;
    s.errors.push_back(evaluation.error());
    return s;
}

} // namespace tx
