#pragma once

#include <QCoreApplication>
#include <QString>

#include <cstdint>

namespace tx {

// The one place where numbers become text ("6.74 B", "13.5 GB", "1.2 × 10^23 FLOP").
// Bytes use decimal SI units (1 GB = 10^9 bytes) unless GiB is asked for; every
// caller that shows bytes also states the convention (unitNote()).
class NumberFormat
{
    Q_DECLARE_TR_FUNCTIONS(tx::NumberFormat)

public:
    enum class ByteUnits { Decimal, Binary };
    // Western: K, M, B, T (10^3 steps). Chinese: 万 (10^4), 亿 (10^8), 万亿 (10^12).
    enum class LargeUnits { Western, Chinese };

    // The units count() uses when none is given; the window switches it with the language
    // (View ▸ Chinese number units). Process-wide, safe to read from any thread.
    static LargeUnits defaultLargeUnits();
    static void setDefaultLargeUnits(LargeUnits units);

    // 6738415616 -> "6,738,415,616"
    static QString exact(std::int64_t n);
    // 6738415616 -> "6.74 B"; 124439808 -> "124 M"; 3 significant digits.
    static QString count(double n);
    // Western as above; Chinese: 6738415616 -> "67.4亿", 124439808 -> "1.24亿", 35000 -> "3.5万"
    // (3 significant digits, trailing zeros dropped, no space before the unit).
    static QString count(double n, LargeUnits units);
    // 13.5e9 -> "13.5 GB" (Decimal) or "12.6 GiB" (Binary).
    static QString bytes(double bytes, ByteUnits units = ByteUnits::Decimal);
    // 1.2e23 -> "1.20 × 10^23"; small values in plain notation.
    static QString scientific(double x, int significant = 3);
    // FLOPs: "1.20 × 10^23 FLOP"
    static QString flops(double flops);
    // Seconds -> "3.2 days", "4.1 h", "12 min", "850 ms".
    static QString duration(double seconds);
    // Money in US dollars: "$1.23 M", "$4,560".
    static QString money(double dollars);
    // "GB = 10^9 bytes" / "GiB = 2^30 bytes"
    static QString unitNote(ByteUnits units = ByteUnits::Decimal);
};

} // namespace tx
