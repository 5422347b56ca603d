#include "commands.h"

#include "designarguments.h"
#include "evaluatedarguments.h"
#include "ui/charts/chartfactory.h"
#include "ui/charts/chartwriter.h"

#include <QChart>
#include <QCoreApplication>
#include <QTextStream>

namespace tx {

namespace {

struct ChartCommand
{
    Q_DECLARE_TR_FUNCTIONS(tx::ChartCommand)
};

int fail(const Error &e)
{
    QTextStream(stderr) << e.toString() << '\n';
    return 2;
}

} // namespace

int runChartCommand(QStringList args)
{
    bool hasKind = false;
    const QString kindName = DesignArguments::takeOption(args, QStringLiteral("chart"), &hasKind);
    const auto kind = ChartFactory::kindFromString(kindName);
    if (!kind)
        return fail({{}, QStringLiteral("--chart"),
                     hasKind ? ChartCommand::tr("unknown chart \"%1\" (expected %2)").arg(kindName, ChartFactory::kindNames().join(QLatin1Char('|')))
                             : ChartCommand::tr("name a chart: %1").arg(ChartFactory::kindNames().join(QLatin1Char('|')))});
    QSize pixels(ChartWriter::kDefaultWidth, ChartWriter::kDefaultHeight);
    int dpi = ChartWriter::kDefaultDpi;
    if (auto e = EvaluatedArguments::takeImageSize(args, pixels, dpi))
        return fail(*e);
    const auto out = EvaluatedArguments::takeOut(args);
    if (!out)
        return fail(out.error());
    auto input = EvaluatedArguments::take(args);
    if (!input)
        return fail(input.error());
    if (!args.isEmpty())
        return fail({{}, args.first(), ChartCommand::tr("unknown option")});

    auto chart = ChartFactory::create(*kind, input->design, input->pinned ? &*input->pinned : nullptr);
    if (auto e = ChartWriter::save(chart.get(), *out, pixels, dpi))
        return fail(*e);
    return 0;
}

} // namespace tx
