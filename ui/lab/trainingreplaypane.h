#pragma once

#include "core/train/trainingsnapshot.h"

#include <QWidget>

#include <functional>
#include <vector>

class QLabel;
class QSlider;

namespace tx {

class HeatmapGrid;

// The training view's attention pane: a caption, the grid of every head's map on the probe and
// a slider that replays the evaluated steps. It keeps those snapshots (the run's history).
class TrainingReplayPane : public QWidget
{
    Q_OBJECT
public:
    explicit TrainingReplayPane(QWidget *parent = nullptr);

    // A new run: no history, the slider off.
    void clear();
    // Keeps an evaluated snapshot that carries its maps; the grid follows it while the slider
    // is at its end.
    void add(const TrainingSnapshot &snapshot);
    // Shows the maps of history()[index].
    void showStep(int index);

    HeatmapGrid *grid() const { return m_grid; }
    QLabel *caption() const { return m_caption; }
    QSlider *replay() const { return m_replay; }
    const std::vector<TrainingSnapshot> &history() const { return m_history; }

protected:
    void changeEvent(QEvent *event) override;

private:
    std::vector<TrainingSnapshot> m_history; // evaluated snapshots, for the replay slider
    QLabel *m_caption;
    HeatmapGrid *m_grid;
    QSlider *m_replay;
    QLabel *m_replayLabel;
    std::function<void()> m_retranslate; // sets every fixed text in the current language
};

} // namespace tx
