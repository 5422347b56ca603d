#include "core/estimate/assumptionsjson.h"

namespace tx {

QJsonObject AssumptionsJson::toJson(const Assumptions &a)
{
    return {
        {QStringLiteral("batch"), a.batch},
        {QStringLiteral("seq"), a.contextLength},
        {QStringLiteral("tokens"), a.trainingTokens},
        {QStringLiteral("optimizer"), toString(a.optimizer)},
        {QStringLiteral("recompute"), toString(a.recompute)},
        {QStringLiteral("flash"), a.flash},
        {QStringLiteral("zero"), a.zeroStage},
        {QStringLiteral("tp"), a.tensorParallel},
        {QStringLiteral("devices"), a.devices},
        {QStringLiteral("device"), a.device},
        {QStringLiteral("mfu"), a.mfu},
        {QStringLiteral("price_per_hour"), a.pricePerHour},
        {QStringLiteral("overhead"), a.runtimeOverhead},
        {QStringLiteral("law"), toString(a.law)},
        {QStringLiteral("output_tokens"), a.outputTokens},
        {QStringLiteral("utilisation"), a.utilisation},
        {QStringLiteral("weights_bytes"), a.weightsBytes},
    };
}

Assumptions AssumptionsJson::fromJson(const QJsonObject &o)
{
    Assumptions a;
    const auto integer = [&o](const char *key, int &out) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isDouble())
            out = v.toInt(out);
    };
    const auto number = [&o](const char *key, double &out) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isDouble())
            out = v.toDouble();
    };
    integer("batch", a.batch);
    integer("seq", a.contextLength);
    number("tokens", a.trainingTokens);
    fromString(o.value(QLatin1String("optimizer")).toString(), a.optimizer);
    fromString(o.value(QLatin1String("recompute")).toString(), a.recompute);
    if (o.value(QLatin1String("flash")).isBool())
        a.flash = o.value(QLatin1String("flash")).toBool();
    integer("zero", a.zeroStage);
    integer("tp", a.tensorParallel);
    integer("devices", a.devices);
    if (o.value(QLatin1String("device")).isString())
        a.device = o.value(QLatin1String("device")).toString();
    number("mfu", a.mfu);
    number("price_per_hour", a.pricePerHour);
    number("overhead", a.runtimeOverhead);
    fromString(o.value(QLatin1String("law")).toString(), a.law);
    integer("output_tokens", a.outputTokens);
    number("utilisation", a.utilisation);
    number("weights_bytes", a.weightsBytes);
    return a;
}

} // namespace tx
