#include "ui/shell/translator.h"

#include <QFile>
#include <QXmlStreamReader>

namespace tx {

Translator::Translator(QObject *parent)
    : QTranslator(parent)
{
}

bool Translator::loadLanguage(const QString &code)
{
    m_bySource.clear();
    m_code = code;
    const QString base = QStringLiteral("transformer-explorer_") + code;
    if (!load(base, QStringLiteral(":/i18n")))
        return false;

    QFile ts(QStringLiteral(":/i18n/ts/") + base + QStringLiteral(".ts"));
    if (!ts.open(QIODevice::ReadOnly))
        return true; // the .qm alone still translates every string whose context matches
    QXmlStreamReader xml(&ts);
    QString source;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            const QString text = xml.readElementText();
            if (type.isEmpty() && !text.isEmpty() && !source.isEmpty())
                m_bySource.insert(source, text);
            source.clear();
        }
    }
    return true;
}

QString Translator::translate(const char *context, const char *sourceText, const char *disambiguation, int n) const
{
    const QString exact = QTranslator::translate(context, sourceText, disambiguation, n);
    if (!exact.isEmpty())
        return exact;
    return m_bySource.value(QString::fromUtf8(sourceText));
}

} // namespace tx
