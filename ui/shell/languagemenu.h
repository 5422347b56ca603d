#pragma once

#include <QObject>

class QAction;
class QMenuBar;

namespace tx {

class LanguageManager;

// The Language menu: follow the system, each language named in its own language (so anyone
// can find theirs), and the Chinese number units (万, 亿).
class LanguageMenu : public QObject
{
    Q_OBJECT
public:
    LanguageMenu(LanguageManager *language, QObject *parent = nullptr);

    // Appends the menu to `bar` (again after a language switch).
    void addTo(QMenuBar *bar);
    // Checks the units action to match the language manager.
    void syncUnits();

signals:
    void languageChosen(const QString &code); // "" = follow the system
    void unitsToggled(bool chinese);

private:
    LanguageManager *m_language;
    QAction *m_units = nullptr;
};

} // namespace tx
