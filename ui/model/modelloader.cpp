#include "ui/model/modelloader.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThread>

namespace tx {

ModelLoader::ModelLoader(QObject *parent) : QObject(parent) {}

ModelLoader::~ModelLoader()
{
    ++m_generation; // results still on their way are dropped
    stopRunning();
}

void ModelLoader::stopRunning()
{
    if (m_stop)
        m_stop->store(true);
}

void ModelLoader::load(const QString &path)
{
    const int generation = ++m_generation;
    ++m_running;
    stopRunning();
    auto stop = std::make_shared<std::atomic<bool>>(false);
    m_stop = stop;
    QPointer<ModelLoader> self(this);
    QThread *thread = QThread::create([self, path, generation, stop] {
        auto result = ModelInspection::inspect(path, StopToken(stop.get()));
        // Back on the UI thread: hand over a copy, unless a newer load() or the loader's end
        // came first.
        auto shared = result ? std::make_shared<const ModelInspection>(std::move(*result)) : nullptr;
        const Error error = result ? Error{} : result.error();
        QMetaObject::invokeMethod(
            qApp,
            [self, shared, error, generation] {
                if (!self)
                    return;
                --self->m_running;
                if (generation != self->m_generation)
                    return;
                if (shared)
                    emit self->loaded(shared);
                else
                    emit self->failed(error);
            },
            Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

} // namespace tx
