#include "commands.h"

#include "assumptionarguments.h"
#include "core/base/numberformat.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/explainer.h"
#include "core/estimate/scalinglaw.h"
#include "core/modelfile/modelinspection.h"
#include "core/design/designfile.h"
#include "core/report/evaluationjson.h"
#include "core/report/resultjson.h"
#include "designarguments.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <algorithm>
#include <optional>

namespace tx {

namespace {

struct SizeCommand
{
    Q_DECLARE_TR_FUNCTIONS(tx::SizeCommand)
};

void printNode(QTextStream &out, const ParamNode &n, std::int64_t total, int depth)
{
    const QString name = QString(depth * 2, QLatin1Char(' ')) + n.key;
    const double share = total > 0 ? 100.0 * double(n.params) / double(total) : 0.0;
    out << name.leftJustified(28) << NumberFormat::exact(n.params).rightJustified(20)
        << QStringLiteral("  %1%").arg(share, 6, 'f', 2) << '\n';
    for (const ParamNode &c : n.children)
        printNode(out, c, total, depth + 1);
}

void row(QTextStream &out, const QString &label, const QString &value)
{
    out << QStringLiteral("  ") << label.leftJustified(34) << value << '\n';
}

QString bytes(double b)
{
    return NumberFormat::bytes(b) + QStringLiteral(" (") + NumberFormat::bytes(b, NumberFormat::ByteUnits::Binary)
        + QLatin1Char(')');
}

QString yesNo(bool b)
{
    return b ? SizeCommand::tr("yes") : SizeCommand::tr("no");
}

void printEstimates(QTextStream &out, const ModelConfig &c, const Assumptions &a, const Evaluation &e)
{
    const auto &inf = e.inference;
    const auto &t = e.training;
    const auto &cp = e.compute;
    const auto &hw = e.hardware;
    const auto &sc = e.scaling;
    out << '\n'
        << SizeCommand::tr("Memory, inference (%1 weights, %2 KV cache, batch %3, %4 tokens; %5)")
               .arg(toString(c.weightPrecision), toString(c.kvPrecision))
               .arg(a.batch)
               .arg(a.contextLength)
               .arg(NumberFormat::unitNote() + QStringLiteral(", ") + NumberFormat::unitNote(NumberFormat::ByteUnits::Binary))
        << '\n';
    row(out, SizeCommand::tr("Weights"), bytes(inf.weightsBytes));
    row(out, SizeCommand::tr("KV cache"), bytes(inf.kvCacheBytes));
    row(out, SizeCommand::tr("Activations (prefill)"), bytes(inf.activationsBytes));
    row(out, SizeCommand::tr("Runtime overhead (%1%)").arg(a.runtimeOverhead * 100, 0, 'g', 3), bytes(inf.overheadBytes));
    row(out, SizeCommand::tr("Total"), bytes(inf.totalBytes));
    out << '\n'
        << SizeCommand::tr("Memory, training (%1, recompute %2%3, ZeRO-%4, %5 devices, TP %6)")
               .arg(toString(a.optimizer), toString(a.recompute), a.flash ? SizeCommand::tr(", FlashAttention") : QString())
               .arg(a.zeroStage)
               .arg(a.devices)
               .arg(a.tensorParallel)
        << '\n';
    row(out, SizeCommand::tr("Trainable parameters"), NumberFormat::exact(t.trainableParams));
    row(out, SizeCommand::tr("Weights"), bytes(t.weightsBytes));
    row(out, SizeCommand::tr("Gradients"), bytes(t.gradientsBytes));
    row(out, SizeCommand::tr("Optimizer states"), bytes(t.optimizerBytes));
    row(out, SizeCommand::tr("Activations"), bytes(t.activationsBytes));
    row(out, SizeCommand::tr("Total (one replica)"), bytes(t.totalBytes));
    row(out, SizeCommand::tr("Per device"), bytes(t.perDeviceBytes));
    out << '\n' << SizeCommand::tr("Compute") << '\n';
    row(out, SizeCommand::tr("Forward per token"), NumberFormat::flops(cp.forwardFlopsPerToken));
    row(out, SizeCommand::tr("Training per token"), NumberFormat::flops(cp.trainingFlopsPerToken));
    row(out, SizeCommand::tr("Training total (%1 tokens)").arg(NumberFormat::count(a.trainingTokens)),
        NumberFormat::flops(cp.trainingFlops));
    row(out, SizeCommand::tr("Prefill"), SizeCommand::tr("%1, %2 FLOP/byte").arg(NumberFormat::flops(cp.prefillFlops),
                                                       NumberFormat::scientific(cp.prefillIntensity)));
    row(out, SizeCommand::tr("Decode step"), SizeCommand::tr("%1, %2 FLOP/byte").arg(NumberFormat::flops(cp.decodeFlops),
                                                           NumberFormat::scientific(cp.decodeIntensity)));
    out << '\n' << SizeCommand::tr("Hardware and cost (%1, MFU %2%)").arg(hw.deviceName).arg(a.mfu * 100, 0, 'g', 3) << '\n';
    row(out, SizeCommand::tr("Device memory"), bytes(hw.deviceMemoryBytes));
    row(out, SizeCommand::tr("Fits one device (inference)"), yesNo(hw.fitsOneDeviceInference));
    row(out, SizeCommand::tr("Devices to hold inference"), QString::number(hw.devicesForInference));
    row(out, SizeCommand::tr("Fits one device (training)"), yesNo(hw.fitsOneDeviceTraining));
    row(out, SizeCommand::tr("Devices to hold training"), QString::number(hw.devicesForTraining));
    row(out, SizeCommand::tr("Per-device training fits"), yesNo(hw.fitsPerDeviceTraining));
    row(out, SizeCommand::tr("Decode"), SizeCommand::tr("%1 tokens/s").arg(NumberFormat::scientific(hw.decodeTokensPerSecond)));
    row(out, SizeCommand::tr("Training time"), SizeCommand::tr("%1 on %2× %3").arg(NumberFormat::duration(hw.trainingSeconds)).arg(hw.trainingDevices).arg(hw.deviceName));
    row(out, SizeCommand::tr("GPU-hours"), NumberFormat::count(hw.gpuHours));
    row(out, SizeCommand::tr("Cost (at $%1/h)").arg(hw.pricePerHour, 0, 'f', 2), NumberFormat::money(hw.money));
    out << '\n' << SizeCommand::tr("Scaling: %1").arg(ScalingLaw::of(a.law).name()) << '\n';
    row(out, SizeCommand::tr("Predicted loss"), SizeCommand::tr("%1 nats/token").arg(sc.loss, 0, 'f', 4));
    row(out, SizeCommand::tr("Tokens per parameter"), NumberFormat::scientific(sc.tokensPerParam));
    row(out, SizeCommand::tr("Compute-optimal N* for 6·N·D"), NumberFormat::count(sc.optimalParams));
    row(out, SizeCommand::tr("Compute-optimal D*"), NumberFormat::count(sc.optimalTokens));
    row(out, SizeCommand::tr("Compute-optimal tokens/param"), NumberFormat::scientific(sc.optimalTokensPerParam));
}

void printFigures(QTextStream &out, const std::vector<Figure> &figures)
{
    out << '\n' << SizeCommand::tr("How each figure is computed") << '\n';
    for (const Figure &f : figures) {
        out << QStringLiteral("  ") << f.title << QStringLiteral(" [") << f.key << QStringLiteral("]\n");
        out << QStringLiteral("    ") << f.formula << '\n';
        out << QStringLiteral("    ") << f.substituted << QLatin1Char(' ') << f.unit << '\n';
        out << QStringLiteral("    ") << SizeCommand::tr("Source: %1").arg(f.source) << '\n';
    }
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
    const bool explainFigures = DesignArguments::takeFlag(args, QStringLiteral("explain"));
    const bool fromHf = std::any_of(args.begin(), args.end(), [](const QString &a) {
        return a == QLatin1String("--hf-config") || a.startsWith(QLatin1String("--hf-config="));
    });
    bool hasModel = false;
    const QString modelPath = DesignArguments::takeOption(args, QStringLiteral("model"), &hasModel);
    std::optional<ModelInspection> model;
    if (hasModel) {
        // An opened checkpoint: its design (config.json, GGUF metadata or tensor names) and its
        // exact tensor-data bytes as the weights; --set still edits the design.
        if (modelPath.isEmpty())
            return fail({{}, QStringLiteral("--model"), SizeCommand::tr("missing file or folder")});
        auto inspected = ModelInspection::inspect(modelPath);
        if (!inspected)
            return fail(inspected.error());
        if (!inspected->design)
            return fail({modelPath, QStringLiteral("design"),
                         SizeCommand::tr("no design could be read (no config.json, GGUF architecture or known tensor names)")});
        model = std::move(*inspected);
    }
    Expected<ModelConfig, Error> design = Error{};
    if (model) {
        for (const char *other : {"--preset", "--config", "--hf-config"})
            if (args.contains(QLatin1String(other)))
                return fail({{}, QStringLiteral("--model"), SizeCommand::tr("give only one design source")});
        ModelConfig opened = model->design->config;
        for (;;) {
            bool hasSet = false;
            const QString setting = DesignArguments::takeOption(args, QStringLiteral("set"), &hasSet);
            if (!hasSet)
                break;
            const int eq = setting.indexOf(QLatin1Char('='));
            if (eq <= 0)
                return fail({{}, QStringLiteral("--set"), SizeCommand::tr("expected key=value, got \"%1\"").arg(setting)});
            if (auto err = DesignFile::applySetting(opened, setting.left(eq), setting.mid(eq + 1)))
                return fail(*err);
        }
        design = opened;
    } else {
        design = DesignArguments::take(args);
    }
    if (!design)
        return fail(design.error());
    Assumptions assumptions;
    if (model)
        assumptions.weightsBytes = double(model->file.tensorDataBytes());
    HardwareCatalog catalog;
    if (auto err = AssumptionArguments::take(args, *design, assumptions, catalog))
        return fail(*err);
    if (hasFormat && format != QLatin1String("json") && format != QLatin1String("table"))
        return fail({{}, QStringLiteral("--format"), SizeCommand::tr("expected table or json, got \"%1\"").arg(format)});
    if (!args.isEmpty())
        return fail({{}, args.first(), SizeCommand::tr("unknown option")});

    const auto evaluation = evaluate(*design, assumptions, catalog);
    if (!evaluation)
        return fail(evaluation.error());
    const ParamCount *count = &evaluation->params;

    QTextStream out(stdout);
    if (format == QLatin1String("json")) {
        QJsonObject root;
        root.insert(QStringLiteral("name"), design->name);
        root.insert(QStringLiteral("params"), ResultJson::params(*count));
        if (model) {
            root.insert(QStringLiteral("model"), QJsonObject{{QStringLiteral("path"), model->file.path},
                                                             {QStringLiteral("params"), qint64(model->file.params())},
                                                             {QStringLiteral("tensor_data_bytes"), qint64(model->file.tensorDataBytes())},
                                                             {QStringLiteral("design_source"), ModelDesign::toString(model->design->source)}});
        }
        EvaluationJson::write(root, *design, assumptions, *evaluation);
        if (explainFigures)
            root.insert(QStringLiteral("figures"), EvaluationJson::figures(explain(*design, assumptions, *evaluation)));
        out << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return 0;
    }
    out << (design->name.isEmpty() ? SizeCommand::tr("Custom design") : design->name) << '\n';
    if (model)
        out << SizeCommand::tr("Opened model: %1 (design from %2; weights are the file's %3 bytes of tensor data)")
                   .arg(model->file.path, ModelDesign::toString(model->design->source),
                        NumberFormat::exact(model->file.tensorDataBytes()))
            << '\n';
    // An imported config says which module was counted (multimodal: the text model only).
    if (fromHf)
        out << SizeCommand::tr("Source: %1").arg(design->source) << '\n';
    out << SizeCommand::tr("Parameters: %1 (%2)").arg(NumberFormat::exact(count->total), NumberFormat::count(double(count->total)))
        << '\n';
    if (count->active != count->total) {
        out << SizeCommand::tr("Active per token: %1 (embeddings included, Qwen's convention)").arg(NumberFormat::exact(count->active))
            << '\n';
        out << SizeCommand::tr("Active without the input embedding: %1 (DeepSeek's and OpenAI's convention)")
                   .arg(NumberFormat::exact(count->activeWithoutInputEmbedding))
            << '\n';
    }
    if (count->mtp > 0) {
        out << SizeCommand::tr("Multi-token prediction modules: %1, not in the total (DeepSeek-V3's 671B leaves them out)")
                   .arg(NumberFormat::exact(count->mtp))
            << '\n';
    }
    if (count->executed != count->total)
        out << SizeCommand::tr("Executed (shared layers unrolled): %1").arg(NumberFormat::exact(count->executed)) << '\n';
    out << SizeCommand::tr("Non-embedding: %1").arg(NumberFormat::exact(count->nonEmbedding)) << '\n';
    if (count->lora > 0)
        out << SizeCommand::tr("LoRA adapters: %1").arg(NumberFormat::exact(count->lora)) << '\n';
    out << '\n';
    printNode(out, count->breakdown, count->total, 0);
    printEstimates(out, *design, assumptions, *evaluation);
    if (explainFigures)
        printFigures(out, explain(*design, assumptions, *evaluation));
    return 0;
}

} // namespace tx
