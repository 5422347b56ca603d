#include "ui/lab/trainingworker.h"

#include "core/formats/hfcheckpoint.h"

#include <QDir>
#include <QThread>

#include <algorithm>

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
    const bool encdec = model.layout == Layout::EncoderDecoder;
    emit started(m_trainer->model().parameterCount(), encdec ? model.decoderLayers() : model.nLayers, model.nHeads,
                 encdec ? model.encoderLayers() : 0, model.layout == Layout::EncoderOnly);
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
    if (task.isMaskedLm()) {
        // The encoder reads the typed text at once; each [MASK] is filled from the model's
        // prediction at its position.
        const std::vector<int> tokens = task.encodeSource(prompt);
        const int context = task.seqLen();
        if (std::count(tokens.begin(), tokens.end(), task.maskToken()) == 0 || int(tokens.size()) > context) {
            emit sampled(tr("Type a text of at most %1 characters with %2 for each hidden character, e.g. "
                            "\"the %2at sat\".").arg(context).arg(TrainingTask::maskLabel()));
            return;
        }
        SamplingOptions options;
        options.temperature = temperature;
        options.topK = topK;
        emit sampled(tr("%1 → %2").arg(task.decode(tokens), task.decode(m_trainer->fillMasks(tokens, options))));
        return;
    }
    if (task.isSeq2Seq()) {
        // The encoder reads the source whole; the decoder writes from T5's start token until the
        // end token (span corruption) or the target's length (digits).
        std::vector<int> source = task.encodeSource(prompt);
        const int context = m_trainer->model().maxSequenceLength();
        if (source.empty() || int(source.size()) > context) {
            emit sampled(tr("Type a source of 1 to %1 tokens: digits for the digit tasks, a text with _ for each hidden "
                            "span for span corruption.").arg(context));
            return;
        }
        const bool spans = task.options().kind == TaskKind::Chars;
        std::vector<int> out = m_trainer->sample(source, spans ? std::min(context, 2 * task.seqLen()) : task.seqLen(),
                                                 temperature, topK, 1);
        if (const auto end = std::find(out.begin(), out.end(), TrainingTask::kEndOfSequence); spans && end != out.end())
            out.erase(end + 1, out.end());
        emit sampled(tr("%1 → %2").arg(task.decode(source), task.decode(out)));
        return;
    }
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
        if (const auto tokenizer = m_trainer->task().checkpointTokenizer())
            error = tokenizer->save(QDir(dir).filePath(QStringLiteral("tokenizer.json")));
    emit saved(dir, error ? error->toString() : QString());
}

} // namespace tx
