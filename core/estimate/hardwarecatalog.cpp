#include "core/estimate/hardwarecatalog.h"

#include "core/base/jsonobjectreader.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace tx {

namespace {
// Files larger than this are not hardware catalogs; refuse before reading them into memory.
constexpr qint64 kMaxFileBytes = 4 * 1024 * 1024;

// A positive, finite number below `limit`; `required` false lets the key be absent (0).
bool readNumber(const QJsonObject &o, const char *key, double limit, bool required, double &out)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined() && !required) {
        out = 0;
        return true;
    }
    if (!v.isDouble())
        return false;
    const double x = v.toDouble();
    if (!std::isfinite(x) || x < 0 || x > limit || (required && x == 0))
        return false;
    out = x;
    return true;
}
} // namespace

Expected<HardwareCatalog, Error> HardwareCatalog::parse(const QByteArray &bytes, const QString &file)
{
    auto parsed = JsonObjectReader::parse(bytes, file);
    if (!parsed)
        return parsed.error();
    const QJsonObject root = *parsed;
    if (root.value(QStringLiteral("format")).toString() != QLatin1String("transformer-explorer-hardware"))
        return Error{file, QStringLiteral("format"), tr("expected \"transformer-explorer-hardware\"")};
    if (root.value(QStringLiteral("version")).toInt(-1) != 1)
        return Error{file, QStringLiteral("version"), tr("unsupported version (expected 1)")};
    const QJsonValue list = root.value(QStringLiteral("devices"));
    if (!list.isArray() || list.toArray().isEmpty())
        return Error{file, QStringLiteral("devices"), tr("expected a non-empty array of devices")};

    HardwareCatalog catalog;
    const QJsonArray devices = list.toArray();
    for (qsizetype i = 0; i < devices.size(); ++i) {
        const QString at = QStringLiteral("devices[%1]").arg(i);
        if (!devices[i].isObject())
            return Error{file, at, tr("expected an object")};
        const QJsonObject o = devices[i].toObject();
        Device d;
        d.id = o.value(QStringLiteral("id")).toString().trimmed();
        if (d.id.isEmpty())
            return Error{file, at + QStringLiteral(".id"), tr("missing")};
        if (catalog.find(d.id))
            return Error{file, at + QStringLiteral(".id"), tr("duplicate id \"%1\"").arg(d.id)};
        const QString field = QStringLiteral("devices[%1](%2).").arg(i).arg(d.id);
        static const char *const kKeys[] = {"id", "name", "kind", "memory_bytes", "bandwidth_bytes_per_s",
                                            "peak_flops", "interconnect_bytes_per_s", "interconnect_source",
                                            "price_per_hour", "price_kind", "price_source", "source", "note"};
        for (auto it = o.begin(); it != o.end(); ++it) {
            const bool known = std::any_of(std::begin(kKeys), std::end(kKeys),
                                           [&](const char *k) { return it.key() == QLatin1String(k); });
            if (!known)
                return Error{file, field + it.key(), tr("unknown key")};
        }
        static const char *const kText[] = {"name", "kind", "interconnect_source", "price_kind", "price_source", "source",
                                            "note"};
        for (const char *k : kText) {
            const QJsonValue v = o.value(QLatin1String(k));
            if (!v.isUndefined() && !v.isString())
                return Error{file, field + QLatin1String(k), tr("expected a string")};
        }
        d.name = o.value(QStringLiteral("name")).toString(d.id);
        d.kind = o.value(QStringLiteral("kind")).toString(QStringLiteral("gpu"));
        static const QStringList kKinds = {QStringLiteral("gpu"), QStringLiteral("tpu"), QStringLiteral("apple"),
                                           QStringLiteral("cpu"), QStringLiteral("edge")};
        if (!kKinds.contains(d.kind))
            return Error{file, field + QStringLiteral("kind"), tr("expected gpu, tpu, apple, cpu or edge")};
        // Limits: 1 PB of memory, 1 PB/s of bandwidth, 10^18 FLOP/s, $100,000 an hour.
        if (!readNumber(o, "memory_bytes", 1e15, true, d.memoryBytes))
            return Error{file, field + QStringLiteral("memory_bytes"), tr("expected a positive number of bytes")};
        if (!readNumber(o, "bandwidth_bytes_per_s", 1e15, true, d.bandwidthBytesPerSecond)) {
            return Error{file, field + QStringLiteral("bandwidth_bytes_per_s"),
                         tr("expected a positive number of bytes per second")};
        }
        const QJsonValue peaks = o.value(QStringLiteral("peak_flops"));
        if (!peaks.isObject())
            return Error{file, field + QStringLiteral("peak_flops"), tr("expected an object of FLOP/s per precision")};
        const QJsonObject p = peaks.toObject();
        struct Peak { const char *key; double *out; };
        const Peak table[] = {{"fp32", &d.peakFp32}, {"bf16", &d.peakBf16}, {"fp8", &d.peakFp8},
                              {"int8", &d.peakInt8}, {"int4", &d.peakInt4}};
        for (const Peak &k : table) {
            if (!readNumber(p, k.key, 1e18, false, *k.out)) {
                return Error{file, field + QStringLiteral("peak_flops.") + QLatin1String(k.key),
                             tr("expected a non-negative number of FLOP/s")};
            }
        }
        for (auto it = p.begin(); it != p.end(); ++it) {
            const bool known = std::any_of(std::begin(table), std::end(table),
                                           [&](const Peak &k) { return it.key() == QLatin1String(k.key); });
            if (!known) {
                return Error{file, field + QStringLiteral("peak_flops.") + it.key(),
                             tr("unknown precision (expected fp32, bf16, fp8, int8, int4)")};
            }
        }
        if (d.peakFlops(Precision::FP32) <= 0 && d.peakFlops(Precision::BF16) <= 0)
            return Error{file, field + QStringLiteral("peak_flops"), tr("needs at least fp32 or bf16")};
        if (!readNumber(o, "interconnect_bytes_per_s", 1e15, false, d.interconnectBytesPerSecond)) {
            return Error{file, field + QStringLiteral("interconnect_bytes_per_s"),
                         tr("expected a non-negative number of bytes per second")};
        }
        d.interconnectSource = o.value(QStringLiteral("interconnect_source")).toString();
        if (!readNumber(o, "price_per_hour", 1e5, false, d.pricePerHour))
            return Error{file, field + QStringLiteral("price_per_hour"), tr("expected a non-negative number of dollars")};
        d.priceKind = o.value(QStringLiteral("price_kind")).toString(QStringLiteral("rental"));
        if (d.priceKind != QLatin1String("rental") && d.priceKind != QLatin1String("purchase"))
            return Error{file, field + QStringLiteral("price_kind"), tr("expected rental or purchase")};
        d.priceSource = o.value(QStringLiteral("price_source")).toString();
        d.source = o.value(QStringLiteral("source")).toString();
        catalog.m_devices.push_back(std::move(d));
    }
    return catalog;
}

Expected<HardwareCatalog, Error> HardwareCatalog::load(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{path, {}, tr("cannot open: %1").arg(f.errorString())};
    if (f.size() > kMaxFileBytes)
        return Error{path, {}, tr("larger than 4 MB; not a hardware catalog")};
    return parse(f.readAll(), path);
}

const HardwareCatalog &HardwareCatalog::builtIn()
{
    static const HardwareCatalog catalog = [] {
        auto loaded = load(QStringLiteral(":/presets/hardware.json"));
        return loaded ? std::move(*loaded) : HardwareCatalog{}; // a test checks the shipped file loads
    }();
    return catalog;
}

const Device *HardwareCatalog::find(const QString &id) const
{
    for (const Device &d : m_devices)
        if (d.id.compare(id, Qt::CaseInsensitive) == 0)
            return &d;
    return nullptr;
}

QStringList HardwareCatalog::ids() const
{
    QStringList out;
    for (const Device &d : m_devices)
        out << d.id;
    return out;
}

} // namespace tx
