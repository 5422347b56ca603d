#include "ui/widgets/pagebar.h"

#include "ui/widgets/flowlayout.h"

#include <QButtonGroup>
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
    // Like tabs: the current page's button is marked by a bar in the highlight colour (the
    // palette's, so it follows the dark palette), the others by a thin line.
    setStyleSheet(QStringLiteral("QToolButton { padding: 4px 10px; border: none;"
                                 " border-bottom: 3px solid palette(mid); }"
                                 "QToolButton:hover { background: palette(midlight); }"
                                 "QToolButton:checked { border-bottom: 3px solid palette(highlight);"
                                 " background: palette(base); }"));
    connect(m_group, &QButtonGroup::idToggled, this, [this](int id, bool checked) {
        if (checked)
            emit currentChanged(id);
    });
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
