#include "commands.h"

#include "assumptionarguments.h"
#include "core/base/numberformat.h"
#include "core/design/designfile.h"
#include "core/design/presetlibrary.h"
#include "core/estimate/solver.h"
#include "designarguments.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <cmath>

namespace tx {

namespace {

// The translation context of this file's free functions.
struct SolveCommand
{
    Q_DECLARE_TR_FUNCTIONS(tx::SolveCommand)
};

int fail(const Error &e)
{
    QTextStream(stderr) << e.toString() << '\n';
    return 2;
}

Expected<double, Error> takeNumber(QStringList &args, const char *name, double lo, double hi, double fallback,
                                   bool required)
{
    bool present = false;
    const QString flag = QLatin1String(name);
    const QString v = DesignArguments::takeOption(args, flag, &present);
    if (!present) {
        if (required)
            return Error{{}, QStringLiteral("--") + flag, SolveCommand::tr("missing (required by this question)")};
        return fallback;
    }
    bool ok = false;
    const double x = v.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(x) || x < lo || x > hi) {
        return Error{{}, QStringLiteral("--") + flag,
                     SolveCommand::tr("expected a number from %1 to %2, got \"%3\"").arg(lo).arg(hi).arg(v)};
    }
    return x;
}

Expected<ModelConfig, Error> takeFamily(QStringList &args, bool required)
{
    bool present = false;
    const QString name = DesignArguments::takeOption(args, QStringLiteral("family"), &present);
    if (!present && !required)
        return PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config;
    const Preset *p = present ? PresetLibrary::builtIn().find(name) : nullptr;
    if (!p) {
        return Error{{}, QStringLiteral("--family"),
                     present ? SolveCommand::tr("unknown preset \"%1\" (see `transformer-explorer presets`)").arg(name)
                             : SolveCommand::tr("missing (a preset whose proportions the answer keeps)")};
    }
    return p->config;
}

QJsonObject designJson(const ModelConfig &c, std::int64_t params)
{
    QJsonObject o;
    o.insert(QStringLiteral("design"), DesignFile::toJson(c));
    o.insert(QStringLiteral("params_total"), double(params));
    return o;
}

// NumberFormat::money rounds to whole dollars; an hour of one GPU or a million tokens can cost cents.
QString dollars(double x)
{
    return x >= 100 ? NumberFormat::money(x) : QStringLiteral("$") + QString::number(x, 'g', 3);
}

QString shapeLine(const ModelConfig &c)
{
    return SolveCommand::tr("d_model %1, %2 layers, %3 heads (%4 key/value), d_ff %5")
        .arg(NumberFormat::exact(c.dModel))
        .arg(c.nLayers)
        .arg(c.nHeads)
        .arg(c.nKvHeads)
        .arg(NumberFormat::exact(c.dFf));
}

} // namespace

int runSolveCommand(QStringList args)
{
    if (args.isEmpty() || args.first().startsWith(QLatin1Char('-')))
        return fail({{}, QStringLiteral("solve"), SolveCommand::tr("expected a question: context, batch, largest, shape or device")});
    const QString question = args.takeFirst();
    static const QStringList kQuestions = {QStringLiteral("context"), QStringLiteral("batch"), QStringLiteral("largest"),
                                           QStringLiteral("shape"), QStringLiteral("device")};
    if (!kQuestions.contains(question)) {
        return fail({{}, QStringLiteral("solve"),
                     SolveCommand::tr("unknown question \"%1\" (expected context, batch, largest, shape or device)").arg(question)});
    }
    bool hasFormat = false;
    const QString format = DesignArguments::takeOption(args, QStringLiteral("format"), &hasFormat);
    if (hasFormat && format != QLatin1String("json") && format != QLatin1String("text"))
        return fail({{}, QStringLiteral("--format"), SolveCommand::tr("expected text or json, got \"%1\"").arg(format)});
    const bool json = format == QLatin1String("json");

    const bool needsDesign = question == QLatin1String("context") || question == QLatin1String("batch")
        || question == QLatin1String("device");
    ModelConfig design;
    if (needsDesign) {
        auto d = DesignArguments::take(args);
        if (!d)
            return fail(d.error());
        design = *d;
    } else {
        auto f = takeFamily(args, question == QLatin1String("largest"));
        if (!f)
            return fail(f.error());
        design = *f;
    }
    auto aspect = takeNumber(args, "aspect", 1, 10000, 0, false);
    if (!aspect)
        return fail(aspect.error());
    bool hasFor = false;
    const QString forWhat = DesignArguments::takeOption(args, QStringLiteral("for"), &hasFor);
    if (hasFor && forWhat != QLatin1String("inference") && forWhat != QLatin1String("training"))
        return fail({{}, QStringLiteral("--for"), SolveCommand::tr("expected inference or training, got \"%1\"").arg(forWhat)});
    const bool isShape = question == QLatin1String("shape");
    const bool isDevice = question == QLatin1String("device");
    auto params = takeNumber(args, "params", 1000, 1e14, 0, isShape);
    if (!params)
        return fail(params.error());
    auto speed = takeNumber(args, "tokens-per-second", 1e-6, 1e6, 0, isDevice);
    if (!speed)
        return fail(speed.error());
    bool hasPrices = false;
    const QString priceName = DesignArguments::takeOption(args, QStringLiteral("price-kind"), &hasPrices);
    Solver::PriceKind prices = Solver::PriceKind::Rental;
    if (hasPrices && !Solver::fromString(priceName, prices))
        return fail({{}, QStringLiteral("--price-kind"), SolveCommand::tr("expected rental or purchase, got \"%1\"").arg(priceName)});
    const bool beyondTrained = DesignArguments::takeFlag(args, QStringLiteral("beyond-trained-context"));
    auto users = takeNumber(args, "users", 1, 1'000'000, 1, false);
    if (!users)
        return fail(users.error());
    if (*users != std::floor(*users))
        return fail({{}, QStringLiteral("--users"), SolveCommand::tr("expected a whole number of users")});

    Assumptions assumptions;
    HardwareCatalog catalog;
    if (auto err = AssumptionArguments::take(args, design, assumptions, catalog))
        return fail(*err);
    if (!args.isEmpty())
        return fail({{}, args.first(), SolveCommand::tr("unknown option")});

    QTextStream out(stdout);
    QJsonObject root;
    if (question == QLatin1String("context") || question == QLatin1String("batch")) {
        const bool context = question == QLatin1String("context");
        const auto limit = context ? Solver::longestContext(design, assumptions, catalog,
                                                            beyondTrained ? Solver::ContextCap::MemoryOnly
                                                                          : Solver::ContextCap::Trained)
                                   : Solver::largestBatch(design, assumptions, catalog);
        if (!limit)
            return fail(limit.error());
        if (json) {
            root.insert(context ? QStringLiteral("context") : QStringLiteral("batch"), limit->value);
            root.insert(QStringLiteral("binding"), limit->text);
            root.insert(QStringLiteral("binding_key"), Solver::key(limit->binding));
            if (context)
                root.insert(QStringLiteral("memory_context"), limit->memoryValue);
            else
                root.insert(QStringLiteral("seq"), limit->contextLength);
            root.insert(QStringLiteral("inference_bytes"), limit->usedBytes);
            root.insert(QStringLiteral("available_bytes"), limit->availableBytes);
        } else {
            out << (context ? SolveCommand::tr("Longest context: %1 tokens (batch %2, %3 × %4)")
                                  .arg(NumberFormat::exact(limit->value))
                                  .arg(assumptions.batch)
                            : SolveCommand::tr("Largest batch: %1 sequences (%2 tokens each, %3 × %4)")
                                  .arg(NumberFormat::exact(limit->value))
                                  .arg(NumberFormat::exact(limit->contextLength)))
                       .arg(assumptions.devices)
                       .arg(catalog.find(assumptions.device)->name)
                << '\n'
                << QStringLiteral("  ") << limit->text << '\n'
                << QStringLiteral("  ")
                << SolveCommand::tr("inference memory %1 of %2 (%3)")
                       .arg(NumberFormat::bytes(limit->usedBytes), NumberFormat::bytes(limit->availableBytes),
                            NumberFormat::unitNote())
                << '\n';
        }
    } else if (question == QLatin1String("largest")) {
        const bool training = forWhat == QLatin1String("training");
        const auto r = Solver::largestDesign(design, assumptions, *aspect, training, catalog);
        if (!r)
            return fail(r.error());
        if (json) {
            root = designJson(r->design, r->paramsTotal);
            root.insert(QStringLiteral("binding"), r->text);
            root.insert(QStringLiteral("bytes"), r->usedBytes);
            root.insert(QStringLiteral("available_bytes"), r->availableBytes);
            root.insert(QStringLiteral("next_params_total"), double(r->nextParamsTotal));
            root.insert(QStringLiteral("next_bytes"), r->nextBytes);
        } else {
            out << SolveCommand::tr("Largest design for %1: %2 parameters").arg(training ? SolveCommand::tr("training") : SolveCommand::tr("inference"),
                                                                   NumberFormat::exact(r->paramsTotal))
                << '\n'
                << QStringLiteral("  ") << shapeLine(r->design) << '\n'
                << QStringLiteral("  ") << r->text << '\n';
        }
    } else if (isShape) {
        const auto r = Solver::shapeFor(design, std::llround(*params), *aspect);
        if (!r)
            return fail(r.error());
        if (json) {
            root = designJson(r->design, r->paramsTotal);
            root.insert(QStringLiteral("choices"), r->text);
        } else {
            out << SolveCommand::tr("Shape for %1 parameters: %2").arg(NumberFormat::count(*params), NumberFormat::exact(r->paramsTotal))
                << '\n'
                << QStringLiteral("  ") << shapeLine(r->design) << '\n'
                << QStringLiteral("  ") << r->text << '\n';
        }
    } else {
        const auto r = Solver::cheapestDevice(design, assumptions, *speed, int(*users), catalog, prices);
        if (!r)
            return fail(r.error());
        if (json) {
            root.insert(QStringLiteral("device"), r->deviceId);
            root.insert(QStringLiteral("count"), r->count);
            root.insert(QStringLiteral("count_for_memory"), r->countForMemory);
            root.insert(QStringLiteral("money_per_hour"), r->moneyPerHour);
            root.insert(QStringLiteral("money_per_million_output_tokens"), r->moneyPerMillionOutputTokens);
            root.insert(QStringLiteral("tokens_per_second_per_user"), r->tokensPerSecondPerUser);
            root.insert(QStringLiteral("price_kind"), Solver::key(r->priceKind));
            root.insert(QStringLiteral("seq"), r->contextLength);
            root.insert(QStringLiteral("binding"), r->text);
            root.insert(QStringLiteral("binding_key"), Solver::key(r->binding));
        } else {
            out << SolveCommand::tr("Cheapest: %1 × %2 at %3 an hour, %4 per million output tokens")
                       .arg(r->count)
                       .arg(r->deviceName, dollars(r->moneyPerHour), dollars(r->moneyPerMillionOutputTokens))
                << '\n'
                << QStringLiteral("  ") << r->text << '\n';
        }
    }
    if (json)
        out << QJsonDocument(root).toJson(QJsonDocument::Indented);
    return 0;
}

} // namespace tx
