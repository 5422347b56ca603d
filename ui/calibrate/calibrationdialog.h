#pragma once

#include "core/calibrate/calibrationplan.h"
#include "core/calibrate/calibrationtable.h"
#include "core/design/modelconfig.h"

#include <QDialog>

#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QThread;

namespace tx {

class CalibrationWorker;

// "Check against this computer": runs the design (scaled down when the engine needs it) on a
// worker thread — forward, a training step and decode — and shows each time and memory figure
// beside the estimator's prediction for the same shape on this CPU, with the error.
class CalibrationDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CalibrationDialog(const ModelConfig &design, QWidget *parent = nullptr);
    ~CalibrationDialog() override;

    // Plans the run and starts it on the worker thread (the dialog calls it when shown).
    void start();
    bool running() const;

    // Draws a finished table (the worker's, or a test's).
    void showTable(const CalibrationTable &table);

    QTableWidget *table() const { return m_table; }
    QLabel *status() const { return m_status; }
    QLabel *header() const { return m_header; }
    QProgressBar *progress() const { return m_progress; }
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *runButton() const { return m_run; }

signals:
    void requestRun(const tx::CalibrationPlan &plan);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;
    void done(int result) override;

private:
    void cancel();
    void onProgress(int done, int total);
    void onFailed(const QString &message);
    void onCancelled();
    void retranslate();
    void stopThread();

    ModelConfig m_design;
    std::optional<CalibrationTable> m_shown;
    bool m_started = false;
    bool m_running = false;
    QLabel *m_header;
    QLabel *m_status;
    QProgressBar *m_progress;
    QTableWidget *m_table;
    QLabel *m_note;
    QPushButton *m_run;
    QPushButton *m_cancel;
    QPushButton *m_close;
    QThread *m_thread = nullptr;
    CalibrationWorker *m_worker = nullptr;
};

} // namespace tx
