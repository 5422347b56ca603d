#include "ui/charts/sensitivitychart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalBarSeries>
#include <QValueAxis>

namespace tx {

SensitivityChart::SensitivityChart(QGraphicsItem *parent)
    : QChart(parent)
    , m_series(new QHorizontalBarSeries(this))
    , m_low(new QBarSet(QString(), m_series))
    , m_high(new QBarSet(QString(), m_series))
    , m_knobs(new QBarCategoryAxis(this))
    , m_values(new QValueAxis(this))
{
    // Okabe-Ito blue and vermilion: down and up stay apart under colour-vision deficiencies.
    m_low->setColor(QColor(0x00, 0x72, 0xB2));
    m_high->setColor(QColor(0xD5, 0x5E, 0x00));
    m_series->append(m_low);
    m_series->append(m_high);
    m_series->setBarWidth(0.8);
    addSeries(m_series);
    m_values->setLabelFormat(QStringLiteral("%+.0f"));
    addAxis(m_knobs, Qt::AlignLeft);
    addAxis(m_values, Qt::AlignBottom);
    m_series->attachAxis(m_knobs);
    m_series->attachAxis(m_values);
    legend()->setAlignment(Qt::AlignBottom);
    retranslate();
}

void SensitivityChart::retranslate()
{
    m_knobs->clear();
    refresh();
}

void SensitivityChart::setDesign(const EvaluatedDesign &design, const DesignLocks &locks)
{
    m_design = design;
    m_locks = locks;
    refresh();
}

void SensitivityChart::setMetric(SensitivityFigure::Metric metric)
{
    m_metric = metric;
    refresh();
}

void SensitivityChart::refresh()
{
    draw(m_design ? SensitivityFigure::of(*m_design, m_metric, HardwareCatalog::builtIn(), m_locks)
                  : SensitivityFigure::of(Sensitivity::Result{}, m_metric));
}

void SensitivityChart::draw(const SensitivityFigure &f)
{
    m_figure = f;
    if (title() != f.title)
        setTitle(f.title);
    if (m_values->titleText() != f.valueAxisTitle)
        m_values->setTitleText(f.valueAxisTitle);
    if (m_low->label() != f.lowName)
        m_low->setLabel(f.lowName);
    if (m_high->label() != f.highName)
        m_high->setLabel(f.highName);
    if (m_knobs->categories() != f.categories) {
        m_knobs->clear();
        m_knobs->append(f.categories);
    }
    const auto fill = [](QBarSet *set, const std::vector<double> &v) {
        if (set->count() != int(v.size())) {
            set->remove(0, set->count());
            for (double x : v)
                set->append(x);
            return;
        }
        for (int i = 0; i < int(v.size()); ++i)
            if (set->at(i) != v[size_t(i)])
                set->replace(i, v[size_t(i)]);
    };
    fill(m_low, f.low);
    fill(m_high, f.high);
    m_values->setRange(-f.extent, f.extent);
    m_values->setTickCount(5);
}

} // namespace tx
