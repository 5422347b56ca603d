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

QString tr(const char *text)
{
    return QCoreApplication::translate("tx::InspectCommand", text);
}

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
    const QString files = f.files.size() == 1 ? tr("1 file") : tr("%1 files").arg(f.files.size());
    out << tr("%1, %2, %3 tensors").arg(toString(f.format), files).arg(f.tensors.size()) << '\n';
    row(out, tr("Parameters"), tr("%1 (%2)").arg(NumberFormat::exact(f.params()), NumberFormat::count(double(f.params()))));
    row(out, tr("Stored elements"), NumberFormat::exact(f.storedElements()));
    row(out, tr("Tensor data"), tr("%1 bytes (%2)").arg(NumberFormat::exact(f.tensorDataBytes()),
                                                       NumberFormat::bytes(double(f.tensorDataBytes()))));
    if (f.scaleBytes() > 0)
        row(out, tr("  of it scales"), tr("%1 bytes").arg(NumberFormat::exact(f.scaleBytes())));
    row(out, tr("Files"), tr("%1 bytes (%2)").arg(NumberFormat::exact(f.fileBytes()), NumberFormat::bytes(double(f.fileBytes()))));
    row(out, tr("Bits per weight"), bits(f.bitsPerWeight()));
    QStringList types;
    for (const auto &[dtype, n] : f.typeCounts())
        types << QStringLiteral("%1 %2").arg(dtype).arg(n);
    row(out, tr("Tensors per format"), types.join(QStringLiteral(", ")));

    out << '\n' << QStringLiteral("  ") << tr("group").leftJustified(28) << tr("tensors").rightJustified(7)
        << tr("parameters").rightJustified(18) << tr("bytes").rightJustified(18) << tr("bits/w").rightJustified(8) << '\n';
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
                groupLine(out, tr("layers ×%1 %2").arg(layers).arg(toString(TensorKind(kind))), std::get<0>(totals),
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
            groupLine(out, tr("layers ×%1 %2").arg(layers).arg(toString(TensorKind(kind))), std::get<0>(totals),
                      std::get<1>(totals), std::get<2>(totals));

    out << '\n';
    if (!in.design) {
        out << tr("Design: none recognised (no config.json the importer reads, no GGUF architecture, no known tensor names)")
            << '\n';
        return;
    }
    out << tr("Design from %1%2").arg(ModelDesign::toString(in.design->source),
                                     in.design->sourcePath.isEmpty() ? QString() : QStringLiteral(" (") + in.design->sourcePath + QLatin1Char(')'))
        << '\n';
    const ModelConfig &c = in.design->config;
    out << QStringLiteral("  ")
        << tr("d_model %1, %2 layers, %3 heads (%4 KV) of %5, d_ff %6, vocabulary %7, %8")
               .arg(c.dModel)
               .arg(c.totalLayers())
               .arg(c.nHeads)
               .arg(c.nKvHeads)
               .arg(c.effectiveHeadDim())
               .arg(c.dFf)
               .arg(c.vocabSize)
               .arg(c.tiedEmbeddings ? tr("tied head") : tr("untied head"))
        << (c.moe.enabled() ? tr(", %1 experts (top-%2)").arg(c.moe.numExperts).arg(c.moe.topK) : QString()) << '\n';
    for (const QString &note : in.design->notes)
        out << QStringLiteral("  ") << tr("note: %1").arg(note) << '\n';
    if (!in.designCount || !in.reconciliation)
        return;
    row(out, tr("Design count"), NumberFormat::exact(in.designCount->total));
    row(out, tr("File count"), NumberFormat::exact(f.params()));
    if (in.reconciliation->mismatches().empty()) {
        out << QStringLiteral("  ") << tr("Every group matches the design.") << '\n';
        return;
    }
    out << QStringLiteral("  ") << tr("Mismatches:") << '\n';
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
        return fail({{}, QStringLiteral("--format"), tr("expected table or json, got \"%1\"").arg(format)});
    for (const QString &a : args)
        if (a.startsWith(QLatin1Char('-')))
            return fail({{}, a, tr("unknown option")});
    if (args.size() != 1)
        return fail({{}, QStringLiteral("PATH"), tr("give one file or folder to inspect")});

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
