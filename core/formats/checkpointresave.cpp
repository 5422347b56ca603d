#include "core/formats/checkpointresave.h"

#include "core/formats/hfcheckpoint.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

#include <map>

namespace tx {

namespace {

// A tokenizer.json of a large vocabulary runs to tens of megabytes; past this it is not one.
constexpr qint64 kMaxCompanionBytes = 512'000'000;

QString folderOf(const QString &path)
{
    const QFileInfo info(path);
    return info.isDir() ? info.absoluteFilePath() : info.absolutePath();
}

std::optional<Error> copyFile(const QString &from, const QString &to)
{
    QFile in(from);
    if (!in.open(QIODevice::ReadOnly))
        return Error{from, {}, CheckpointResave::tr("cannot read: %1").arg(in.errorString())};
    if (in.size() > kMaxCompanionBytes)
        return Error{from, {}, CheckpointResave::tr("%1 bytes, more than a tokenizer file holds").arg(in.size())};
    QSaveFile out(to);
    if (!out.open(QIODevice::WriteOnly))
        return Error{to, {}, CheckpointResave::tr("cannot write: %1").arg(out.errorString())};
    out.write(in.readAll());
    if (!out.commit())
        return Error{to, {}, CheckpointResave::tr("cannot write: %1").arg(out.errorString())};
    return std::nullopt;
}

} // namespace

const QStringList &CheckpointResave::companionFiles()
{
    // What Tokenizer::fromDirectory reads, and what save_pretrained writes beside a model.
    static const QStringList files = {QStringLiteral("tokenizer.json"), QStringLiteral("tokenizer_config.json"),
                                      QStringLiteral("special_tokens_map.json"), QStringLiteral("vocab.json"),
                                      QStringLiteral("merges.txt"), QStringLiteral("generation_config.json")};
    return files;
}

Expected<std::optional<Safetensors::Dtype>, Error> CheckpointResave::parseDtype(const QString &text, const QString &field)
{
    const QString t = text.toLower();
    if (t == QLatin1String("keep"))
        return std::optional<Safetensors::Dtype>();
    if (t == QLatin1String("f32") || t == QLatin1String("float32"))
        return std::optional<Safetensors::Dtype>(Safetensors::Dtype::F32);
    if (t == QLatin1String("f16") || t == QLatin1String("float16"))
        return std::optional<Safetensors::Dtype>(Safetensors::Dtype::F16);
    if (t == QLatin1String("bf16") || t == QLatin1String("bfloat16"))
        return std::optional<Safetensors::Dtype>(Safetensors::Dtype::BF16);
    return Error{{}, field, tr("expected keep, f32, f16 or bf16, got \"%1\"").arg(text)};
}

Expected<CheckpointResave::Source, Error> CheckpointResave::describe(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Error{path, {}, tr("no such file or folder")};
    const QDir dir(folderOf(path));
    auto file = Safetensors::openCheckpoint(info.absoluteFilePath());
    if (!file)
        return file.error();
    QFile configFile(dir.filePath(QStringLiteral("config.json")));
    if (!configFile.open(QIODevice::ReadOnly) || configFile.size() > 10'000'000)
        return Error{configFile.fileName(), {}, tr("cannot open the config.json that must sit beside the weights")};
    Source s;
    s.path = path;
    auto quant = CheckpointQuantisation::of(*file, QJsonDocument::fromJson(configFile.readAll()).object());
    if (!quant)
        return quant.error();
    s.quantisation = std::move(*quant);
    // The dtype of most float elements, leaving out the fp8 scales (their dtype is the quantisation's).
    std::map<QString, std::int64_t> elements;
    for (const QString &name : file->names()) {
        const Safetensors::Entry *e = file->entry(name);
        if (name.endsWith(QLatin1String("_scale_inv")) && s.quantisation.fp8.count(name.chopped(10)))
            continue;
        if (e->dtype != QLatin1String("F32") && e->dtype != QLatin1String("F16") && e->dtype != QLatin1String("BF16"))
            continue;
        std::int64_t n = 1;
        for (std::int64_t d : e->shape)
            n *= d;
        elements[e->dtype] += n;
    }
    QString most = QStringLiteral("F32");
    std::int64_t mostElements = -1;
    for (const auto &[dtype, n] : elements)
        if (n > mostElements) {
            most = dtype;
            mostElements = n;
        }
    s.dtype = most == QLatin1String("BF16") ? Safetensors::Dtype::BF16
              : most == QLatin1String("F16") ? Safetensors::Dtype::F16
                                             : Safetensors::Dtype::F32;
    s.mixedDtypes = elements.size() > 1;
    return s;
}

Expected<CheckpointResave::Written, Error> CheckpointResave::save(const Transformer &model, const Source &source, const QString &dirPath,
                                                                  const Options &options, const StopToken &stop)
{
    Written w;
    w.dir = dirPath;
    w.dtype = options.dtype.value_or(source.dtype);
    const CheckpointQuantisation *quant = options.dequantise || source.quantisation.empty() ? nullptr : &source.quantisation;
    if (auto e = HfCheckpoint::save(model, dirPath, w.dtype, quant, stop))
        return *e;
    const QDir dir(dirPath);
    w.files << QStringLiteral("config.json") << QStringLiteral("model.safetensors");
    const QDir from(folderOf(source.path));
    const bool sameFolder = QFileInfo(from.absolutePath()).canonicalFilePath() == QFileInfo(dir.absolutePath()).canonicalFilePath();
    for (const QString &name : companionFiles()) {
        if (!from.exists(name))
            continue;
        if (stop.stopped())
            return Error{dirPath, {}, tr("cancelled")};
        if (!sameFolder)
            if (auto e = copyFile(from.filePath(name), dir.filePath(name)))
                return *e;
        w.files << name;
    }
    for (const QString &name : w.files)
        w.bytes += QFileInfo(dir.filePath(name)).size();
    return w;
}

} // namespace tx
