#include "ui/solve/solveworker.h"

#include "core/estimate/hardwarecatalog.h"

#include <QElapsedTimer>

namespace tx {

SolveWorker::SolveWorker(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<tx::SolveRequest>();
    qRegisterMetaType<tx::SolveAnswers>();
}

SolveAnswers SolveWorker::answer(const SolveRequest &r)
{
    QElapsedTimer timer;
    timer.start();
    const HardwareCatalog &catalog = HardwareCatalog::builtIn();
    SolveAnswers out;
    out.generation = r.generation;
    out.context = Solver::longestContext(r.design, r.assumptions, catalog);
    out.batch = Solver::largestBatch(r.design, r.assumptions, catalog);
    out.largest = Solver::largestDesign(r.family, r.assumptions, r.aspectRatio, r.training, catalog);
    out.shape = Solver::shapeFor(r.family, r.targetParams, r.aspectRatio);
    out.device = Solver::cheapestDevice(r.design, r.assumptions, r.tokensPerSecondPerUser, r.users, catalog, r.prices);
    out.milliseconds = double(timer.nsecsElapsed()) / 1e6;
    return out;
}

void SolveWorker::solve(const SolveRequest &request)
{
    if (request.generation < m_latest.load())
        return; // a newer request is queued behind this one
    emit solved(answer(request));
}

} // namespace tx
