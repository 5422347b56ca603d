#include "core/base/jsonobjectreader.h"

#include <QJsonDocument>
#include <QJsonParseError>

namespace tx {

Expected<QJsonObject, Error> JsonObjectReader::parse(const QByteArray &bytes, const QString &file)
{
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &err);
    if (err.error != QJsonParseError::NoError)
        return Error{file, {}, tr("not valid JSON at offset %1: %2").arg(err.offset).arg(err.errorString())};
    if (!doc.isObject())
        return Error{file, {}, tr("expected a JSON object")};
    return doc.object();
}

} // namespace tx
