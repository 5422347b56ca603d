#pragma once

#include "core/base/jsontree.h"
#include "core/design/modelconfig.h"
#include "core/estimate/paramcount.h"

#include <QJsonObject>

namespace tx {

// Machine-readable output (CLI --format json, reports' data export).
// Integers stay integers (qint64); keys and units are documented in the README.
class ResultJson
{
public:
    // { "total", "active", "executed", "embedding", "non_embedding", "lora", "breakdown": {…} }
    static QJsonObject params(const ParamCount &count);
    // { "name": "model", "params": N, "children": [ … ] }
    static QJsonObject node(const ParamNode &node);
    // The same as JsonTree (core/base/jsontree.h), which writes the same text faster.
    static JsonTree paramsTree(const ParamCount &count);
    static JsonTree nodeTree(const ParamNode &node);
};

} // namespace tx
