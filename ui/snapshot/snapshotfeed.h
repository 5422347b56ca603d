#pragma once

#include "core/estimate/designsnapshot.h"

#include <QObject>

#include <functional>

class QWidget;

namespace tx {

class SnapshotSource;

// A view's subscription to the snapshot. The view draws each new snapshot while it is shown;
// a page hidden behind another tab only notes that it is out of date, and draws the latest
// snapshot when it is shown again, so dragging a slider redraws one page, not eleven.
// Owned by the view (a child QObject), so it goes away with it.
class SnapshotFeed : public QObject
{
    Q_OBJECT
public:
    using Draw = std::function<void(const DesignSnapshot &)>;

    // Draws the source's next snapshot (or redraw request) and every later one, and the latest
    // when the view is shown while out of date.
    SnapshotFeed(SnapshotSource *source, QWidget *view, Draw draw);

    // `view` follows `source` through its showSnapshot(const DesignSnapshot &). No-op without a source.
    template<typename View>
    static void follow(SnapshotSource *source, View *view)
    {
        if (source)
            new SnapshotFeed(source, view, [view](const DesignSnapshot &s) { view->showSnapshot(s); });
    }

    bool isStale() const { return m_stale; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void update();

    SnapshotSource *m_source;
    QWidget *m_view;
    Draw m_draw;
    bool m_stale = true;
};

} // namespace tx
