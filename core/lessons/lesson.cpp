#include "core/lessons/lesson.h"

#include "core/base/jsonobjectreader.h"
#include "core/design/designfile.h"
#include "core/design/presetlibrary.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace tx {

namespace {

Expected<Lesson::Text, Error> readText(const QJsonObject &o, const QString &key, const QString &file, bool required)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() && !required)
        return Lesson::Text{};
    if (!v.isObject() || !v.toObject().value(QStringLiteral("en")).isString()
        || !v.toObject().value(QStringLiteral("zh")).isString())
        return Error{file, key, Lesson::tr("expected an object with \"en\" and \"zh\" strings")};
    return Lesson::Text{v.toObject().value(QStringLiteral("en")).toString(),
                        v.toObject().value(QStringLiteral("zh")).toString()};
}

std::optional<Error> applyAssumptions(Assumptions &a, const QJsonObject &o, const QString &file,
                                      const QString &where)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = it.key();
        const QJsonValue v = it.value();
        const QString field = where + QStringLiteral(".assumptions.") + key;
        const double x = v.toDouble(-1);
        if (key == QLatin1String("batch")) {
            if (!v.isDouble() || x < 1 || x > 1e6)
                return Error{file, field, Lesson::tr("expected 1 to 1,000,000 sequences")};
            a.batch = int(x);
        } else if (key == QLatin1String("seq")) {
            if (!v.isDouble() || x < 1 || x > 16777216)
                return Error{file, field, Lesson::tr("expected 1 to 16,777,216 tokens")};
            a.contextLength = int(x);
        } else if (key == QLatin1String("tokens")) {
            if (!v.isDouble() || x < 0 || x > 1e16)
                return Error{file, field, Lesson::tr("expected 0 to 10^16 tokens")};
            a.trainingTokens = x;
        } else if (key == QLatin1String("recompute")) {
            if (!fromString(v.toString(), a.recompute))
                return Error{file, field, Lesson::tr("expected none, selective or full")};
        } else if (key == QLatin1String("optimizer")) {
            if (!fromString(v.toString(), a.optimizer))
                return Error{file, field, Lesson::tr("expected adamw, adamw-mixed, sgd, adam8bit or adafactor")};
        } else if (key == QLatin1String("flash")) {
            if (!v.isBool())
                return Error{file, field, Lesson::tr("expected true or false")};
            a.flash = v.toBool();
        } else {
            return Error{file, field, Lesson::tr("unknown assumption (known: batch, seq, tokens, recompute, optimizer, flash)")};
        }
    }
    return std::nullopt;
}

} // namespace

Expected<Lesson, Error> Lesson::parse(const QByteArray &bytes, const QString &file)
{
    // A lesson is a few kilobytes; anything far larger is not one.
    if (bytes.size() > 1024 * 1024)
        return Error{file, {}, tr("larger than 1 MB; not a lesson")};
    auto parsed = JsonObjectReader::parse(bytes, file);
    if (!parsed)
        return parsed.error();
    const QJsonObject root = *parsed;
    if (root.value(QStringLiteral("format")).toString() != QLatin1String("transformer-explorer-lesson"))
        return Error{file, QStringLiteral("format"), tr("expected \"transformer-explorer-lesson\"")};
    if (root.value(QStringLiteral("version")).toInt(-1) != kVersion)
        return Error{file, QStringLiteral("version"), tr("unsupported version (expected 1)")};

    Lesson lesson;
    lesson.id = root.value(QStringLiteral("id")).toString();
    if (lesson.id.isEmpty())
        return Error{file, QStringLiteral("id"), tr("missing")};
    lesson.order = root.value(QStringLiteral("order")).toInt(0);
    auto title = readText(root, QStringLiteral("title"), file, true);
    if (!title)
        return title.error();
    lesson.title = *title;

    const QJsonArray steps = root.value(QStringLiteral("steps")).toArray();
    if (steps.isEmpty() || steps.size() > 100)
        return Error{file, QStringLiteral("steps"), tr("expected 1 to 100 steps")};

    ModelConfig config;
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const QString where = QStringLiteral("steps[%1]").arg(i);
        if (!steps[i].isObject())
            return Error{file, where, tr("expected an object")};
        const QJsonObject o = steps[i].toObject();
        Step step;
        auto stepTitle = readText(o, QStringLiteral("title"), file, true);
        if (!stepTitle)
            return Error{file, where + QStringLiteral(".title"), stepTitle.error().message};
        step.title = *stepTitle;
        auto text = readText(o, QStringLiteral("text"), file, true);
        if (!text)
            return Error{file, where + QStringLiteral(".text"), text.error().message};
        step.text = *text;
        step.formula = o.value(QStringLiteral("formula")).toString();
        step.preset = o.value(QStringLiteral("preset")).toString();
        step.design = o.value(QStringLiteral("design")).toObject();
        step.assumptions = o.value(QStringLiteral("assumptions")).toObject();
        step.highlight = o.value(QStringLiteral("highlight")).toString();
        step.focus = o.value(QStringLiteral("focus")).toString();

        if (!step.preset.isEmpty()) {
            const Preset *p = PresetLibrary::builtIn().find(step.preset);
            if (!p)
                return Error{file, where + QStringLiteral(".preset"), tr("unknown preset \"%1\"").arg(step.preset)};
            config = p->config;
        }
        if (!step.design.isEmpty()) {
            QJsonObject merged = DesignFile::toJson(config);
            for (auto it = step.design.begin(); it != step.design.end(); ++it)
                merged.insert(it.key(), it.value());
            auto resolved = DesignFile::fromJson(merged, file);
            if (!resolved) {
                Error e = resolved.error();
                e.field = where + QStringLiteral(".design.") + e.field;
                return e;
            }
            config = *resolved;
        }
        static const QStringList views = {QStringLiteral("parameters"), QStringLiteral("memory"),
                                          QStringLiteral("compute"), QStringLiteral("scaling"),
                                          QStringLiteral("product"), QStringLiteral("cards"),
                                          QStringLiteral("controls"), QStringLiteral("attention"),
                                          QStringLiteral("training")};
        if (!step.highlight.isEmpty() && !views.contains(step.highlight))
            return Error{file, where + QStringLiteral(".highlight"),
                         tr("unknown view (known: %1)").arg(views.join(QStringLiteral(", ")))};
        if (!step.focus.isEmpty() && !DesignFile::fieldNames().contains(step.focus))
            return Error{file, where + QStringLiteral(".focus"), tr("unknown design field")};
        Assumptions a;
        if (auto e = applyAssumptions(a, step.assumptions, file, where))
            return *e;
        lesson.steps.push_back(step);
        lesson.configs.push_back(config);
        lesson.assumptions.push_back(a);
    }
    return lesson;
}

} // namespace tx
