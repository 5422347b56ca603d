#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>

namespace tx {

// The first step of every JSON file format here (design files, presets, the hardware
// catalog, lessons, Hugging Face config.json): the bytes parse as JSON and the top level is
// an object. Errors name `file`: "not valid JSON at offset 12: …", "expected a JSON object".
class JsonObjectReader
{
    Q_DECLARE_TR_FUNCTIONS(tx::JsonObjectReader)
public:
    static Expected<QJsonObject, Error> parse(const QByteArray &bytes, const QString &file);
};

} // namespace tx
