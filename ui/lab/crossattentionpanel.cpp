#include "ui/lab/crossattentionpanel.h"

#include "ui/lab/heatmapwidget.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>

namespace tx {

CrossAttentionPanel::CrossAttentionPanel(QWidget *parent)
    : QWidget(parent)
    , m_note(new QLabel)
    , m_layerLabel(new QLabel)
    , m_headLabel(new QLabel)
    , m_layer(new QComboBox)
    , m_head(new QComboBox)
    , m_heatmap(new HeatmapWidget(HeatmapPainter::Mode::Full))
{
    setObjectName(QStringLiteral("crossAttentionPanel"));
    m_note->setWordWrap(true);
    auto *choose = new QHBoxLayout;
    choose->addWidget(m_layerLabel);
    choose->addWidget(m_layer);
    choose->addWidget(m_headLabel);
    choose->addWidget(m_head);
    choose->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_note);
    layout->addLayout(choose);
    layout->addWidget(m_heatmap, 1);
    connect(m_layer, &QComboBox::currentIndexChanged, this, &CrossAttentionPanel::refresh);
    connect(m_head, &QComboBox::currentIndexChanged, this, &CrossAttentionPanel::refresh);
    retranslate();
}

HeatmapData CrossAttentionPanel::heatmap(const AttentionSnapshot &snapshot, int layer, int head)
{
    const ForwardResult &r = snapshot.result;
    HeatmapData d;
    d.values = r.crossAttentionAt(layer, head);
    d.squareCells = d.values.rows() == d.values.cols();
    d.title = tr("Cross-attention · decoder layer %1 · head %2: %3 decoder tokens over %4 encoder tokens")
                  .arg(layer + 1)
                  .arg(head + 1)
                  .arg(d.values.rows())
                  .arg(d.values.cols());
    d.rowAxis = tr("decoder token (query)");
    d.columnAxis = tr("encoder token (key)");
    d.rowLabels = snapshot.tokenLabels;
    d.columnLabels = snapshot.encoderLabels;
    return d;
}

void CrossAttentionPanel::setSnapshot(const AttentionSnapshot &snapshot)
{
    if (snapshot.result.crossAttention.empty()) {
        m_snapshot.reset();
        m_heatmap->setData({});
        return;
    }
    m_snapshot = snapshot;
    const int layers = snapshot.result.nLayers, heads = snapshot.result.nHeads;
    {
        const QSignalBlocker blockLayer(m_layer), blockHead(m_head);
        const int layer = std::clamp(m_layer->currentIndex(), 0, layers - 1);
        const int head = std::clamp(m_head->currentIndex(), 0, heads - 1);
        m_layer->clear();
        for (int l = 0; l < layers; ++l)
            m_layer->addItem(tr("Decoder layer %1").arg(l + 1));
        m_head->clear();
        for (int h = 0; h < heads; ++h)
            m_head->addItem(tr("Head %1").arg(h + 1));
        m_layer->setCurrentIndex(layer);
        m_head->setCurrentIndex(head);
    }
    retranslate();
    refresh();
}

void CrossAttentionPanel::select(int layer, int head)
{
    m_layer->setCurrentIndex(layer);
    m_head->setCurrentIndex(head);
}

void CrossAttentionPanel::refresh()
{
    if (!m_snapshot || m_layer->currentIndex() < 0 || m_head->currentIndex() < 0)
        return;
    m_heatmap->setData(heatmap(*m_snapshot, m_layer->currentIndex(), m_head->currentIndex()));
}

void CrossAttentionPanel::retranslate()
{
    m_layerLabel->setText(tr("Layer:"));
    m_headLabel->setText(tr("Head:"));
    const int encoderLayers = m_snapshot ? m_snapshot->result.nEncoderLayers : 0;
    m_note->setText(tr("Each decoder token (a row) attends over the output of the encoder's %1 layers, one column per "
                       "input token; rows sum to 1 and nothing is masked. The keys and values come from the encoder's "
                       "output once, so decoding token by token reuses them (T5's EncDecAttention, Raffel et al. 2019). "
                       "The decoder reads the text shifted right behind its start token.")
                        .arg(encoderLayers));
    for (int l = 0; l < m_layer->count(); ++l)
        m_layer->setItemText(l, tr("Decoder layer %1").arg(l + 1));
    for (int h = 0; h < m_head->count(); ++h)
        m_head->setItemText(h, tr("Head %1").arg(h + 1));
    if (m_snapshot)
        refresh();
}

void CrossAttentionPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace tx
