#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <utility>

namespace tx {

// What a worker hands a long load (a sharded checkpoint's headers, a checkpoint's weights): the
// flag its cancel() sets from the UI thread, which the load looks at between shards and every few
// megabytes of a tensor, and where it reports how far it has come. A default StopToken never
// stops and reports nothing, which is what headless callers (the command line, tests) pass.
class StopToken
{
public:
    // done of total units of the load's current stage (shards, or bytes of tensor data).
    using Progress = std::function<void(std::int64_t done, std::int64_t total)>;

    StopToken() = default;
    explicit StopToken(const std::atomic<bool> *flag, Progress progress = {})
        : m_flag(flag)
        , m_progress(std::move(progress))
    {
    }

    bool stopped() const { return m_flag && m_flag->load(std::memory_order_relaxed); }
    // For the engine's functions that take the flag itself (Transformer::create).
    const std::atomic<bool> *flag() const { return m_flag; }
    void report(std::int64_t done, std::int64_t total) const
    {
        if (m_progress)
            m_progress(done, total);
    }

private:
    const std::atomic<bool> *m_flag = nullptr;
    Progress m_progress;
};

} // namespace tx
