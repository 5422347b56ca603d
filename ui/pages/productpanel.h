#pragma once

#include "core/estimate/designsnapshot.h"

#include <QWidget>

class QLabel;

namespace tx {

class SnapshotSource;

class LiveLabel;

// "What does this buy me?": each main knob in product words beside its technical name and
// the design's numbers (hidden size = thinking bandwidth, layers = depth of thought, heads =
// size of the expert team, parameters = capability ceiling and cost). Draws a snapshot only.
class ProductPanel : public QWidget
{
    Q_OBJECT
public:
    // Follows `source` (when given) through a SnapshotFeed: draws each snapshot while shown.
    explicit ProductPanel(SnapshotSource *source = nullptr, QWidget *parent = nullptr);

    void showSnapshot(const DesignSnapshot &snapshot);

    // The product meaning of a design-file key in one short phrase ("Thinking bandwidth"),
    // empty for knobs without one. Also used in the knobs' tooltips.
    static QString meaning(const QString &field);

    QLabel *heading() const { return m_heading; }
    LiveLabel *body() const { return m_body; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();

    QLabel *m_heading;
    LiveLabel *m_body;
    DesignSnapshot m_snapshot;
};

} // namespace tx
