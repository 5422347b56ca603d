#include "tests/support/designgauntlet.h"

#include "core/design/configvalidator.h"
#include "core/design/designfile.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/explainer.h"
#include "core/estimate/paramcounter.h"
#include "core/report/evaluationjson.h"
#include "core/report/resultjson.h"
#include "tests/support/hostiledesigns.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>
#include <ctime>

namespace tx {

namespace {

// A JSON number that is not finite is written as null by Qt; a figure that became null is a
// NaN or infinity the estimate let through. Only walked once the written JSON holds a null, to
// name where: the path is built on the way back out, not for every value.
bool findNonFinite(const QJsonValue &v, QString &path)
{
    if (v.isDouble())
        return !std::isfinite(v.toDouble());
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            if (findNonFinite(it.value(), path)) {
                path.prepend(QLatin1Char('.') + it.key());
                return true;
            }
    }
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            if (findNonFinite(a.at(i), path)) {
                path.prepend(QStringLiteral("[%1]").arg(i));
                return true;
            }
    }
    return false;
}

} // namespace

DesignGauntlet::Outcome DesignGauntlet::check(const ModelConfig &config, const Assumptions &assumptions)
{
    Outcome out;
    out.failure = checkStages(config, assumptions, out);
    return out;
}

QString DesignGauntlet::checkStages(const ModelConfig &config, const Assumptions &assumptions, Outcome &out)
{
    const std::vector<Error> problems = validate(config);
    const auto count = countParams(config);
    const auto evaluation = evaluate(config, assumptions);
    if (!problems.empty()) {
        for (const Error &e : problems)
            if (e.field.isEmpty() || e.message.isEmpty())
                return QStringLiteral("validate: an error without a field or a message: ") + e.toString();
        if (count.hasValue())
            return QStringLiteral("countParams counted a design validate() refuses (%1)").arg(problems.front().toString());
        if (evaluation.hasValue())
            return QStringLiteral("evaluate() estimated a design validate() refuses (%1)").arg(problems.front().toString());
        return {};
    }
    out.valid = true;
    if (!count) {
        if (count.error().field.isEmpty())
            return QStringLiteral("countParams refused a valid design without naming a field: ") + count.error().toString();
        return {}; // an overflow of a valid but absurd design, named
    }
    if (count->total < 0 || count->active < 0 || count->active > count->total)
        return QStringLiteral("parameter counts out of order: total %1, active %2").arg(count->total).arg(count->active);
    if (!evaluation) {
        if (evaluation.error().field.isEmpty())
            return QStringLiteral("evaluate refused without naming a field: ") + evaluation.error().toString();
        return {}; // assumptions past their bounds (context, batch, devices, device), named
    }
    if (evaluation->params.total != count->total)
        return QStringLiteral("evaluate() and countParams() disagree");
    const std::vector<Figure> figures = explain(config, assumptions, *evaluation);
    for (const Figure &f : figures)
        if (!std::isfinite(f.value))
            return QStringLiteral("figure %1 is %2").arg(f.key).arg(f.value);
    // The size JSON (`size --format json --explain`) as a JsonTree, whose text is Qt's to the
    // byte (tst_jsontree). Qt writes NaN and infinity as null, so a NaN anywhere shows as a null
    // in the text; only then is the tree walked, to name the figure.
    const JsonTree root = sizeJson(*count, config, assumptions, *evaluation, figures);
    const QByteArray json = root.toJson(true);
    if (json.contains("null")) {
        if (QString where; findNonFinite(root.toObject(), where))
            return QStringLiteral("json%1 is NaN or infinite").arg(where);
        return QStringLiteral("the size JSON holds a null: ") + QString::fromUtf8(json.left(200));
    }
    const auto again = DesignFile::parse(DesignFile::serialize(config), QStringLiteral("round-trip.json"));
    if (!again)
        return QStringLiteral("its design file does not load: ") + again.error().toString();
    if (!(*again == config))
        return QStringLiteral("its design file loads as another design");
    out.evaluated = true;
    return {};
}

JsonTree DesignGauntlet::sizeJson(const ParamCount &count, const ModelConfig &config, const Assumptions &assumptions,
                                  const Evaluation &evaluation, const std::vector<Figure> &figures)
{
    JsonTree root = JsonTree::object();
    root.insert(QStringLiteral("name"), config.name);
    root.insert(QStringLiteral("params"), ResultJson::paramsTree(count));
    EvaluationJson::write(root, config, assumptions, evaluation);
    root.insert(QStringLiteral("figures"), EvaluationJson::figuresTree(figures));
    return root;
}

void DesignGauntlet::run(std::uint64_t seed, std::int64_t count, Tally &tally)
{
    HostileDesigns designs(seed);
    // The thread's CPU time, not the wall clock: on a shared machine a design preempted half-way
    // would otherwise count the other processes' time slice as its own.
    const auto cpuNs = [] {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
    };
    for (std::int64_t i = 0; i < count; ++i) {
        const ModelConfig c = designs.design();
        const Assumptions a = designs.assumptions();
        const double start = cpuNs();
        const Outcome o = check(c, a);
        const QString &failure = o.failure;
        double ms = (cpuNs() - start) / 1e6;
        if (ms > kBudgetMs) {
            ++tally.overBudgetOnce;
            for (int again = 0; again < 4; ++again) {
                const double t0 = cpuNs();
                check(c, a);
                ms = std::min(ms, (cpuNs() - t0) / 1e6);
            }
            if (ms > kBudgetMs) {
                ++tally.overBudget;
                if (tally.overBudgetDesigns.size() < kMaxKept)
                    tally.overBudgetDesigns << QStringLiteral("design #%1 (seed %2): %3 ms").arg(i).arg(seed).arg(ms, 0, 'f', 3);
            }
        }
        if (ms > tally.slowestMs) {
            tally.slowestMs = ms;
            tally.slowest = QStringLiteral("design #%1 (seed %2)").arg(i).arg(seed);
        }
        ++tally.designs;
        tally.valid += o.valid ? 1 : 0;
        tally.evaluated += o.evaluated ? 1 : 0;
        if (!failure.isEmpty()) {
            ++tally.failureCount;
            if (tally.failures.size() < kMaxKept)
                tally.failures << QStringLiteral("design #%1 (seed %2): %3").arg(i).arg(seed).arg(failure);
        }
    }
}

} // namespace tx
