#include "core/modelfile/modelcache.h"

#include "core/modelfile/modelfilereader.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace tx {

namespace {

CachedModel read(const QString &name, const QString &path)
{
    CachedModel m;
    m.name = name;
    m.path = path;
    auto file = ModelFileReader::open(path);
    if (!file) {
        m.error = file.error().toString();
        return m;
    }
    m.format = toString(file->format);
    m.params = file->params();
    m.bytes = file->fileBytes();
    return m;
}

} // namespace

QString ModelCache::hubFolder()
{
    const QString hubCache = qEnvironmentVariable("HF_HUB_CACHE");
    if (!hubCache.isEmpty())
        return hubCache;
    const QString home = qEnvironmentVariable("HF_HOME");
    if (!home.isEmpty())
        return QDir(home).filePath(QStringLiteral("hub"));
    return QDir::home().filePath(QStringLiteral(".cache/huggingface/hub"));
}

std::vector<CachedModel> ModelCache::scan(const QString &hub, const QStringList &extraFolders)
{
    std::vector<CachedModel> out;
    const QDir hubDir(hub);
    for (const QString &entry : hubDir.entryList({QStringLiteral("models--*")}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        // models--org--name → org/name (the hub's folder naming, "/" written as "--").
        const QString name = entry.mid(8).replace(QStringLiteral("--"), QStringLiteral("/"));
        out.push_back(read(name, hubDir.filePath(entry)));
    }
    for (const QString &folder : extraFolders) {
        const QDir dir(folder);
        const QFileInfoList items = dir.entryInfoList({QStringLiteral("*")}, QDir::Dirs | QDir::Files | QDir::NoDotAndDotDot);
        for (const QFileInfo &item : items) {
            if (item.isFile() && item.suffix() != QLatin1String("gguf") && item.suffix() != QLatin1String("safetensors"))
                continue;
            CachedModel m = read(item.fileName(), item.filePath());
            if (item.isDir() && m.format.isEmpty())
                continue; // a folder without a model in it is not listed
            out.push_back(std::move(m));
        }
    }
    std::sort(out.begin(), out.end(), [](const CachedModel &a, const CachedModel &b) { return a.name < b.name; });
    return out;
}

} // namespace tx
