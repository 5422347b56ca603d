#include "core/whatif/whatifformat.h"

#include "core/base/numberformat.h"

#include <cmath>
#include <cstdint>

namespace tx {

QString WhatIfFormat::value(double v, const QString &unit)
{
    if (unit == QLatin1String("bytes"))
        return NumberFormat::bytes(v);
    if (unit == QLatin1String("params") || unit == QLatin1String("count") || unit == QLatin1String("tokens"))
        return NumberFormat::exact(std::int64_t(std::llround(v)));
    if (unit == QLatin1String("FLOP") || unit == QLatin1String("FLOP/token"))
        return NumberFormat::flops(v);
    if (unit == QLatin1String("s"))
        return NumberFormat::duration(v);
    if (unit == QLatin1String("USD"))
        return NumberFormat::money(v);
    if (unit == QLatin1String("ratio"))
        return QString::number(100.0 * v, 'f', 1) + QStringLiteral(" %");
    if (unit == QLatin1String("bool"))
        return v != 0 ? tr("yes") : tr("no");
    if (unit == QLatin1String("tokens/s"))
        return QString::number(v, 'f', 1);
    return QString::number(v, 'g', 4);
}

QString WhatIfFormat::change(double before, double after)
{
    if (!(before != 0) || !std::isfinite(after))
        return QStringLiteral("—");
    const double pct = 100.0 * (after - before) / std::abs(before);
    if (std::abs(pct) < 0.05)
        return QStringLiteral("±0 %");
    return (pct > 0 ? QStringLiteral("+") : QStringLiteral("−")) + QString::number(std::abs(pct), 'f', 1) + QStringLiteral(" %");
}

} // namespace tx
