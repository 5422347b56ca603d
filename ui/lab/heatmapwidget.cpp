#include "ui/lab/heatmapwidget.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace tx {

namespace {

// The colour HeatmapPainter gives each cell, one pixel per cell.
QImage cellImage(const HeatmapData &data)
{
    const int rows = int(data.values.rows()), cols = int(data.values.cols());
    QImage image(cols, rows, QImage::Format_RGB32);
    const auto [low, high] = HeatmapPainter::range(data);
    for (int r = 0; r < rows; ++r) {
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(r));
        for (int c = 0; c < cols; ++c)
            line[c] = (data.isMasked(r, c) ? HeatmapPainter::maskColour()
                                           : HeatmapPainter::colour(data, data.values(r, c), low, high))
                          .rgb();
    }
    return image;
}

} // namespace

HeatmapWidget::HeatmapWidget(HeatmapPainter::Mode mode, QWidget *parent)
    : QWidget(parent)
    , m_mode(mode)
{
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    if (mode == HeatmapPainter::Mode::Thumbnail) {
        setCursor(Qt::PointingHandCursor);
        setFocusPolicy(Qt::StrongFocus);
    }
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void HeatmapWidget::setData(const HeatmapData &data)
{
    m_data = data;
    m_cells = QImage();
    setToolTip(m_mode == HeatmapPainter::Mode::Thumbnail ? tr("%1 — click to enlarge").arg(data.title) : QString());
    update();
}

void HeatmapWidget::setSelected(bool selected)
{
    if (m_selected == selected)
        return;
    m_selected = selected;
    update();
}

QSize HeatmapWidget::sizeHint() const
{
    return m_mode == HeatmapPainter::Mode::Thumbnail ? QSize(72, 72) : QSize(520, 480);
}

QSize HeatmapWidget::minimumSizeHint() const
{
    return m_mode == HeatmapPainter::Mode::Thumbnail ? QSize(40, 40) : QSize(200, 180);
}

QRectF HeatmapWidget::contentRect() const
{
    // Thumbnails keep a 3 px frame for the selection outline.
    return m_mode == HeatmapPainter::Mode::Thumbnail ? QRectF(rect()).adjusted(3, 3, -3, -3)
                                                     : QRectF(rect()).adjusted(8, 8, -8, -8);
}

QRectF HeatmapWidget::cellRect(int row, int col) const
{
    const QRectF matrix = HeatmapPainter::matrixRect(m_data, contentRect(), m_mode, font());
    if (matrix.isEmpty())
        return {};
    return HeatmapPainter::cellRect(m_data, matrix, row, col);
}

QRectF HeatmapWidget::sideRect(int row) const
{
    const QRectF side = HeatmapPainter::sideRect(m_data, contentRect(), m_mode, font());
    if (side.isEmpty() || m_data.values.rows() == 0)
        return {};
    const double ch = side.height() / double(m_data.values.rows());
    return QRectF(side.left(), side.top() + row * ch, side.width(), ch);
}

void HeatmapWidget::render(QPainter &painter, const QRectF &bounds) const
{
    HeatmapPainter::paint(painter, bounds, m_data, m_mode);
}

void HeatmapWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setPen(palette().color(QPalette::WindowText));
    if (m_mode == HeatmapPainter::Mode::Thumbnail) {
        const QRectF matrix = HeatmapPainter::matrixRect(m_data, contentRect(), m_mode, font());
        if (matrix.isEmpty())
            return;
        if (m_cells.isNull())
            m_cells = cellImage(m_data);
        painter.drawImage(matrix, m_cells); // no smoothing: each cell stays one flat colour
        for (int r = 0; r < int(m_data.side.size()); ++r)
            painter.fillRect(sideRect(r).adjusted(0, 0, 0, 0.5), HeatmapPainter::sideColour(m_data, m_data.side[std::size_t(r)]));
        const bool strong = m_selected || hasFocus();
        painter.setPen(QPen(strong ? palette().color(QPalette::Highlight) : palette().color(QPalette::Mid), strong ? 3 : 1));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(matrix.adjusted(-1.5, -1.5, 1.5, 1.5));
        return;
    }
    HeatmapPainter::paint(painter, contentRect(), m_data, m_mode);
}

void HeatmapWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && rect().contains(event->position().toPoint()))
        emit clicked();
    QWidget::mouseReleaseEvent(event);
}

bool HeatmapWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && m_mode == HeatmapPainter::Mode::Full) {
        auto *help = static_cast<QHelpEvent *>(event);
        for (int r = 0; r < m_data.values.rows(); ++r) {
            for (int c = 0; c < m_data.values.cols(); ++c) {
                if (!cellRect(r, c).contains(help->pos()))
                    continue;
                const QString row = r < m_data.rowLabels.size() ? m_data.rowLabels.at(r) : QString::number(r);
                const QString col = c < m_data.columnLabels.size() ? m_data.columnLabels.at(c) : QString::number(c);
                const QString value = m_data.isMasked(r, c) ? tr("masked") : QString::number(m_data.values(r, c), 'f', 4);
                QToolTip::showText(help->globalPos(),
                                   tr("%1 %2 “%3” → %4 %5 “%6”: %7")
                                       .arg(m_data.rowAxis).arg(r).arg(row).arg(m_data.columnAxis).arg(c).arg(col).arg(value),
                                   this);
                return true;
            }
        }
        for (int r = 0; r < int(m_data.side.size()); ++r) {
            if (!sideRect(r).contains(help->pos()))
                continue;
            const QString row = r < m_data.rowLabels.size() ? m_data.rowLabels.at(r) : QString::number(r);
            QToolTip::showText(help->globalPos(),
                               tr("%1 %2 “%3” → the sink: %4").arg(m_data.rowAxis).arg(r).arg(row)
                                   .arg(QString::number(m_data.side[std::size_t(r)], 'f', 4)),
                               this);
            return true;
        }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    if (event->type() == QEvent::KeyPress && m_mode == HeatmapPainter::Mode::Thumbnail) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter || key == Qt::Key_Space) {
            emit clicked();
            return true;
        }
    }
    return QWidget::event(event);
}

} // namespace tx
