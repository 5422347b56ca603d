#include "ui/whatif/partsbar.h"

#include "core/base/numberformat.h"

#include <QPainter>
#include <QResizeEvent>

#include <algorithm>

namespace tx {

namespace {

const QColor kColors[] = {QColor(0x4c, 0x72, 0xb0), QColor(0xdd, 0x84, 0x52), QColor(0x55, 0xa8, 0x68),
                          QColor(0xc4, 0x4e, 0x52), QColor(0x81, 0x72, 0xb3), QColor(0x93, 0x78, 0x60)};

constexpr int kSwatch = 12;

} // namespace

PartsBar::PartsBar(QWidget *parent) : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void PartsBar::setParts(const std::vector<WhatIfPart> &parts, double deviceBytes, const QString &deviceName)
{
    m_parts = parts;
    m_deviceBytes = deviceBytes;
    m_deviceName = deviceName;
    updateGeometry();
    update();
}

QStringList PartsBar::legendTexts() const
{
    QStringList out;
    for (const WhatIfPart &p : m_parts)
        out << p.title + QStringLiteral(" ") + NumberFormat::bytes(p.bytes);
    if (m_deviceBytes > 0)
        out << tr("%1: %2").arg(m_deviceName, NumberFormat::bytes(m_deviceBytes));
    return out;
}

void PartsBar::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (height() != heightForWidth(width()))
        updateGeometry(); // the legend wraps to another number of rows
}

int PartsBar::legendRows(int width) const
{
    const QFontMetrics fm(font());
    int rows = 1, x = 0;
    for (const QString &t : legendTexts()) {
        const int w = kSwatch + 6 + fm.horizontalAdvance(t) + 18;
        if (x > 0 && x + w > width) {
            ++rows;
            x = 0;
        }
        x += w;
    }
    return rows;
}

int PartsBar::heightForWidth(int width) const
{
    const QFontMetrics fm(font());
    return fm.height() * 2 + fm.height() + 12 + legendRows(std::max(width, 240)) * (fm.height() + 6);
}

QSize PartsBar::sizeHint() const
{
    return {480, heightForWidth(width() > 0 ? width() : 480)};
}

QSize PartsBar::minimumSizeHint() const
{
    return {240, sizeHint().height()};
}

void PartsBar::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm(font());
    const int barHeight = fm.height() * 2;
    double total = 0;
    for (const WhatIfPart &part : m_parts)
        total += part.bytes;
    const double scale = std::max(total, m_deviceBytes);
    if (scale <= 0)
        return;
    const QRectF bar(0, fm.height() + 4, width() - 1, barHeight);
    double x = bar.left();
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        const double w = bar.width() * m_parts[i].bytes / scale;
        p.fillRect(QRectF(x, bar.top(), w, bar.height()), kColors[i % std::size(kColors)]);
        x += w;
    }
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(bar);
    // The total above the bar, the device's memory as a dashed line across it.
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(QRectF(0, 0, width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
               tr("Total %1").arg(NumberFormat::bytes(total)));
    if (m_deviceBytes > 0) {
        const double dx = bar.left() + bar.width() * m_deviceBytes / scale;
        QPen pen(palette().color(QPalette::WindowText), 2, Qt::DashLine);
        p.setPen(pen);
        p.drawLine(QPointF(dx, bar.top() - 3), QPointF(dx, bar.bottom() + 3));
    }
    // Legend, wrapped.
    int lx = 0;
    int ly = int(bar.bottom()) + 8;
    const QStringList texts = legendTexts();
    for (int i = 0; i < texts.size(); ++i) {
        const int w = kSwatch + 6 + fm.horizontalAdvance(texts[i]) + 18;
        if (lx > 0 && lx + w > width()) {
            lx = 0;
            ly += fm.height() + 6;
        }
        const QRect swatch(lx, ly + (fm.height() - kSwatch) / 2, kSwatch, kSwatch);
        if (i < int(m_parts.size())) {
            p.fillRect(swatch, kColors[i % int(std::size(kColors))]);
        } else { // the device's memory: the dashed line of the bar
            p.setPen(QPen(palette().color(QPalette::WindowText), 2, Qt::DashLine));
            p.drawLine(swatch.center().x(), swatch.top(), swatch.center().x(), swatch.bottom());
        }
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(lx + kSwatch + 6, ly, w, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, texts[i]);
        lx += w;
    }
}

} // namespace tx
