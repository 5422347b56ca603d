#include "commands.h"

#include "core/calibrate/calibrationjson.h"
#include "core/calibrate/calibrator.h"
#include "core/calibrate/cpuprobe.h"
#include "core/calibrate/enginemeasurement.h"
#include "designarguments.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QTextStream>

namespace tx {

namespace {

struct CalibrateCommand
{
    Q_DECLARE_TR_FUNCTIONS(tx::CalibrateCommand)
};

int fail(const Error &e)
{
    QTextStream(stderr) << e.toString() << '\n';
    return 2;
}

// "--name N" as an integer in [low, high]; `fallback` when absent.
Expected<int, Error> takeInt(QStringList &args, const char *name, int low, int high, int fallback)
{
    bool present = false;
    const QString text = DesignArguments::takeOption(args, QString::fromLatin1(name), &present);
    if (!present)
        return fallback;
    bool ok = false;
    const int v = text.toInt(&ok);
    if (!ok || v < low || v > high)
        return Error{{}, QStringLiteral("--") + QString::fromLatin1(name),
                     CalibrateCommand::tr("expected an integer from %1 to %2, got \"%3\"").arg(low).arg(high).arg(text)};
    return v;
}

} // namespace

int runCalibrateCommand(QStringList args)
{
    bool hasFormat = false;
    const QString format = DesignArguments::takeOption(args, QStringLiteral("format"), &hasFormat);
    if (hasFormat && format != QLatin1String("json") && format != QLatin1String("text"))
        return fail({{}, QStringLiteral("--format"), CalibrateCommand::tr("expected text or json, got \"%1\"").arg(format)});
    CalibrationSettings s;
    const auto batch = takeInt(args, "batch", 1, 64, s.batch);
    const auto seq = takeInt(args, "seq", 2, 4096, s.seq);
    const auto generate = takeInt(args, "generate", 1, 4095, s.generate);
    const auto repeats = takeInt(args, "repeats", 1, 50, s.repeats);
    const auto capMb = takeInt(args, "max-weights-mb", 1, 100000, int(s.capBytes / 1'000'000));
    for (const auto *v : {&batch, &seq, &generate, &repeats, &capMb})
        if (!*v)
            return fail(v->error());
    s.batch = *batch;
    s.seq = *seq;
    s.generate = *generate;
    s.repeats = *repeats;
    s.capBytes = std::int64_t(*capMb) * 1'000'000;
    auto design = DesignArguments::take(args);
    if (!design)
        return fail(design.error());
    if (!args.isEmpty())
        return fail({{}, args.first(), CalibrateCommand::tr("unknown option")});
    const auto plan = Calibrator::plan(*design, s);
    if (!plan)
        return fail(plan.error());

    const CpuPeak cpu = CpuProbe::measure();
    const auto predicted = Calibrator::predict(*plan, cpu);
    if (!predicted)
        return fail(predicted.error());
    const auto measured = EngineMeasurement::measure(*plan);
    if (!measured)
        return fail(measured.error());
    const CalibrationTable t = Calibrator::table(*plan, cpu, *predicted, *measured);

    QTextStream out(stdout);
    if (format == QLatin1String("json")) {
        out << QJsonDocument(CalibrationJson::toJson(t)).toJson(QJsonDocument::Indented);
        return 0;
    }
    out << CalibrateCommand::tr("%1 on %2 (%3, %4 threads of %5 GFLOP/s, %6 GB/s; load average %7)")
               .arg(t.config.name.isEmpty() ? CalibrateCommand::tr("design") : t.config.name, t.cpu.cpuName, t.cpu.isa)
               .arg(t.cpu.threads)
               .arg(t.cpu.gflopsPerCore, 0, 'f', 1)
               .arg(t.cpu.bandwidthBytesPerSecond / 1e9, 0, 'f', 1)
               .arg(t.cpu.loadAverage, 0, 'f', 2)
        << '\n';
    for (const QString &change : t.changes)
        out << CalibrateCommand::tr("scaled down: %1").arg(change) << '\n';
    if (!t.trained)
        out << CalibrateCommand::tr("not trained by the engine: %1").arg(plan->notTrainedReason) << '\n';
    out << CalibrateCommand::tr("%1 sequences of %2 tokens; decode %3 tokens after %4; median of %5")
               .arg(t.settings.batch)
               .arg(t.settings.seq)
               .arg(t.settings.generate)
               .arg(t.promptTokens)
               .arg(t.settings.repeats)
        << '\n';
    out << QStringLiteral("%1  %2  %3  %4\n")
               .arg(CalibrateCommand::tr("figure"), -24)
               .arg(CalibrateCommand::tr("predicted"), 12)
               .arg(CalibrateCommand::tr("measured"), 12)
               .arg(CalibrateCommand::tr("error"), 9);
    for (const CalibrationRow &r : t.rows)
        out << QStringLiteral("%1  %2  %3  %4\n")
                   .arg(r.label, -24)
                   .arg(Calibrator::formatValue(r, r.predicted), 12)
                   .arg(Calibrator::formatValue(r, r.measured), 12)
                   .arg(Calibrator::formatError(r), 9);
    return 0;
}

} // namespace tx
