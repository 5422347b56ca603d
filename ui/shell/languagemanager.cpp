#include "ui/shell/languagemanager.h"

#include "core/base/numberformat.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace tx {

LanguageManager::LanguageManager(QObject *parent)
    : QObject(parent)
    , m_app(new QTranslator(this))
    , m_qt(new QTranslator(this))
{
}

QStringList LanguageManager::available()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString LanguageManager::nativeName(const QString &code)
{
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    if (code == QLatin1String("en"))
        return QStringLiteral("English");
    return code;
}

QString LanguageManager::systemLanguage()
{
    return QLocale::system().language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

void LanguageManager::setLanguage(const QString &code)
{
    m_requested = available().contains(code) ? code : QString();
    const QString effective = m_requested.isEmpty() ? systemLanguage() : m_requested;
    const bool changed = effective != m_current;
    m_current = effective;

    QCoreApplication::removeTranslator(m_app);
    QCoreApplication::removeTranslator(m_qt);
    const QLocale locale(effective == QLatin1String("zh_CN") ? QLocale(QLocale::Chinese, QLocale::China)
                                                             : QLocale(QLocale::English, QLocale::UnitedStates));
    QLocale::setDefault(locale);
    NumberFormat::setDefaultLargeUnits(effective == QLatin1String("zh_CN") ? NumberFormat::LargeUnits::Chinese
                                                                           : NumberFormat::LargeUnits::Western);
    if (effective != QLatin1String("en")) {
        if (m_app->load(QStringLiteral("transformer-explorer_") + effective, QStringLiteral(":/i18n")))
            QCoreApplication::installTranslator(m_app);
        if (m_qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                       QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(m_qt);
    }
    // English needs no file: removing the translators above already sent LanguageChange.
    if (changed)
        emit languageChanged(effective);
}

void LanguageManager::setChineseUnits(bool on)
{
    NumberFormat::setDefaultLargeUnits(on ? NumberFormat::LargeUnits::Chinese : NumberFormat::LargeUnits::Western);
}

bool LanguageManager::chineseUnits() const
{
    return NumberFormat::defaultLargeUnits() == NumberFormat::LargeUnits::Chinese;
}

} // namespace tx
