#include "ui/shell/modelfiles.h"

#include "core/modelfile/modelinspection.h"
#include "ui/design/designstate.h"
#include "ui/model/modelcachedialog.h"
#include "ui/model/modelpage.h"
#include "ui/widgets/fileerrordialog.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QUndoStack>

namespace tx {

ModelFiles::ModelFiles(DesignState *state, ModelPage *page, QWidget *window)
    : QObject(window)
    , m_state(state)
    , m_page(page)
    , m_window(window)
    , m_lastConfig(state->config())
{
    connect(m_page, &ModelPage::opened, this,
            [this](std::shared_ptr<const ModelInspection> in) { adopt(*in); });
    connect(m_page, &ModelPage::failed, this,
            [this](const Error &e) { FileErrorDialog::report(m_window, tr("Open model"), e); });
    connect(m_state, &DesignState::snapshotChanged, this,
            [this](const DesignSnapshot &s) { releaseBytesIfEdited(s.config, s.assumptions.weightsBytes); });
}

void ModelFiles::addActions(QMenu *menu)
{
    menu->addAction(tr("Open &model…"), QKeySequence(tr("Ctrl+Shift+O")), this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            m_window, tr("Open model"), QString(),
            tr("Model files (*.safetensors *.gguf model.safetensors.index.json);;All files (*)"));
        if (!path.isEmpty())
            open(path);
    });
    menu->addAction(tr("Open model &folder…"), this, [this] {
        const QString path = QFileDialog::getExistingDirectory(m_window, tr("Open model folder"));
        if (!path.isEmpty())
            open(path);
    });
    menu->addAction(tr("Models on this &computer…"), this, [this] {
        auto *dialog = new ModelCacheDialog(m_window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &ModelCacheDialog::openRequested, this, &ModelFiles::open);
        dialog->open();
    });
}

bool ModelFiles::isModelPath(const QString &path)
{
    const QString name = QFileInfo(path).fileName();
    return !name.endsWith(QLatin1String(".json")) || name == QLatin1String("model.safetensors.index.json");
}

void ModelFiles::open(const QString &path)
{
    emit pageRequested();
    m_page->open(path);
}

void ModelFiles::adopt(const ModelInspection &in)
{
    if (!in.design)
        return;
    const QString text = tr("Open model %1").arg(QFileInfo(in.file.path).fileName());
    const double bytes = double(in.file.tensorDataBytes());
    m_state->undoStack()->beginMacro(text);
    m_state->replace(in.design->config, text);
    m_state->editAssumptions(text, QStringLiteral("weights_bytes"), [bytes](Assumptions &a) { a.weightsBytes = bytes; });
    m_state->undoStack()->endMacro();
    m_openedModel = m_state->config();
}

void ModelFiles::releaseBytesIfEdited(const ModelConfig &config, double weightsBytes)
{
    // Only a change of the design itself lets go of the file's bytes: undoing that release
    // (the design unchanged) keeps them, as the user asked.
    const bool designChanged = config != m_lastConfig;
    m_lastConfig = config;
    if (!designChanged || !m_openedModel || weightsBytes < 0 || config == *m_openedModel)
        return;
    // Queued: the state is inside an undo command's redo() here.
    QMetaObject::invokeMethod(this, [this] {
        if (m_state->assumptions().weightsBytes < 0 || (m_openedModel && m_state->config() == *m_openedModel))
            return;
        m_state->editAssumptions(tr("Weights from the design"), QStringLiteral("weights_bytes"),
                                 [](Assumptions &a) { a.weightsBytes = -1.0; });
    }, Qt::QueuedConnection);
}

} // namespace tx
