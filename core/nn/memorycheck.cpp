#include "core/nn/memorycheck.h"

#ifdef TX_ASAN
#include <cstddef>

#include <sanitizer/asan_interface.h>

namespace tx::memcheck {

void span(const float *first, const float *end)
{
    if (end <= first)
        return;
    const auto bytes = static_cast<std::size_t>(end - first) * sizeof(float);
    if (void *bad = __asan_region_is_poisoned(const_cast<float *>(first), bytes)) {
        // An instrumented read of the first bad byte: AddressSanitizer reports it as it would have
        // the tile's access (heap-buffer-overflow, heap-use-after-free, …), with this call's stack.
        [[maybe_unused]] const volatile char byte = *static_cast<const volatile char *>(bad);
    }
}

} // namespace tx::memcheck
#endif
