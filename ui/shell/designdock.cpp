#include "ui/shell/designdock.h"

#include "ui/design/designcontrols.h"

#include <QScrollArea>

namespace tx {

DesignDock::DesignDock(DesignState *state, QWidget *parent)
    : QDockWidget(tr("Design"), parent)
    , m_state(state)
    , m_scroll(new QScrollArea)
{
    setObjectName(QStringLiteral("designDock"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setControls(new DesignControls(m_state));
    setWidget(m_scroll);
    setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
}

void DesignDock::retranslate()
{
    setWindowTitle(tr("Design"));
    QWidget *old = m_scroll->takeWidget();
    setControls(new DesignControls(m_state));
    if (old)
        old->deleteLater();
}

void DesignDock::setControls(DesignControls *controls)
{
    m_controls = controls;
    m_scroll->setWidget(m_controls);
    m_scroll->setMinimumWidth(m_controls->sizeHint().width() + 24); // room for the vertical scroll bar
}

} // namespace tx
