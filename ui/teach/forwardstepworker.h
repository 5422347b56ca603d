#pragma once

#include "core/formats/runnablemodel.h"
#include "core/teach/forwardtrace.h"
#include "ui/teach/forwardsteprequest.h"

#include <QObject>

#include <atomic>
#include <optional>

namespace tx {

// Loads the model and runs one traced forward pass on its own thread (moveToThread); hands back
// a copy. The model is kept, so a new sentence skips the loading.
class ForwardStepWorker : public QObject
{
    Q_OBJECT
public:
    // Designs run here are scaled under this many bytes of float32 weights: a step-through needs
    // one pass, not a big model.
    static constexpr std::int64_t kCapBytes = 64'000'000;

    void cancel() { m_cancel.store(true); }
    void clearCancel() { m_cancel.store(false); }

public slots:
    void run(const tx::ForwardStepRequest &request);

signals:
    // modelLine: "Tang-poems demo · 2 layers · d_model 128" (translated); changes: what scaling changed.
    void finished(const tx::ForwardTrace &trace, const QString &modelLine);
    void failed(const QString &message);

private:
    std::atomic<bool> m_cancel{false};
    std::optional<RunnableModel> m_model;
    bool m_modelIsDemo = false;
    ModelConfig m_modelConfig; // the design m_model was built from (!m_modelIsDemo)
    QString m_changes;
};

} // namespace tx

Q_DECLARE_METATYPE(tx::ForwardTrace)
