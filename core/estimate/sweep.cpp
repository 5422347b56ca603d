#include "core/estimate/sweep.h"

#include "core/design/designedits.h"
#include "core/design/designfile.h"
#include "core/estimate/evaluator.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace tx {

namespace {

constexpr int kMaxSteps = 10'000;

// Settings that take fractions; everything else is an integer count.
bool fractional(const QString &key)
{
    static const QStringList keys = {QStringLiteral("tokens"), QStringLiteral("mfu"), QStringLiteral("price"),
                                     QStringLiteral("rotary_fraction"), QStringLiteral("rope_theta")};
    return keys.contains(key);
}

// The fewest digits that read back as the same double: 240653107.2 bytes, not the
// 240653107.19999999 of 17 significant digits, and still exact for a script.
QString number(double x)
{
    return QString::number(x, 'g', QLocale::FloatingPointShortest);
}

QString csvField(QString s)
{
    if (s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"')) || s.contains(QLatin1Char('\n')))
        return QLatin1Char('"') + s.replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
    return s;
}

std::optional<Error> applyAssumption(Assumptions &a, const QString &key, double v)
{
    if (key == QLatin1String("batch"))
        a.batch = int(v);
    else if (key == QLatin1String("seq"))
        a.contextLength = int(v);
    else if (key == QLatin1String("tokens"))
        a.trainingTokens = v;
    else if (key == QLatin1String("devices"))
        a.devices = int(v);
    else if (key == QLatin1String("tp"))
        a.tensorParallel = int(v);
    else if (key == QLatin1String("mfu"))
        a.mfu = v;
    else if (key == QLatin1String("price"))
        a.pricePerHour = v;
    else
        return Error{{}, QStringLiteral("--vary"), Sweep::tr("unknown setting \"%1\"").arg(key)};
    return std::nullopt;
}

} // namespace

bool Sweep::isAssumption(const QString &key)
{
    static const QStringList keys = {QStringLiteral("batch"), QStringLiteral("seq"), QStringLiteral("tokens"),
                                     QStringLiteral("devices"), QStringLiteral("tp"), QStringLiteral("mfu"),
                                     QStringLiteral("price")};
    return keys.contains(key);
}

std::optional<Error> Sweep::check(const Spec &spec)
{
    if (spec.key.isEmpty())
        return Error{{}, QStringLiteral("--vary"), tr("name the setting to vary, e.g. --vary d_model")};
    if (!isAssumption(spec.key) && !DesignFile::fieldNames().contains(spec.key))
        return Error{{}, QStringLiteral("--vary"),
                     tr("unknown setting \"%1\" (a design field such as d_model, or batch, seq, tokens, devices, tp, mfu, price)")
                         .arg(spec.key)};
    if (!std::isfinite(spec.from) || std::fabs(spec.from) > 1e18)
        return Error{{}, QStringLiteral("--from"), tr("expected a finite number")};
    if (!std::isfinite(spec.to) || std::fabs(spec.to) > 1e18)
        return Error{{}, QStringLiteral("--to"), tr("expected a finite number")};
    if (spec.steps < 2 || spec.steps > kMaxSteps)
        return Error{{}, QStringLiteral("--steps"), tr("expected 2 to %1 points").arg(kMaxSteps)};
    if (spec.multiple < 0 || spec.multiple > 1'000'000)
        return Error{{}, QStringLiteral("--multiple"), tr("expected 0 to 1,000,000")};
    if (spec.log && (spec.from <= 0 || spec.to <= 0))
        return Error{{}, QStringLiteral("--from"), tr("a logarithmic sweep needs positive ends")};
    return std::nullopt;
}

std::vector<double> Sweep::values(const Spec &spec)
{
    std::vector<double> out;
    if (check(spec))
        return out;
    out.reserve(size_t(spec.steps));
    for (int i = 0; i < spec.steps; ++i) {
        const double t = double(i) / double(spec.steps - 1);
        double v = spec.log ? spec.from * std::pow(spec.to / spec.from, t) : spec.from + (spec.to - spec.from) * t;
        if (!fractional(spec.key)) {
            v = spec.multiple > 0 ? std::round(v / spec.multiple) * spec.multiple : std::round(v);
        }
        out.push_back(v);
    }
    return out;
}

std::vector<Sweep::Point> Sweep::run(const ModelConfig &config, const Assumptions &assumptions,
                                     const HardwareCatalog &catalog, const Spec &spec)
{
    std::vector<Point> out;
    for (double v : values(spec)) {
        Point p;
        p.value = v;
        ModelConfig c = config;
        Assumptions a = assumptions;
        std::optional<Error> error = isAssumption(spec.key)
            ? applyAssumption(a, spec.key, v)
            : DesignEdits::set(c, spec.key, fractional(spec.key) ? number(v) : QString::number(std::int64_t(v)));
        if (!error) {
            auto e = evaluate(c, a, catalog);
            if (e)
                p.evaluation = *e;
            else
                error = e.error();
        }
        p.error = error;
        out.push_back(std::move(p));
    }
    return out;
}

QStringList Sweep::csvHeader(const QString &key)
{
    return {QStringLiteral("point"), key, QStringLiteral("params_total"), QStringLiteral("params_active"),
            QStringLiteral("params_non_embedding"), QStringLiteral("inference_memory_bytes"),
            QStringLiteral("kv_cache_bytes"), QStringLiteral("training_memory_bytes"),
            QStringLiteral("training_memory_per_device_bytes"), QStringLiteral("forward_flops_per_token"),
            QStringLiteral("training_flops"), QStringLiteral("training_seconds"), QStringLiteral("cost_usd"),
            QStringLiteral("loss"), QStringLiteral("error")};
}

QByteArray Sweep::csv(const Spec &spec, const std::vector<Point> &points)
{
    QString out = csvHeader(spec.key).join(QLatin1Char(',')) + QLatin1Char('\n');
    const bool integer = !fractional(spec.key);
    for (size_t i = 0; i < points.size(); ++i) {
        const Point &p = points[i];
        QStringList row = {QString::number(i + 1), integer ? QString::number(std::int64_t(p.value)) : number(p.value)};
        if (p.evaluation) {
            const Evaluation &e = *p.evaluation;
            row << QString::number(e.params.total) << QString::number(e.params.active)
                << QString::number(e.params.nonEmbedding) << number(e.inference.totalBytes)
                << number(e.inference.kvCacheBytes) << number(e.training.totalBytes)
                << number(e.training.perDeviceBytes) << number(e.compute.forwardFlopsPerToken)
                << number(e.compute.trainingFlops) << number(e.hardware.trainingSeconds) << number(e.hardware.money)
                << number(e.scaling.loss) << QString();
        } else {
            for (int k = 0; k < 12; ++k)
                row << QString();
            row << csvField(p.error ? p.error->toString() : QString());
        }
        out += row.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return out.toUtf8();
}

} // namespace tx
