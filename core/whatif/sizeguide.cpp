#include "core/whatif/sizeguide.h"

#include "core/base/numberformat.h"
#include "core/design/presetlibrary.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/paramcounter.h"

namespace tx {

std::vector<SizeGuide::Task> SizeGuide::tasks()
{
    return {
        {QStringLiteral("classification"), tr("Classification / NER"), 50e6, 100e6,
         {QStringLiteral("distilbert"), QStringLiteral("bert-base")}},
        {QStringLiteral("translation"), tr("Translation"), 300e6, 1e9,
         {QStringLiteral("transformer-big"), QStringLiteral("t5-base")}},
        {QStringLiteral("dialogue"), tr("Dialogue"), 1e9, 0,
         {QStringLiteral("llama-2-7b"), QStringLiteral("qwen3-8b")}},
    };
}

QString SizeGuide::taskFor(double params)
{
    for (const Task &t : tasks())
        if (params >= t.lowParams && (t.highParams <= 0 || params <= t.highParams))
            return t.key;
    return {};
}

Expected<WhatIfOutcome, Error> SizeGuide::whatIf(const ModelConfig &c, const Assumptions &a, const QString &jumpTo)
{
    auto e = evaluate(c, a);
    if (!e)
        return e.error();
    ModelConfig design = c;
    if (!jumpTo.isEmpty()) {
        const Preset *p = PresetLibrary::builtIn().find(jumpTo);
        if (!p)
            return Error{{}, QStringLiteral("preset"), tr("unknown preset \"%1\"").arg(jumpTo)};
        design = p->config;
    }
    auto after = evaluate(design, a);
    if (!after)
        return after.error();
    WhatIfOutcome w;
    w.id = QStringLiteral("guide");
    w.title = tr("Model size by task");
    w.before = sideOf(*e);
    w.after = sideOf(*after);
    w.trainingNote = tr("training memory of one replica under the chosen optimizer");
    WhatIfTable t;
    t.key = QStringLiteral("examples");
    t.title = tr("The seed's ranges and their examples, counted exactly");
    t.columnKeys = {QStringLiteral("range_low"), QStringLiteral("range_high"), QStringLiteral("params"),
                    QStringLiteral("in_range")};
    t.columnTitles = {tr("Range from"), tr("Range to"), tr("Exact parameters"), tr("In the range")};
    t.columnUnits = {QStringLiteral("params"), QStringLiteral("params"), QStringLiteral("params"), QStringLiteral("bool")};
    for (const Task &task : tasks()) {
        for (const QString &id : task.presets) {
            const Preset *p = PresetLibrary::builtIn().find(id);
            if (!p)
                continue;
            const auto n = countParams(p->config);
            const double params = n ? double(n->total) : 0;
            const bool inside = params >= task.lowParams && (task.highParams <= 0 || params <= task.highParams);
            t.rows.push_back({id, QStringLiteral("%1: %2").arg(task.label, p->config.name),
                              {task.lowParams, task.highParams, params, inside ? 1.0 : 0.0}});
        }
    }
    w.tables.push_back(t);
    const double n = double(e->params.total);
    const QString key = taskFor(n);
    QString where;
    for (const Task &task : tasks())
        if (task.key == key)
            where = tr("Your %1-parameter design is in the %2 range.").arg(NumberFormat::count(n), task.label);
    if (where.isEmpty()) {
        // Between two ranges, or under the smallest: name the nearest by ratio.
        QString nearest;
        double best = 0;
        for (const Task &task : tasks()) {
            const double edge = n < task.lowParams || task.highParams <= 0 ? task.lowParams : task.highParams;
            const double ratio = edge > n ? edge / n : n / edge;
            if (nearest.isEmpty() || ratio < best) {
                nearest = task.label;
                best = ratio;
            }
        }
        where = tr("Your %1-parameter design is in no range; the nearest is %2.")
                    .arg(NumberFormat::count(n), nearest);
    }
    w.notes << where;
    w.notes << tr("The seed's examples are loose: \"BERT-base (110M)\" is 109,482,240 parameters, DistilBERT "
                  "66,362,880; the translation models most used (Transformer big 214,245,376, T5-base "
                  "222,903,552) sit under the seed's 300 M.");
    w.figures.push_back({QStringLiteral("guide.params"), tr("Design parameters"), n, QStringLiteral("params"),
                         QStringLiteral("N"), NumberFormat::exact(e->params.total),
                         tr("the seed's size guide (classification / NER 50–100 M; translation 300 M–1 B; dialogue > 1 B)")});
    w.design = design;
    w.changesDesign = design != c;
    return w;
}

} // namespace tx
