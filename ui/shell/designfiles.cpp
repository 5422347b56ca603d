#include "ui/shell/designfiles.h"

#include "core/base/saveleftovers.h"
#include "core/design/designfile.h"
#include "ui/design/designstate.h"
#include "ui/shell/recentfiles.h"
#include "ui/widgets/fileerrordialog.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QWidget>

namespace tx {

DesignFiles::DesignFiles(DesignState *state, QWidget *window)
    : QObject(window)
    , m_state(state)
    , m_window(window)
{
    connect(m_state, &DesignState::modifiedChanged, this, &DesignFiles::updateTitle);
    connect(m_state, &DesignState::filePathChanged, this, &DesignFiles::updateTitle);
}

void DesignFiles::setRecentMenu(QMenu *recentMenu)
{
    delete m_recent;
    m_recent = new RecentFiles(recentMenu, this);
    connect(m_recent, &RecentFiles::openRequested, this, [this](const QString &path) {
        if (maybeSave())
            openFile(path);
    });
}

bool DesignFiles::openFile(const QString &path)
{
    const auto loaded = m_state->open(path);
    if (!loaded) {
        FileErrorDialog::report(m_window, tr("Open design"), loaded.error());
        return false;
    }
    if (m_recent)
        m_recent->add(path);
    return true;
}

void DesignFiles::newDesign()
{
    if (maybeSave())
        m_state->reset(DesignState::startingDesign());
}

void DesignFiles::open()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open design"), QFileInfo(m_state->filePath()).path(),
                                                      tr("Design files (*.json);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool DesignFiles::save()
{
    if (m_state->filePath().isEmpty())
        return saveAs();
    return saveTo(m_state->filePath());
}

bool DesignFiles::saveAs()
{
    const QString suggested = m_state->config().name.isEmpty() ? tr("design.json")
                                                               : m_state->config().name + QStringLiteral(".json");
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Save design"), suggested,
                                                      tr("Design files (*.json)"));
    return !path.isEmpty() && saveTo(path);
}

bool DesignFiles::saveTo(const QString &path)
{
    if (auto error = m_state->save(path)) {
        QMessageBox::warning(m_window, tr("Save design"), error->toString());
        return false;
    }
    if (m_recent)
        m_recent->add(path);
    return true;
}

bool DesignFiles::maybeSave()
{
    if (!m_state->isModified())
        return true;
    const auto answer = QMessageBox::warning(m_window, tr("Unsaved changes"),
                                             tr("The design has unsaved changes. Save them first?"),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void DesignFiles::restoreLastDesign(const QSettings &settings)
{
    const QByteArray last = settings.value(QStringLiteral("lastDesign")).toByteArray();
    if (last.isEmpty())
        return;
    auto design = DesignFile::parse(last, tr("last session"));
    // The path comes back only when the file still holds that design; otherwise the
    // restored design is untitled rather than silently tied to a file it differs from.
    const QString path = settings.value(QStringLiteral("lastDesignPath")).toString();
    if (design) {
        const auto onDisk = path.isEmpty() ? Expected<ModelConfig, Error>(Error{}) : DesignFile::load(path);
        m_state->reset(*design, onDisk && *onDisk == *design ? path : QString());
    }
}

void DesignFiles::saveLastDesign(QSettings &settings) const
{
    settings.setValue(QStringLiteral("lastDesign"), DesignFile::serialize(m_state->config()));
    settings.setValue(QStringLiteral("lastDesignPath"), m_state->filePath());
}

void DesignFiles::clearSaveLeftovers() const
{
    if (m_recent)
        for (const QString &path : m_recent->files())
            SaveLeftovers::clear(path);
}

void DesignFiles::updateTitle()
{
    const QString name = m_state->filePath().isEmpty() ? tr("Untitled design")
                                                       : QFileInfo(m_state->filePath()).fileName();
    m_window->setWindowTitle(tr("%1[*] — Transformer Explorer").arg(name));
    m_window->setWindowModified(m_state->isModified());
}

} // namespace tx
