#include "core/modelfile/modelfilereader.h"

#include "core/modelfile/ggufreader.h"
#include "core/modelfile/safetensorsheader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace tx {

Expected<ModelFile, Error> ModelFileReader::open(const QString &path, const StopToken &stop)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Error{path, {}, tr("no such file or folder")};
    if (info.isDir()) {
        QDir dir(path);
        // A Hugging Face cache entry: refs/main names the snapshot to open.
        if (dir.exists(QStringLiteral("snapshots"))) {
            QString revision;
            QFile ref(dir.filePath(QStringLiteral("refs/main")));
            if (ref.open(QIODevice::ReadOnly) && ref.size() < 256)
                revision = QString::fromLatin1(ref.readAll()).trimmed();
            QDir snapshots(dir.filePath(QStringLiteral("snapshots")));
            const QStringList revisions = snapshots.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Time);
            if (revision.isEmpty() || !revisions.contains(revision))
                revision = revisions.isEmpty() ? QString() : revisions.first();
            if (revision.isEmpty())
                return Error{path, QStringLiteral("snapshots"), tr("the cache folder holds no snapshot")};
            return open(snapshots.filePath(revision), stop);
        }
        Expected<ModelFile, Error> result = Error{};
        const QString index = dir.filePath(QStringLiteral("model.safetensors.index.json"));
        const QStringList safetensors = dir.entryList({QStringLiteral("*.safetensors")}, QDir::Files, QDir::Name);
        const QStringList gguf = dir.entryList({QStringLiteral("*.gguf")}, QDir::Files, QDir::Name);
        if (QFileInfo::exists(index))
            result = SafetensorsHeader::readIndex(index, stop);
        else if (safetensors.size() == 1)
            result = SafetensorsHeader::readFile(dir.filePath(safetensors.first()));
        else if (safetensors.isEmpty() && gguf.size() == 1)
            result = GgufReader::read(dir.filePath(gguf.first()));
        else if (safetensors.size() > 1)
            return Error{path, QStringLiteral("model.safetensors.index.json"),
                         tr("%1 .safetensors files but no index to say which tensor is where").arg(safetensors.size())};
        else if (gguf.size() > 1)
            return Error{path, {}, tr("%1 .gguf files: open one of them").arg(gguf.size())};
        else
            return Error{path, {}, tr("no .safetensors or .gguf file in this folder")};
        if (!result)
            return result;
        result->path = path;
        if (result->format == ModelFileFormat::Safetensors && QFileInfo::exists(dir.filePath(QStringLiteral("config.json"))))
            result->configPath = dir.filePath(QStringLiteral("config.json"));
        return result;
    }

    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{path, {}, tr("cannot open: %1").arg(file.errorString())};
    const QByteArray magic = file.read(4);
    file.close();
    Expected<ModelFile, Error> result = Error{};
    if (magic == "GGUF")
        result = GgufReader::read(path);
    else if (info.fileName() == QLatin1String("model.safetensors.index.json") || info.suffix() == QLatin1String("json"))
        result = SafetensorsHeader::readIndex(path, stop);
    else
        result = SafetensorsHeader::readFile(path);
    if (!result)
        return result;
    const QString config = info.dir().filePath(QStringLiteral("config.json"));
    if (result->format == ModelFileFormat::Safetensors && QFileInfo::exists(config))
        result->configPath = config;
    return result;
}

} // namespace tx
