#include "ui/charts/breakdownchart.h"

#include "core/estimate/paramcomponents.h"
#include "ui/charts/componentpalette.h"
#include "ui/charts/niceaxis.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalStackedBarSeries>
#include <QLegendMarker>
#include <QValueAxis>

#include <algorithm>

namespace tx {

BreakdownChart::BreakdownChart(QGraphicsItem *parent)
    : QChart(parent)
    , m_series(new QHorizontalStackedBarSeries(this))
    , m_categories(new QBarCategoryAxis(this))
    , m_values(new QValueAxis(this))
{
    for (const QString &key : ParamComponents::keys()) {
        auto *set = new QBarSet(QString(), m_series);
        set->setColor(ComponentPalette::color(key));
        set->append(0);
        m_series->append(set);
        m_sets << set;
    }
    m_series->setBarWidth(0.6);
    addSeries(m_series);
    m_values->setLabelFormat(QStringLiteral("%.0f"));
    addAxis(m_categories, Qt::AlignLeft);
    addAxis(m_values, Qt::AlignBottom);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_values);
    legend()->setAlignment(Qt::AlignBottom);
    refresh();
}

void BreakdownChart::retranslate()
{
    m_categories->clear();
    refresh(); // every name comes from the figure, translated
}

void BreakdownChart::setParams(const ParamCount &params)
{
    m_params = params;
    refresh();
}

void BreakdownChart::setPinned(const ParamCount *pinned)
{
    m_pinned = pinned ? std::optional<ParamCount>(*pinned) : std::nullopt;
    refresh();
}

void BreakdownChart::refresh()
{
    draw(ParamsFigure::of(m_params, m_pinned ? &*m_pinned : nullptr));
}

void BreakdownChart::draw(const ParamsFigure &f)
{
    m_components = f.exact;
    if (title() != f.title)
        setTitle(f.title);
    if (m_values->titleText() != f.valueAxisTitle)
        m_values->setTitleText(f.valueAxisTitle);
    if (m_categories->categories() != f.bars) {
        m_categories->clear();
        m_categories->append(f.bars);
    }
    const int n = int(f.bars.size());
    for (int s = 0; s < m_sets.size() && s < int(f.segments.size()); ++s) {
        QBarSet *set = m_sets[s];
        if (set->label() != f.segments[s])
            set->setLabel(f.segments[s]);
        const std::vector<double> &v = f.values[size_t(s)];
        if (set->count() != n) {
            set->remove(0, set->count());
            for (double x : v)
                set->append(x);
        } else {
            for (int i = 0; i < n; ++i)
                if (set->at(i) != v[size_t(i)])
                    set->replace(i, v[size_t(i)]);
        }
    }
    // Components no bar has (cross-attention in a decoder, …) leave the legend. The markers
    // are touched only when that set changes: each change lays the legend out again.
    if (f.present != m_legendShown) {
        m_legendShown = f.present;
        const auto markers = legend()->markers(m_series);
        for (int i = 0; i < markers.size() && i < int(f.present.size()); ++i)
            markers[i]->setVisible(f.present[size_t(i)]);
    }
    NiceAxis::fitFromZero(m_values, std::max(f.top, 1e-6) * 1.02);
}

} // namespace tx
