#include "ui/widgets/knobcontrol.h"

#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>

#include <algorithm>
#include <cmath>

namespace tx {

KnobControl::KnobControl(const QString &label, int min, int max, int sliderMin, int sliderMax, Scale scale,
                         QWidget *parent)
    : QWidget(parent)
    , m_label(new QLabel(label, this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_spin(new QSpinBox(this))
    , m_problemLabel(new QLabel(this))
    , m_sliderMin(std::max(sliderMin, min))
    , m_sliderMax(std::min(sliderMax, max))
    , m_scale(scale)
{
    // A log scale needs a positive lower end.
    if (m_scale == Scale::Log)
        m_sliderMin = std::max(1, m_sliderMin);
    m_spin->setRange(min, max);
    m_spin->setKeyboardTracking(false);
    m_spin->setAccelerated(true);
    m_spin->setGroupSeparatorShown(true);
    m_spin->setMinimumWidth(m_spin->fontMetrics().horizontalAdvance(QStringLiteral("00,000,000,000")));
    if (m_scale == Scale::Log)
        m_slider->setRange(0, kLogSteps);
    else
        m_slider->setRange(m_sliderMin, m_sliderMax);
    m_label->setBuddy(m_spin);

    m_problemLabel->setWordWrap(true);
    m_problemLabel->setVisible(false);
    m_problemLabel->setObjectName(QStringLiteral("problem"));
    m_problemLabel->setStyleSheet(QStringLiteral("color: #c0392b;"));

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 2, 0, 2);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(1);
    grid->addWidget(m_label, 0, 0, 1, 2);
    grid->addWidget(m_slider, 1, 0);
    grid->addWidget(m_spin, 1, 1);
    grid->addWidget(m_problemLabel, 2, 0, 1, 2);
    grid->setColumnStretch(0, 1);

    connect(m_slider, &QSlider::valueChanged, this, &KnobControl::onSliderMoved);
    // Without keyboard tracking the spin box reports a typed value once, on Enter or focus
    // out, and arrow/wheel steps at once.
    connect(m_spin, &QSpinBox::valueChanged, this, &KnobControl::onSpinEdited);
}

void KnobControl::setSuffix(const QString &suffix)
{
    m_spin->setSuffix(suffix);
}

void KnobControl::setHelp(const QString &tooltip)
{
    m_help = tooltip;
    QString text = m_problem.isEmpty() ? m_help : m_problem + QStringLiteral("\n\n") + m_help;
    if (!m_disabledReason.isEmpty())
        text = m_disabledReason + QStringLiteral("\n\n") + text;
    for (QWidget *w : {static_cast<QWidget *>(m_label), static_cast<QWidget *>(m_slider),
                       static_cast<QWidget *>(m_spin)})
        w->setToolTip(text);
}

void KnobControl::setDisabledReason(const QString &reason)
{
    if (reason == m_disabledReason)
        return;
    m_disabledReason = reason;
    setHelp(m_help);
}

int KnobControl::value() const
{
    return m_spin->value();
}

void KnobControl::setValue(int value)
{
    // Most knobs keep their value when another moves; leaving them untouched spares a
    // repaint of every spin box on each slider tick.
    if (m_spin->value() == value && m_slider->value() == positionFor(value))
        return;
    const QSignalBlocker blockSpin(m_spin);
    const QSignalBlocker blockSlider(m_slider);
    m_spin->setValue(value);
    m_slider->setValue(positionFor(value));
}

void KnobControl::setProblem(const QString &reason)
{
    if (reason == m_problem)
        return;
    m_problem = reason;
    m_problemLabel->setText(reason);
    m_problemLabel->setVisible(!reason.isEmpty());
    m_spin->setStyleSheet(reason.isEmpty() ? QString() : QStringLiteral("QSpinBox { border: 2px solid #c0392b; }"));
    setHelp(m_help);
}

int KnobControl::positionFor(int value) const
{
    const int v = std::clamp(value, m_sliderMin, m_sliderMax);
    if (m_scale == Scale::Linear)
        return v;
    const double lo = std::log(double(m_sliderMin));
    const double hi = std::log(double(m_sliderMax));
    if (hi <= lo)
        return 0;
    return int(std::lround((std::log(double(v)) - lo) / (hi - lo) * kLogSteps));
}

int KnobControl::valueAt(int position) const
{
    if (m_scale == Scale::Linear)
        return position;
    const double lo = std::log(double(m_sliderMin));
    const double hi = std::log(double(m_sliderMax));
    return int(std::lround(std::exp(lo + (hi - lo) * double(position) / kLogSteps)));
}

void KnobControl::onSliderMoved(int position)
{
    int v = valueAt(position);
    if (m_snap)
        v = m_snap(v);
    v = std::clamp(v, m_spin->minimum(), m_spin->maximum());
    {
        const QSignalBlocker block(m_spin);
        m_spin->setValue(v);
    }
    emit valueEdited(v, m_slider->isSliderDown());
}

void KnobControl::onSpinEdited()
{
    const int v = m_spin->value();
    {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(positionFor(v));
    }
    emit valueEdited(v, false);
}

} // namespace tx
