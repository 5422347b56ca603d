#pragma once

#include "core/train/trainingsnapshot.h"
#include "ui/lab/trainingrequest.h"

#include <QElapsedTimer>
#include <QThread>
#include <QTemporaryDir>
#include <QWidget>

#include <functional>
#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QLineSeries;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;

namespace tx {

class HeatmapGrid;
class TrainingCharts;
class TrainingReplayPane;
class TrainingSamplingBox;
class TrainingWorker;

// "Watch a head learn": pick a task, train on a worker thread, and see the loss fall, the
// attention grid change (with a slider to replay it) and per-head scores over time.
class TrainingView : public QWidget
{
    Q_OBJECT
public:
    // T5Reverse and T5SpanCorruption train a small T5 encoder-decoder (TrainingPreset::encoderDecoderFor).
    // AlbertMaskedLm trains a small ALBERT on masked characters (MaskedLmChoice); MoeAlice a small
    // Qwen3-MoE-style character model (TrainingPreset::mixtureOfExperts).
    enum TaskChoice { Copy, Reverse, Sort, Induction, TangPoems, Alice, CustomText, T5Reverse, T5SpanCorruption,
                      AlbertMaskedLm, MoeAlice };

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

    QLineSeries *trainLoss() const;
    QLineSeries *validationLoss() const;
    QLineSeries *accuracy() const;
    HeatmapGrid *grid() const;
    TrainingCharts *charts() const { return m_charts; }
    QLineEdit *prompt() const;
    QPushButton *sampleButton() const;
    QPlainTextEdit *samples() const;
    QLabel *gridCaption() const;
    QSlider *replay() const;
    QLabel *announcement() const { return m_announcement; }
    QLabel *stats() const { return m_stats; }
    const std::vector<TrainingSnapshot> &history() const;

protected:
    void changeEvent(QEvent *event) override;

signals:
    void runStarted();
    void runFinished();
    void runCancelled();
    void inductionHeadFormed(int step, int layer, int head);
    // The trained character model was saved into `dir` to be opened in the attention view.
    void openInAttentionView(const QString &dir);

private:
    static QStringList taskNames(); // the task box's entries, in TaskChoice's order
    TrainingRequest requestFor(TaskChoice choice) const;
    void onStarted(qint64 parameters, int layers, int heads, int encoderLayers, bool bidirectional);
    bool isCharacterTask() const;  // the chars tasks, T5's span corruption included
    bool isEncoderDecoder() const; // the T5 tasks
    void showTaskTexts();          // the texts that follow the task (grid caption, sampling box)
    void onStep(const TrainingSnapshot &snapshot);
    void onEnded();
    void refreshCharts();
    void checkInduction(const TrainingSnapshot &snapshot);

    QThread m_thread;
    TrainingWorker *m_worker;
    bool m_running = false;
    bool m_paused = false;
    bool m_announced = false;
    int m_layers = 0;
    int m_heads = 0;
    int m_encoderLayers = 0;
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
    TrainingCharts *m_charts;
    TrainingReplayPane *m_replayPane;
    TrainingSamplingBox *m_sampling;
    std::function<void()> m_retranslate; // sets every fixed text in the current language
    std::unique_ptr<QTemporaryDir> m_openDir; // where "Open in attention view" saved the model last
};

} // namespace tx
