#pragma once

#include "core/estimate/paramcount.h"

#include <QCoreApplication>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace tx {

// The parameter figure, as the window and the exports draw it: one horizontal stacked bar per
// design whose segments are the components (ParamComponents order), in millions of
// parameters; with a pinned design, "A (pinned)" and "B (editing)".
struct ParamsFigure
{
    Q_DECLARE_TR_FUNCTIONS(tx::ParamsFigure)
public:
    QString title;
    QString valueAxisTitle;
    QStringList bars;                         // bar names, bottom to top
    QStringList segments;                     // component names
    std::vector<std::vector<double>> values;  // values[segment][bar], millions of parameters
    std::vector<bool> present;                // segments with parameters in some bar (the legend shows these)
    std::vector<std::int64_t> exact;          // exact parameters per segment of the design
    double top = 0;                           // the longest bar, millions

    static ParamsFigure of(const ParamCount &design, const ParamCount *pinned = nullptr);
};

} // namespace tx
