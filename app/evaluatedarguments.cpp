#include "evaluatedarguments.h"

#include "assumptionarguments.h"
#include "core/design/designfile.h"
#include "core/design/presetlibrary.h"
#include "core/estimate/evaluator.h"
#include "designarguments.h"
#include "ui/charts/chartwriter.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace tx {

namespace {

std::optional<Error> takePositive(QStringList &args, const QString &name, int &out)
{
    bool present = false;
    const QString v = DesignArguments::takeOption(args, name, &present);
    if (!present)
        return std::nullopt;
    bool ok = false;
    const int x = v.trimmed().toInt(&ok);
    if (!ok)
        return Error{{}, QStringLiteral("--") + name, EvaluatedArguments::tr("expected a whole number, got \"%1\"").arg(v)};
    out = x;
    return std::nullopt;
}

} // namespace

Expected<EvaluatedArguments::Result, Error> EvaluatedArguments::take(QStringList &args)
{
    bool hasCompare = false;
    const QString compare = DesignArguments::takeOption(args, QStringLiteral("compare"), &hasCompare);
    auto design = DesignArguments::take(args);
    if (!design)
        return design.error();
    Result r;
    if (auto e = AssumptionArguments::take(args, *design, r.design.assumptions, r.catalog))
        return *e;
    r.design.config = *design;
    auto evaluation = evaluate(r.design.config, r.design.assumptions, r.catalog);
    if (!evaluation)
        return evaluation.error();
    r.design.evaluation = *evaluation;

    if (hasCompare) {
        if (compare.isEmpty())
            return Error{{}, QStringLiteral("--compare"), tr("expected a preset name or a design file")};
        ModelConfig other;
        if (const Preset *p = PresetLibrary::builtIn().find(compare)) {
            other = p->config;
        } else if (QFileInfo::exists(compare)) {
            auto loaded = DesignFile::load(compare);
            if (!loaded)
                return loaded.error();
            other = *loaded;
        } else {
            return Error{{}, QStringLiteral("--compare"),
                         tr("\"%1\" is neither a preset (see: transformer-explorer presets) nor a file").arg(compare)};
        }
        // The same precisions as the design, so the comparison is about the architecture.
        other.weightPrecision = r.design.config.weightPrecision;
        other.kvPrecision = r.design.config.kvPrecision;
        auto otherEvaluation = evaluate(other, r.design.assumptions, r.catalog);
        if (!otherEvaluation) {
            Error e = otherEvaluation.error();
            if (e.file.isEmpty())
                e.file = compare;
            return e;
        }
        r.pinned = ChartFactory::Input{other, r.design.assumptions, *otherEvaluation};
    }
    return r;
}

std::optional<Error> EvaluatedArguments::takeImageSize(QStringList &args, QSize &pixels, int &dpi)
{
    int width = pixels.width();
    int height = pixels.height();
    if (auto e = takePositive(args, QStringLiteral("width"), width))
        return e;
    if (auto e = takePositive(args, QStringLiteral("height"), height))
        return e;
    if (auto e = takePositive(args, QStringLiteral("dpi"), dpi))
        return e;
    pixels = QSize(width, height);
    return ChartWriter::check(pixels, dpi);
}

Expected<QString, Error> EvaluatedArguments::takeOut(QStringList &args)
{
    bool present = false;
    const QString out = DesignArguments::takeOption(args, QStringLiteral("out"), &present);
    if (!present || out.isEmpty())
        return Error{{}, QStringLiteral("--out"), tr("name the file to write, e.g. --out report.pdf")};
    return out;
}

} // namespace tx
