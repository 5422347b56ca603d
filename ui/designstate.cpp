#include "designstate.h"

#include "configvalidator.h"
#include "designfile.h"
#include "editdesigncommand.h"
#include "paramcounter.h"

#include <QUndoStack>

namespace tx {

DesignState::DesignState(QObject *parent)
    : QObject(parent)
    , m_undo(new QUndoStack(this))
    , m_snapshot(computeSnapshot(ModelConfig{}))
{
    connect(m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

void DesignState::edit(const QString &text, const QString &field, const std::function<void(ModelConfig &)> &change,
                       bool dragging)
{
    ModelConfig next = m_snapshot.config;
    change(next);
    if (next == m_snapshot.config)
        return;
    m_undo->push(new EditDesignCommand(this, m_snapshot.config, next, text, field, dragging));
}

void DesignState::replace(const ModelConfig &config, const QString &text)
{
    if (config == m_snapshot.config)
        return;
    m_undo->push(new EditDesignCommand(this, m_snapshot.config, config, text, {}, false));
}

void DesignState::reset(const ModelConfig &config, const QString &filePath)
{
    m_undo->clear();
    apply(config);
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

void DesignState::apply(const ModelConfig &config)
{
    m_snapshot = computeSnapshot(config);
    emit snapshotChanged(m_snapshot);
}

DesignSnapshot DesignState::computeSnapshot(const ModelConfig &config)
{
    DesignSnapshot s;
    s.config = config;
    s.errors = validate(config);
    if (s.errors.empty()) {
        auto count = countParams(config);
        if (count)
            s.params = std::move(*count);
        else
            s.errors.push_back(count.error());
    }
    return s;
}

} // namespace tx
