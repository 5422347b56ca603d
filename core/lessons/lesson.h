#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

#include <vector>

namespace tx {

// A guided lesson: steps that set the design, point at a view and explain one number, in
// English and Simplified Chinese in the same file (resources/lessons/*.json):
//
//   { "format": "transformer-explorer-lesson", "version": 1, "id": "…", "order": 1,
//     "title": { "en": "…", "zh": "…" },
//     "steps": [ { "title": {…}, "text": {…}, "formula": "…",
//                  "preset": "gpt2", "design": { "d_model": 512 }, "assumptions": { "seq": 4096 },
//                  "highlight": "parameters", "focus": "d_model" } ] }
//
// A step with "preset" starts from that built-in preset, otherwise from the previous step's
// design (the first from the default design); "design" then sets design-file keys on top.
// Text and formula hold {placeholders} that LessonText fills from core's counts.
struct Lesson
{
    Q_DECLARE_TR_FUNCTIONS(tx::Lesson)

public:
    struct Text
    {
        QString en;
        QString zh;
        const QString &pick(bool chinese) const { return chinese && !zh.isEmpty() ? zh : en; }
    };

    struct Step
    {
        Text title;
        Text text;
        QString formula;        // language-neutral, with placeholders
        QString preset;         // built-in preset id to start from, or empty
        QJsonObject design;     // design-file keys set on top
        QJsonObject assumptions; // batch, seq, tokens, recompute, optimizer, flash
        QString highlight;      // view to point at: parameters, memory, compute, scaling, product, cards, controls,
                                // attention, training
        QString focus;          // design-file key of the knob under discussion, or empty
    };

    QString id;
    int order = 0;
    Text title;
    std::vector<Step> steps;
    std::vector<ModelConfig> configs;     // the design of each step, resolved at parse time
    std::vector<Assumptions> assumptions; // the assumptions of each step

    static constexpr int kVersion = 1;
    static Expected<Lesson, Error> parse(const QByteArray &bytes, const QString &file);
};

} // namespace tx
