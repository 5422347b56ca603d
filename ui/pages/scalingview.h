#pragma once

#include "core/estimate/designsnapshot.h"

#include <QWidget>


namespace tx {

class SnapshotSource;

class LiveLabel;

class IsoFlopChart;
class ScalingLawChart;

// The "Scaling laws" page: iso-FLOP curves with the frontier, loss against size, and one
// line saying whether the design is too big or too small for its compute.
class ScalingView : public QWidget
{
    Q_OBJECT
public:
    // Follows `source` (when given) through a SnapshotFeed: draws each snapshot while shown.
    explicit ScalingView(SnapshotSource *source = nullptr, QWidget *parent = nullptr);

    void showSnapshot(const DesignSnapshot &snapshot);
    void setPinned(const DesignSnapshot *pinned);

    IsoFlopChart *isoFlop() const { return m_isoFlop; }
    ScalingLawChart *loss() const { return m_loss; }
    LiveLabel *verdict() const { return m_verdict; }


protected:
    void changeEvent(QEvent *event) override;

private:
    IsoFlopChart *m_isoFlop;
    ScalingLawChart *m_loss;
    LiveLabel *m_verdict;
};

} // namespace tx
