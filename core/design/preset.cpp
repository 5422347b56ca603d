#include "core/design/preset.h"

#include "core/base/jsonobjectreader.h"
#include "core/design/designfile.h"

#include <QCoreApplication>
#include <QJsonObject>

#include <cmath>

namespace tx {

namespace {
// JSON numbers are doubles: counts up to 2^53 (9·10^15) survive exactly.
bool readCount(const QJsonObject &o, const char *key, std::int64_t &out)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined()) {
        out = 0;
        return true;
    }
    const double x = v.toDouble(-1);
    if (!v.isDouble() || x < 0 || x > 9007199254740992.0 || x != std::floor(x))
        return false;
    out = static_cast<std::int64_t>(x);
    return true;
}
} // namespace

Expected<Preset, Error> Preset::parse(const QByteArray &bytes, const QString &file)
{
    auto parsed = JsonObjectReader::parse(bytes, file);
    if (!parsed)
        return parsed.error();
    const QJsonObject o = *parsed;
    Preset p;
    p.id = o.value(QStringLiteral("id")).toString();
    if (p.id.isEmpty())
        return Error{file, QStringLiteral("id"), tr("missing")};
    p.hfId = o.value(QStringLiteral("hf_id")).toString();
    const QJsonValue family = o.value(QStringLiteral("family"));
    if (!family.isUndefined() && !family.isString())
        return Error{file, QStringLiteral("family"), tr("expected a string")};
    p.family = family.toString();
    const QJsonValue year = o.value(QStringLiteral("year"));
    if (!year.isUndefined()) {
        const double y = year.toDouble(-1);
        if (!year.isDouble() || y != std::floor(y) || y < 1950 || y > 2100)
            return Error{file, QStringLiteral("year"), tr("expected a year such as 2025")};
        p.year = int(y);
    }
    if (!readCount(o, "published_params", p.publishedParams))
        return Error{file, QStringLiteral("published_params"), tr("expected a non-negative integer")};
    if (!readCount(o, "published_active_params", p.publishedActiveParams))
        return Error{file, QStringLiteral("published_active_params"), tr("expected a non-negative integer")};
    const QJsonValue design = o.value(QStringLiteral("design"));
    if (!design.isObject())
        return Error{file, QStringLiteral("design"), tr("missing or not an object")};
    auto config = DesignFile::fromJson(design.toObject(), file);
    if (!config)
        return config.error();
    p.config = std::move(*config);
    if (p.config.source.isEmpty())
        return Error{file, QStringLiteral("source"), tr("every preset must name its source")};
    return p;
}

} // namespace tx
