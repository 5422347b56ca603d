#pragma once

#include "core/estimate/designsnapshot.h"

#include <QObject>

namespace tx {

// Where views get the design's snapshot from: DesignState in the window, any source in a test.
// Views follow it through a SnapshotFeed and never see who edits the design.
class SnapshotSource : public QObject
{
    Q_OBJECT
public:
    explicit SnapshotSource(QObject *parent = nullptr) : QObject(parent) {}

    virtual const DesignSnapshot &snapshot() const = 0;

    // Asks every view to draw the current snapshot again (the number units changed, say),
    // without it counting as an edit of the design.
    void requestRedraw() { emit redrawRequested(); }

signals:
    void snapshotChanged(const tx::DesignSnapshot &snapshot);
    void redrawRequested();
};

} // namespace tx
