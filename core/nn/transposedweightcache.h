#pragma once

#include "core/nn/transposedweights.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace tx {

// A Transformer's TransposedWeights, made on the second request for the same weights: a model
// run once (one `run` of the command line) does not pay for transposing them, one run again and
// again (the attention view, a benchmark) streams them from then on. Copying or moving the
// owner starts an empty cache; the owner clears it whenever its weights may change (its
// non-const weights(), initialisation). A cache whose weights moved in memory rebuilds.
class TransposedWeightCache
{
public:
    // At most this many bytes of copies ("1 GB", decimal like every byte figure): GPT-2 small's
    // take 340 MB. A larger model runs on its (in, out) weights only.
    static constexpr std::int64_t kMaxBytes = 1'000'000'000;

    TransposedWeightCache() = default;
    TransposedWeightCache(const TransposedWeightCache &) {}
    TransposedWeightCache(TransposedWeightCache &&) noexcept {}
    TransposedWeightCache &operator=(const TransposedWeightCache &);
    TransposedWeightCache &operator=(TransposedWeightCache &&) noexcept;

    // The copies of w, or null: on the first request, above kMaxBytes, or while another thread
    // is making them (that pass runs on the (in, out) weights).
    std::shared_ptr<const TransposedWeights> get(const TransformerWeights &w) const;
    void clear();

private:
    static std::vector<const float *> sourcesOf(const TransformerWeights &w);

    mutable std::mutex m_mutex;
    mutable std::shared_ptr<const TransposedWeights> m_copies;
    mutable std::vector<const float *> m_sources; // the matrices m_copies were made from
    mutable int m_requests = 0;
};

} // namespace tx
