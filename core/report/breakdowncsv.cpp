#include "core/report/breakdowncsv.h"

#include <QLocale>

#include <functional>

namespace tx {

// Shares as the fewest digits that read back as the same double (as sweep.cpp's CSV).
QByteArray BreakdownCsv::write(const ParamCount &params, QChar separator)
{
    QString out = QStringLiteral("path%1params%1share_percent\n").arg(separator);
    const std::function<void(const ParamNode &, const QString &)> visit = [&](const ParamNode &n, const QString &prefix) {
        const QString path = prefix.isEmpty() ? n.key : prefix + QLatin1Char('.') + n.key;
        const double share = params.total > 0 ? 100.0 * double(n.params) / double(params.total) : 0.0;
        out += path + separator + QString::number(n.params) + separator + QString::number(share, 'g', QLocale::FloatingPointShortest)
            + QLatin1Char('\n');
        for (const ParamNode &c : n.children)
            visit(c, path);
    };
    visit(params.breakdown, QString());
    return out.toUtf8();
}

} // namespace tx
