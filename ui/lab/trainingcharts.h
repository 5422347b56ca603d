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
class QTabWidget;
class QValueAxis;

namespace tx {

class ExpertLoadChart;

// The training view's two charts: loss (training, validation) and accuracy against the step,
// and one score per head (induction, previous-token, entropy or, for an encoder-decoder's
// cross-attention, alignment, chosen in a box) over the evaluated steps; for a mixture of experts
// also the expert load (ExpertLoadChart). Built once per view; a run's points are replaced, never rebuilt.
class TrainingCharts : public QWidget
{
    Q_OBJECT
public:
    explicit TrainingCharts(QWidget *parent = nullptr);

    // A new run of a model with this shape: empty curves, one score series per head (an
    // encoder-decoder's, encoderLayers > 0: its encoder's, decoder's and cross-attention's heads,
    // in TrainableModel::headScores' order). `bidirectional`: an encoder-only model (BERT, ALBERT),
    // whose heads have no induction score (no causal mask, no repeated segment); the box offers
    // it disabled and opens on the previous-token score.
    void startRun(int layers, int heads, int encoderLayers = 0, bool bidirectional = false);
    // The legend names of the score series, in order ("L1 H1"; "enc L1 H1", "dec L1 H1", "cross L1 H1").
    QStringList seriesNames() const;
    QComboBox *scoreKind() const { return m_scoreKind; }
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
    ExpertLoadChart *expertLoad() const { return m_expertLoad; }
    // Two pages under the loss chart: the head scores, and the expert load (shown for a
    // mixture of experts only, and opened at its first step).
    QTabWidget *pages() const { return m_pages; }
    static constexpr int kExpertPage = 1;

signals:
    // The score kind changed: the owner redraws with its history.
    void scoreKindChanged();

protected:
    void changeEvent(QEvent *event) override;

private:
    QString scoreTitle() const;
    QString seriesName(int i) const; // series i's legend name

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
    QTabWidget *m_pages;
    ExpertLoadChart *m_expertLoad;
    std::vector<QLineSeries *> m_scoreSeries; // [layer * heads + head], an encoder-decoder's by kind first
    std::vector<HeadScore::Kind> m_seriesKinds; // the attention each series' head belongs to
    bool m_encoderDecoder = false;
    bool m_bidirectional = false;
    int m_layers = 0, m_heads = 0, m_encoderLayers = 0;
};

} // namespace tx
