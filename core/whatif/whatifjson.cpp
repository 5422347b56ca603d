#include "core/whatif/whatifjson.h"

#include "core/design/designfile.h"

#include <QJsonArray>

namespace tx {

namespace {

QJsonObject side(const WhatIfSide &s)
{
    QJsonObject o;
    o.insert(QStringLiteral("params"), qint64(s.params));
    o.insert(QStringLiteral("weights_bytes"), s.weightsBytes);
    o.insert(QStringLiteral("training_bytes"), s.trainingBytes);
    o.insert(QStringLiteral("flops_per_token"), s.flopsPerToken);
    o.insert(QStringLiteral("loss"), s.loss);
    return o;
}

} // namespace

QJsonObject WhatIfJson::toJson(const WhatIfOutcome &w)
{
    QJsonObject root;
    root.insert(QStringLiteral("what_if"), w.id);
    root.insert(QStringLiteral("title"), w.title);
    root.insert(QStringLiteral("before"), side(w.before));
    root.insert(QStringLiteral("after"), side(w.after));
    root.insert(QStringLiteral("training_note"), w.trainingNote);
    QJsonArray figures;
    for (const Figure &f : w.figures) {
        QJsonObject o;
        o.insert(QStringLiteral("key"), f.key);
        o.insert(QStringLiteral("title"), f.title);
        o.insert(QStringLiteral("value"), f.value);
        o.insert(QStringLiteral("unit"), f.unit);
        o.insert(QStringLiteral("formula"), f.formula);
        o.insert(QStringLiteral("substituted"), f.substituted);
        o.insert(QStringLiteral("source"), f.source);
        figures.append(o);
    }
    root.insert(QStringLiteral("figures"), figures);
    QJsonObject parts;
    for (const WhatIfPart &p : w.parts)
        parts.insert(p.key + QStringLiteral("_bytes"), p.bytes);
    if (!w.parts.empty())
        root.insert(QStringLiteral("parts"), parts);
    QJsonObject tables;
    for (const WhatIfTable &t : w.tables) {
        QJsonArray rows;
        for (const WhatIfTable::Row &r : t.rows) {
            QJsonObject o;
            o.insert(QStringLiteral("key"), r.key);
            o.insert(QStringLiteral("label"), r.label);
            for (int i = 0; i < t.columnKeys.size() && i < int(r.values.size()); ++i)
                o.insert(t.columnKeys[i], r.values[std::size_t(i)]);
            rows.append(o);
        }
        tables.insert(t.key, rows);
    }
    if (!w.tables.empty())
        root.insert(QStringLiteral("tables"), tables);
    root.insert(QStringLiteral("notes"), QJsonArray::fromStringList(w.notes));
    root.insert(QStringLiteral("changes_design"), w.changesDesign);
    root.insert(QStringLiteral("design"), DesignFile::toJson(w.design));
    return root;
}

} // namespace tx
