#pragma once

#include "core/design/modelconfig.h"

#include <QObject>

#include <optional>

class QMenu;
class QWidget;

namespace tx {

class DesignState;
class ModelPage;
struct ModelInspection;

// The window's work on model files (checkpoints): the File menu's Open model, Open model
// folder and Models on this computer, and what an opened model does to the design. Its
// design replaces the edited one, with the file's exact tensor bytes as the weights memory
// (one undo step); once the design is edited away from it, the weights follow the design's
// precision again.
class ModelFiles : public QObject
{
    Q_OBJECT
public:
    ModelFiles(DesignState *state, ModelPage *page, QWidget *window);

    // Appends the three actions to `menu` (again after a language switch).
    void addActions(QMenu *menu);
    // Whether a dropped path is a model (weights, a folder) rather than a design file (.json).
    static bool isModelPath(const QString &path);
    // Reads a checkpoint (file or folder) off the UI thread into the Model page.
    void open(const QString &path);

signals:
    // The Model page should come to the front.
    void pageRequested();

private:
    void adopt(const ModelInspection &inspection);
    void releaseBytesIfEdited(const ModelConfig &config, double weightsBytes);

    DesignState *m_state;
    ModelPage *m_page;
    QWidget *m_window;
    std::optional<ModelConfig> m_openedModel; // the design an opened model file gave
    ModelConfig m_lastConfig;                 // the design of the last snapshot seen
};

} // namespace tx
