#include "ui/shell/recentfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace tx {

RecentFiles::RecentFiles(QMenu *menu, QObject *parent)
    : QObject(parent)
    , m_menu(menu)
    , m_files(QSettings().value(QStringLiteral("recentFiles")).toStringList())
{
    rebuildMenu();
}

void RecentFiles::add(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_files.removeAll(absolute);
    m_files.prepend(absolute);
    while (m_files.size() > kMax)
        m_files.removeLast();
    QSettings().setValue(QStringLiteral("recentFiles"), m_files);
    rebuildMenu();
}

void RecentFiles::rebuildMenu()
{
    m_menu->clear();
    int n = 0;
    for (const QString &file : std::as_const(m_files)) {
        ++n;
        const QString text = tr("&%1 %2").arg(n).arg(QDir::toNativeSeparators(QFileInfo(file).fileName()));
        QAction *action = m_menu->addAction(text, this, [this, file] { emit openRequested(file); });
        action->setToolTip(QDir::toNativeSeparators(file));
    }
    m_menu->setEnabled(!m_files.isEmpty());
}

} // namespace tx
