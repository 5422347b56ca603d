#include "fuzz/fuzzsupport.h"

#include "core/design/designfile.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/explainer.h"
#include "core/estimate/paramcounter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace tx::fuzz {

namespace {

std::unique_ptr<QTemporaryDir> g_scratch;

void quietHandler(QtMsgType type, const QMessageLogContext &, const QString &message)
{
    if (type == QtFatalMsg) {
        std::fprintf(stderr, "qFatal: %s\n", qPrintable(message));
        std::abort();
    }
}

} // namespace

void initialize()
{
    qInstallMessageHandler(quietHandler);
    const QString base = QDir(QStringLiteral("/dev/shm")).exists() ? QStringLiteral("/dev/shm") : QDir::tempPath();
    g_scratch = std::make_unique<QTemporaryDir>(base + QStringLiteral("/tx-fuzz-XXXXXX"));
    require(g_scratch->isValid(), "cannot create the scratch folder");
    std::atexit([] { g_scratch.reset(); });
}

QString scratchDir()
{
    return g_scratch->path();
}

QString writeScratch(const QString &name, const QByteArray &bytes)
{
    const QString path = g_scratch->filePath(name);
    QFile f(path);
    require(f.open(QIODevice::WriteOnly | QIODevice::Truncate), "cannot write the scratch file");
    require(f.write(bytes) == bytes.size(), "short write to the scratch file");
    f.close();
    return path;
}

void refused(const QString &why)
{
    static const bool verbose = qEnvironmentVariableIntValue("TX_FUZZ_VERBOSE") == 1;
    if (verbose)
        std::fprintf(stderr, "refused: %s\n", qPrintable(why));
}

void require(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
        std::abort();
    }
}

void exerciseDesign(const ModelConfig &config)
{
    // Saving what was loaded and loading it again gives the same design: nothing is lost.
    const QByteArray saved = DesignFile::serialize(config);
    auto again = DesignFile::parse(saved, QStringLiteral("round-trip.json"));
    if (!again)
        std::fprintf(stderr, "round trip: %s\n%s\n", qPrintable(again.error().toString()), saved.constData());
    require(again.hasValue(), "a loaded design saves to a file that does not load");
    require(*again == config, "a loaded design saves to a file that loads as another design");

    auto count = countParams(config);
    if (!count) {
        refused(QStringLiteral("countParams: ") + count.error().toString());
        return;
    } // an invalid design is an error value, which is all we ask of it
    require(count->total >= 0 && count->active >= 0, "negative parameter count");

    const Assumptions assumptions;
    auto evaluation = evaluate(config, assumptions);
    if (!evaluation) {
        refused(QStringLiteral("evaluate: ") + evaluation.error().toString());
        return;
    }
    require(evaluation->params.total == count->total, "evaluate() and countParams() disagree");
    for (const Figure &f : explain(config, assumptions, *evaluation)) {
        if (!std::isfinite(f.value))
            std::fprintf(stderr, "figure %s = %g\n", qPrintable(f.key), f.value);
        require(std::isfinite(f.value), "a figure is NaN or infinite");
    }
}

} // namespace tx::fuzz
