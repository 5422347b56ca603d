#include "ui/shell/windowsession.h"

#include "core/estimate/designsnapshot.h"
#include "ui/pages/comparisonview.h"
#include "ui/shell/autosave.h"
#include "ui/shell/designfiles.h"

#include <QEvent>
#include <QMainWindow>
#include <QSettings>
#include <QTabWidget>
#include <QTimer>

namespace tx {

WindowSession::WindowSession(const Parts &parts, QObject *parent)
    : QObject(parent)
    , m_parts(parts)
{
    m_parts.window->installEventFilter(this);
}

void WindowSession::restore()
{
    QSettings settings;
    m_parts.window->restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    m_parts.window->restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_parts.tabs->setCurrentIndex(settings.value(QStringLiteral("window/tab"), 0).toInt());
    m_parts.setDark(settings.value(QStringLiteral("window/dark"), false).toBool());
    m_parts.files->clearSaveLeftovers(); // what saves killed in QSaveFile's commit left
    Autosave::removeLeftovers();
    m_parts.files->restoreLastDesign(settings);
    m_pending = true;
    if (m_parts.window->isVisible())
        m_parts.window->update(); // already on screen: the next paint offers it
}

void WindowSession::save()
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), m_parts.window->saveGeometry());
    settings.setValue(QStringLiteral("window/state"), m_parts.window->saveState());
    settings.setValue(QStringLiteral("window/tab"), m_parts.tabs->currentIndex());
    settings.setValue(QStringLiteral("window/dark"), m_parts.isDark());
    m_parts.files->saveLastDesign(settings);
}

bool WindowSession::eventFilter(QObject *watched, QEvent *event)
{
    // Queued: this paint reaches the screen first, so the dialog does not sit on a black window.
    if (watched == m_parts.window && event->type() == QEvent::Paint && std::exchange(m_pending, false))
        QTimer::singleShot(0, this, &WindowSession::offerRestore);
    return QObject::eventFilter(watched, event);
}

void WindowSession::offerRestore()
{
    const auto restored = m_parts.autosave->offerRestore(m_parts.window);
    if (!restored)
        return;
    if (restored->lesson >= 0)
        m_parts.resumeLesson(restored->lesson, restored->lessonStep);
    if (restored->pinnedConfig)
        m_parts.comparison->pinSnapshot(DesignSnapshot::compute(*restored->pinnedConfig, restored->pinnedAssumptions));
    m_parts.autosave->writeNow(); // this window's autosave holds it all from now on
}

} // namespace tx
