#pragma once

#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QThread>

#include <cstdint>
#include <functional>

class QProgressDialog;

namespace tx {

class CheckpointSaveWorker;

// "Save checkpoint as…" beside the attention view's "Open checkpoint…": writes the Hugging Face
// checkpoint the view runs into another folder (CheckpointSaveWorker, off the UI thread), with a
// window-modal progress dialog whose Cancel stops the write, and a warning naming the file and
// the field when it fails. Disabled while the view runs the design (nothing was loaded).
class CheckpointSaveButton : public QPushButton
{
    Q_OBJECT
public:
    explicit CheckpointSaveButton(QWidget *parent = nullptr);
    ~CheckpointSaveButton() override;

    // The checkpoint to save (a folder or a .safetensors file); empty disables the button.
    void setSource(const QString &path);
    // The weight cap (bytes) the checkpoint is loaded under; asked for at each save.
    void setCapBytes(std::function<std::int64_t()> capBytes) { m_capBytes = std::move(capBytes); }
    // Saves into `dir` without asking for a folder (the click asks, then calls this); ignored while
    // a save runs.
    void saveTo(const QString &dir);
    bool isSaving() const { return m_saving; }

    QProgressDialog *progressDialog() const { return m_progress; }
    QMessageBox *errorDialog() const { return m_error; }
    QThread *workerThread() { return &m_thread; } // tests hold it to click Cancel before the save runs

signals:
    void saved(const QString &dir, const QStringList &files, qint64 bytes);
    void saveFailed(const QString &message);
    void saveCancelled();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void finish();

    QString m_source;
    std::function<std::int64_t()> m_capBytes;
    bool m_saving = false;
    QThread m_thread;
    CheckpointSaveWorker *m_worker;
    QProgressDialog *m_progress;
    QPointer<QMessageBox> m_error;
};

} // namespace tx
