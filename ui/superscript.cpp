#include "superscript.h"

#include <QRegularExpression>

namespace tx {

QString Superscript::html(const QString &text)
{
    static const QRegularExpression power(QStringLiteral("\\^(-?\\d+)"));
    QString out = text.toHtmlEscaped();
    out.replace(power, QStringLiteral("<sup>\\1</sup>"));
    return out;
}

} // namespace tx
