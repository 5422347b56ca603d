#include "ui/lab/attentionworker.h"

#include "core/base/numberformat.h"
#include "core/formats/headsurvey.h"
#include "core/formats/runnablemodel.h"
#include "core/nn/enginesizer.h"
#include "core/nn/ops.h"
#include "core/nn/relativepositionbias.h"
#include "core/tokenize/bytetokenizer.h"

#include <QElapsedTimer>

#include <algorithm>

#include <utility>

namespace tx {

AttentionWorker::AttentionWorker(QObject *parent)
    : QObject(parent)
{
}

bool AttentionWorker::prepareModel(const AttentionRequest &request)
{
    // The model in hand stays until the new one has loaded: a cancelled or failed load (a folder
    // opened by mistake, a 500 MB checkpoint abandoned half way) leaves the view's last model
    // ready for its next sentence. Both fit under the cap, so the peak is two models' weights.
    if (!request.checkpoint.isEmpty()) {
        if (m_model && m_modelCheckpoint == request.checkpoint && m_modelCap == request.capBytes)
            return true;
        emit progress(5, tr("Loading %1").arg(request.checkpoint));
        int shownPercent = 5;
        const StopToken stop(&m_cancel, [this, &shownPercent](std::int64_t done, std::int64_t total) {
            const int percent = 5 + int(30 * done / std::max<std::int64_t>(total, 1));
            if (percent == shownPercent)
                return;
            shownPercent = percent;
            emit progress(percent, tr("Reading the weights: %1 of %2")
                                       .arg(NumberFormat::bytes(double(done)), NumberFormat::bytes(double(total))));
        });
        auto loaded = RunnableModel::fromCheckpoint(request.checkpoint, request.capBytes, stop);
        if (m_cancel.load()) {
            emit cancelled();
            return false;
        }
        if (!loaded) {
            emit failed(loaded.error().toString());
            return false;
        }
        // The view always reads text: bytes even for a checkpoint too small to hold them all.
        m_tokenizer = loaded->tokenizer ? loaded->tokenizer : std::make_shared<ByteTokenizer>();
        m_changes.clear();
        m_weightBytes = EngineSizer::weightBytes(loaded->model.config());
        m_model = std::move(loaded->model);
        m_modelConfig = m_model->config();
        m_modelCheckpoint = request.checkpoint;
        m_modelCap = request.capBytes;
        return true;
    }

    emit progress(0, tr("Fitting the design under the memory cap"));
    const auto plan = EngineSizer::fit(request.config, request.capBytes);
    if (!plan) {
        emit failed(plan.error().toString());
        return false;
    }
    if (m_model && m_modelCheckpoint.isEmpty() && m_modelConfig == plan->config && m_modelSeed == request.seed
        && m_modelCap == request.capBytes)
        return true;
    emit progress(5, tr("Allocating %1 of float32 weights").arg(NumberFormat::bytes(double(plan->weightBytes))));
    emit progress(15, tr("Initialising weights (GPT-2 style, seed %1)").arg(request.seed));
    auto created = RunnableModel::fromDesign(plan->config, request.capBytes, request.seed, &m_cancel);
    if (m_cancel.load()) {
        emit cancelled();
        return false;
    }
    if (!created) {
        emit failed(created.error().toString());
        return false;
    }
    m_model = std::move(created->model);
    m_modelConfig = plan->config;
    m_modelSeed = request.seed;
    m_modelCap = request.capBytes;
    m_modelCheckpoint.clear();
    m_tokenizer = created->tokenizer ? created->tokenizer : std::make_shared<ByteTokenizer>();
    m_changes = plan->changes;
    m_weightBytes = plan->weightBytes;
    return true;
}

void AttentionWorker::run(const AttentionRequest &request)
{
    QElapsedTimer timer;
    timer.start();
    if (request.text.isEmpty()) {
        emit failed(tr("Type a sentence first."));
        return;
    }
    if (!prepareModel(request))
        return;
    if (m_cancel.load()) {
        emit cancelled();
        return;
    }
    const std::vector<int> tokens = m_tokenizer->encode(request.text);
    if (tokens.empty()) {
        emit failed(tr("Type a sentence first."));
        return;
    }
    if (m_modelConfig.vocabSize < m_tokenizer->vocabSize()) {
        emit failed(tr("vocab_size: the %1 tokenizer needs a vocabulary of at least %2 tokens, the model has %3")
                        .arg(m_tokenizer->kind())
                        .arg(m_tokenizer->vocabSize())
                        .arg(m_modelConfig.vocabSize));
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

    auto shared = std::make_shared<AttentionSnapshot>();
    AttentionSnapshot &snapshot = *shared;
    snapshot.text = request.text;
    // A space would make an empty chip or axis label; "␣" shows it (also GPT-2's " the").
    for (QString label : m_tokenizer->labels(tokens)) {
        if (label.startsWith(QLatin1Char(' ')))
            label.replace(0, 1, QStringLiteral("␣"));
        snapshot.tokenLabels << label;
    }
    if (m_model->isEncoderDecoder()) { // forward() ran the text shifted right through the decoder
        snapshot.encoderLabels = snapshot.tokenLabels;
        snapshot.tokenLabels.removeLast();
        snapshot.tokenLabels.prepend(tr("⟨start⟩"));
    }
    snapshot.config = m_modelConfig;
    snapshot.changes = m_changes;
    snapshot.checkpoint = m_modelCheckpoint;
    snapshot.tokenizerKind = m_tokenizer->kind();
    snapshot.weightBytes = m_weightBytes;
    snapshot.result = std::move(*forward);
    snapshot.heads = HeadScore::measure(snapshot.result);
    // Names for the heads (previous-token, induction, first-token, delimiter) on this text and a
    // repeated random probe: two more passes, small next to the run for the models this names.
    if (auto survey = HeadSurvey::run(*m_model, *m_tokenizer, request.text, 1, &m_cancel))
        snapshot.roles = survey->roles;
    if (m_cancel.load()) {
        emit cancelled();
        return;
    }
    if (m_modelConfig.positions == PositionKind::RelativeBuckets) // the bias the stack's layers add (read only:
        // the non-const weights() would drop the model's transposed copies for the next run)
        RelativePositionBias(m_modelConfig).forward(snapshot.positional, std::as_const(*m_model).weights().relativeBias,
                                                    int(tokens.size()));
    else
        snapshot.positional = ops::sinusoidalTable(int(tokens.size()), m_modelConfig.dModel);
    snapshot.seconds = double(timer.nsecsElapsed()) * 1e-9;
    emit progress(100, tr("Done"));
    emit finished(shared);
}

} // namespace tx
