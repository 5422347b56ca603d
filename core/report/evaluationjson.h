#pragma once

#include "core/base/jsontree.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/evaluation.h"
#include "core/estimate/figure.h"

#include <QJsonArray>
#include <QJsonObject>

#include <vector>

namespace tx {

// Machine-readable estimates (CLI `size --format json`, reports' data export). Keys and units
// are documented in the README; counts are integers, bytes and FLOPs are numbers.
class EvaluationJson
{
public:
    // Adds "assumptions", "memory", "compute", "hardware", "cost" and "scaling" to `root`.
    static void write(QJsonObject &root, const ModelConfig &config, const Assumptions &assumptions,
                      const Evaluation &evaluation);
    // The same members into a JsonTree, which writes the same text without building Qt's
    // objects (bench_designs: a third of a design's time went to QJsonObject).
    static void write(JsonTree &root, const ModelConfig &config, const Assumptions &assumptions,
                      const Evaluation &evaluation);
    static QJsonObject assumptions(const ModelConfig &config, const Assumptions &assumptions);
    static JsonTree assumptionsTree(const ModelConfig &config, const Assumptions &assumptions);
    // [{ "key", "title", "value", "unit", "formula", "substituted", "source" }, …]
    static QJsonArray figures(const std::vector<Figure> &figures);
    static JsonTree figuresTree(const std::vector<Figure> &figures);
};

} // namespace tx
