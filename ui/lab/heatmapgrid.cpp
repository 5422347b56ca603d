#include "ui/lab/heatmapgrid.h"

#include "ui/lab/heatmappainter.h"
#include "ui/lab/heatmapwidget.h"

#include <QFontMetricsF>
#include <QGridLayout>
#include <QLabel>
#include <QPainter>

#include <algorithm>

namespace tx {

namespace {
constexpr int kThumb = 76; // px a side: 12 heads fit in a 1000 px wide pane
}

HeatmapGrid::HeatmapGrid(QWidget *parent)
    : QWidget(parent)
    , m_layout(new QGridLayout(this))
{
    m_layout->setSpacing(4);
    m_layout->setContentsMargins(4, 4, 4, 4);
}

HeatmapWidget *HeatmapGrid::thumbnail(int layer, int head) const
{
    if (layer < 0 || head < 0 || layer >= m_layers || head >= m_heads)
        return nullptr;
    return m_thumbnails[std::size_t(layer * m_heads + head)];
}

void HeatmapGrid::setHeatmaps(int layers, int heads, const std::function<HeatmapData(int, int)> &make,
                              const std::function<QString(int, int)> &caption,
                              const std::function<QString(int)> &rowLabel)
{
    // Showing a widget lays out its parents again (QWidget::setVisible activates their layouts):
    // for GPT-2's 144 thumbnails and their captions that was 13 ms of one event-loop turn
    // (bench_stall). With the layout off while they change, it is laid out once at the end.
    const bool reshape = layers != m_layers || heads != m_heads;
    if (reshape) { // while the layout is on: a disabled layout keeps the items of deleted widgets
        for (HeatmapWidget *w : m_thumbnails)
            delete w;
        for (QLabel *l : m_headers)
            delete l;
        for (QLabel *l : m_captions)
            delete l;
        m_captions.clear();
        m_thumbnails.clear();
        m_headers.clear();
        m_rowHeaders.clear();
    }
    m_layout->setEnabled(false);
    if (reshape) {
        m_layers = layers;
        m_heads = heads;
        for (int h = 0; h < heads; ++h) {
            auto *label = new QLabel(tr("H%1").arg(h + 1));
            label->setAlignment(Qt::AlignCenter);
            m_layout->addWidget(label, 0, h + 1);
            if (isVisible())
                label->show(); // now, not in a queued show that lays the grid out again
            m_headers.push_back(label);
        }
        for (int l = 0; l < layers; ++l) {
            auto *label = new QLabel;
            label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_layout->addWidget(label, 2 * l + 1, 0);
            if (isVisible())
                label->show(); // now, not in a queued show that lays the grid out again
            m_headers.push_back(label);
            m_rowHeaders.push_back(label);
            for (int h = 0; h < heads; ++h) {
                auto *thumb = new HeatmapWidget(HeatmapPainter::Mode::Thumbnail);
                thumb->setFixedSize(kThumb, kThumb);
                thumb->setObjectName(QStringLiteral("thumbnail_%1_%2").arg(l).arg(h));
                connect(thumb, &HeatmapWidget::clicked, this, [this, l, h] { emit headClicked(l, h); });
                m_layout->addWidget(thumb, 2 * l + 1, h + 1);
                if (isVisible())
                    thumb->show(); // (setVisible(false) would keep it hidden when the grid shows)
                m_thumbnails.push_back(thumb);
                // Row 2l + 2: the role under the thumbnail, wrapped to its width.
                auto *caption = new QLabel;
                caption->setObjectName(QStringLiteral("caption_%1_%2").arg(l).arg(h));
                caption->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
                caption->setWordWrap(true);
                caption->setFixedWidth(kThumb);
                caption->setVisible(false);
                m_layout->addWidget(caption, 2 * l + 2, h + 1);
                m_captions.push_back(caption);
            }
        }
        m_layout->setRowStretch(2 * layers + 1, 1);
        m_layout->setColumnStretch(heads + 1, 1);
    }
    for (int l = 0; l < layers; ++l) {
        m_rowHeaders[std::size_t(l)]->setText(rowLabel ? rowLabel(l) : tr("L%1").arg(l + 1));
        for (int h = 0; h < heads; ++h) {
            m_thumbnails[std::size_t(l * heads + h)]->setData(make(l, h));
            if (caption)
                setCaption(l, h, caption(l, h));
        }
    }
    m_layout->setEnabled(true);
    m_layout->activate();
}

void HeatmapGrid::setCaption(int layer, int head, const QString &text)
{
    if (layer < 0 || head < 0 || layer >= m_layers || head >= m_heads)
        return;
    QLabel *label = m_captions[std::size_t(layer * m_heads + head)];
    label->setText(text);
    label->setVisible(!text.isEmpty());
}

QString HeatmapGrid::rowLabel(int row) const
{
    if (row < 0 || row >= m_layers)
        return {};
    return m_rowHeaders[std::size_t(row)]->text();
}

QString HeatmapGrid::caption(int layer, int head) const
{
    if (layer < 0 || head < 0 || layer >= m_layers || head >= m_heads)
        return {};
    return m_captions[std::size_t(layer * m_heads + head)]->text();
}

void HeatmapGrid::setSelected(int layer, int head)
{
    for (int l = 0; l < m_layers; ++l)
        for (int h = 0; h < m_heads; ++h)
            m_thumbnails[std::size_t(l * m_heads + h)]->setSelected(l == layer && h == head);
}

void HeatmapGrid::render(QPainter &painter, const QRectF &bounds) const
{
    if (m_layers == 0 || m_heads == 0)
        return;
    const QFontMetricsF fm(painter.font());
    double left = 0.0;
    for (int l = 0; l < m_layers; ++l)
        left = std::max(left, fm.horizontalAdvance(rowLabel(l)));
    left += 8;
    const double top = fm.height() + 4;
    const double cell = std::min((bounds.width() - left) / m_heads, (bounds.height() - top) / m_layers);
    for (int h = 0; h < m_heads; ++h)
        painter.drawText(QRectF(bounds.left() + left + h * cell, bounds.top(), cell, fm.height()), Qt::AlignCenter,
                         tr("H%1").arg(h + 1));
    for (int l = 0; l < m_layers; ++l) {
        painter.drawText(QRectF(bounds.left(), bounds.top() + top + l * cell, left - 6, cell),
                         Qt::AlignRight | Qt::AlignVCenter, rowLabel(l));
        for (int h = 0; h < m_heads; ++h) {
            const QRectF box(bounds.left() + left + h * cell, bounds.top() + top + l * cell, cell, cell);
            const QString text = caption(l, h);
            // A captioned head gives the bottom line of its cell to the caption.
            const double captionHeight = text.isEmpty() ? 0.0 : fm.height();
            HeatmapPainter::paint(painter, box.adjusted(2 + captionHeight / 2, 2, -2 - captionHeight / 2, -2 - captionHeight),
                                  thumbnail(l, h)->data(), HeatmapPainter::Mode::Thumbnail);
            if (!text.isEmpty())
                painter.drawText(QRectF(box.left(), box.bottom() - captionHeight, box.width(), captionHeight),
                                 Qt::AlignCenter, fm.elidedText(text, Qt::ElideRight, box.width()));
        }
    }
}

} // namespace tx
