#include "ui/widgets/highlightoverlay.h"

#include <QEvent>
#include <QPainter>

namespace tx {

HighlightOverlay::HighlightOverlay(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("highlight"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    hide();
}

void HighlightOverlay::highlight(QWidget *target)
{
    if (m_target)
        m_target->removeEventFilter(this);
    m_target = target;
    if (!target) {
        hide();
        return;
    }
    setParent(target);
    setGeometry(target->rect());
    target->installEventFilter(this);
    raise();
    show();
}

bool HighlightOverlay::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_target && event->type() == QEvent::Resize)
        setGeometry(m_target->rect());
    return QWidget::eventFilter(watched, event);
}

void HighlightOverlay::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    // Okabe-Ito orange: visible on light, dark and high-contrast palettes alike.
    QPen pen(QColor(0xE6, 0x9F, 0x00), 5);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(QRectF(rect()).adjusted(3, 3, -3, -3), 8, 8);
}

} // namespace tx
