#include "ui/lab/trainingworker.h"

#include "core/formats/hfcheckpoint.h"

#include <QThread>

#include <QDir>

namespace tx {

TrainingWorker::TrainingWorker(QObject *parent)
    : QObject(parent)
{
}

void TrainingWorker::run(const TrainingRequest &request)
{
    m_trainer.reset();
    auto task = TrainingTask::create(request.task);
    if (!task) {
        emit failed(task.error().toString());
        return;
    }
    ModelConfig model = request.model;
    task->fitModel(model);
    auto trainer = Trainer::create(model, request.attentionOnly, *task, request.settings);
    if (!trainer) {
        emit failed(trainer.error().toString());
        return;
    }
    m_trainer.emplace(std::move(*trainer));
    emit started(m_trainer->model().parameterCount(), model.nLayers, model.nHeads);
    while (!m_trainer->finished()) {
        if (m_cancel.load()) {
            emit cancelled();
            return;
        }
        if (m_paused.load()) {
            QThread::msleep(10); // polls the flags 100 times a second while paused
            continue;
        }
        auto snapshot = m_trainer->step(&m_cancel);
        if (!snapshot)
            continue; // stopped mid-step: the loop head reports the cancel
        emit stepped(*snapshot);
    }
    emit finished();
}

void TrainingWorker::sample(const QString &prompt, int count, double temperature, int topK)
{
    if (!m_trainer) {
        emit sampled(tr("Train a model first."));
        return;
    }
    const TrainingTask &task = m_trainer->task();
    if (task.options().kind != TaskKind::Chars) {
        emit sampled(tr("Sampling needs a character-level language model (the chars task)."));
        return;
    }
    std::vector<int> tokens = task.encode(prompt);
    if (tokens.empty())
        tokens.push_back(0);
    // Keep the prompt inside the context the model was trained on.
    const int context = task.seqLen();
    if (int(tokens.size()) > context - 1)
        tokens.erase(tokens.begin(), tokens.end() - (context - 1));
    const std::vector<int> out = m_trainer->sample(tokens, count, temperature, topK, 1);
    emit sampled(task.decode(out));
}

void TrainingWorker::save(const QString &dir)
{
    if (!m_trainer) {
        emit saved(dir, tr("Train a model first."));
        return;
    }
    auto error = HfCheckpoint::save(m_trainer->model().transformer(), dir);
    // A character model carries its tokenizer, so the attention view reads text for it.
    if (!error)
        if (const auto tokenizer = m_trainer->task().tokenizer())
            error = tokenizer->save(QDir(dir).filePath(QStringLiteral("tokenizer.json")));
    emit saved(dir, error ? error->toString() : QString());
}

} // namespace tx
