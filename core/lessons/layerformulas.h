#pragma once

#include <cstdint>
#include <vector>

namespace tx {

// Parameter counts of the building blocks a lesson starts from, before the Transformer.
// Widths are checked by the caller (the lesson parser keeps them within 1..10^6), so the
// 64-bit products cannot overflow.
class LayerFormulas
{
public:
    // y = W·x + b, W of shape (out, in): in·out weights + out biases.
    static std::int64_t linear(std::int64_t in, std::int64_t out, bool bias = true);
    // A stack of linear layers widths[0] -> widths[1] -> …: the sum of each layer's count.
    static std::int64_t mlp(const std::vector<std::int64_t> &widths);
    // One LSTM layer: four gates, each W (d_h, d_in + d_h) and a bias d_h:
    // 4·(d_h·(d_in + d_h) + d_h) (Hochreiter & Schmidhuber 1997; one bias per gate as in Keras).
    static std::int64_t lstm(std::int64_t in, std::int64_t hidden);
};

} // namespace tx
