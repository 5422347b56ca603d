#pragma once

#include "core/calibrate/calibrationplan.h"
#include "core/calibrate/calibrationtable.h"

#include <QObject>

#include <atomic>

namespace tx {

// Measures a plan on its own thread (moveToThread): this CPU's peak, the engine's runs, then
// the table. cancel() is thread-safe; a cancelled run emits failed().
class CalibrationWorker : public QObject
{
    Q_OBJECT
public:
    explicit CalibrationWorker(QObject *parent = nullptr);

    void cancel() { m_stop.store(true); }

public slots:
    void run(const tx::CalibrationPlan &plan);

signals:
    void progress(int done, int total); // steps: the CPU probe, then each timed run
    void finished(const tx::CalibrationTable &table);
    void failed(const QString &message);
    void cancelled();

private:
    std::atomic<bool> m_stop{false};
};

} // namespace tx
