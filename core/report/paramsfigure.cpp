#include "core/report/paramsfigure.h"

#include "core/estimate/paramcomponents.h"
#include "core/report/componentnames.h"

#include <algorithm>

namespace tx {

ParamsFigure ParamsFigure::of(const ParamCount &design, const ParamCount *pinned)
{
    constexpr double kMillion = 1e6;
    ParamsFigure f;
    f.title = tr("Where the parameters are");
    f.valueAxisTitle = tr("parameters (millions)");
    const QStringList keys = ParamComponents::keys();
    for (const QString &key : keys)
        f.segments << ComponentNames::component(key);
    f.exact = ParamComponents::split(design);
    std::vector<std::vector<std::int64_t>> bars;
    if (pinned) {
        bars = {ParamComponents::split(*pinned), f.exact};
        f.bars = {tr("A (pinned)"), tr("B (editing)")};
    } else {
        bars = {f.exact};
        f.bars = {tr("Design")};
    }
    f.values.assign(size_t(keys.size()), std::vector<double>(bars.size(), 0.0));
    f.present.assign(size_t(keys.size()), false);
    std::vector<double> totals(bars.size(), 0.0);
    for (size_t s = 0; s < size_t(keys.size()); ++s) {
        for (size_t b = 0; b < bars.size(); ++b) {
            f.values[s][b] = double(bars[b][s]) / kMillion;
            totals[b] += f.values[s][b];
            f.present[s] = f.present[s] || bars[b][s] > 0;
        }
    }
    f.top = *std::max_element(totals.begin(), totals.end());
    return f;
}

} // namespace tx
