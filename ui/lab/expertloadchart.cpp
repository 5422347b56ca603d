#include "ui/lab/expertloadchart.h"

#include "ui/charts/niceaxis.h"
#include "ui/lab/attentionlinesview.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>

namespace tx {

namespace {

QChartView *chartView(QChart *chart)
{
    auto *view = new QChartView(chart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(220); // as the loss and head-score charts: the window must fit 1000 px (tst_livelabel)
    return view;
}

} // namespace

ExpertLoadChart::ExpertLoadChart(QWidget *parent)
    : QWidget(parent)
    , m_layer(new QComboBox)
    , m_layerLabel(new QLabel)
    , m_loadChart(new QChart)
    , m_barSeries(new QBarSeries)
    , m_bars(new QBarSet(QString()))
    , m_even(new QLineSeries)
    , m_expertAxis(new QBarCategoryAxis)
    , m_shareAxis(new QValueAxis)
    , m_evenX(new QValueAxis)
    , m_balanceChart(new QChart)
    , m_stepAxis(new QValueAxis)
    , m_balanceAxis(new QValueAxis)
    , m_balanceEven(new QLineSeries)
{
    setObjectName(QStringLiteral("expertLoadChart"));
    // Bars: one per expert over the bar categories; the even share on a hidden value axis that
    // spans the categories edge to edge (−0.5 … E − 0.5).
    m_bars->setColor(QColor(0x4c, 0x78, 0xa8));
    m_barSeries->append(m_bars);
    m_barSeries->setLabelsVisible(true);
    m_barSeries->setLabelsPrecision(2);
    m_barSeries->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    m_loadChart->addSeries(m_barSeries);
    m_loadChart->addSeries(m_even);
    m_loadChart->addAxis(m_expertAxis, Qt::AlignBottom);
    m_loadChart->addAxis(m_evenX, Qt::AlignBottom);
    m_loadChart->addAxis(m_shareAxis, Qt::AlignLeft);
    m_barSeries->attachAxis(m_expertAxis);
    m_barSeries->attachAxis(m_shareAxis);
    m_even->attachAxis(m_evenX);
    m_even->attachAxis(m_shareAxis);
    m_evenX->setVisible(false);
    // The values above the bars in the axis labels' colour, which presentation mode turns white
    // on black (the bar set's own label colour is white, unreadable on the light page).
    m_bars->setLabelColor(m_shareAxis->labelsColor());
    connect(m_shareAxis, &QAbstractAxis::labelsColorChanged, m_bars, &QBarSet::setLabelColor);
    m_even->setPen(QPen(QColor(0xd6, 0x27, 0x28), 3, Qt::DashLine));
    m_loadChart->legend()->setAlignment(Qt::AlignBottom);
    // The values above the bars only where each bar has room for one (narrow bars ran them together).
    connect(m_loadChart, &QChart::plotAreaChanged, this, [this](const QRectF &plot) {
        m_barSeries->setLabelsVisible(m_experts > 0 && plot.width() / m_experts >= kLabelWidth);
    });

    m_balanceChart->addSeries(m_balanceEven);
    m_balanceChart->addAxis(m_stepAxis, Qt::AlignBottom);
    m_balanceChart->addAxis(m_balanceAxis, Qt::AlignLeft);
    m_balanceEven->attachAxis(m_stepAxis);
    m_balanceEven->attachAxis(m_balanceAxis);
    m_balanceEven->setPen(QPen(QColor(0xd6, 0x27, 0x28), 3, Qt::DashLine));
    m_stepAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_balanceChart->legend()->setAlignment(Qt::AlignBottom);
    for (QChart *c : {m_loadChart, m_balanceChart})
        c->setMargins(QMargins(4, 4, 4, 4));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_layerLabel);
    bar->addWidget(m_layer);
    bar->addStretch(1);
    layout->addLayout(bar);
    auto *charts = new QHBoxLayout;
    charts->addWidget(chartView(m_loadChart), 1);
    QChartView *balanceView = chartView(m_balanceChart);
    charts->addWidget(balanceView, 1);
    layout->addLayout(charts, 1);

    connect(m_layer, &QComboBox::currentIndexChanged, this, [this] { refresh(int(m_stepAxis->max())); });

    m_retranslate = [this, balanceView] {
        m_layerLabel->setText(tr("Expert load of"));
        for (int i = 0; i < m_layer->count() && std::size_t(i) < m_layers.size(); ++i)
            m_layer->setItemText(i, layerName(m_layers[std::size_t(i)]));
        m_bars->setLabel(tr("share of the routed token-slots"));
        m_expertAxis->setTitleText(tr("expert"));
        m_shareAxis->setTitleText(tr("share")); // the legend says of what: a longer title was cut short
        m_stepAxis->setTitleText(tr("step"));
        m_balanceAxis->setTitleText(tr("balance loss"));
        m_balanceChart->setTitle(tr("Balance loss E · Σ fᵢ · Pᵢ (1 = even, E = one expert)"));
        balanceView->setToolTip(tr("The auxiliary load-balancing loss of the Switch Transformer (Fedus et al. 2021, "
                                   "eq. 4) without its factor α: fᵢ is expert i's share of the routed token-slots, "
                                   "Pᵢ the router's mean probability for it"));
        m_balanceEven->setName(tr("even routing = 1"));
        for (std::size_t i = 0; i < m_balance.size() && i < m_layers.size(); ++i)
            m_balance[i]->setName(layerName(m_layers[i]));
        QStringList experts;
        for (int e = 0; e < m_experts; ++e)
            experts << tr("E%1").arg(e + 1);
        m_expertAxis->setCategories(experts);
        m_even->setName(m_experts > 0 ? tr("even share 1/%1 = %2").arg(m_experts).arg(1.0 / m_experts, 0, 'f', 3)
                                      : QString());
        refresh(int(m_stepAxis->max()));
    };
    m_retranslate();
}

void ExpertLoadChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && m_retranslate)
        m_retranslate();
    QWidget::changeEvent(event);
}

QString ExpertLoadChart::layerName(int layer) const
{
    return tr("Layer %1").arg(layer + 1);
}

void ExpertLoadChart::clear()
{
    m_recent.clear();
    m_recentSteps = 0;
    for (QList<QPointF> &points : m_balancePoints)
        points.clear();
}

void ExpertLoadChart::setShape(const std::vector<ExpertLoad> &loads)
{
    std::vector<int> layers;
    for (const ExpertLoad &l : loads)
        layers.push_back(l.layer);
    const int experts = loads.front().experts();
    if (layers == m_layers && experts == m_experts)
        return;
    m_layers = layers;
    m_experts = experts;
    for (QLineSeries *s : m_balance) {
        m_balanceChart->removeSeries(s);
        delete s;
    }
    m_balance.clear();
    m_balancePoints.assign(layers.size(), {});
    {
        const QSignalBlocker block(m_layer);
        m_layer->clear();
        for (int l : layers)
            m_layer->addItem(layerName(l));
    }
    for (std::size_t i = 0; i < layers.size(); ++i) {
        auto *s = new QLineSeries;
        s->setPen(QPen(AttentionLinesView::headColour(int(i)), 2));
        m_balanceChart->addSeries(s);
        s->attachAxis(m_stepAxis);
        s->attachAxis(m_balanceAxis);
        m_balance.push_back(s);
    }
    m_bars->remove(0, m_bars->count());
    for (int e = 0; e < experts; ++e)
        m_bars->append(0.0);
    m_evenX->setRange(-0.5, experts - 0.5);
    m_retranslate(); // names, categories and the even share's label
}

void ExpertLoadChart::addStep(const TrainingSnapshot &s)
{
    if (s.recentExpertLoad.empty() || s.recentExpertLoad.front().experts() == 0)
        return;
    if (m_recent.empty())
        setShape(s.recentExpertLoad);
    m_recent = s.recentExpertLoad;
    m_recentSteps = s.recentSteps;
    for (std::size_t i = 0; i < s.expertLoad.size() && i < m_balancePoints.size(); ++i)
        m_balancePoints[i].append(QPointF(s.step, s.expertLoad[i].balanceLoss()));
}

void ExpertLoadChart::refresh(int plannedSteps)
{
    const int layer = m_layer->currentIndex();
    double top = 2.0 / std::max(1, m_experts); // room above the even line at first
    if (layer >= 0 && std::size_t(layer) < m_recent.size()) {
        const ExpertLoad &load = m_recent[std::size_t(layer)];
        QList<qreal> shares;
        for (int e = 0; e < load.experts(); ++e) {
            shares << load.share(e);
            top = std::max(top, 1.3 * load.share(e)); // room for the value above the bar
        }
        if (m_bars->count() == shares.size())
            for (int e = 0; e < int(shares.size()); ++e)
                m_bars->replace(e, shares[e]);
        m_loadChart->setTitle(tr("%1, last %2 steps: busiest expert %3 × the even share")
                                  .arg(layerName(load.layer))
                                  .arg(m_recentSteps)
                                  .arg(load.maxOverMean(), 0, 'f', 2));
    } else {
        for (int e = 0; e < m_bars->count(); ++e)
            m_bars->replace(e, 0.0);
        m_loadChart->setTitle(tr("Expert load: each expert's share of the routed token-slots"));
    }
    NiceAxis::fitFromZero(m_shareAxis, top);
    const double even = m_experts > 0 ? 1.0 / m_experts : 0.0;
    m_even->replace(QList<QPointF>{{-0.5, even}, {m_experts - 0.5, even}});

    double maxBalance = 1.5;
    for (std::size_t i = 0; i < m_balance.size() && i < m_balancePoints.size(); ++i) {
        m_balance[i]->replace(m_balancePoints[i]);
        for (const QPointF &p : m_balancePoints[i])
            maxBalance = std::max(maxBalance, p.y());
    }
    const double steps = std::max(1, plannedSteps);
    NiceAxis::fitFromZero(m_stepAxis, steps);
    NiceAxis::fitFromZero(m_balanceAxis, maxBalance * 1.05);
    m_balanceEven->replace(QList<QPointF>{{0.0, 1.0}, {m_stepAxis->max(), 1.0}});
}

} // namespace tx
