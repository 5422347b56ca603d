#pragma once

#include "core/estimate/designsnapshot.h"

#include <QWidget>


namespace tx {

class SnapshotSource;

class LiveLabel;

class MemoryChart;

// The "Memory" page: the memory chart and one line on training memory per device.
class MemoryView : public QWidget
{
    Q_OBJECT
public:
    // Follows `source` (when given) through a SnapshotFeed: draws each snapshot while shown.
    explicit MemoryView(SnapshotSource *source = nullptr, QWidget *parent = nullptr);

    void showSnapshot(const DesignSnapshot &snapshot);
    void setPinned(const DesignSnapshot *pinned);

    MemoryChart *chart() const { return m_chart; }
    LiveLabel *note() const { return m_note; }


protected:
    void changeEvent(QEvent *event) override;

private:
    MemoryChart *m_chart;
    LiveLabel *m_note;
};

} // namespace tx
