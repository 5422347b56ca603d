#include "core/estimate/statebytes.h"

#include <algorithm>

namespace tx {

StateBytes StateBytes::of(Optimizer optimizer, int dModel)
{
    switch (optimizer) {
    case Optimizer::AdamW: return {4, 4, 8};         // fp32 w, g; m, v fp32
    case Optimizer::AdamWMixed: return {2, 2, 12};   // ZeRO §3.1: K = 12 (fp32 master, m, v)
    case Optimizer::SgdMomentum: return {4, 4, 4};   // fp32 w, g; momentum fp32
    case Optimizer::Adam8bit: return {2, 2, 4 + 2};  // Dettmers et al. 2022: m, v at 1 byte each; fp32 master
    case Optimizer::Adafactor: {
        // Shazeer & Stern 2018: no momentum, second moment factored into row and column
        // sums: rows + cols fp32 values per (rows, cols) matrix ≈ 2/d per parameter for d×d-like
        // matrices; plus the fp32 master copy.
        const double factored = 4.0 * 2.0 / std::max(1, dModel);
        return {2, 2, 4 + factored};
    }
    }
    return {2, 2, 12};
}

} // namespace tx
