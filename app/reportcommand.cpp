#include "commands.h"

#include "evaluatedarguments.h"
#include "ui/report/reportgenerator.h"

#include <QCoreApplication>
#include <QTextStream>

namespace tx {

namespace {

struct ReportCommand
{
    Q_DECLARE_TR_FUNCTIONS(tx::ReportCommand)
};

int fail(const Error &e)
{
    QTextStream(stderr) << e.toString() << '\n';
    return 2;
}

} // namespace

int runReportCommand(QStringList args)
{
    const auto out = EvaluatedArguments::takeOut(args);
    if (!out)
        return fail(out.error());
    if (!ReportGenerator::formatFor(*out))
        return fail({*out, QStringLiteral("--out"), ReportCommand::tr("unknown report type (expected .pdf, .html or .md)")});
    auto input = EvaluatedArguments::take(args);
    if (!input)
        return fail(input.error());
    if (!args.isEmpty())
        return fail({{}, args.first(), ReportCommand::tr("unknown option")});

    const ReportGenerator report({input->design, input->pinned, {}});
    if (auto e = report.write(*out))
        return fail(*e);
    return 0;
}

} // namespace tx
