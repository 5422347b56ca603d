#include "core/formats/safetensorsindex.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <set>

namespace tx {

namespace {

// safetensors/src/tensor.rs MAX_HEADER_SIZE, applied to the index too.
constexpr std::int64_t kMaxIndexBytes = 100'000'000;
// JSON numbers are doubles: integers above 2^53 are not exact.
constexpr double kMaxExactInteger = 9007199254740992.0;

} // namespace

Expected<SafetensorsIndex, Error> SafetensorsIndex::read(const QString &indexPath)
{
    auto fail = [&indexPath](const QString &field, const QString &message) { return Error{indexPath, field, message}; };
    QFile file(indexPath);
    if (!file.open(QIODevice::ReadOnly))
        return fail({}, tr("cannot open: %1").arg(file.errorString()));
    if (file.size() > kMaxIndexBytes)
        return fail({}, tr("%1 bytes is more than the 100 MB an index may have").arg(file.size()));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject())
        return fail({}, tr("not a JSON object (%1 at byte %2)").arg(parseError.errorString()).arg(parseError.offset));
    const QJsonObject root = doc.object();
    const QJsonValue mapValue = root.value(QStringLiteral("weight_map"));
    if (!mapValue.isObject())
        return fail(QStringLiteral("weight_map"), tr("required object is missing"));
    const QJsonObject weightMap = mapValue.toObject();

    std::set<QString> shardNames;
    for (auto it = weightMap.begin(); it != weightMap.end(); ++it) {
        const QString field = QStringLiteral("weight_map.") + it.key();
        if (!it.value().isString())
            return fail(field, tr("expected a shard file name"));
        const QString shard = it.value().toString();
        if (shard.isEmpty() || shard.contains(QLatin1Char('/')) || shard.contains(QLatin1Char('\\'))
            || shard == QLatin1String("..") || shard == QLatin1String("."))
            return fail(field, tr("\"%1\" is not a file name beside the index").arg(shard));
        shardNames.insert(shard);
    }
    SafetensorsIndex index;
    index.m_path = indexPath;
    QHash<QString, int> indexOfShard;
    for (const QString &shard : shardNames) {
        indexOfShard.insert(shard, int(index.m_shards.size()));
        index.m_shards << shard;
    }
    index.m_shardOf.reserve(weightMap.size());
    for (auto it = weightMap.begin(); it != weightMap.end(); ++it)
        index.m_shardOf.insert(it.key(), indexOfShard.value(it.value().toString()));

    // One look at the disk per shard, not per tensor; a missing one is named by its first tensor.
    for (int i = 0; i < int(index.m_shards.size()); ++i) {
        if (QFileInfo::exists(index.shardPath(i)))
            continue;
        for (auto it = weightMap.begin(); it != weightMap.end(); ++it)
            if (it.value().toString() == index.m_shards[i])
                return fail(QStringLiteral("weight_map.") + it.key(),
                            tr("names the shard %1, which is missing").arg(index.m_shards[i]));
    }

    const QJsonValue total = root.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("total_size"));
    if (!total.isUndefined() && !total.isNull()) {
        const double d = total.toDouble(-1);
        if (!total.isDouble() || d < 0 || d > kMaxExactInteger || d != double(std::int64_t(d)))
            return fail(QStringLiteral("metadata.total_size"), tr("expected a non-negative integer"));
        index.m_totalSize = std::int64_t(d);
    }
    return index;
}

QString SafetensorsIndex::shardPath(int shard) const
{
    return QFileInfo(m_path).dir().filePath(m_shards[shard]);
}

std::optional<Error> SafetensorsIndex::check(const std::vector<std::pair<QString, int>> &stored) const
{
    QSet<QString> seen;
    seen.reserve(qsizetype(stored.size()));
    for (const auto &[name, shard] : stored) {
        const QString shardFile = shardPath(shard);
        if (seen.contains(name))
            return Error{shardFile, name, tr("is stored in more than one shard")};
        seen.insert(name);
        const int listed = shardOf(name);
        if (listed < 0)
            return Error{shardFile, name, tr("is stored in this shard, but the index's weight_map does not list it")};
        if (listed != shard)
            return Error{m_path, QStringLiteral("weight_map.") + name,
                         tr("names the shard %1, but the tensor is in %2").arg(m_shards[listed], m_shards[shard])};
    }
    if (seen.size() != m_shardOf.size()) {
        const QString *first = nullptr; // the first in name order, whatever the hash's order
        for (auto it = m_shardOf.cbegin(); it != m_shardOf.cend(); ++it)
            if (!seen.contains(it.key()) && (!first || it.key() < *first))
                first = &it.key();
        return Error{m_path, QStringLiteral("weight_map.") + *first,
                     tr("names the shard %1, which does not hold it").arg(m_shards[m_shardOf.value(*first)])};
    }
    return std::nullopt;
}

std::optional<Error> SafetensorsIndex::checkTotal(std::int64_t tensorBytes) const
{
    if (m_totalSize && *m_totalSize != tensorBytes)
        return Error{m_path, QStringLiteral("metadata.total_size"),
                     tr("says %1 bytes, but the shards' tensors hold %2").arg(*m_totalSize).arg(tensorBytes)};
    return std::nullopt;
}

} // namespace tx
