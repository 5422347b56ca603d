#include "ui/teach/forwardstepworker.h"

#include "core/formats/demomodel.h"
#include "core/nn/enginesizer.h"
#include "core/tokenize/bytetokenizer.h"

namespace tx {

void ForwardStepWorker::run(const ForwardStepRequest &request)
{
    const bool reuse = m_model && (request.demo ? m_modelIsDemo : (!m_modelIsDemo && m_modelConfig == request.config));
    if (!reuse) {
        m_model.reset();
        m_changes.clear();
        if (request.demo) {
            auto loaded = RunnableModel::fromCheckpoint(DemoModel::path(), Transformer::kDefaultCapBytes);
            if (!loaded) {
                emit failed(loaded.error().toString());
                return;
            }
            m_model = std::move(*loaded);
        } else {
            const auto plan = EngineSizer::fit(request.config, kCapBytes);
            if (!plan) {
                emit failed(plan.error().toString());
                return;
            }
            auto created = RunnableModel::fromDesign(plan->config, kCapBytes, 1);
            if (!created) {
                emit failed(created.error().toString());
                return;
            }
            m_model = std::move(*created);
            if (!m_model->tokenizer && m_model->model.config().vocabSize >= 256)
                m_model->tokenizer = std::make_shared<ByteTokenizer>();
            m_changes = plan->changes.join(QStringLiteral(", "));
        }
        m_modelIsDemo = request.demo;
        m_modelConfig = request.config;
    }
    if (!m_model->tokenizer) {
        emit failed(tr("This design has no tokenizer and fewer than 256 tokens: it cannot read text."));
        return;
    }
    const ModelConfig &c = m_model->model.config();
    std::vector<int> ids = m_model->tokenizer->encode(request.text);
    if (int(ids.size()) > m_model->model.maxSequenceLength())
        ids.resize(std::size_t(m_model->model.maxSequenceLength()));
    auto trace = ForwardTrace::run(m_model->model, ids, m_model->tokenizer.get(), request.head, &m_cancel);
    if (!trace) {
        emit failed(trace.error().toString());
        return;
    }
    QString line = (request.demo ? tr("Trained demo model (Tang poems)") : tr("Current design, random weights (seed 1)"))
                   + tr(" · %1 layers · d_model %2 · %3 heads").arg(c.nLayers).arg(c.dModel).arg(c.nHeads);
    if (!m_changes.isEmpty())
        line += tr(" · scaled down: %1").arg(m_changes);
    emit finished(*trace, line);
}

} // namespace tx
