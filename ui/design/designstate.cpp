#include "ui/design/designstate.h"

#include "core/design/designfile.h"
#include "core/design/presetlibrary.h"
#include "ui/design/editdesigncommand.h"

#include <QUndoStack>

namespace tx {

DesignState::DesignState(QObject *parent)
    : SnapshotSource(parent)
    , m_undo(new QUndoStack(this))
    , m_snapshot(DesignSnapshot::compute(startingDesign(), fitted(startingDesign(), Assumptions{})))
{
    connect(m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

ModelConfig DesignState::startingDesign()
{
    const Preset *gpt2 = PresetLibrary::builtIn().find(QStringLiteral("gpt2"));
    return gpt2 ? gpt2->config : ModelConfig{};
}

void DesignState::edit(const QString &text, const QString &field, const std::function<void(ModelConfig &)> &change,
                       bool dragging)
{
    ModelConfig next = m_snapshot.config;
    change(next);
    DesignEdits::couple(next, m_snapshot.config, field, m_snapshot.locks);
    push(next, m_snapshot.assumptions, m_snapshot.locks, text, field, dragging);
}

void DesignState::editAssumptions(const QString &text, const QString &field,
                                  const std::function<void(Assumptions &)> &change, bool dragging)
{
    Assumptions next = m_snapshot.assumptions;
    change(next);
    if (next.contextLength != m_snapshot.assumptions.contextLength)
        m_askedContext = next.contextLength;
    push(m_snapshot.config, next, m_snapshot.locks, text, field, dragging);
}

void DesignState::setDffLock(bool on, const QString &text)
{
    ModelConfig config = m_snapshot.config;
    DesignLocks locks = m_snapshot.locks;
    DesignEdits::setDffLock(config, locks, on);
    push(config, m_snapshot.assumptions, locks, text, QStringLiteral("d_ff"), false);
}

void DesignState::replace(const ModelConfig &config, const QString &text)
{
    push(config, fitted(config, m_snapshot.assumptions), m_snapshot.locks, text, {}, false);
}

Assumptions DesignState::fitted(const ModelConfig &config, Assumptions assumptions) const
{
    assumptions.contextLength = m_askedContext;
    if (config.maxPositions > 0 && assumptions.contextLength > config.maxPositions)
        assumptions.contextLength = config.maxPositions;
    return assumptions;
}

void DesignState::push(const ModelConfig &config, const Assumptions &assumptions, const DesignLocks &locks,
                       const QString &text, const QString &field, bool dragging)
{
    const EditDesignCommand::Values before{m_snapshot.config, m_snapshot.assumptions, m_snapshot.locks};
    const EditDesignCommand::Values after{config, assumptions, locks};
    if (before == after)
        return;
    m_undo->push(new EditDesignCommand(this, before, after, text, field, dragging));
}

void DesignState::reset(const ModelConfig &config, const QString &filePath)
{
    m_undo->clear();
    apply(config, fitted(config, m_snapshot.assumptions), m_snapshot.locks);
    if (filePath != m_filePath) {
        m_filePath = filePath;
        emit filePathChanged(m_filePath);
    }
    m_undo->setClean();
    emit modifiedChanged(false);
}

bool DesignState::isModified() const
{
    return !m_undo->isClean();
}

Expected<ModelConfig, Error> DesignState::open(const QString &path)
{
    auto loaded = DesignFile::load(path);
    if (loaded)
        reset(*loaded, path);
    return loaded;
}

std::optional<Error> DesignState::save(const QString &path)
{
    if (auto error = DesignFile::save(m_snapshot.config, path))
        return error;
    if (path != m_filePath) {
        m_filePath = path;
        emit filePathChanged(m_filePath);
    }
    m_undo->setClean();
    return std::nullopt;
}

void DesignState::apply(const ModelConfig &config, const Assumptions &assumptions, const DesignLocks &locks)
{
    m_snapshot = DesignSnapshot::compute(config, assumptions);
    m_snapshot.locks = locks;
    emit snapshotChanged(m_snapshot);
}

} // namespace tx
