#include "core/nn/transposedweightcache.h"

namespace tx {

TransposedWeightCache &TransposedWeightCache::operator=(const TransposedWeightCache &)
{
    clear();
    return *this;
}

TransposedWeightCache &TransposedWeightCache::operator=(TransposedWeightCache &&) noexcept
{
    clear();
    return *this;
}

std::vector<const float *> TransposedWeightCache::sourcesOf(const TransformerWeights &w)
{
    std::vector<const float *> s;
    s.reserve(w.layers.size() * 4);
    for (const TransformerWeights::Layer &l : w.layers) {
        s.push_back(l.qkv.data());
        s.push_back(l.attnOut.data());
        s.push_back(l.ffnIn.data());
        s.push_back(l.ffnOut.data());
    }
    return s;
}

std::shared_ptr<const TransposedWeights> TransposedWeightCache::get(const TransformerWeights &w) const
{
    std::unique_lock lock(m_mutex, std::try_to_lock);
    if (!lock.owns_lock())
        return nullptr;
    std::vector<const float *> sources = sourcesOf(w);
    if (m_copies && sources == m_sources)
        return m_copies;
    m_copies.reset();
    if (++m_requests < 2 || TransposedWeights::bytesFor(w) > kMaxBytes)
        return nullptr;
    m_copies = std::make_shared<const TransposedWeights>(TransposedWeights::of(w));
    m_sources = std::move(sources);
    return m_copies;
}

void TransposedWeightCache::clear()
{
    const std::lock_guard lock(m_mutex);
    m_copies.reset();
    m_sources.clear();
    m_requests = 0;
}

} // namespace tx
