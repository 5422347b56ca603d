#include "ui/calibrate/calibrationworker.h"

#include "core/calibrate/calibrator.h"
#include "core/calibrate/cpuprobe.h"
#include "core/calibrate/enginemeasurement.h"

namespace tx {

CalibrationWorker::CalibrationWorker(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<tx::CalibrationPlan>();
    qRegisterMetaType<tx::CalibrationTable>();
}

void CalibrationWorker::run(const CalibrationPlan &plan)
{
    const int total = EngineMeasurement::steps(plan) + 1;
    emit progress(0, total);
    const CpuPeak cpu = CpuProbe::measure();
    emit progress(1, total);
    const auto predicted = Calibrator::predict(plan, cpu);
    if (!predicted) {
        emit failed(predicted.error().toString());
        return;
    }
    const auto measured = EngineMeasurement::measure(plan, &m_stop, [this, total](int done, int) {
        emit progress(done + 1, total);
    });
    if (!measured) {
        if (m_stop.load())
            emit cancelled();
        else
            emit failed(measured.error().toString());
        return;
    }
    emit finished(Calibrator::table(plan, cpu, *predicted, *measured));
}

} // namespace tx
