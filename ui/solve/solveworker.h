#pragma once

#include "ui/solve/solveanswers.h"
#include "ui/solve/solverequest.h"

#include <QObject>

#include <atomic>
#include <cstdint>

namespace tx {

// Answers the Solve page's questions on its own thread (moveToThread). The page marks each
// request it queues as the latest (setLatest, thread-safe); a request that is no longer the
// latest when its turn comes is skipped, so a dragged slider costs one solve, not one per tick.
class SolveWorker : public QObject
{
    Q_OBJECT
public:
    explicit SolveWorker(QObject *parent = nullptr);

    void setLatest(std::uint64_t generation) { m_latest.store(generation); }

    // The five answers, computed here and now (the worker's slot and the tests call this).
    static SolveAnswers answer(const SolveRequest &request);

public slots:
    void solve(const tx::SolveRequest &request);

signals:
    void solved(const tx::SolveAnswers &answers);

private:
    std::atomic<std::uint64_t> m_latest{0};
};

} // namespace tx
