#include "ui/snapshot/snapshotfeed.h"

#include "ui/snapshot/snapshotsource.h"

#include <QEvent>
#include <QWidget>

namespace tx {

SnapshotFeed::SnapshotFeed(SnapshotSource *source, QWidget *view, Draw draw)
    : QObject(view)
    , m_source(source)
    , m_view(view)
    , m_draw(std::move(draw))
{
    view->installEventFilter(this);
    connect(source, &SnapshotSource::snapshotChanged, this, &SnapshotFeed::update);
    connect(source, &SnapshotSource::redrawRequested, this, &SnapshotFeed::update);
}

void SnapshotFeed::update()
{
    // Not isVisible(): a tab page behind another tab is hidden explicitly, while a view of a
    // window not yet shown is only not shown yet, and draws (the window opens with its numbers).
    m_stale = true;
    if (m_view->isHidden() && m_view->testAttribute(Qt::WA_WState_ExplicitShowHide))
        return;
    m_stale = false;
    m_draw(m_source->snapshot());
}

bool SnapshotFeed::eventFilter(QObject *watched, QEvent *event)
{
    // ShowToParent comes when a tab page is shown inside a window that is itself not shown
    // (Show comes only once the window is).
    if (watched == m_view && m_stale && (event->type() == QEvent::Show || event->type() == QEvent::ShowToParent))
        update();
    return QObject::eventFilter(watched, event);
}

} // namespace tx
