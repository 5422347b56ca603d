#include "assumptionarguments.h"

#include "core/estimate/evaluator.h"
#include "designarguments.h"

#include <QCoreApplication>

#include <cmath>

namespace tx {

namespace {

Error bad(const QString &flag, const QString &expected, const QString &value)
{
    return Error{{}, QStringLiteral("--") + flag, AssumptionArguments::tr("expected %1, got \"%2\"").arg(expected, value)};
}

// Integer option; absent leaves `out` alone.
std::optional<Error> takeInt(QStringList &args, const char *name, int lo, int hi, int &out)
{
    bool present = false;
    const QString flag = QLatin1String(name);
    const QString v = DesignArguments::takeOption(args, flag, &present);
    if (!present)
        return std::nullopt;
    bool ok = false;
    const qlonglong x = v.trimmed().toLongLong(&ok);
    if (!ok || x < lo || x > hi)
        return bad(flag, AssumptionArguments::tr("an integer from %1 to %2").arg(lo).arg(hi), v);
    out = int(x);
    return std::nullopt;
}

// Number option (accepts 2e12, 0.4); absent leaves `out` alone.
std::optional<Error> takeNumber(QStringList &args, const char *name, double lo, double hi, const QString &what,
                                double &out)
{
    bool present = false;
    const QString flag = QLatin1String(name);
    const QString v = DesignArguments::takeOption(args, flag, &present);
    if (!present)
        return std::nullopt;
    bool ok = false;
    const double x = v.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(x) || x < lo || x > hi)
        return bad(flag, what, v);
    out = x;
    return std::nullopt;
}

template <typename E>
std::optional<Error> takeChoice(QStringList &args, const char *name, const char *choices, E &out)
{
    bool present = false;
    const QString flag = QLatin1String(name);
    const QString v = DesignArguments::takeOption(args, flag, &present);
    if (!present)
        return std::nullopt;
    if (!fromString(v, out))
        return bad(flag, QLatin1String(choices), v);
    return std::nullopt;
}

} // namespace

std::optional<Error> AssumptionArguments::take(QStringList &args, ModelConfig &design, Assumptions &a,
                                               HardwareCatalog &catalog)
{
    static const char kPrecisions[] = "fp32|fp16|bf16|fp8|int8|int4";
    if (auto e = takeChoice(args, "precision", kPrecisions, design.weightPrecision))
        return e;
    if (auto e = takeChoice(args, "kv-precision", kPrecisions, design.kvPrecision))
        return e;
    if (auto e = takeInt(args, "batch", 1, 1'000'000, a.batch))
        return e;
    if (auto e = takeInt(args, "seq", 1, 16'777'216, a.contextLength))
        return e;
    if (auto e = takeNumber(args, "tokens", 0, 1e16, tr("a token count from 0 to 1e16 (e.g. 2e12)"), a.trainingTokens))
        return e;
    if (auto e = takeChoice(args, "optimizer", "adamw|adamw-mixed|sgd|adam8bit|adafactor", a.optimizer))
        return e;
    if (auto e = takeChoice(args, "recompute", "none|selective|full", a.recompute))
        return e;
    if (DesignArguments::takeFlag(args, QStringLiteral("flash")))
        a.flash = true;
    if (auto e = takeInt(args, "zero", 0, 3, a.zeroStage))
        return e;
    if (auto e = takeInt(args, "tp", 1, 1'000'000, a.tensorParallel))
        return e;
    if (auto e = takeInt(args, "devices", 1, 1'000'000, a.devices))
        return e;
    if (auto e = takeNumber(args, "mfu", 1e-6, 1, tr("a fraction in (0, 1], e.g. 0.4"), a.mfu))
        return e;
    if (auto e = takeNumber(args, "price", 0, 1e5, tr("US dollars per device-hour from 0 to 100000"), a.pricePerHour))
        return e;
    if (auto e = takeChoice(args, "law", "chinchilla|epoch|kaplan", a.law))
        return e;
    if (auto e = takeInt(args, "output-tokens", 1, 16'777'216, a.outputTokens))
        return e;
    if (auto e = takeNumber(args, "utilisation", 1e-6, 1, tr("a fraction in (0, 1], e.g. 0.5"), a.utilisation))
        return e;

    bool hasHardware = false;
    const QString hardware = DesignArguments::takeOption(args, QStringLiteral("hardware"), &hasHardware);
    if (hasHardware) {
        if (hardware.isEmpty())
            return Error{{}, QStringLiteral("--hardware"), tr("missing file name")};
        auto loaded = HardwareCatalog::load(hardware);
        if (!loaded) {
            Error err = loaded.error();
            if (err.field.isEmpty())
                err.field = QStringLiteral("--hardware");
            return err;
        }
        catalog = std::move(*loaded);
    } else {
        catalog = HardwareCatalog::builtIn();
    }
    bool hasDevice = false;
    const QString device = DesignArguments::takeOption(args, QStringLiteral("device"), &hasDevice);
    if (hasDevice) {
        const Device *d = catalog.find(device);
        if (!d) {
            return Error{{}, QStringLiteral("--device"),
                         tr("unknown device \"%1\" (known: %2)").arg(device, catalog.ids().join(QStringLiteral(", ")))};
        }
        a.device = d->id;
    } else if (!catalog.find(a.device) && !catalog.devices().empty()) {
        a.device = catalog.devices().front().id; // a user catalog without the default device
    }
    if (auto err = validate(a, catalog)) {
        err->field = QStringLiteral("--") + err->field;
        return err;
    }
    return std::nullopt;
}

} // namespace tx
