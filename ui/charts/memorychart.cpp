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
#include <array>

namespace tx {

namespace {
constexpr double kGB = 1e9;

// One bar's segments in set order: weights, KV cache, activations, overhead, gradients, optimizer.
std::array<double, 6> inferenceBar(const Evaluation &e)
{
    const auto &i = e.inference;
    return {i.weightsBytes / kGB, i.kvCacheBytes / kGB, i.activationsBytes / kGB, i.overheadBytes / kGB, 0, 0};
}

std::array<double, 6> trainingBar(const Evaluation &e)
{
    const auto &t = e.training;
    return {t.weightsBytes / kGB, 0, t.activationsBytes / kGB, 0, t.gradientsBytes / kGB, t.optimizerBytes / kGB};
}
} // namespace

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
    retranslate(); // the fixed titles and names, in one place for every language change
}

void MemoryChart::retranslate()
{
    setTitle(tr("Memory to run and to train"));
    const QStringList names = {tr("Weights"), tr("KV cache"), tr("Activations"), tr("Runtime overhead"),
                               tr("Gradients"), tr("Optimizer states")};
    for (int i = 0; i < m_sets.size() && i < names.size(); ++i)
        m_sets[i]->setLabel(names[i]);
    m_values->setTitleText(tr("GB (10^9 bytes)"));
    m_categories->clear();
    refresh();
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
    if (!m_current)
        return;
    const Evaluation &e = *m_current;
    std::vector<std::array<double, 6>> bars;
    QStringList categories;
    if (m_pinned) {
        bars = {inferenceBar(*m_pinned), inferenceBar(e), trainingBar(*m_pinned), trainingBar(e)};
        categories = {tr("Run A"), tr("Run B"), tr("Train A"), tr("Train B")};
    } else {
        bars = {inferenceBar(e), trainingBar(e)};
        categories = {tr("Run (inference)"), tr("Train (one replica)")};
    }
    if (m_categories->categories() != categories) {
        m_categories->clear();
        m_categories->append(categories);
    }
    const int n = int(bars.size());
    double top = 0;
    for (const auto &bar : bars) {
        double sum = 0;
        for (double v : bar)
            sum += v;
        top = std::max(top, sum);
    }
    for (int s = 0; s < m_sets.size(); ++s) {
        QBarSet *set = m_sets[s];
        if (set->count() != n) {
            set->remove(0, set->count());
            for (const auto &bar : bars)
                set->append(bar[size_t(s)]);
        } else {
            for (int i = 0; i < n; ++i)
                if (set->at(i) != bars[size_t(i)][size_t(s)])
                    set->replace(i, bars[size_t(i)][size_t(s)]);
        }
    }
    const double capacity = e.hardware.deviceMemoryBytes / kGB;
    m_capacity->setName(tr("Device memory (%1 GB)").arg(capacity, 0, 'f', 0));
    const QList<QPointF> line = {QPointF(-0.5, capacity), QPointF(n - 0.5, capacity)};
    if (m_capacity->points() != line)
        m_capacity->replace(line);
    NiceAxis::fitFromZero(m_values, std::max(top, capacity) * 1.05);
}

} // namespace tx
