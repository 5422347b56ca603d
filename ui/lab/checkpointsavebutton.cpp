#include "ui/lab/checkpointsavebutton.h"

#include "core/nn/transformer.h"
#include "ui/lab/checkpointsaveworker.h"

#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QMessageBox>
#include <QProgressDialog>

namespace tx {

CheckpointSaveButton::CheckpointSaveButton(QWidget *parent)
    : QPushButton(parent)
    , m_capBytes([] { return Transformer::kDefaultCapBytes; })
    , m_worker(new CheckpointSaveWorker)
    , m_progress(new QProgressDialog(this))
{
    setObjectName(QStringLiteral("saveCheckpoint"));
    m_progress->setObjectName(QStringLiteral("checkpointSaveProgress"));
    m_progress->setWindowModality(Qt::WindowModal);
    m_progress->setRange(0, 100);
    m_progress->setMinimumDuration(0);
    m_progress->setAutoClose(false);
    m_progress->setAutoReset(false);
    m_progress->reset(); // hidden until a save starts
    retranslate();
    setEnabled(false);

    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &CheckpointSaveWorker::progress, this, [this](int percent, const QString &stage) {
        if (!m_saving)
            return;
        m_progress->setLabelText(stage);
        m_progress->setValue(percent);
    });
    connect(m_worker, &CheckpointSaveWorker::saved, this, [this](const QString &dir, const QStringList &files, qint64 bytes) {
        finish();
        emit saved(dir, files, bytes);
    });
    connect(m_worker, &CheckpointSaveWorker::failed, this, [this](const QString &message) {
        finish();
        m_error = new QMessageBox(QMessageBox::Warning, tr("Save checkpoint"), tr("The checkpoint could not be saved."),
                                  QMessageBox::Ok, this);
        m_error->setObjectName(QStringLiteral("checkpointSaveError"));
        m_error->setAttribute(Qt::WA_DeleteOnClose);
        m_error->setWindowModality(Qt::WindowModal);
        m_error->setTextFormat(Qt::PlainText);
        m_error->setInformativeText(message);
        m_error->open();
        emit saveFailed(message);
    });
    connect(m_worker, &CheckpointSaveWorker::cancelled, this, [this] {
        finish();
        emit saveCancelled();
    });
    connect(m_progress, &QProgressDialog::canceled, this, [this] {
        if (m_saving)
            m_worker->cancel(); // the worker answers with cancelled (or saved, when it had finished)
    });
    connect(this, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Save checkpoint into folder"));
        if (!dir.isEmpty())
            saveTo(dir);
    });
    m_thread.setObjectName(QStringLiteral("checkpoint save worker"));
    m_thread.start();
}

CheckpointSaveButton::~CheckpointSaveButton()
{
    m_worker->cancel();
    m_thread.quit();
    m_thread.wait();
}

void CheckpointSaveButton::setSource(const QString &path)
{
    m_source = path;
    setEnabled(!path.isEmpty());
}

void CheckpointSaveButton::saveTo(const QString &dir)
{
    if (m_source.isEmpty() || m_saving)
        return;
    // The button stays enabled: disabling it would disable its child, the progress dialog and its
    // Cancel; the window-modal dialog keeps the window (and the button) from a second click.
    m_saving = true;
    m_worker->clearCancel();
    m_progress->setLabelText(tr("Saving %1 to %2").arg(QDir::toNativeSeparators(m_source), QDir::toNativeSeparators(dir)));
    m_progress->setValue(0);
    m_progress->show();
    const QString source = m_source;
    const qint64 cap = m_capBytes();
    QMetaObject::invokeMethod(m_worker, [w = m_worker, source, dir, cap] { w->save(source, dir, cap); }, Qt::QueuedConnection);
}

void CheckpointSaveButton::finish()
{
    m_saving = false;
    m_progress->reset();
    m_progress->hide();
}

void CheckpointSaveButton::retranslate()
{
    setText(tr("Save checkpoint as…"));
    setToolTip(tr("Write the loaded checkpoint into another folder: config.json, model.safetensors (quantised "
                  "tensors as they were loaded, the others at the file's precision) and its tokenizer files"));
    m_progress->setWindowTitle(tr("Save checkpoint"));
    m_progress->setCancelButtonText(tr("Cancel"));
}

void CheckpointSaveButton::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QPushButton::changeEvent(event);
}

} // namespace tx
