#include "attentionworker.h"

#include "enginesizer.h"
#include "ops.h"
#include "bytetokenizer.h"

#include <QElapsedTimer>

namespace tx {

AttentionWorker::AttentionWorker(QObject *parent)
    : QObject(parent)
{
}

void AttentionWorker::run(const AttentionRequest &request)
{
    QElapsedTimer timer;
    timer.start();

    const ByteTokenizer tokenizer;
    const std::vector<int> tokens = tokenizer.encode(request.text);
    if (tokens.empty()) {
        emit failed(tr("Type a sentence first."));
        return;
    }

    emit progress(0, tr("Fitting the design under the memory cap"));
    const auto plan = EngineSizer::fit(request.config, request.capBytes);
    if (!plan) {
        emit failed(plan.error().toString());
        return;
    }
    if (plan->config.vocabSize < tokenizer.vocabSize()) {
        emit failed(tr("vocab_size: the byte tokenizer needs a vocabulary of at least %1 tokens")
                        .arg(tokenizer.vocabSize()));
        return;
    }

    const bool reuse = m_model && m_modelConfig == plan->config && m_modelSeed == request.seed
                       && m_modelCap == request.capBytes;
    if (!reuse) {
        m_model.reset(); // free the old weights before allocating the new ones
        emit progress(5, tr("Allocating %n float32 weights", nullptr, int(std::min<std::int64_t>(
                                                                          plan->weightBytes / 4, INT32_MAX))));
        auto model = Transformer::create(plan->config, request.capBytes);
        if (!model) {
            emit failed(model.error().toString());
            return;
        }
        if (m_cancel.load()) {
            emit cancelled();
            return;
        }
        emit progress(15, tr("Initialising weights (GPT-2 style, seed %1)").arg(request.seed));
        model->initGpt2Style(request.seed);
        m_model = std::move(*model);
        m_modelConfig = plan->config;
        m_modelSeed = request.seed;
        m_modelCap = request.capBytes;
    }
    if (m_cancel.load()) {
        emit cancelled();
        return;
    }
    if (int(tokens.size()) > m_model->maxSequenceLength()) {
        emit failed(tr("text: %1 tokens, but the model reads at most %2")
                        .arg(tokens.size())
                        .arg(m_model->maxSequenceLength()));
        return;
    }

    ForwardOptions options = ForwardOptions::everything();
    options.cancel = &m_cancel;
    options.progress = [this](int done, int total) {
        emit progress(40 + 55 * done / std::max(total, 1), tr("Ran layer %1 of %2").arg(done).arg(total));
    };
    auto forward = m_model->forward(tokens, options);
    if (m_cancel.load()) {
        emit cancelled();
        return;
    }
    if (!forward) {
        emit failed(forward.error().toString());
        return;
    }

    AttentionSnapshot snapshot;
    snapshot.text = request.text;
    // A space would make an empty chip or axis label; "␣" shows it (also GPT-2's " the").
    for (QString label : tokenizer.labels(tokens)) {
        if (label.startsWith(QLatin1Char(' ')))
            label.replace(0, 1, QStringLiteral("␣"));
        snapshot.tokenLabels << label;
    }
    snapshot.config = plan->config;
    snapshot.changes = plan->changes;
    snapshot.weightBytes = plan->weightBytes;
    snapshot.result = std::move(*forward);
    snapshot.heads = HeadSummary::summarize(snapshot.result);
    snapshot.positional = ops::sinusoidalTable(int(tokens.size()), plan->config.dModel);
    snapshot.seconds = double(timer.nsecsElapsed()) * 1e-9;
    emit progress(100, tr("Done"));
    emit finished(snapshot);
}

} // namespace tx
