#pragma once

#include "core/base/error.h"
#include "core/modelfile/modelinspection.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

class QThread;

namespace tx {

// Reads a checkpoint's headers off the UI thread (ModelInspection::inspect) and hands back the
// whole result as a value. A newer load() supersedes an older one still running: the older one
// is stopped at its next shard (SafetensorsHeader::readIndex) and its result dropped; so is a load
// still running when the loader goes.
class ModelLoader : public QObject
{
    Q_OBJECT
public:
    explicit ModelLoader(QObject *parent = nullptr);
    ~ModelLoader() override;

    void load(const QString &path);
    bool isLoading() const { return m_running > 0; }

signals:
    void loaded(std::shared_ptr<const tx::ModelInspection> inspection);
    void failed(const tx::Error &error);

private:
    void stopRunning();

    std::atomic<int> m_generation{0};
    std::shared_ptr<std::atomic<bool>> m_stop; // the newest load's flag
    int m_running = 0;
};

} // namespace tx
