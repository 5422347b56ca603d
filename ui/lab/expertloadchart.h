#pragma once

#include "core/train/trainingsnapshot.h"

#include <QList>
#include <QPointF>
#include <QWidget>

#include <functional>
#include <vector>

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QChart;
class QComboBox;
class QLabel;
class QLineSeries;
class QValueAxis;

namespace tx {

// The training view's expert-load charts for a mixture of experts: for the layer picked in a
// box, each expert's share of the routed token-slots over the last steps as bars, with the even
// share 1/E drawn across them; beside it the Switch balance loss E · Σ fᵢ · Pᵢ of every sparse
// layer over the steps (ExpertLoad). Empty until a run's snapshots carry expert loads. The
// charts are built once; each run's bars and points are replaced.
class ExpertLoadChart : public QWidget
{
    Q_OBJECT
public:
    explicit ExpertLoadChart(QWidget *parent = nullptr);

    // A new run: no bars, no points.
    void clear();
    // One step's loads (none for a dense model). The first loads of a run set the layers and
    // experts and show the charts.
    void addStep(const TrainingSnapshot &snapshot);
    // Redraws from the stored loads; the step axis spans `plannedSteps`.
    void refresh(int plannedSteps);

    bool hasLoads() const { return !m_recent.empty(); }
    QComboBox *layerBox() const { return m_layer; }
    QChart *loadChart() const { return m_loadChart; }
    QChart *balanceChart() const { return m_balanceChart; }
    QBarSet *bars() const { return m_bars; }
    QLineSeries *evenLine() const { return m_even; }
    QBarCategoryAxis *expertAxis() const { return m_expertAxis; }
    QValueAxis *shareAxis() const { return m_shareAxis; }
    const std::vector<QLineSeries *> &balanceSeries() const { return m_balance; }
    static constexpr double kLabelWidth = 44; // px of plot per bar below which the values are hidden

protected:
    void changeEvent(QEvent *event) override;

private:
    void setShape(const std::vector<ExpertLoad> &loads); // layers and experts of a run's first loads
    QString layerName(int layer) const;                  // "Layer 2" (1-based)

    std::vector<ExpertLoad> m_recent; // the last snapshot's loads over its recent steps
    int m_recentSteps = 0;
    std::vector<QList<QPointF>> m_balancePoints; // [sparse layer] (step, balance loss)
    std::vector<int> m_layers;                   // the sparse layers' indices in the stack
    int m_experts = 0;
    QComboBox *m_layer;
    QLabel *m_layerLabel;
    QChart *m_loadChart;
    QBarSeries *m_barSeries;
    QBarSet *m_bars;
    QLineSeries *m_even;
    QBarCategoryAxis *m_expertAxis;
    QValueAxis *m_shareAxis;
    QValueAxis *m_evenX; // the even line's x: the bar categories' −0.5 … E − 0.5
    QChart *m_balanceChart;
    QValueAxis *m_stepAxis;
    QValueAxis *m_balanceAxis;
    QLineSeries *m_balanceEven; // the value 1 of even routing
    std::vector<QLineSeries *> m_balance; // [sparse layer]
    std::function<void()> m_retranslate;  // sets every fixed text in the current language
};

} // namespace tx
