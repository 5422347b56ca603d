#pragma once

#include "core/train/trainer.h"
#include "core/train/trainingsnapshot.h"
#include "ui/lab/trainingrequest.h"

#include <QObject>

#include <atomic>
#include <optional>

namespace tx {

// Trains on its own thread (moveToThread): one Trainer::step per loop turn, a snapshot copy
// emitted after each. cancel() and setPaused() are thread-safe flags; a cancel stops the step
// in progress (Trainer::step checks the flag between layers), so it takes effect within a step's
// fraction. The trained model stays here for sampling and saving.
class TrainingWorker : public QObject
{
    Q_OBJECT
public:
    explicit TrainingWorker(QObject *parent = nullptr);

    void cancel() { m_cancel.store(true); }
    void clearCancel() { m_cancel.store(false); }
    void setPaused(bool paused) { m_paused.store(paused); }

public slots:
    void run(const tx::TrainingRequest &request);
    // Generates `count` characters after `prompt` with the trained model (chars task), or, for
    // an encoder-decoder, encodes `prompt` as its source and writes the target (at most `count`
    // tokens, up to the end token): "source → target". A masked LM fills in each [MASK] of
    // `prompt`: "text → filled text".
    void sample(const QString &prompt, int count, double temperature, int topK);
    // Writes config.json + model.safetensors (Hugging Face names) into `dir`.
    void save(const QString &dir);

signals:
    // layers: the decoder's (or only stack's); encoderLayers: an encoder-decoder's encoder, else 0;
    // bidirectional: an encoder-only model (no causal mask).
    void started(qint64 parameters, int layers, int heads, int encoderLayers, bool bidirectional);
    void stepped(const tx::TrainingSnapshot &snapshot);
    void finished();
    void cancelled();
    void failed(const QString &message);
    void sampled(const QString &text);
    void saved(const QString &dir, const QString &error);

private:
    std::atomic<bool> m_cancel{false};
    std::atomic<bool> m_paused{false};
    std::optional<Trainer> m_trainer;
};

} // namespace tx
