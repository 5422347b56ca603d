#pragma once

#include "core/nn/transformer.h"
#include "core/tokenize/tokenizer.h"
#include "ui/lab/attentionrequest.h"
#include "ui/lab/attentionsnapshot.h"

#include <QObject>

#include <atomic>
#include <memory>
#include <optional>

namespace tx {

// Builds the model and runs the forward pass on its own thread (moveToThread), reporting
// progress and handing back a copy. The last model is kept, so typing a new sentence into
// the same design skips the (seconds-long for GPT-2 sizes) weight initialisation; it stays until
// a new one has loaded, so a cancelled or failed load leaves it in place.
class AttentionWorker : public QObject
{
    Q_OBJECT
public:
    explicit AttentionWorker(QObject *parent = nullptr);

    // Thread-safe: asks the running pass to stop at the next layer (or the next chunk of the
    // weights' initialisation or of a checkpoint's weights read, or the head survey's passes).
    void cancel() { m_cancel.store(true); }
    // Called by the owner before queueing run(), so a cancel() that arrives before run()
    // starts is not lost.
    void clearCancel() { m_cancel.store(false); }

public slots:
    void run(const tx::AttentionRequest &request);

signals:
    // stage is a translated line such as "Running layer 3 of 12"; percent in 0..100.
    void progress(int percent, const QString &stage);
    // The snapshot is handed over, not copied: its receiver (one, the view) moves it out on the
    // UI thread, where copying GPT-2's logits and 288 head matrices took 24–35 ms (bench_stall).
    void finished(const std::shared_ptr<tx::AttentionSnapshot> &snapshot);
    void failed(const QString &message);
    void cancelled();

private:
    // Makes m_model (and m_tokenizer) hold what the request asks for; false after emitting failed/cancelled.
    bool prepareModel(const AttentionRequest &request);

    std::atomic<bool> m_cancel{false};
    std::optional<Transformer> m_model;
    ModelConfig m_modelConfig;
    std::uint64_t m_modelSeed = 0;
    std::int64_t m_modelCap = 0;
    QString m_modelCheckpoint; // folder m_model came from; empty when built from the design
    std::shared_ptr<Tokenizer> m_tokenizer;
    QStringList m_changes;
    std::int64_t m_weightBytes = 0;
};

} // namespace tx
