#pragma once

#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/evaluation.h"
#include "core/estimate/figure.h"

#include <optional>
#include <vector>

namespace tx {

// "Show the work": every figure of an Evaluation with its formula, the formula with the
// numbers substituted, and its source. Computed on demand (formatting is kept out of evaluate()).
std::vector<Figure> explain(const ModelConfig &config, const Assumptions &assumptions, const Evaluation &evaluation);
// One figure by its JSON key path; nullopt for an unknown key.
std::optional<Figure> explain(const QString &key, const ModelConfig &config, const Assumptions &assumptions,
                              const Evaluation &evaluation);

} // namespace tx
