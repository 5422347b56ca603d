#include "ui/calibrate/calibrationdialog.h"

#include "core/calibrate/calibrator.h"
#include "ui/calibrate/calibrationworker.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

namespace tx {

CalibrationDialog::CalibrationDialog(const ModelConfig &design, QWidget *parent)
    : QDialog(parent)
    , m_design(design)
    , m_header(new QLabel(this))
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_table(new QTableWidget(0, 5, this))
    , m_note(new QLabel(this))
    , m_run(new QPushButton(this))
    , m_cancel(new QPushButton(this))
    , m_close(new QPushButton(this))
{
    setObjectName(QStringLiteral("calibration_dialog"));
    m_header->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("calibration_status"));
    m_status->setWordWrap(true);
    m_note->setWordWrap(true);
    m_table->setObjectName(QStringLiteral("calibration_table"));
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_run->setObjectName(QStringLiteral("calibration_run"));
    m_cancel->setObjectName(QStringLiteral("calibration_cancel"));
    m_cancel->setEnabled(false);
    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_run, QDialogButtonBox::ActionRole);
    buttons->addButton(m_cancel, QDialogButtonBox::ActionRole);
    buttons->addButton(m_close, QDialogButtonBox::RejectRole);
    connect(m_run, &QPushButton::clicked, this, &CalibrationDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, &CalibrationDialog::cancel);
    connect(m_close, &QPushButton::clicked, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_note);
    layout->addWidget(buttons);
    resize(900, 480);
    retranslate();
}

CalibrationDialog::~CalibrationDialog()
{
    stopThread();
}

bool CalibrationDialog::running() const
{
    return m_running;
}

void CalibrationDialog::stopThread()
{
    if (!m_thread)
        return;
    m_worker->cancel();
    m_thread->quit();
    m_thread->wait();
    delete m_thread; // the worker went with the thread's finished() → deleteLater
    m_thread = nullptr;
    m_worker = nullptr;
}

void CalibrationDialog::start()
{
    if (m_running)
        return;
    m_started = true;
    const auto plan = Calibrator::plan(m_design, CalibrationSettings{});
    if (!plan) {
        onFailed(plan.error().toString());
        return;
    }
    stopThread();
    m_thread = new QThread;
    m_worker = new CalibrationWorker;
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &CalibrationDialog::requestRun, m_worker, &CalibrationWorker::run);
    connect(m_worker, &CalibrationWorker::progress, this, &CalibrationDialog::onProgress);
    connect(m_worker, &CalibrationWorker::failed, this, &CalibrationDialog::onFailed);
    connect(m_worker, &CalibrationWorker::cancelled, this, &CalibrationDialog::onCancelled);
    connect(m_worker, &CalibrationWorker::finished, this, [this](const CalibrationTable &t) {
        m_running = false;
        m_cancel->setEnabled(false);
        m_run->setEnabled(true);
        showTable(t);
    });
    m_thread->start();
    m_running = true;
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_progress->setRange(0, 0);
    m_status->setText(plan->changes.isEmpty()
                          ? tr("Measuring this computer and running the design…")
                          : tr("Running a smaller design of the same family (%1)…").arg(plan->changes.join(QStringLiteral("; "))));
    emit requestRun(*plan);
}

void CalibrationDialog::cancel()
{
    if (m_worker)
        m_worker->cancel();
    m_cancel->setEnabled(false);
    m_status->setText(tr("Cancelling…"));
}

void CalibrationDialog::onProgress(int done, int total)
{
    m_progress->setRange(0, total);
    m_progress->setValue(done);
}

void CalibrationDialog::onFailed(const QString &message)
{
    m_running = false;
    m_cancel->setEnabled(false);
    m_run->setEnabled(true);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_status->setText(tr("Could not run the design: %1").arg(message));
}

void CalibrationDialog::onCancelled()
{
    onFailed({});
    m_status->setText(tr("Cancelled."));
}

void CalibrationDialog::showTable(const CalibrationTable &t)
{
    m_shown = t;
    m_progress->setRange(0, 1);
    m_progress->setValue(1);
    QString status = tr("%1 on %2: %3 threads of %4 GFLOP/s (%5), %6 GB/s memory; load average %7 when measured.")
                         .arg(t.config.name.isEmpty() ? tr("The design") : t.config.name,
                              t.cpu.cpuName.isEmpty() ? tr("this computer") : t.cpu.cpuName)
                         .arg(t.cpu.threads)
                         .arg(t.cpu.gflopsPerCore, 0, 'f', 1)
                         .arg(t.cpu.isa)
                         .arg(t.cpu.bandwidthBytesPerSecond / 1e9, 0, 'f', 1)
                         .arg(t.cpu.loadAverage, 0, 'f', 2);
    if (!t.changes.isEmpty())
        status += QLatin1Char(' ') + tr("Scaled down to fit the engine: %1.").arg(t.changes.join(QStringLiteral("; ")));
    if (!t.trained)
        status += QLatin1Char(' ') + tr("The engine does not train this design, so the training rows are left out.");
    m_status->setText(status);
    m_table->setRowCount(int(t.rows.size()));
    for (int i = 0; i < int(t.rows.size()); ++i) {
        const CalibrationRow &r = t.rows[std::size_t(i)];
        const QStringList cells = {Calibrator::label(r.key), Calibrator::formatValue(r, r.predicted),
                                   Calibrator::formatValue(r, r.measured), Calibrator::formatError(r), r.basis};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c >= 1 && c <= 3)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            item->setData(Qt::UserRole, r.key);
            m_table->setItem(i, c, item);
        }
    }
    m_table->resizeColumnsToContents();
}

void CalibrationDialog::retranslate()
{
    setWindowTitle(tr("Check against this computer"));
    m_header->setText(tr("Runs %1 in the engine on this computer — a forward pass, a training step and decoding — and "
                         "sets the time and memory it measures beside what the estimator predicts for the same shape "
                         "on this CPU's measured peak.")
                          .arg(m_design.name.isEmpty() ? tr("the design") : m_design.name));
    m_table->setHorizontalHeaderLabels({tr("Figure"), tr("Predicted"), tr("Measured"), tr("Error"), tr("How it was predicted")});
    m_note->setText(tr("Error = (predicted − measured) / measured. Times are medians of several runs; memory is the "
                       "engine's own allocations, and for the training peak the rise of this process's resident memory, "
                       "which also holds what the estimator leaves out (temporaries, allocator slack). "
                       "Byte figures in decimal units (1 MB = 10⁶ bytes)."));
    m_run->setText(tr("Run again"));
    m_cancel->setText(tr("Cancel"));
    m_close->setText(tr("Close"));
    if (m_shown)
        showTable(*m_shown);
    else if (!m_started)
        m_status->setText(tr("Starting…"));
}

void CalibrationDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    if (!m_started)
        start();
}

void CalibrationDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void CalibrationDialog::done(int result)
{
    stopThread();
    m_running = false;
    QDialog::done(result);
}

} // namespace tx
