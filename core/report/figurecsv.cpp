#include "core/report/figurecsv.h"

#include <QLocale>
#include <QString>

namespace tx {

namespace {

QString field(QString s, QChar separator)
{
    if (s.contains(separator) || s.contains(QLatin1Char('"')) || s.contains(QLatin1Char('\n')))
        return QLatin1Char('"') + s.replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
    return s;
}

} // namespace

// Values as the fewest digits that read back as the same double (as sweep.cpp's CSV).
QByteArray FigureCsv::write(const std::vector<Figure> &figures, QChar separator)
{
    QString out = QStringLiteral("key%1value%1unit%1title\n").arg(separator);
    for (const Figure &f : figures)
        out += field(f.key, separator) + separator + QString::number(f.value, 'g', QLocale::FloatingPointShortest) + separator
            + field(f.unit, separator) + separator + field(f.title, separator) + QLatin1Char('\n');
    return out.toUtf8();
}

} // namespace tx
