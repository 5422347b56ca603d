#include "commands.h"

#include "assumptionarguments.h"
#include "core/base/numberformat.h"
#include "core/whatif/distillation.h"
#include "core/whatif/factorisation.h"
#include "core/whatif/finetunememory.h"
#include "core/whatif/pruning.h"
#include "core/whatif/sizeguide.h"
#include "core/whatif/trainingpipeline.h"
#include "core/whatif/vocabularywhatif.h"
#include "core/whatif/whatifformat.h"
#include "core/whatif/whatifjson.h"
#include "designarguments.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QTextStream>

#include <cmath>

namespace tx {

namespace {

class WhatIfCommand
{
    Q_DECLARE_TR_FUNCTIONS(tx::WhatIfCommand)
public:
    static int run(QStringList args);

private:
    static int fail(const Error &e)
    {
        QTextStream(stderr) << e.toString() << '\n';
        return 2;
    }
    // "--name X" as a number within [lo, hi]; absent: `value` stays.
    static std::optional<Error> number(QStringList &args, const char *name, double lo, double hi, double &value)
    {
        bool present = false;
        const QString v = DesignArguments::takeOption(args, QLatin1String(name), &present);
        if (!present)
            return std::nullopt;
        bool ok = false;
        const double x = v.trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(x) || x < lo || x > hi)
            return Error{{}, QStringLiteral("--") + QLatin1String(name),
                         tr("expected a number from %1 to %2, got \"%3\"").arg(lo).arg(hi).arg(v)};
        value = x;
        return std::nullopt;
    }
    static std::optional<Error> integer(QStringList &args, const char *name, int lo, int hi, int &value)
    {
        double x = value;
        if (auto e = number(args, name, lo, hi, x))
            return e;
        if (x != std::floor(x))
            return Error{{}, QStringLiteral("--") + QLatin1String(name), tr("expected a whole number")};
        value = int(x);
        return std::nullopt;
    }
    static bool given(const QStringList &args, const QString &flag)
    {
        for (const QString &a : args)
            if (a == flag || a.startsWith(flag + u'='))
                return true;
        return false;
    }
    static void printText(QTextStream &out, const WhatIfOutcome &w);
};

void WhatIfCommand::printText(QTextStream &out, const WhatIfOutcome &w)
{
    out << w.title << '\n';
    const auto row = [&](const QString &label, const QString &before, const QString &after) {
        out << QStringLiteral("  ") << label.leftJustified(26) << before.rightJustified(22) << QStringLiteral("  →  ")
            << after << '\n';
    };
    row(tr("Parameters"), NumberFormat::exact(w.before.params), NumberFormat::exact(w.after.params));
    row(tr("Weights memory"), NumberFormat::bytes(w.before.weightsBytes), NumberFormat::bytes(w.after.weightsBytes));
    row(tr("Training memory"), NumberFormat::bytes(w.before.trainingBytes), NumberFormat::bytes(w.after.trainingBytes));
    row(tr("FLOPs per token"), NumberFormat::flops(w.before.flopsPerToken), NumberFormat::flops(w.after.flopsPerToken));
    row(tr("Predicted loss"), QString::number(w.before.loss, 'f', 3), QString::number(w.after.loss, 'f', 3));
    out << QStringLiteral("  (") << tr("training memory: %1").arg(w.trainingNote) << QStringLiteral("; ")
        << NumberFormat::unitNote() << QStringLiteral(")\n");
    if (!w.parts.empty()) {
        out << '\n' << tr("Memory by part:") << '\n';
        for (const WhatIfPart &p : w.parts)
            out << QStringLiteral("  ") << p.title.leftJustified(34) << NumberFormat::exact(std::int64_t(std::llround(p.bytes))).rightJustified(18)
                << QStringLiteral(" B  ") << NumberFormat::bytes(p.bytes) << '\n';
    }
    for (const WhatIfTable &t : w.tables) {
        out << '\n' << t.title << ":\n";
        for (const WhatIfTable::Row &r : t.rows) {
            QStringList cells;
            for (int i = 0; i < t.columnTitles.size() && i < int(r.values.size()); ++i)
                cells << t.columnTitles[i] + QStringLiteral(" ") + WhatIfFormat::value(r.values[std::size_t(i)], t.columnUnits[i]);
            out << QStringLiteral("  ") << r.label << QStringLiteral(": ") << cells.join(QStringLiteral(", ")) << '\n';
        }
    }
    out << '\n' << tr("Working:") << '\n';
    for (const Figure &f : w.figures) {
        out << QStringLiteral("  ") << f.title << QStringLiteral(" = ") << f.formula << '\n'
            << QStringLiteral("      ") << f.substituted << '\n'
            << QStringLiteral("      ") << tr("source: %1").arg(f.source) << '\n';
    }
    for (const QString &n : w.notes)
        out << QStringLiteral("* ") << n << '\n';
}

int WhatIfCommand::run(QStringList args)
{
    static const QStringList kinds = {QStringLiteral("finetune"), QStringLiteral("factorise"), QStringLiteral("prune"),
                                      QStringLiteral("distil"), QStringLiteral("pipeline"), QStringLiteral("guide"),
                                      QStringLiteral("vocabulary")};
    if (args.isEmpty() || !kinds.contains(args.first()))
        return fail({{}, QStringLiteral("whatif"),
                     tr("expected a what-if: %1").arg(kinds.join(QStringLiteral(", ")))});
    const QString kind = args.takeFirst();
    bool hasFormat = false;
    const QString format = DesignArguments::takeOption(args, QStringLiteral("format"), &hasFormat);
    if (hasFormat && format != QLatin1String("json") && format != QLatin1String("text"))
        return fail({{}, QStringLiteral("--format"), tr("expected text or json, got \"%1\"").arg(format)});
    const bool seqGiven = given(args, QStringLiteral("--seq"));
    const bool batchGiven = given(args, QStringLiteral("--batch"));
    auto design = DesignArguments::take(args);
    if (!design)
        return fail(design.error());

    std::optional<Error> err;
    Expected<WhatIfOutcome, Error> outcome = Error{};
    if (kind == QLatin1String("finetune")) {
        FineTuneOptions o;
        bool present = false;
        const QString method = DesignArguments::takeOption(args, QStringLiteral("method"), &present);
        if (present && !fromString(method, o.method))
            return fail({{}, QStringLiteral("--method"), tr("expected full, lora or qlora, got \"%1\"").arg(method)});
        const QString targets = DesignArguments::takeOption(args, QStringLiteral("targets"), &present);
        if (present && !targetsFromString(targets, o.targets))
            return fail({{}, QStringLiteral("--targets"),
                         tr("expected a comma-separated list of q, k, v, o, gate, up, down, experts, embeddings, head "
                            "(or attention, ffn, all-linear), got \"%1\"").arg(targets)});
        if ((err = integer(args, "rank", 1, 65536, o.rank)) || (err = number(args, "alpha", 0, 1e6, o.alpha))
            || (err = number(args, "dropout", 0, 0.99, o.dropout)))
            return fail(*err);
        if (DesignArguments::takeFlag(args, QStringLiteral("no-checkpointing")))
            o.gradientCheckpointing = false;
        if (DesignArguments::takeFlag(args, QStringLiteral("no-paged")))
            o.pagedOptimizer = false;
        Assumptions a;
        HardwareCatalog catalog;
        if (auto e = AssumptionArguments::take(args, *design, a, catalog))
            return fail(*e);
        if (!args.isEmpty())
            return fail({{}, args.first(), tr("unknown option")});
        o.sequenceLength = seqGiven ? a.contextLength : 512;
        o.microBatch = batchGiven ? a.batch : 1;
        outcome = FineTuneMemory::whatIf(*design, a, o);
    } else {
        FactorisationOptions fo;
        PruningOptions po;
        DistillationOptions dopt;
        PipelineOptions pl;
        VocabularyOptions vo;
        QString jump;
        bool present = false;
        if (kind == QLatin1String("factorise")) {
            const QString method = DesignArguments::takeOption(args, QStringLiteral("method"), &present);
            if (present && !fromString(method, fo.method))
                return fail({{}, QStringLiteral("--method"), tr("expected low-rank or tucker, got \"%1\"").arg(method)});
            const QString groups = DesignArguments::takeOption(args, QStringLiteral("groups"), &present);
            if (present) {
                fo.groups = 0;
                for (const QString &g : groups.split(u',', Qt::SkipEmptyParts)) {
                    if (g == QLatin1String("attention"))
                        fo.groups |= FactorisationOptions::kAttention;
                    else if (g == QLatin1String("ffn"))
                        fo.groups |= FactorisationOptions::kFfn;
                    else if (g == QLatin1String("embeddings"))
                        fo.groups |= FactorisationOptions::kEmbeddings;
                    else if (g == QLatin1String("head"))
                        fo.groups |= FactorisationOptions::kHead;
                    else
                        return fail({{}, QStringLiteral("--groups"),
                                     tr("expected attention, ffn, embeddings or head, got \"%1\"").arg(g)});
                }
            }
            if ((err = integer(args, "rank", 0, 1'000'000, fo.rank)) || (err = number(args, "keep", 0, 1, fo.keep)))
                return fail(*err);
        } else if (kind == QLatin1String("prune")) {
            if ((err = integer(args, "heads", 0, 1'000'000, po.removeHeads))
                || (err = integer(args, "layers", 0, 1'000'000, po.removeLayers)))
                return fail(*err);
        } else if (kind == QLatin1String("distil")) {
            dopt.device = DesignArguments::takeOption(args, QStringLiteral("student-device"));
            if ((err = number(args, "fraction", 0, 1, dopt.fraction)) || (err = number(args, "student-tokens", 0, 1e16, dopt.tokens)))
                return fail(*err);
        } else if (kind == QLatin1String("pipeline")) {
            const QString pref = DesignArguments::takeOption(args, QStringLiteral("preference"), &present);
            if (present && !fromString(pref, pl.preference))
                return fail({{}, QStringLiteral("--preference"), tr("expected ppo or dpo, got \"%1\"").arg(pref)});
            if ((err = number(args, "pretrain-tokens", 0, 1e16, pl.pretrainTokens))
                || (err = number(args, "sft-tokens", 0, 1e16, pl.sftTokens))
                || (err = number(args, "preference-tokens", 0, 1e16, pl.preferenceTokens)))
                return fail(*err);
        } else if (kind == QLatin1String("vocabulary")) {
            const QString corpus = DesignArguments::takeOption(args, QStringLiteral("corpus"), &present);
            if (present)
                vo.corpus = corpus;
            const QString sizes = DesignArguments::takeOption(args, QStringLiteral("sizes"), &present);
            if (present) {
                vo.sizes.clear();
                for (const QString &part : sizes.split(u',', Qt::SkipEmptyParts)) {
                    bool ok = false;
                    const int v = part.trimmed().toInt(&ok);
                    if (!ok)
                        return fail({{}, QStringLiteral("--sizes"), tr("expected comma-separated whole numbers, got \"%1\"").arg(sizes)});
                    vo.sizes.push_back(v);
                }
            }
            if ((err = integer(args, "apply-size", 0, 65536, vo.applySize)))
                return fail(*err);
        } else {
            jump = DesignArguments::takeOption(args, QStringLiteral("jump"));
        }
        Assumptions a;
        HardwareCatalog catalog;
        if (auto e = AssumptionArguments::take(args, *design, a, catalog))
            return fail(*e);
        if (!args.isEmpty())
            return fail({{}, args.first(), tr("unknown option")});
        if (kind == QLatin1String("factorise"))
            outcome = Factorisation::whatIf(*design, a, fo);
        else if (kind == QLatin1String("prune"))
            outcome = Pruning::whatIf(*design, a, po);
        else if (kind == QLatin1String("distil"))
            outcome = Distillation::whatIf(*design, a, dopt, catalog);
        else if (kind == QLatin1String("pipeline"))
            outcome = TrainingPipeline::whatIf(*design, a, pl);
        else if (kind == QLatin1String("vocabulary"))
            outcome = VocabularyWhatIf::whatIf(*design, a, vo);
        else
            outcome = SizeGuide::whatIf(*design, a, jump);
    }
    if (!outcome)
        return fail(outcome.error());
    QTextStream out(stdout);
    if (format == QLatin1String("json"))
        out << QJsonDocument(WhatIfJson::toJson(*outcome)).toJson(QJsonDocument::Indented);
    else
        printText(out, *outcome);
    return 0;
}

} // namespace

int runWhatIfCommand(QStringList args)
{
    return WhatIfCommand::run(std::move(args));
}

} // namespace tx
