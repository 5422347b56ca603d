#pragma once

#include "core/estimate/paramcount.h"

#include <QChart>
#include <QList>

#include <vector>

class QBarSet;
class QStackedBarSeries;
class QValueAxis;

namespace tx {

// Parameters per layer as executed, encoder layers first: attention, cross-attention,
// feed-forward (all experts of a sparse layer) and norms, stacked. Shared layers show
// hatched: they run but store nothing new. Values in millions of parameters.
class LayerChart : public QChart
{
    Q_OBJECT
public:
    explicit LayerChart(QGraphicsItem *parent = nullptr);

    void setParams(const ParamCount &params);
    // Sets the title, legend entries and axis titles again in the current language.
    void retranslate();

    const QList<QBarSet *> &sets() const { return m_sets; }

private:
    QStackedBarSeries *m_series;
    QValueAxis *m_layers;
    QValueAxis *m_values;
    QList<QBarSet *> m_sets; // attention, cross-attention, ffn, norms
    std::vector<bool> m_legendShown; // legend markers currently visible, by set
};

} // namespace tx
