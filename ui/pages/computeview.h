#pragma once

#include "core/estimate/designsnapshot.h"

#include <QHash>
#include <QPointer>
#include <QWidget>


class QPushButton;

namespace tx {

class SnapshotSource;

class LiveLabel;

class RooflineChart;
class CalibrationDialog;

// The "Compute and cost" page: FLOPs, speed on the device, training time and money,
// and the device's roofline with the design's prefill and decode marked.
class ComputeView : public QWidget
{
    Q_OBJECT
public:
    // Follows `source` (when given) through a SnapshotFeed: draws each snapshot while shown.
    explicit ComputeView(SnapshotSource *source = nullptr, QWidget *parent = nullptr);

    void showSnapshot(const DesignSnapshot &snapshot);

    RooflineChart *roofline() const { return m_roofline; }
    // The value label of a figure key ("cost.money"), or nullptr.
    LiveLabel *value(const QString &key) const { return m_values.value(key); }
    // "Check against this computer…": opens the calibration dialog on the shown design.
    QPushButton *checkButton() const { return m_check; }
    CalibrationDialog *openCalibration();

signals:
    void figureSelected(const QString &figureKey);


protected:
    void changeEvent(QEvent *event) override;

private:
    void addRow(const QString &key, const QString &title);
    void retranslate();

    RooflineChart *m_roofline;
    QHash<QString, LiveLabel *> m_values;
    QWidget *m_table;
    QPushButton *m_check;
    ModelConfig m_config;
    QPointer<CalibrationDialog> m_calibration;
};

} // namespace tx
