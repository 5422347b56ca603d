#include "controlgroup.h"

#include <QEvent>
#include <QPainter>
#include <QPaintEvent>
#include <QVBoxLayout>

namespace tx {

namespace {
constexpr int kGap = 4;     // between the title and the panel
constexpr int kPadding = 9; // inside the panel, around the knobs
constexpr qreal kRadius = 2.5;
} // namespace

ControlGroup::ControlGroup(const QString &title, QWidget *parent)
    : QWidget(parent)
    , m_title(title)
    , m_body(new QVBoxLayout(this))
{
    setAccessibleName(title);
    updateMargins();
}

void ControlGroup::setTitle(const QString &title)
{
    m_title = title;
    setAccessibleName(title);
    update();
}

int ControlGroup::titleHeight() const
{
    return fontMetrics().height();
}

void ControlGroup::updateMargins()
{
    m_body->setContentsMargins(kPadding + 1, titleHeight() + kGap + kPadding, kPadding + 1, kPadding);
}

void ControlGroup::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        updateMargins();
}

void ControlGroup::paintEvent(QPaintEvent *event)
{
    QPainter painter(this);
    const int top = titleHeight() + kGap;
    const QRect dirty = event->rect();
    if (dirty.top() < top) {
        painter.setPen(palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled, QPalette::WindowText));
        painter.drawText(QRect(1, 0, width() - 2, titleHeight()), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine,
                         m_title);
    }

    // Shades of black over the window colour, as Fusion's group box frame, so they work on a
    // light and a dark palette alike; mixed here into opaque colours, because filling only
    // the repainted part with an opaque colour is a plain memory fill.
    const QColor window = palette().color(QPalette::Window);
    const auto shade = [&window](int alpha) {
        const double keep = 1.0 - alpha / 255.0;
        return QColor::fromRgbF(float(window.redF() * keep), float(window.greenF() * keep), float(window.blueF() * keep));
    };
    const QRect panel(0, top, width(), height() - top);
    painter.fillRect(panel.adjusted(1, 1, -1, -1) & dirty, shade(3));
    painter.setPen(shade(7));
    painter.drawLine(QPoint(panel.left() + 2, panel.top() + 1), QPoint(panel.right() - 2, panel.top() + 1));
    painter.drawLine(QPoint(panel.left() + 1, panel.top() + 2), QPoint(panel.left() + 1, panel.bottom() - 2));
    // The border: an outline only, so antialiasing its round corners costs a few spans.
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(shade(26), 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRoundedRect(QRectF(panel).adjusted(0.5, 0.5, -0.5, -0.5), kRadius, kRadius);
}

} // namespace tx
