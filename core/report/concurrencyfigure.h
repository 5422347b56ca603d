#pragma once

#include "core/estimate/evaluateddesign.h"
#include "core/estimate/hardwarecatalog.h"

#include <QCoreApplication>
#include <QList>
#include <QPointF>
#include <QString>

namespace tx {

// The concurrency figure, as the window and the exports draw it: decode speed per user and
// for all users together (ServingEstimator's time per output token) against the number of
// users decoding at once, from one user up to the most that fit the memory of the devices
// that hold the design (Solver::largestBatch), with that limit marked.
struct ConcurrencyFigure
{
    Q_DECLARE_TR_FUNCTIONS(tx::ConcurrencyFigure)
public:
    QString title;
    QString xTitle;
    QString perUserTitle;   // left axis
    QString totalTitle;     // right axis
    QString perUserName;
    QString totalName;
    QString limitName;      // "Memory limit: 18 users (the KV cache)"
    QList<QPointF> perUser; // (users, tokens/s per user)
    QList<QPointF> total;   // (users, tokens/s of all users)
    QList<QPointF> limitLine; // vertical, at the limit, over the per-user axis
    int devices = 0;        // the devices that hold the design for one user
    int limit = 0;          // most users that fit; 0: not even one
    double xMax = 1;
    double perUserMax = 1;  // axis tops (nice numbers)
    double totalMax = 1;
    QString note;           // "1 × H100: 18 users fit (limited by the KV cache at 18 sequences) …"

    bool hasCurve() const { return !perUser.isEmpty(); }

    // nullptr: the titles and names only.
    static ConcurrencyFigure of(const EvaluatedDesign *design, const HardwareCatalog &catalog = HardwareCatalog::builtIn());
};

} // namespace tx
