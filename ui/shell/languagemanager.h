#pragma once

#include <QObject>
#include <QStringList>

class QTranslator;

namespace tx {

// Which language the window speaks. Installs the program's translation and Qt's own (dialog
// buttons), sets the default QLocale so numbers follow, and lets Qt send LanguageChange to
// every widget, which retranslates in place: no restart.
class LanguageManager : public QObject
{
    Q_OBJECT
public:
    explicit LanguageManager(QObject *parent = nullptr);

    // Codes the program ships: "en", "zh_CN".
    static QStringList available();
    // The language's own name for itself ("English", "简体中文"): menu entries are never translated.
    static QString nativeName(const QString &code);
    // The shipped language that best matches the system locale (zh_* -> zh_CN, else en).
    static QString systemLanguage();

    // "" follows the system locale. Also turns Chinese large units (万/亿) on for Chinese and
    // off for English; the user may flip them afterwards (setChineseUnits).
    void setLanguage(const QString &code);
    // The requested code ("" = system) and the one in effect.
    QString requested() const { return m_requested; }
    QString current() const { return m_current; }

    void setChineseUnits(bool on);
    bool chineseUnits() const;

signals:
    void languageChanged(const QString &code);

private:
    QTranslator *m_app;
    QTranslator *m_qt;
    QString m_requested;
    QString m_current;
};

} // namespace tx
