#include "ui/widgets/controlgroup.h"

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

    // Fusion's group box look: the window colour moved a little towards the text colour for
    // the panel, more for the border (light palette: 1 % and 10 %, as Fusion's frame pixmap;
    // a dark palette needs a stronger border to show). Opaque colours, because filling only
    // the repainted part with an opaque colour is a plain memory fill.
    const QColor window = palette().color(QPalette::Window);
    const QColor text = palette().color(QPalette::WindowText);
    const bool dark = window.lightness() < 128;
    const auto shade = [&](double towardsText) {
        const auto mix = [towardsText](double a, double b) { return float(a + (b - a) * towardsText); };
        return QColor::fromRgbF(mix(window.redF(), text.redF()), mix(window.greenF(), text.greenF()),
                                mix(window.blueF(), text.blueF()));
    };
    const double panelShade = dark ? 0.04 : 0.0125;
    const double innerShade = dark ? 0.06 : 0.03;
    const double borderShade = dark ? 0.3 : 0.1;
    const QRect panel(0, top, width(), height() - top);
    painter.fillRect(panel.adjusted(1, 1, -1, -1) & dirty, shade(panelShade));
    painter.setPen(shade(innerShade));
    painter.drawLine(QPoint(panel.left() + 2, panel.top() + 1), QPoint(panel.right() - 2, panel.top() + 1));
    painter.drawLine(QPoint(panel.left() + 1, panel.top() + 2), QPoint(panel.left() + 1, panel.bottom() - 2));
    // The border: an outline only, so antialiasing its round corners costs a few spans.
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(shade(borderShade), 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRoundedRect(QRectF(panel).adjusted(0.5, 0.5, -0.5, -0.5), kRadius, kRadius);
}

} // namespace tx
