#include "ui/shell/languagemenu.h"

#include "ui/shell/languagemanager.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QMenuBar>

namespace tx {

LanguageMenu::LanguageMenu(LanguageManager *language, QObject *parent)
    : QObject(parent)
    , m_language(language)
{
}

void LanguageMenu::addTo(QMenuBar *bar)
{
    QMenu *menu = bar->addMenu(tr("&Language"));
    auto *group = new QActionGroup(menu);
    const auto add = [&](const QString &text, const QString &code) {
        QAction *a = menu->addAction(text);
        a->setCheckable(true);
        a->setChecked(m_language->requested() == code);
        a->setData(code);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] { emit languageChosen(code); });
    };
    add(tr("Follow the &system (%1)").arg(LanguageManager::nativeName(LanguageManager::systemLanguage())), QString());
    for (const QString &code : LanguageManager::available())
        add(LanguageManager::nativeName(code), code);
    menu->addSeparator();
    m_units = menu->addAction(tr("Chinese number &units (万, 亿)"));
    m_units->setCheckable(true);
    m_units->setChecked(m_language->chineseUnits());
    connect(m_units, &QAction::toggled, this, [this](bool on) {
        m_language->setChineseUnits(on);
        emit unitsToggled(on);
    });
}

void LanguageMenu::syncUnits()
{
    if (m_units)
        m_units->setChecked(m_language->chineseUnits());
}

} // namespace tx
