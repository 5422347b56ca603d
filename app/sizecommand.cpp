#include "commands.h"

#include "designarguments.h"
#include "numberformat.h"
#include "paramcounter.h"
#include "resultjson.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace tx {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("tx::SizeCommand", text);
}

void printNode(QTextStream &out, const ParamNode &n, std::int64_t total, int depth)
{
    const QString name = QString(depth * 2, QLatin1Char(' ')) + n.key;
    const double share = total > 0 ? 100.0 * double(n.params) / double(total) : 0.0;
    out << name.leftJustified(28) << NumberFormat::exact(n.params).rightJustified(20)
        << QStringLiteral("  %1%").arg(share, 6, 'f', 2) << '\n';
    for (const ParamNode &c : n.children)
        printNode(out, c, total, depth + 1);
}

int fail(const Error &e)
{
    QTextStream(stderr) << e.toString() << '\n';
    return 2;
}

} // namespace

int runSizeCommand(QStringList args)
{
    bool hasFormat = false;
    const QString format = DesignArguments::takeOption(args, QStringLiteral("format"), &hasFormat);
    auto design = DesignArguments::take(args);
    if (!design)
        return fail(design.error());
    if (hasFormat && format != QLatin1String("json") && format != QLatin1String("table"))
        return fail({{}, QStringLiteral("--format"), tr("expected table or json, got \"%1\"").arg(format)});
    if (!args.isEmpty())
        return fail({{}, args.first(), tr("unknown option")});

    const auto count = countParams(*design);
    if (!count)
        return fail(count.error());

    QTextStream out(stdout);
    if (format == QLatin1String("json")) {
        QJsonObject root;
        root.insert(QStringLiteral("name"), design->name);
        root.insert(QStringLiteral("params"), ResultJson::params(*count));
        out << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return 0;
    }
    out << (design->name.isEmpty() ? tr("Custom design") : design->name) << '\n';
    out << tr("Parameters: %1 (%2)").arg(NumberFormat::exact(count->total), NumberFormat::count(double(count->total)))
        << '\n';
    if (count->active != count->total)
        out << tr("Active per token: %1").arg(NumberFormat::exact(count->active)) << '\n';
    if (count->executed != count->total)
        out << tr("Executed (shared layers unrolled): %1").arg(NumberFormat::exact(count->executed)) << '\n';
    out << tr("Non-embedding: %1").arg(NumberFormat::exact(count->nonEmbedding)) << '\n';
    if (count->lora > 0)
        out << tr("LoRA adapters: %1").arg(NumberFormat::exact(count->lora)) << '\n';
    out << '\n';
    printNode(out, count->breakdown, count->total, 0);
    return 0;
}

} // namespace tx
