#pragma once

#include "core/estimate/designsnapshot.h"

#include <QWidget>

#include <optional>

namespace tx {

class SnapshotSource;

class BreakdownChart;
class ChartPanel;
class LayerChart;

// The "Parameters" page: the breakdown by component and the per-layer chart.
class ParameterView : public QWidget
{
    Q_OBJECT
public:
    // Follows `source` (when given) through a SnapshotFeed: draws each snapshot while shown.
    explicit ParameterView(SnapshotSource *source = nullptr, QWidget *parent = nullptr);

    void showSnapshot(const DesignSnapshot &snapshot);
    void setPinned(const DesignSnapshot *pinned);

    BreakdownChart *breakdown() const { return m_breakdown; }
    LayerChart *layers() const { return m_layers; }

protected:
    void changeEvent(QEvent *event) override;

private:
    BreakdownChart *m_breakdown;
    LayerChart *m_layers;
    std::optional<ModelConfig> m_shown;
};

} // namespace tx
