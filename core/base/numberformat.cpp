#include "core/base/numberformat.h"

#include <QCoreApplication>

#include <atomic>
#include <cmath>

namespace tx {

namespace {
QString significant(double x, int digits)
{
    // 3 significant digits without exponent for 1 <= x < 1000.
    if (x == 0)
        return QStringLiteral("0");
    const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(x))));
    const int decimals = std::max(0, digits - 1 - magnitude);
    return QString::number(x, 'f', decimals);
}
std::atomic<NumberFormat::LargeUnits> g_largeUnits{NumberFormat::LargeUnits::Western};

// "3.50" -> "3.5", "1.00" -> "1": Chinese style writes 3.5万, not 3.50万.
QString withoutTrailingZeros(QString s)
{
    if (!s.contains(QLatin1Char('.')))
        return s;
    while (s.endsWith(QLatin1Char('0')))
        s.chop(1);
    if (s.endsWith(QLatin1Char('.')))
        s.chop(1);
    return s;
}
} // namespace

NumberFormat::LargeUnits NumberFormat::defaultLargeUnits()
{
    return g_largeUnits.load(std::memory_order_relaxed);
}

void NumberFormat::setDefaultLargeUnits(LargeUnits units)
{
    g_largeUnits.store(units, std::memory_order_relaxed);
}

QString NumberFormat::exact(std::int64_t n)
{
    // Digits from the right into a buffer, a comma every three: one allocation (explain()
    // formats a few hundred of these per estimate).
    const bool negative = n < 0;
    unsigned long long u = negative ? 0ULL - static_cast<unsigned long long>(n) : static_cast<unsigned long long>(n);
    char16_t buffer[32];
    int at = 32;
    int digits = 0;
    do {
        if (digits > 0 && digits % 3 == 0)
            buffer[--at] = u',';
        buffer[--at] = char16_t(u'0' + u % 10);
        u /= 10;
        ++digits;
    } while (u != 0);
    if (negative)
        buffer[--at] = u'-';
    return QString(reinterpret_cast<const QChar *>(buffer + at), 32 - at);
}

QString NumberFormat::count(double n)
{
    return count(n, defaultLargeUnits());
}

QString NumberFormat::count(double n, LargeUnits largeUnits)
{
    const double a = std::fabs(n);
    if (largeUnits == LargeUnits::Chinese) {
        // 亿 = 10^8 and 万 = 10^4: the easy slip is to treat 亿 as 10^9 (one "billion").
        struct Unit { double scale; const char16_t *suffix; };
        static constexpr Unit units[] = {{1e12, u"万亿"}, {1e8, u"亿"}, {1e4, u"万"}};
        for (const Unit &u : units) {
            // The 0.9995 threshold carries 9999.6万 into "1亿" rather than "10000万".
            if (a >= u.scale * 0.9995)
                return withoutTrailingZeros(significant(n / u.scale, 3)) + QString::fromUtf16(u.suffix);
        }
        return QString::number(static_cast<long long>(std::llround(n)));
    }
    struct Unit { double scale; const char *suffix; };
    static constexpr Unit units[] = {{1e15, "Q"}, {1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "K"}};
    for (const Unit &u : units) {
        if (a >= u.scale * 0.9995)
            return significant(n / u.scale, 3) + QLatin1Char(' ') + QLatin1String(u.suffix);
    }
    return QString::number(static_cast<long long>(std::llround(n)));
}

QString NumberFormat::bytes(double b, ByteUnits units)
{
    const double base = units == ByteUnits::Decimal ? 1000.0 : 1024.0;
    static const char *decimal[] = {"B", "KB", "MB", "GB", "TB", "PB", "EB"};
    static const char *binary[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    const char **names = units == ByteUnits::Decimal ? decimal : binary;
    int i = 0;
    double v = b;
    while (std::fabs(v) >= base * 0.9995 && i < 6) {
        v /= base;
        ++i;
    }
    if (i == 0)
        return QString::number(static_cast<long long>(std::llround(v))) + QLatin1Char(' ') + QLatin1String(names[0]);
    return significant(v, 3) + QLatin1Char(' ') + QLatin1String(names[i]);
}

QString NumberFormat::scientific(double x, int digits)
{
    if (!std::isfinite(x))
        return tr("n/a");
    const double a = std::fabs(x);
    if (a == 0)
        return QStringLiteral("0");
    if (a >= 1e-3 && a < 1e6)
        return significant(x, digits);
    int exponent = static_cast<int>(std::floor(std::log10(a)));
    double mantissa = x / std::pow(10.0, exponent);
    if (std::fabs(mantissa) >= 9.995) { // rounding carried into the next power
        mantissa /= 10;
        ++exponent;
    }
    return QString::number(mantissa, 'f', std::max(0, digits - 1)) + QStringLiteral(" × 10^")
        + QString::number(exponent);
}

QString NumberFormat::flops(double f)
{
    return scientific(f) + QStringLiteral(" FLOP");
}

QString NumberFormat::duration(double s)
{
    if (!std::isfinite(s))
        return tr("n/a");
    if (s < 1.0)
        return tr("%1 ms").arg(significant(s * 1000.0, 3));
    if (s < 120.0)
        return tr("%1 s").arg(significant(s, 3));
    if (s < 7200.0)
        return tr("%1 min").arg(significant(s / 60.0, 3));
    if (s < 3.0 * 86400.0)
        return tr("%1 h").arg(significant(s / 3600.0, 3));
    if (s < 730.0 * 86400.0)
        return tr("%1 days").arg(significant(s / 86400.0, 3));
    return tr("%1 years").arg(significant(s / (365.25 * 86400.0), 3));
}

QString NumberFormat::money(double d)
{
    if (!std::isfinite(d))
        return tr("n/a");
    if (std::fabs(d) >= 1e6)
        return QStringLiteral("$") + count(d);
    return QStringLiteral("$") + exact(static_cast<std::int64_t>(std::llround(d)));
}

QString NumberFormat::unitNote(ByteUnits units)
{
    return units == ByteUnits::Decimal ? tr("GB = 10^9 bytes") : tr("GiB = 2^30 bytes");
}

} // namespace tx
