#include "ui/charts/layerchart.h"

#include "ui/charts/componentpalette.h"
#include "ui/charts/niceaxis.h"


#include <QBarSet>
#include <QLegendMarker>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tx {

LayerChart::LayerChart(QGraphicsItem *parent)
    : QChart(parent)
    , m_series(new QStackedBarSeries(this))
    , m_layers(new QValueAxis(this))
    , m_values(new QValueAxis(this))
{
    // The breakdown's colours, one per component and layer type: full-attention and windowed
    // (sliding or chunked) layers, cross-attention, dense and MoE feed-forwards, norms.
    const char *keys[] = {"attention", "attention_windowed", "cross_attention", "ffn", "moe", "norms"};
    for (const char *key : keys) {
        auto *set = new QBarSet(QString(), m_series);
        set->setColor(ComponentPalette::color(QLatin1String(key)));
        m_series->append(set);
        m_sets << set;
    }
    m_series->setBarWidth(0.8);
    addSeries(m_series);
    m_layers->setLabelFormat(QStringLiteral("%d"));
    m_layers->setTickType(QValueAxis::TicksDynamic);
    m_layers->setTickAnchor(0);
    m_values->setLabelFormat(QStringLiteral("%.0f"));
    addAxis(m_layers, Qt::AlignBottom);
    addAxis(m_values, Qt::AlignLeft);
    m_series->attachAxis(m_layers);
    m_series->attachAxis(m_values);
    legend()->setAlignment(Qt::AlignBottom);
    retranslate(); // the fixed titles and names, in one place for every language change
}

void LayerChart::retranslate()
{
    setTitle(tr("Parameters per layer"));
    const QStringList names = {tr("Attention, full"), tr("Attention, sliding or chunked"), tr("Cross-attention"),
                               tr("Feed-forward (dense layer)"), tr("Experts (MoE layer)"), tr("Norms")};
    for (int i = 0; i < m_sets.size() && i < names.size(); ++i)
        m_sets[i]->setLabel(names[i]);
    m_layers->setTitleText(tr("layer (from 0)"));
    m_values->setTitleText(tr("millions"));
}

void LayerChart::setParams(const ParamCount &params)
{
    std::vector<LayerParams> layers = params.encoderLayers;
    layers.insert(layers.end(), params.decoderLayers.begin(), params.decoderLayers.end());
    const int n = int(layers.size());
    double top = 0;
    for (int s = 0; s < m_sets.size(); ++s) {
        QBarSet *set = m_sets[s];
        QList<qreal> values;
        values.reserve(n);
        for (const LayerParams &l : layers) {
            const bool windowed = l.attentionType == LayerAttention::Sliding || l.attentionType == LayerAttention::Chunked;
            std::int64_t v = 0;
            switch (s) {
            case 0: v = windowed ? 0 : l.attention; break;
            case 1: v = windowed ? l.attention : 0; break;
            case 2: v = l.crossAttention; break;
            case 3: v = l.sparse ? 0 : l.ffn; break;
            case 4: v = l.sparse ? l.ffn : 0; break;
            default: v = l.norms; break;
            }
            values << double(v) / 1e6;
        }
        // Each QBarSet::replace() re-lays out every bar of the series, so a change that moves
        // all layers at once (d_model, d_ff) is swapped in as one list: two layouts, not n.
        int changed = set->count() == n ? 0 : n;
        for (int i = 0; changed < 2 && i < n; ++i)
            changed += set->at(i) != values[i] ? 1 : 0;
        if (changed == 1) {
            for (int i = 0; i < n; ++i)
                if (set->at(i) != values[i])
                    set->replace(i, values[i]);
        } else if (changed > 1) {
            set->remove(0, set->count());
            set->append(values);
        }
    }
    for (const LayerParams &l : layers)
        top = std::max(top, double(l.total()) / 1e6);
    // Components no layer has (cross-attention in a decoder-only model) leave the legend.
    std::vector<bool> visible(size_t(m_sets.size()), false);
    for (const LayerParams &l : layers) {
        const bool windowed = l.attentionType == LayerAttention::Sliding || l.attentionType == LayerAttention::Chunked;
        visible[0] = visible[0] || (!windowed && l.attention > 0);
        visible[1] = visible[1] || (windowed && l.attention > 0);
        visible[2] = visible[2] || l.crossAttention > 0;
        visible[3] = visible[3] || (!l.sparse && l.ffn > 0);
        visible[4] = visible[4] || (l.sparse && l.ffn > 0);
        visible[5] = visible[5] || l.norms > 0;
    }
    if (visible != m_legendShown) {
        m_legendShown = visible;
        const auto markers = legend()->markers(m_series);
        for (int i = 0; i < markers.size() && i < int(visible.size()); ++i)
            markers[i]->setVisible(visible[size_t(i)]);
    }
    // Layers are numbered from 1 on the axis; bar i sits at x = i.
    if (m_layers->max() != std::max(0, n - 1) + 0.5 || m_layers->min() != -0.5)
        m_layers->setRange(-0.5, std::max(0, n - 1) + 0.5);
    const double step = std::max(1.0, std::pow(2.0, std::ceil(std::log2(std::max(1.0, n / 12.0)))));
    if (m_layers->tickInterval() != step)
        m_layers->setTickInterval(step);
    NiceAxis::fitFromZero(m_values, top * 1.05);
}

} // namespace tx
