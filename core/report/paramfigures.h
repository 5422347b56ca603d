#pragma once

#include "core/estimate/figure.h"
#include "core/estimate/paramcount.h"

#include <QCoreApplication>

#include <vector>

namespace tx {

// The parameter figures with their working shown (total as the sum of its components, active
// per token, non-embedding), as the formula panel prints them beside explain()'s figures.
class ParamFigures
{
    Q_DECLARE_TR_FUNCTIONS(tx::ParamFigures)
public:
    static std::vector<Figure> of(const ParamCount &params);
};

} // namespace tx
