#include "commands.h"

#include "core/base/numberformat.h"
#include "core/formats/checkpointresave.h"
#include "core/formats/hfcheckpoint.h"
#include "designarguments.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace tx {

namespace {

struct CheckpointCommand
{
    Q_DECLARE_TR_FUNCTIONS(tx::CheckpointCommand)
};

int fail(const Error &e)
{
    QTextStream(stderr) << e.toString() << '\n';
    return 2;
}

void row(QTextStream &out, const QString &label, const QString &value)
{
    out << QStringLiteral("  ") << label.leftJustified(22) << value << '\n';
}

// "fp8 e4m3, 128 × 128 blocks, 14 tensors; MXFP4, 4 tensors", or "none".
QString quantisationText(const CheckpointQuantisation &q)
{
    QStringList parts;
    if (!q.fp8.empty())
        parts << CheckpointCommand::tr("fp8 e4m3 with %1 scales per %2 × %3 block, %4 tensors")
                     .arg(q.fp8ScaleDtype)
                     .arg(q.blockRows)
                     .arg(q.blockCols)
                     .arg(q.fp8.size());
    if (!q.mxfp4.empty())
        parts << CheckpointCommand::tr("MXFP4 blocks and scales, %1 tensors").arg(q.mxfp4.size());
    return parts.isEmpty() ? CheckpointCommand::tr("none") : parts.join(QStringLiteral("; "));
}

} // namespace

// checkpoint PATH [--save DIR [--dtype keep|f32|f16|bf16] [--dequantise]] [--max-weights-mb MB]
//            [--format text|json]
// Loads a Hugging Face checkpoint into the engine as `run --model` does and says what it holds
// (model type, parameters, the weights' SHA-256, how it stored them); with --save, writes it back.
int runCheckpointCommand(QStringList args)
{
    bool hasSave = false, hasDtype = false, hasCap = false, hasFormat = false;
    const QString saveDir = DesignArguments::takeOption(args, QStringLiteral("save"), &hasSave);
    const QString dtypeText = DesignArguments::takeOption(args, QStringLiteral("dtype"), &hasDtype);
    const QString capText = DesignArguments::takeOption(args, QStringLiteral("max-weights-mb"), &hasCap);
    const QString format = DesignArguments::takeOption(args, QStringLiteral("format"), &hasFormat);
    const bool dequantise = DesignArguments::takeFlag(args, QStringLiteral("dequantise"));
    if (hasFormat && format != QLatin1String("json") && format != QLatin1String("text"))
        return fail({{}, QStringLiteral("--format"), CheckpointCommand::tr("expected text or json, got \"%1\"").arg(format)});
    if (hasSave && saveDir.isEmpty())
        return fail({{}, QStringLiteral("--save"), CheckpointCommand::tr("expected the folder to write into")});
    if ((hasDtype || dequantise) && !hasSave)
        return fail({{}, hasDtype ? QStringLiteral("--dtype") : QStringLiteral("--dequantise"),
                     CheckpointCommand::tr("applies to --save")});
    CheckpointResave::Options options;
    options.dequantise = dequantise;
    if (hasDtype) {
        auto dtype = CheckpointResave::parseDtype(dtypeText, QStringLiteral("--dtype"));
        if (!dtype)
            return fail(dtype.error());
        options.dtype = *dtype;
    }
    std::int64_t capBytes = Transformer::kDefaultCapBytes;
    if (hasCap) {
        bool ok = false;
        const double mb = capText.toDouble(&ok);
        if (!ok || !(mb > 0) || mb > 1e6)
            return fail({{}, QStringLiteral("--max-weights-mb"),
                         CheckpointCommand::tr("expected megabytes from 0 to 1000000, got \"%1\"").arg(capText)});
        capBytes = std::int64_t(mb * 1e6);
    }
    for (const QString &a : args)
        if (a.startsWith(QLatin1Char('-')))
            return fail({{}, a, CheckpointCommand::tr("unknown option")});
    if (args.size() != 1)
        return fail({{}, QStringLiteral("PATH"), CheckpointCommand::tr("give one checkpoint folder or .safetensors file")});
    const QString path = args.first();

    auto source = CheckpointResave::describe(path);
    if (!source)
        return fail(source.error());
    auto model = HfCheckpoint::load(path, capBytes);
    if (!model)
        return fail(model.error());
    auto config = HfCheckpoint::configJson(model->config(), model->normEps());
    if (!config)
        return fail(config.error());
    std::optional<CheckpointResave::Written> written;
    if (hasSave) {
        auto saved = CheckpointResave::save(*model, *source, saveDir, options);
        if (!saved)
            return fail(saved.error());
        written = *saved;
    }

    const QString modelType = config->value(QStringLiteral("model_type")).toString();
    const QString architecture = config->value(QStringLiteral("architectures")).toArray().at(0).toString();
    const QString hash = model->weightsSha256();
    QStringList carried;
    std::int64_t carriedParams = 0;
    for (const CarriedTensor &t : model->carried()) {
        carried << t.name;
        carriedParams += t.values.size();
    }
    QTextStream out(stdout);
    if (format == QLatin1String("json")) {
        QJsonObject root{{QStringLiteral("path"), path},
                         {QStringLiteral("model_type"), modelType},
                         {QStringLiteral("architecture"), architecture},
                         {QStringLiteral("parameters"), qint64(model->parameterCount())},
                         {QStringLiteral("weights_sha256"), hash},
                         {QStringLiteral("dtype"), Safetensors::toString(source->dtype)},
                         {QStringLiteral("mixed_dtypes"), source->mixedDtypes}};
        QJsonObject q{{QStringLiteral("fp8_tensors"), qint64(source->quantisation.fp8.size())},
                      {QStringLiteral("mxfp4_tensors"), qint64(source->quantisation.mxfp4.size())}};
        if (!source->quantisation.fp8.empty()) {
            q.insert(QStringLiteral("fp8_scale_dtype"), source->quantisation.fp8ScaleDtype);
            q.insert(QStringLiteral("weight_block_size"), QJsonArray{source->quantisation.blockRows, source->quantisation.blockCols});
        }
        root.insert(QStringLiteral("quantisation"), q);
        root.insert(QStringLiteral("carried"), QJsonArray::fromStringList(carried));
        root.insert(QStringLiteral("carried_parameters"), qint64(carriedParams));
        if (written)
            root.insert(QStringLiteral("saved"), QJsonObject{{QStringLiteral("dir"), written->dir},
                                                             {QStringLiteral("dtype"), Safetensors::toString(written->dtype)},
                                                             {QStringLiteral("quantised"), !options.dequantise && !source->quantisation.empty()},
                                                             {QStringLiteral("files"), QJsonArray::fromStringList(written->files)},
                                                             {QStringLiteral("bytes"), qint64(written->bytes)}});
        out << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return 0;
    }
    out << path << '\n';
    row(out, CheckpointCommand::tr("Model type"), QStringLiteral("%1 (%2)").arg(modelType, architecture));
    row(out, CheckpointCommand::tr("Parameters"), NumberFormat::exact(model->parameterCount()));
    if (!carried.isEmpty())
        row(out, CheckpointCommand::tr("Carried, not run"),
            CheckpointCommand::tr("%1 parameters: %2").arg(NumberFormat::exact(carriedParams), carried.join(QStringLiteral(", "))));
    row(out, CheckpointCommand::tr("Weights SHA-256"), hash);
    row(out, CheckpointCommand::tr("Float tensors"),
        source->mixedDtypes ? CheckpointCommand::tr("mostly %1 (mixed)").arg(Safetensors::toString(source->dtype))
                            : Safetensors::toString(source->dtype));
    row(out, CheckpointCommand::tr("Quantised"), quantisationText(source->quantisation));
    if (written) {
        const bool quantised = !options.dequantise && !source->quantisation.empty();
        out << CheckpointCommand::tr("Saved %1 (%2 bytes) to %3, floats as %4%5")
                   .arg(written->files.join(QStringLiteral(", ")), NumberFormat::exact(written->bytes), written->dir,
                        Safetensors::toString(written->dtype),
                        quantised ? CheckpointCommand::tr(", quantised tensors as loaded") : QString())
            << '\n';
    }
    return 0;
}

} // namespace tx
