#pragma once

#include "core/train/trainingsnapshot.h"
#include "ui/lab/trainingrequest.h"

#include <QElapsedTimer>
#include <QThread>
#include <QWidget>

#include <vector>

class QChart;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QLineSeries;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class QValueAxis;

namespace tx {

class HeatmapGrid;
class TrainingWorker;

// "Watch a head learn": pick a task, train on a worker thread, and see the loss fall, the
// attention grid change (with a slider to replay it) and per-head scores over time.
class TrainingView : public QWidget
{
    Q_OBJECT
public:
    enum TaskChoice { Copy, Reverse, Sort, Induction, TangPoems, Sonnets, CustomText };

    explicit TrainingView(QWidget *parent = nullptr);
    ~TrainingView() override;

    void setTask(TaskChoice choice);
    void setSteps(int steps);
    // Starts the chosen task with its preset model and hyper-parameters.
    void start();
    // The one-click demo: the induction-head preset, started at once.
    void watchInductionHead();
    void setPaused(bool paused);
    void cancel();
    bool isRunning() const { return m_running; }

    QLineSeries *trainLoss() const { return m_trainLoss; }
    QLineSeries *validationLoss() const { return m_valLoss; }
    QLineSeries *accuracy() const { return m_accuracy; }
    HeatmapGrid *grid() const { return m_grid; }
    QSlider *replay() const { return m_replay; }
    QLabel *announcement() const { return m_announcement; }
    QLabel *stats() const { return m_stats; }
    const std::vector<TrainingSnapshot> &history() const { return m_history; }

signals:
    void runStarted();
    void runFinished();
    void runCancelled();
    void inductionHeadFormed(int step, int layer, int head);

private:
    TrainingRequest requestFor(TaskChoice choice) const;
    void onStarted(qint64 parameters, int layers, int heads);
    void onStep(const TrainingSnapshot &snapshot);
    void onEnded();
    void refreshCharts();
    void showReplay(int index);
    void checkInduction(const TrainingSnapshot &snapshot);

    QThread m_thread;
    TrainingWorker *m_worker;
    bool m_running = false;
    bool m_paused = false;
    bool m_announced = false;
    int m_layers = 0;
    int m_heads = 0;
    QList<QPointF> m_lossPoints, m_valPoints, m_accuracyPoints;
    std::vector<QList<QPointF>> m_scorePoints; // [layer * heads + head]
    std::vector<TrainingSnapshot> m_history;   // evaluated snapshots, for the replay slider
    TrainingSnapshot m_last;
    bool m_chartsDirty = false;
    QElapsedTimer m_redraw;

    QComboBox *m_task;
    QSpinBox *m_steps;
    QPlainTextEdit *m_customText;
    QPushButton *m_induction;
    QPushButton *m_start;
    QPushButton *m_pause;
    QPushButton *m_cancel;
    QProgressBar *m_progress;
    QLabel *m_stats;
    QLabel *m_announcement;
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
    std::vector<QLineSeries *> m_scoreSeries;
    HeatmapGrid *m_grid;
    QSlider *m_replay;
    QLabel *m_replayLabel;
    QLineEdit *m_prompt;
    QDoubleSpinBox *m_temperature;
    QSpinBox *m_topK;
    QPushButton *m_sample;
    QPushButton *m_save;
    QPlainTextEdit *m_samples;
};

} // namespace tx
