#include "ui/lab/trainingcharts.h"

#include "ui/charts/niceaxis.h"
#include "ui/lab/attentionlinesview.h"
#include "ui/lab/expertloadchart.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

QChartView *chartView(QChart *chart)
{
    auto *view = new QChartView(chart);
    view->setRenderHint(QPainter::Antialiasing);
    // Two of these are stacked on the Training page; at 220 px each that page alone made the
    // window's smallest height 1004 px, taller than a 1600 × 1000 screen.
    view->setMinimumHeight(200);
    return view;
}

} // namespace

TrainingCharts::TrainingCharts(QWidget *parent)
    : QWidget(parent)
    , m_lossChart(new QChart)
    , m_trainLoss(new QLineSeries)
    , m_valLoss(new QLineSeries)
    , m_accuracy(new QLineSeries)
    , m_lossX(new QValueAxis)
    , m_lossY(new QValueAxis)
    , m_scoreChart(new QChart)
    , m_scoreKind(new QComboBox)
    , m_scoreX(new QValueAxis)
    , m_scoreY(new QValueAxis)
    , m_pages(new QTabWidget)
    , m_expertLoad(new ExpertLoadChart)
{
    // Loss chart: built once, updated with replace().
    m_trainLoss->setName(tr("training loss"));
    m_valLoss->setName(tr("validation loss"));
    m_accuracy->setName(tr("accuracy (right axis)"));
    m_lossChart->addSeries(m_trainLoss);
    m_lossChart->addSeries(m_valLoss);
    m_lossChart->addSeries(m_accuracy);
    m_lossX->setTitleText(tr("step"));
    m_lossX->setLabelFormat(QStringLiteral("%.0f"));
    m_lossY->setTitleText(tr("loss (nats)"));
    auto *accuracyAxis = new QValueAxis;
    accuracyAxis->setRange(0, 1);
    accuracyAxis->setTitleText(tr("accuracy"));
    m_lossChart->addAxis(m_lossX, Qt::AlignBottom);
    m_lossChart->addAxis(m_lossY, Qt::AlignLeft);
    m_lossChart->addAxis(accuracyAxis, Qt::AlignRight);
    for (QLineSeries *s : {m_trainLoss, m_valLoss}) {
        s->attachAxis(m_lossX);
        s->attachAxis(m_lossY);
    }
    m_accuracy->attachAxis(m_lossX);
    m_accuracy->attachAxis(accuracyAxis);
    m_lossChart->setTitle(tr("Loss"));
    m_lossChart->legend()->setAlignment(Qt::AlignBottom);

    m_scoreKind->addItems({tr("Induction score"), tr("Previous-token score"), tr("Entropy (bits)"),
                           tr("Alignment (cross-attention)")});
    m_scoreKind->setItemData(3, tr("Cross-attention heads: attention from each target position to the source position "
                                   "it comes from"), Qt::ToolTipRole);
    m_scoreChart->addAxis(m_scoreX, Qt::AlignBottom);
    m_scoreChart->addAxis(m_scoreY, Qt::AlignLeft);
    m_scoreX->setTitleText(tr("step"));
    m_scoreX->setLabelFormat(QStringLiteral("%.0f"));
    m_scoreChart->setTitle(scoreTitle());
    m_scoreChart->legend()->setAlignment(Qt::AlignRight);
    for (QChart *c : {m_lossChart, m_scoreChart})
        c->setMargins(QMargins(4, 4, 4, 4));

    auto *chartsLayout = new QVBoxLayout(this);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    chartsLayout->addWidget(chartView(m_lossChart), 1);
    auto *scoreBar = new QHBoxLayout;
    auto *scoreLabel = new QLabel(tr("Head score:"));
    scoreBar->addWidget(scoreLabel);
    scoreBar->addWidget(m_scoreKind);
    scoreBar->addStretch(1);
    // The head scores and, for a mixture of experts, the expert load share the lower half as
    // two pages: three charts stacked were too short to read beside the attention grid.
    auto *scorePage = new QWidget;
    auto *scoreLayout = new QVBoxLayout(scorePage);
    scoreLayout->setContentsMargins(0, 0, 0, 0);
    scoreLayout->addLayout(scoreBar);
    scoreLayout->addWidget(chartView(m_scoreChart), 1);
    m_pages->addTab(scorePage, tr("Head scores"));
    m_pages->addTab(m_expertLoad, tr("Expert load"));
    m_pages->setTabVisible(kExpertPage, false);
    chartsLayout->addWidget(m_pages, 1);

    connect(m_scoreKind, &QComboBox::currentIndexChanged, this, &TrainingCharts::scoreKindChanged);

    // The fixed texts again in the current language (LanguageChange: the charts are built
    // before the window installs its translator).
    m_retranslate = [=, this] {
        m_trainLoss->setName(tr("training loss"));
        m_valLoss->setName(tr("validation loss"));
        m_accuracy->setName(tr("accuracy (right axis)"));
        m_lossX->setTitleText(tr("step"));
        m_lossY->setTitleText(tr("loss (nats)"));
        accuracyAxis->setTitleText(tr("accuracy"));
        m_lossChart->setTitle(tr("Loss"));
        const QStringList kinds{tr("Induction score"), tr("Previous-token score"), tr("Entropy (bits)"),
                                tr("Alignment (cross-attention)")};
        for (int i = 0; i < kinds.size() && i < m_scoreKind->count(); ++i)
            m_scoreKind->setItemText(i, kinds[i]);
        m_scoreX->setTitleText(tr("step"));
        m_scoreChart->setTitle(scoreTitle());
        scoreLabel->setText(tr("Head score:"));
        m_pages->setTabText(0, tr("Head scores"));
        m_pages->setTabText(kExpertPage, tr("Expert load"));
        for (std::size_t i = 0; i < m_scoreSeries.size(); ++i)
            m_scoreSeries[i]->setName(seriesName(int(i)));
    };
}

void TrainingCharts::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && m_retranslate) {
        m_retranslate();
        emit scoreKindChanged(); // the view redraws the score chart with its axis title
    }
    QWidget::changeEvent(event);
}

QString TrainingCharts::scoreTitle() const
{
    return m_encoderDecoder ? tr("Per-head scores (encoder dotted, decoder self-attention solid, cross-attention dashed)")
                            : tr("Per-head scores (layer 1 dashed, later layers solid)");
}

QString TrainingCharts::seriesName(int i) const
{
    const int heads = std::max(1, m_heads);
    const int l = i / heads, h = i % heads;
    if (!m_encoderDecoder)
        return tr("L%1 H%2").arg(l + 1).arg(h + 1);
    const int layer = l < m_encoderLayers ? l : (l - m_encoderLayers) % std::max(1, m_layers);
    switch (m_seriesKinds[std::size_t(i)]) {
    case HeadScore::Kind::EncoderSelf:
        return tr("enc L%1 H%2").arg(layer + 1).arg(h + 1);
    case HeadScore::Kind::Cross:
        return tr("cross L%1 H%2").arg(layer + 1).arg(h + 1);
    case HeadScore::Kind::Self:
        break;
    }
    return tr("dec L%1 H%2").arg(layer + 1).arg(h + 1);
}

QStringList TrainingCharts::seriesNames() const
{
    QStringList names;
    for (const QLineSeries *s : m_scoreSeries)
        names << s->name();
    return names;
}

void TrainingCharts::startRun(int layers, int heads, int encoderLayers, bool bidirectional)
{
    // Series per head are made once per run (the model's shape is fixed for the run).
    for (QLineSeries *s : m_scoreSeries) {
        m_scoreChart->removeSeries(s);
        delete s;
    }
    m_scoreSeries.clear();
    m_seriesKinds.clear();
    m_encoderDecoder = encoderLayers > 0;
    m_bidirectional = bidirectional && !m_encoderDecoder;
    m_layers = layers;
    m_heads = heads;
    m_encoderLayers = encoderLayers;
    // An encoder-decoder: the encoder's heads, the decoder's self-attention heads, then its
    // cross-attention heads.
    const int rows = m_encoderDecoder ? encoderLayers + 2 * layers : layers;
    for (int l = 0; l < rows; ++l) {
        const HeadScore::Kind kind = !m_encoderDecoder || (l >= encoderLayers && l < encoderLayers + layers)
                                         ? HeadScore::Kind::Self
                                         : l < encoderLayers ? HeadScore::Kind::EncoderSelf : HeadScore::Kind::Cross;
        for (int h = 0; h < heads; ++h) {
            auto *s = new QLineSeries;
            m_seriesKinds.push_back(kind);
            s->setName(seriesName(int(m_scoreSeries.size())));
            const Qt::PenStyle style = !m_encoderDecoder ? (l == 0 ? Qt::DashLine : Qt::SolidLine)
                                       : kind == HeadScore::Kind::EncoderSelf ? Qt::DotLine
                                       : kind == HeadScore::Kind::Cross       ? Qt::DashLine
                                                                              : Qt::SolidLine;
            s->setPen(QPen(AttentionLinesView::headColour(h), 2, style));
            m_scoreChart->addSeries(s);
            s->attachAxis(m_scoreX);
            s->attachAxis(m_scoreY);
            m_scoreSeries.push_back(s);
        }
    }
    m_scoreChart->setTitle(scoreTitle());
    // An encoder-decoder opens on what its cross-attention learns; alignment means nothing without
    // one, nor induction without a causal mask (an encoder-only model's heads read both ways, and
    // its probe has no repeated segment): BERT's heads are read by where they look, the previous
    // or next token among them (Clark et al. 2019, "What Does BERT Look At?").
    auto *items = qobject_cast<QStandardItemModel *>(m_scoreKind->model());
    items->item(0)->setEnabled(!m_bidirectional);
    items->item(0)->setToolTip(m_bidirectional ? tr("An encoder's heads read both ways: there is no induction score without a causal mask")
                                               : QString());
    if (m_encoderDecoder)
        m_scoreKind->setCurrentIndex(3);
    else if (m_bidirectional && m_scoreKind->currentIndex() != 2)
        m_scoreKind->setCurrentIndex(1);
    else if (m_scoreKind->currentIndex() == 3)
        m_scoreKind->setCurrentIndex(0);
}

void TrainingCharts::clear()
{
    m_lossPoints.clear();
    m_valPoints.clear();
    m_accuracyPoints.clear();
    m_expertLoad->clear();
    m_pages->setTabVisible(kExpertPage, false);
    m_pages->setCurrentIndex(0);
}

void TrainingCharts::addStep(const TrainingSnapshot &s, bool accuracy)
{
    m_lossPoints.append(QPointF(s.step, s.loss));
    const bool hadLoads = m_expertLoad->hasLoads();
    m_expertLoad->addStep(s);
    if (!hadLoads && m_expertLoad->hasLoads()) { // a mixture of experts: its page opens
        m_pages->setTabVisible(kExpertPage, true);
        m_pages->setCurrentIndex(kExpertPage);
    }
    if (!s.evaluated)
        return;
    m_valPoints.append(QPointF(s.step, s.valLoss));
    if (accuracy)
        m_accuracyPoints.append(QPointF(s.step, s.accuracy));
}

void TrainingCharts::refresh(const std::vector<TrainingSnapshot> &history, int plannedSteps)
{
    m_trainLoss->replace(m_lossPoints);
    m_valLoss->replace(m_valPoints);
    m_accuracy->replace(m_accuracyPoints);
    double maxStep = 1, maxLoss = 0.1;
    for (const QPointF &p : m_lossPoints) {
        maxStep = std::max(maxStep, p.x());
        maxLoss = std::max(maxLoss, p.y());
    }
    for (const QPointF &p : m_valPoints)
        maxLoss = std::max(maxLoss, p.y());
    // The step axis spans the whole run from the start, in round steps: the curve grows
    // across it (an axis fitted to the steps so far read "0 0 1 1 1" before the first one).
    maxStep = std::max(maxStep, double(plannedSteps));
    NiceAxis::fitFromZero(m_lossX, maxStep);
    m_lossY->setRange(0, std::ceil(maxLoss * 1.05 * 10) / 10);

    const int kind = m_scoreKind->currentIndex();
    double maxScore = kind == 2 ? 0.1 : 1.0;
    for (std::size_t i = 0; i < m_scoreSeries.size(); ++i) {
        QList<QPointF> points;
        for (const TrainingSnapshot &s : history) {
            if (i >= s.heads.size())
                continue;
            const HeadScore &h = s.heads[i];
            const double v = kind == 0   ? h.induction
                             : kind == 1 ? h.previousToken
                             : kind == 2 ? h.entropyBits
                                         : h.alignment;
            points.append(QPointF(s.step, v));
            maxScore = std::max(maxScore, v);
        }
        m_scoreSeries[i]->replace(points);
        // Each score where it means something: induction for causal self-attention, previous-token
        // for any self-attention, alignment for cross-attention, entropy for every head.
        const HeadScore::Kind headKind = i < m_seriesKinds.size() ? m_seriesKinds[i] : HeadScore::Kind::Self;
        const bool cross = headKind == HeadScore::Kind::Cross;
        const bool causal = headKind == HeadScore::Kind::Self && !m_bidirectional;
        m_scoreSeries[i]->setVisible(kind == 2 || (kind == 3 && cross) || (kind == 1 && !cross) || (kind == 0 && causal));
    }
    NiceAxis::fitFromZero(m_scoreX, maxStep);
    m_scoreY->setRange(0, kind == 2 ? std::ceil(maxScore * 10) / 10 : 1.0);
    m_scoreY->setTitleText(m_scoreKind->currentText());
    m_expertLoad->refresh(int(maxStep));
}

} // namespace tx
