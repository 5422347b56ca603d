#include "ui/charts/memorychart.h"

#include "ui/charts/niceaxis.h"

#include <iterator>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QLineSeries>
#include <QPen>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>

namespace tx {

MemoryChart::MemoryChart(QGraphicsItem *parent)
    : QChart(parent)
    , m_series(new QStackedBarSeries(this))
    , m_capacity(new QLineSeries(this))
    , m_categories(new QBarCategoryAxis(this))
    , m_values(new QValueAxis(this))
{
    const QColor colors[] = {QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9), QColor(0xE6, 0x9F, 0x00),
                             QColor(0x99, 0x99, 0x99), QColor(0x00, 0x9E, 0x73), QColor(0x00, 0x72, 0xB2)};
    for (int i = 0; i < int(std::size(colors)); ++i) {
        auto *set = new QBarSet(QString(), m_series);
        set->setColor(colors[i]);
        m_series->append(set);
        m_sets << set;
    }
    m_series->setBarWidth(0.55);
    addSeries(m_series);
    QPen pen(QColor(0xD5, 0x5E, 0x00));
    pen.setWidthF(2.5);
    pen.setStyle(Qt::DashLine);
    m_capacity->setPen(pen);
    addSeries(m_capacity);
    m_values->setLabelFormat(QStringLiteral("%.0f"));
    addAxis(m_categories, Qt::AlignBottom);
    addAxis(m_values, Qt::AlignLeft);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_values);
    m_capacity->attachAxis(m_categories);
    m_capacity->attachAxis(m_values);
    legend()->setAlignment(Qt::AlignRight); // seven long names: a column keeps them whole
    retranslate();
}

void MemoryChart::retranslate()
{
    m_categories->clear();
    if (m_current)
        refresh();
    else
        draw(MemoryFigure::of(Evaluation{})); // the titles and names before the first design
}

void MemoryChart::setEvaluation(const Evaluation &evaluation)
{
    m_current = evaluation;
    refresh();
}

void MemoryChart::setPinned(const Evaluation *pinned)
{
    m_pinned = pinned ? std::optional<Evaluation>(*pinned) : std::nullopt;
    refresh();
}

void MemoryChart::refresh()
{
    if (m_current)
        draw(MemoryFigure::of(*m_current, m_pinned ? &*m_pinned : nullptr));
}

void MemoryChart::draw(const MemoryFigure &f)
{
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
    if (m_capacity->name() != f.capacityName)
        m_capacity->setName(f.capacityName);
    NiceAxis::fitFromZero(m_values, f.top * 1.05);
    // Off the scale, the line runs along the top edge (its legend name says so).
    const double y = f.capacityOffScale ? m_values->max() : f.capacity;
    const QList<QPointF> line = {QPointF(-0.5, y), QPointF(n - 0.5, y)};
    if (m_capacity->points() != line)
        m_capacity->replace(line);
}

} // namespace tx
