#pragma once

#include "core/estimate/paramcount.h"

#include <QStringList>

#include <cstdint>
#include <vector>

namespace tx {

// The parameter breakdown summed into the components the charts and reports draw, in drawing
// order: embeddings, attention, cross-attention, feed-forward, experts, norms (a stack's final
// norm among them), output head, pooler. Both stacks of an encoder-decoder add up.
class ParamComponents
{
public:
    static QStringList keys();
    // Exact parameters per component, in keys() order; they sum to params.total.
    static std::vector<std::int64_t> split(const ParamCount &params);
};

} // namespace tx
