#include "ui/charts/breakdownchart.h"

#include "core/base/numberformat.h"
#include "core/estimate/paramcomponents.h"
#include "core/report/componentnames.h"
#include "ui/charts/niceaxis.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalStackedBarSeries>
#include <QLegendMarker>
#include <QValueAxis>

#include <algorithm>

namespace tx {

namespace {
constexpr double kMillion = 1e6;

// Okabe-Ito palette: distinguishable with the common colour-vision deficiencies.
const QColor kColors[] = {QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9), QColor(0x00, 0x9E, 0x73),
                          QColor(0xCC, 0x79, 0xA7), QColor(0xF0, 0xE4, 0x42), QColor(0x00, 0x72, 0xB2),
                          QColor(0xD5, 0x5E, 0x00), QColor(0x99, 0x99, 0x99)};
} // namespace

BreakdownChart::BreakdownChart(QGraphicsItem *parent)
    : QChart(parent)
    , m_series(new QHorizontalStackedBarSeries(this))
    , m_categories(new QBarCategoryAxis(this))
    , m_values(new QValueAxis(this))
{
    setTitle(tr("Where the parameters are"));
    const QStringList keys = ParamComponents::keys();
    for (int i = 0; i < keys.size(); ++i) {
        auto *set = new QBarSet(ComponentNames::component(keys[i]), m_series);
        set->setColor(kColors[i % 8]);
        set->append(0);
        m_series->append(set);
        m_sets << set;
    }
    m_series->setBarWidth(0.6);
    addSeries(m_series);
    m_categories->append(tr("Design"));
    m_values->setTitleText(tr("parameters (millions)"));
    m_values->setLabelFormat(QStringLiteral("%.0f"));
    addAxis(m_categories, Qt::AlignLeft);
    addAxis(m_values, Qt::AlignBottom);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_values);
    legend()->setAlignment(Qt::AlignBottom);
}

void BreakdownChart::retranslate()
{
    setTitle(tr("Where the parameters are"));
    const QStringList keys = ParamComponents::keys();
    for (int i = 0; i < m_sets.size() && i < keys.size(); ++i)
        m_sets[i]->setLabel(ComponentNames::component(keys[i]));
    m_values->setTitleText(tr("parameters (millions)"));
    m_categories->clear();
    refresh(); // puts the category names back, translated
}

void BreakdownChart::setParams(const ParamCount &params)
{
    m_components = ParamComponents::split(params);
    refresh();
}

void BreakdownChart::setPinned(const ParamCount *pinned)
{
    m_pinned = pinned ? ParamComponents::split(*pinned) : std::vector<std::int64_t>{};
    refresh();
}

void BreakdownChart::refresh()
{
    if (m_components.empty())
        m_components.assign(size_t(m_sets.size()), 0);
    const bool compare = !m_pinned.empty();
    const int bars = compare ? 2 : 1;
    if (m_categories->count() != bars) {
        m_categories->clear();
        if (compare)
            m_categories->append({tr("A (pinned)"), tr("B (editing)")});
        else
            m_categories->append(tr("Design"));
    }
    double total = 0;
    double pinnedTotal = 0;
    for (int i = 0; i < m_sets.size(); ++i) {
        QBarSet *set = m_sets[i];
        const double value = double(m_components[size_t(i)]) / kMillion;
        total += value;
        if (compare) {
            const double a = double(m_pinned[size_t(i)]) / kMillion;
            pinnedTotal += a;
            if (set->count() != 2) {
                set->remove(0, set->count());
                set->append({a, value});
            } else {
                set->replace(0, a);
                set->replace(1, value);
            }
        } else if (set->count() != 1) {
            set->remove(0, set->count());
            set->append(value);
        } else {
            set->replace(0, value);
        }
    }
    // Components this design does not have (cross-attention in a decoder, …) leave the legend.
    // The markers are touched only when that set changes: each change lays the legend out again.
    std::vector<bool> visible(m_components.size());
    for (size_t i = 0; i < visible.size(); ++i)
        visible[i] = m_components[i] > 0 || (compare && m_pinned[i] > 0);
    if (visible != m_legendShown) {
        m_legendShown = visible;
        const auto markers = legend()->markers(m_series);
        for (int i = 0; i < markers.size() && i < int(visible.size()); ++i)
            markers[i]->setVisible(visible[size_t(i)]);
    }
    const double top = std::max({total, pinnedTotal, 1e-6});
    NiceAxis::fitFromZero(m_values, top * 1.02);
}

} // namespace tx
