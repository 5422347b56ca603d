#include "ui/widgets/pagebar.h"

#include "ui/widgets/flowlayout.h"

#include <QApplication>
#include <QButtonGroup>
#include <QEvent>
#include <QTabBar>
#include <QTabWidget>
#include <QToolButton>

namespace tx {

PageBar::PageBar(QWidget *parent)
    : QWidget(parent)
    , m_layout(new FlowLayout(this, 2))
    , m_group(new QButtonGroup(this))
{
    setObjectName(QStringLiteral("pageBar"));
    m_group->setExclusive(true);
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    applyStyle();
    qApp->installEventFilter(this);
    connect(m_group, &QButtonGroup::idToggled, this, [this](int id, bool checked) {
        if (checked)
            emit currentChanged(id);
    });
}

void PageBar::applyStyle()
{
    // Like tabs: the current page's button is marked by a bar in the highlight colour, the
    // others by a thin line, in the application palette's colours. A widget with a style sheet
    // holds the palette it was polished with and no longer follows the application's, so the
    // sheet is made again when the application palette changes (presentation mode's white on
    // black): else the buttons would keep the light palette's black text on the black window.
    const QPalette p = QApplication::palette();
    const QColor text = p.color(QPalette::ButtonText), button = p.color(QPalette::Button);
    // Hover: the button colour moved 15 % towards its text, light or dark alike.
    const QColor hover = QColor::fromRgbF(button.redF() + 0.15f * (text.redF() - button.redF()),
                                          button.greenF() + 0.15f * (text.greenF() - button.greenF()),
                                          button.blueF() + 0.15f * (text.blueF() - button.blueF()));
    const QString sheet = QStringLiteral("QToolButton { padding: 4px 10px; border: none; color: %1;"
                                 " border-bottom: 3px solid %2; }"
                                 "QToolButton:hover { background: %3; }"
                                 "QToolButton:checked { border-bottom: 3px solid %4; background: %5; color: %6; }")
                              .arg(text.name(), p.color(QPalette::Mid).name(), hover.name(),
                                   p.color(QPalette::Highlight).name(), p.color(QPalette::Base).name(),
                                   p.color(QPalette::Text).name());
    if (sheet != styleSheet())
        setStyleSheet(sheet);
}

bool PageBar::eventFilter(QObject *watched, QEvent *event)
{
    // Qt sends the application palette's change to the application object itself.
    if (watched == qApp && event->type() == QEvent::ApplicationPaletteChange)
        applyStyle();
    return QWidget::eventFilter(watched, event);
}

void PageBar::mirror(QTabWidget *tabs)
{
    m_tabs = tabs;
    tabs->tabBar()->hide();
    for (int i = count(); i < tabs->count(); ++i)
        addPage(tabs->tabText(i));
    setCurrentIndex(tabs->currentIndex());
    connect(this, &PageBar::currentChanged, tabs, &QTabWidget::setCurrentIndex);
    connect(tabs, &QTabWidget::currentChanged, this, &PageBar::setCurrentIndex);
}

void PageBar::syncTexts()
{
    if (m_tabs)
        for (int i = 0; i < count() && i < m_tabs->count(); ++i)
            setPageText(i, m_tabs->tabText(i));
}

int PageBar::addPage(const QString &title)
{
    auto *b = new QToolButton(this);
    b->setText(title);
    b->setCheckable(true);
    b->setAutoRaise(true);
    b->setFocusPolicy(Qt::TabFocus);
    const int index = count();
    m_group->addButton(b, index);
    m_layout->addWidget(b);
    if (index == 0)
        b->setChecked(true);
    return index;
}

void PageBar::setPageText(int index, const QString &title)
{
    if (QToolButton *b = button(index))
        b->setText(title);
}

int PageBar::count() const
{
    return int(m_group->buttons().size());
}

int PageBar::currentIndex() const
{
    return m_group->checkedId();
}

QToolButton *PageBar::button(int index) const
{
    return qobject_cast<QToolButton *>(m_group->button(index));
}

int PageBar::rowCount() const
{
    return m_layout->rowCount(width());
}

void PageBar::setCurrentIndex(int index)
{
    if (QToolButton *b = button(index); b && !b->isChecked())
        b->setChecked(true);
}

} // namespace tx
