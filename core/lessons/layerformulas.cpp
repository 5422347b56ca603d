#include "core/lessons/layerformulas.h"

#include <cstddef>

namespace tx {

std::int64_t LayerFormulas::linear(std::int64_t in, std::int64_t out, bool bias)
{
    return in * out + (bias ? out : 0);
}

std::int64_t LayerFormulas::mlp(const std::vector<std::int64_t> &widths)
{
    std::int64_t total = 0;
    for (std::size_t i = 1; i < widths.size(); ++i)
        total += linear(widths[i - 1], widths[i]);
    return total;
}

std::int64_t LayerFormulas::lstm(std::int64_t in, std::int64_t hidden)
{
    return 4 * (hidden * (in + hidden) + hidden);
}

} // namespace tx
