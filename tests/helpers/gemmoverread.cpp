// tx_gemm_overread CASE: makes one product call whose operand is one float short of what the call
// reads (or already freed), as a caller's wrong dimension would, and prints "not caught" and
// exits 0 if the call returns. tests/core/tst_memorycheck.cpp runs it in the Sanitize build,
// where AddressSanitizer must end it first: the engine's tiles run uninstrumented there and
// check their footprint instead (core/nn/memorycheck.h).
//
// The shapes keep every operand on the tile's direct path, not a packed copy: addAB with 12 rows
// (two row tiles, fewer than the 16 after which B is packed) and 64 columns (whole panels for
// every kernel width); addXWt with 16 rows (the fewest it takes) reads Wt in place.
#include "core/nn/gemmnn.h"
#include "core/nn/gemmnt.h"

#include <cstdio>
#include <cstring>
#include <vector>

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    const char *which = argv[1];
    constexpr long M = 12, K = 40, N = 64;
    // Each operand's exact size, less one float for the case that names it.
    auto sized = [&](const char *name, long floats) {
        return std::vector<float>(std::size_t(std::strcmp(which, name) == 0 ? floats - 1 : floats), 0.5f);
    };
    if (std::strcmp(which, "addAB-A") == 0 || std::strcmp(which, "addAB-B") == 0 ||
        std::strcmp(which, "addAB-C") == 0) {
        std::vector<float> a = sized("addAB-A", M * K), b = sized("addAB-B", K * N), c = sized("addAB-C", M * N);
        tx::gemm::addAB(c.data(), N, a.data(), K, 1, M, K, b.data(), N, N, false);
    } else if (std::strcmp(which, "addAB-freed") == 0) {
        std::vector<float> a(M * K, 0.5f), c(M * N);
        std::vector<float> gone(K * N, 0.5f);
        const float *freed = gone.data();
        std::vector<float>().swap(gone); // frees B
        tx::gemm::addAB(c.data(), N, a.data(), K, 1, M, K, freed, N, N, false);
    } else if (std::strcmp(which, "addXWt-W") == 0) {
        constexpr long rows = 16, outputs = 24;
        std::vector<float> x(rows * K, 0.5f), w(outputs * K - 1, 0.5f), c(rows * outputs);
        tx::gemm::addXWt(c.data(), outputs, x.data(), K, rows, K, w.data(), K, outputs, false);
    } else {
        return 2;
    }
    std::puts("not caught");
    return 0;
}
