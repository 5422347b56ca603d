#include "commands.h"

#include "assumptionarguments.h"
#include "core/estimate/sweep.h"
#include "designarguments.h"
#include "evaluatedarguments.h"

#include <QCoreApplication>
#include <QSaveFile>
#include <QTextStream>

#include <cmath>

namespace tx {

namespace {

struct SweepCommand
{
    Q_DECLARE_TR_FUNCTIONS(tx::SweepCommand)
};

int fail(const Error &e)
{
    QTextStream(stderr) << e.toString() << '\n';
    return 2;
}

std::optional<Error> takeNumber(QStringList &args, const QString &name, bool required, double &out)
{
    bool present = false;
    const QString v = DesignArguments::takeOption(args, name, &present);
    if (!present) {
        if (required)
            return Error{{}, QStringLiteral("--") + name, SweepCommand::tr("required")};
        return std::nullopt;
    }
    bool ok = false;
    const double x = v.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(x))
        return Error{{}, QStringLiteral("--") + name, SweepCommand::tr("expected a number, got \"%1\"").arg(v)};
    out = x;
    return std::nullopt;
}

} // namespace

int runSweepCommand(QStringList args)
{
    Sweep::Spec spec;
    spec.key = DesignArguments::takeOption(args, QStringLiteral("vary"));
    double steps = 0, multiple = 0;
    if (auto e = takeNumber(args, QStringLiteral("from"), true, spec.from))
        return fail(*e);
    if (auto e = takeNumber(args, QStringLiteral("to"), true, spec.to))
        return fail(*e);
    if (auto e = takeNumber(args, QStringLiteral("steps"), true, steps))
        return fail(*e);
    if (auto e = takeNumber(args, QStringLiteral("multiple"), false, multiple))
        return fail(*e);
    if (steps != std::floor(steps) || steps < 2 || steps > 10'000)
        return fail({{}, QStringLiteral("--steps"), SweepCommand::tr("expected 2 to 10000 points")});
    if (multiple != std::floor(multiple) || multiple < 0 || multiple > 1'000'000)
        return fail({{}, QStringLiteral("--multiple"), SweepCommand::tr("expected a whole number from 0 to 1000000")});
    spec.steps = int(steps);
    spec.multiple = int(multiple);
    spec.log = DesignArguments::takeFlag(args, QStringLiteral("log"));
    if (auto e = Sweep::check(spec))
        return fail(*e);
    const auto out = EvaluatedArguments::takeOut(args);
    if (!out)
        return fail(out.error());
    auto design = DesignArguments::take(args);
    if (!design)
        return fail(design.error());
    Assumptions assumptions;
    HardwareCatalog catalog;
    if (auto e = AssumptionArguments::take(args, *design, assumptions, catalog))
        return fail(*e);
    if (!args.isEmpty())
        return fail({{}, args.first(), SweepCommand::tr("unknown option")});

    const auto points = Sweep::run(*design, assumptions, catalog, spec);
    QSaveFile file(*out);
    if (!file.open(QIODevice::WriteOnly) || file.write(Sweep::csv(spec, points)) < 0 || !file.commit())
        return fail({*out, {}, SweepCommand::tr("cannot write the file: %1").arg(file.errorString())});
    return 0;
}

} // namespace tx
