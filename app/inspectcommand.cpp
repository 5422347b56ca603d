#include "commands.h"

#include "core/base/numberformat.h"
#include "core/modelfile/modelinspection.h"
#include "designarguments.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QTextStream>

#include <map>

namespace tx {

namespace {

struct InspectCommand
{
    Q_DECLARE_TR_FUNCTIONS(tx::InspectCommand)
};

int fail(const Error &e)
{
    QTextStream(stderr) << e.toString() << '\n';
    return 2;
}

QString bits(double b)
{
    return QString::number(b, 'f', 2);
}

void row(QTextStream &out, const QString &label, const QString &value)
{
    out << QStringLiteral("  ") << label.leftJustified(22) << value << '\n';
}

// One line of the tensor tree: the group, its tensors, parameters, bytes and bits per weight.
void groupLine(QTextStream &out, const QString &name, int tensors, std::int64_t params, std::int64_t bytes)
{
    const double bpw = params > 0 ? 8.0 * double(bytes) / double(params) : 0.0;
    out << QStringLiteral("  ") << name.leftJustified(28) << QString::number(tensors).rightJustified(7)
        << NumberFormat::exact(params).rightJustified(18) << NumberFormat::exact(bytes).rightJustified(18)
        << (params > 0 ? bits(bpw) : QStringLiteral("-")).rightJustified(8) << '\n';
}

void printTable(QTextStream &out, const ModelInspection &in, bool everyLayer, bool everyTensor)
{
    const ModelFile &f = in.file;
    out << f.path << '\n';
    const QString files = f.files.size() == 1 ? InspectCommand::tr("1 file") : InspectCommand::tr("%1 files").arg(f.files.size());
    out << InspectCommand::tr("%1, %2, %3 tensors").arg(toString(f.format), files).arg(f.tensors.size()) << '\n';
    row(out, InspectCommand::tr("Parameters"), InspectCommand::tr("%1 (%2)").arg(NumberFormat::exact(f.params()), NumberFormat::count(double(f.params()))));
    row(out, InspectCommand::tr("Stored elements"), NumberFormat::exact(f.storedElements()));
    row(out, InspectCommand::tr("Tensor data"), InspectCommand::tr("%1 bytes (%2)").arg(NumberFormat::exact(f.tensorDataBytes()),
                                                       NumberFormat::bytes(double(f.tensorDataBytes()))));
    if (f.scaleBytes() > 0)
        row(out, InspectCommand::tr("  of it scales"), InspectCommand::tr("%1 bytes").arg(NumberFormat::exact(f.scaleBytes())));
    row(out, InspectCommand::tr("Files"), InspectCommand::tr("%1 bytes (%2)").arg(NumberFormat::exact(f.fileBytes()), NumberFormat::bytes(double(f.fileBytes()))));
    row(out, InspectCommand::tr("Bits per weight"), bits(f.bitsPerWeight()));
    QStringList types;
    for (const auto &[dtype, n] : f.typeCounts())
        types << QStringLiteral("%1 %2").arg(dtype).arg(n);
    row(out, InspectCommand::tr("Tensors per format"), types.join(QStringLiteral(", ")));

    out << '\n' << QStringLiteral("  ") << InspectCommand::tr("group").leftJustified(28) << InspectCommand::tr("tensors").rightJustified(7)
        << InspectCommand::tr("parameters").rightJustified(18) << InspectCommand::tr("bytes").rightJustified(18) << InspectCommand::tr("bits/w").rightJustified(8) << '\n';
    // Layers summed by kind unless every layer is asked for.
    std::map<int, std::tuple<int, std::int64_t, std::int64_t>> layerKinds;
    bool layersPrinted = false;
    const int layers = in.groups.layerCount();
    for (const TensorGroup &g : in.groups.groups()) {
        if (g.layer >= 0 && !everyLayer) {
            auto &[n, p, b] = layerKinds[int(g.kind)];
            n += int(g.tensors.size());
            p += g.params;
            b += g.bytes;
            continue;
        }
        if (g.layer < 0 && !layersPrinted && !layerKinds.empty()) {
            for (const auto &[kind, totals] : layerKinds)
                groupLine(out, InspectCommand::tr("layers ×%1 %2").arg(layers).arg(toString(TensorKind(kind))), std::get<0>(totals),
                          std::get<1>(totals), std::get<2>(totals));
            layersPrinted = true;
        }
        groupLine(out, g.key, int(g.tensors.size()), g.params, g.bytes);
        if (everyTensor)
            for (int i : g.tensors) {
                const TensorInfo &t = f.tensors[std::size_t(i)];
                QStringList shape;
                for (std::int64_t s : t.shape)
                    shape << QString::number(s);
                out << QStringLiteral("      ") << t.name << QStringLiteral("  [") << shape.join(QStringLiteral(", "))
                    << QStringLiteral("]  ") << t.dtype << QStringLiteral("  ") << NumberFormat::exact(t.bytes) << '\n';
            }
    }
    if (!layersPrinted)
        for (const auto &[kind, totals] : layerKinds)
            groupLine(out, InspectCommand::tr("layers ×%1 %2").arg(layers).arg(toString(TensorKind(kind))), std::get<0>(totals),
                      std::get<1>(totals), std::get<2>(totals));

    out << '\n';
    if (!in.design) {
        out << InspectCommand::tr("Design: none recognised (no config.json the importer reads, no GGUF architecture, no known tensor names)")
            << '\n';
        return;
    }
    out << InspectCommand::tr("Design from %1%2").arg(ModelDesign::toString(in.design->source),
                                     in.design->sourcePath.isEmpty() ? QString() : QStringLiteral(" (") + in.design->sourcePath + QLatin1Char(')'))
        << '\n';
    const ModelConfig &c = in.design->config;
    out << QStringLiteral("  ")
        << InspectCommand::tr("d_model %1, %2 layers, %3 heads (%4 KV) of %5, d_ff %6, vocabulary %7, %8")
               .arg(c.dModel)
               .arg(c.totalLayers())
               .arg(c.nHeads)
               .arg(c.nKvHeads)
               .arg(c.effectiveHeadDim())
               .arg(c.dFf)
               .arg(c.vocabSize)
               .arg(c.tiedEmbeddings ? InspectCommand::tr("tied head") : InspectCommand::tr("untied head"))
        << (c.moe.enabled() ? InspectCommand::tr(", %1 experts (top-%2)").arg(c.moe.numExperts).arg(c.moe.topK) : QString()) << '\n';
    for (const QString &note : in.design->notes)
        out << QStringLiteral("  ") << InspectCommand::tr("note: %1").arg(note) << '\n';
    if (!in.designCount || !in.reconciliation)
        return;
    row(out, InspectCommand::tr("Design count"), NumberFormat::exact(in.designCount->total));
    row(out, InspectCommand::tr("File count"), NumberFormat::exact(f.params()));
    if (in.reconciliation->mismatches().empty()) {
        out << QStringLiteral("  ") << InspectCommand::tr("Every group matches the design.") << '\n';
        return;
    }
    out << QStringLiteral("  ") << InspectCommand::tr("Mismatches:") << '\n';
    for (const Mismatch &m : in.reconciliation->mismatches())
        out << QStringLiteral("    ") << m.group << QStringLiteral(": ") << m.explanation << '\n';
}

} // namespace

int runInspectCommand(QStringList args)
{
    bool hasFormat = false;
    const QString format = DesignArguments::takeOption(args, QStringLiteral("format"), &hasFormat);
    const bool everyLayer = DesignArguments::takeFlag(args, QStringLiteral("layers"));
    const bool everyTensor = DesignArguments::takeFlag(args, QStringLiteral("tensors"));
    if (hasFormat && format != QLatin1String("json") && format != QLatin1String("table"))
        return fail({{}, QStringLiteral("--format"), InspectCommand::tr("expected table or json, got \"%1\"").arg(format)});
    for (const QString &a : args)
        if (a.startsWith(QLatin1Char('-')))
            return fail({{}, a, InspectCommand::tr("unknown option")});
    if (args.size() != 1)
        return fail({{}, QStringLiteral("PATH"), InspectCommand::tr("give one file or folder to inspect")});

    auto inspection = ModelInspection::inspect(args.first());
    if (!inspection)
        return fail(inspection.error());
    QTextStream out(stdout);
    if (format == QLatin1String("json"))
        out << QJsonDocument(inspection->toJson()).toJson(QJsonDocument::Indented);
    else
        printTable(out, *inspection, everyLayer || everyTensor, everyTensor);
    return 0;
}

} // namespace tx
