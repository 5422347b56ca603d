#pragma once

#include "core/train/trainingsnapshot.h"

#include <QList>
#include <QPointF>
#include <QWidget>

#include <functional>

#include <vector>

class QChart;
class QComboBox;
class QLineSeries;
class QValueAxis;

namespace tx {

// The training view's two charts: loss (training, validation) and accuracy against the step,
// and one score per head (induction, previous-token or entropy, chosen in a box) over the
// evaluated steps. Built once per view; a run's points are replaced, never rebuilt.
class TrainingCharts : public QWidget
{
    Q_OBJECT
public:
    explicit TrainingCharts(QWidget *parent = nullptr);

    // A new run of a model with this shape: empty curves, one score series per head.
    void startRun(int layers, int heads);
    void clear();
    // One step's loss; with `evaluated`, its validation loss and (if `accuracy`) its accuracy.
    void addStep(const TrainingSnapshot &snapshot, bool accuracy);
    bool isEmpty() const { return m_lossPoints.isEmpty(); }
    // Redraws from the points and `history` (the evaluated snapshots, for the head scores);
    // the step axis spans `plannedSteps` from the start.
    void refresh(const std::vector<TrainingSnapshot> &history, int plannedSteps);

    QLineSeries *trainLoss() const { return m_trainLoss; }
    QLineSeries *validationLoss() const { return m_valLoss; }
    QLineSeries *accuracy() const { return m_accuracy; }

signals:
    // The score kind changed: the owner redraws with its history.
    void scoreKindChanged();

protected:
    void changeEvent(QEvent *event) override;

private:
    std::function<void()> m_retranslate; // sets every fixed text in the current language
    QList<QPointF> m_lossPoints, m_valPoints, m_accuracyPoints;
    QChart *m_lossChart;
    QLineSeries *m_trainLoss;
    QLineSeries *m_valLoss;
    QLineSeries *m_accuracy;
    QValueAxis *m_lossX;
    QValueAxis *m_lossY;
    QChart *m_scoreChart;
    QComboBox *m_scoreKind;
    QValueAxis *m_scoreX;
    QValueAxis *m_scoreY;
    std::vector<QLineSeries *> m_scoreSeries; // [layer * heads + head]
};

} // namespace tx
