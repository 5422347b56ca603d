#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <cstdint>

namespace tx {

// Writes a Hugging Face checkpoint back on its own thread (moveToThread): loads it from its path
// (HfCheckpoint::load, under the attention view's weight cap), then CheckpointResave::save into the
// chosen folder, quantised as the source stored it and at its float dtype, with the tokenizer files.
// cancel() is thread-safe; it stops the write between two tensors (the folder keeps the files it
// had: every file goes through QSaveFile).
class CheckpointSaveWorker : public QObject
{
    Q_OBJECT
public:
    explicit CheckpointSaveWorker(QObject *parent = nullptr);

    void cancel() { m_cancel.store(true); }
    void clearCancel() { m_cancel.store(false); }

public slots:
    void save(const QString &source, const QString &dir, qint64 capBytes);

signals:
    // percent in 0..100; stage is a translated line such as "Writing model.safetensors: 4 of 9 MB".
    void progress(int percent, const QString &stage);
    void saved(const QString &dir, const QStringList &files, qint64 bytes);
    void failed(const QString &message);
    void cancelled();

private:
    std::atomic<bool> m_cancel{false};
};

} // namespace tx
