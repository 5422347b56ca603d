#include "ui/lab/trainingreplaypane.h"

#include "ui/lab/heatmapgrid.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>

namespace tx {

TrainingReplayPane::TrainingReplayPane(QWidget *parent)
    : QWidget(parent)
    , m_caption(new QLabel)
    , m_grid(new HeatmapGrid)
    , m_replay(new QSlider(Qt::Horizontal))
    , m_replayLabel(new QLabel)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_caption->setWordWrap(true); // one long line would set the page's minimum width
    layout->addWidget(m_caption);
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_grid);
    scroll->setWidgetResizable(true);
    layout->addWidget(scroll, 1);
    m_replay->setEnabled(false);
    auto *bar = new QHBoxLayout;
    auto *replayLabel = new QLabel(tr("Replay:"));
    bar->addWidget(replayLabel);
    bar->addWidget(m_replay, 1);
    bar->addWidget(m_replayLabel);
    layout->addLayout(bar);
    connect(m_replay, &QSlider::valueChanged, this, &TrainingReplayPane::showStep);
    m_retranslate = [=, this] {
        replayLabel->setText(tr("Replay:"));
        if (m_replay->isEnabled())
            showStep(m_replay->value());
    };
}

void TrainingReplayPane::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && m_retranslate)
        m_retranslate();
    QWidget::changeEvent(event);
}

void TrainingReplayPane::clear()
{
    m_history.clear();
    m_replay->setEnabled(false);
}

void TrainingReplayPane::add(const TrainingSnapshot &s)
{
    if (s.attention.size() != std::size_t(s.attentionMaps() * s.nHeads))
        return;
    const bool following = !m_replay->isEnabled() || m_replay->value() == m_replay->maximum();
    m_history.push_back(s);
    m_replay->setEnabled(true);
    {
        const QSignalBlocker block(m_replay);
        m_replay->setRange(0, int(m_history.size()) - 1);
    }
    if (following) {
        m_replay->setValue(m_replay->maximum());
        showStep(m_replay->maximum());
    }
}

void TrainingReplayPane::showStep(int index)
{
    if (index < 0 || std::size_t(index) >= m_history.size())
        return;
    const TrainingSnapshot &s = m_history[std::size_t(index)];
    m_replayLabel->setText(tr("step %1").arg(s.step));
    if (!s.encoderDecoder) {
        m_grid->setHeatmaps(s.nLayers, s.nHeads, [&s](int l, int h) {
            HeatmapData d;
            d.values = s.attention[std::size_t(l * s.nHeads + h)];
            d.title = tr("Layer %1 · Head %2 at step %3").arg(l + 1).arg(h + 1).arg(s.step);
            if (s.causal) // an encoder alone (BERT, ALBERT) sees every key
                d.masked = [](int q, int k) { return k > q; };
            return d;
        });
        return;
    }
    // Rows: the encoder's layers, the decoder's self-attention, its cross-attention.
    const int Le = s.nEncoderLayers, Ld = s.nLayers;
    auto kindOf = [Le, Ld](int row) { return row < Le ? 0 : row < Le + Ld ? 1 : 2; };
    auto layerOf = [Le, Ld](int row) { return row < Le ? row : (row - Le) % Ld; };
    // The row headers and the captions say which stack a row is: "enc L1", "dec L1", "cross L1".
    const std::function<QString(int)> where = [&](int row) {
        const int l = layerOf(row) + 1;
        return kindOf(row) == 0 ? tr("enc L%1").arg(l) : kindOf(row) == 1 ? tr("dec L%1").arg(l) : tr("cross L%1").arg(l);
    };
    m_grid->setHeatmaps(
        s.attentionMaps(), s.nHeads,
        [&](int row, int h) {
            HeatmapData d;
            d.values = s.attention[std::size_t(row * s.nHeads + h)];
            const int kind = kindOf(row), l = layerOf(row);
            d.title = kind == 0   ? tr("Encoder layer %1 · Head %2 at step %3").arg(l + 1).arg(h + 1).arg(s.step)
                      : kind == 1 ? tr("Decoder layer %1 · Head %2 at step %3").arg(l + 1).arg(h + 1).arg(s.step)
                                  : tr("Cross-attention, decoder layer %1 · Head %2 at step %3")
                                        .arg(l + 1).arg(h + 1).arg(s.step);
            d.rowAxis = kind == 0 ? tr("source position") : tr("target position");
            d.columnAxis = kind == 1 ? tr("target position") : tr("source position");
            d.squareCells = kind != 2;
            if (kind == 1)
                d.masked = [](int q, int k) { return k > q; };
            return d;
        },
        [&](int row, int h) { return where(row) + QStringLiteral(" · ") + HeatmapGrid::tr("H%1").arg(h + 1); },
        where);
}

} // namespace tx
