#include "commands.h"

#include "app/designarguments.h"
#include "core/design/designfile.h"
#include "core/formats/hfconfigexporter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QTextStream>

namespace tx {

namespace {

struct ExportCommand
{
    Q_DECLARE_TR_FUNCTIONS(tx::ExportCommand)
};

int fail(const Error &e)
{
    QTextStream(stderr) << e.toString() << '\n';
    return 2;
}

} // namespace

// export --hf-config OUT/config.json (DESIGN_FILE | --preset NAME | --config FILE) [--set key=value ...]
int runExportCommand(QStringList args)
{
    bool present = false;
    const QString out = DesignArguments::takeOption(args, QStringLiteral("hf-config"), &present);
    if (!present || out.isEmpty())
        return fail({{}, QStringLiteral("--hf-config"), ExportCommand::tr("expected the config.json to write")});
    // A bare path is the design file.
    if (!args.isEmpty() && !args.first().startsWith(QLatin1String("--"))) {
        const QString file = args.takeFirst();
        args.prepend(file);
        args.prepend(QStringLiteral("--config"));
    }
    auto design = DesignArguments::take(args);
    if (!design)
        return fail(design.error());
    if (!args.isEmpty())
        return fail({{}, args.first(), ExportCommand::tr("unexpected argument")});
    QString path = out;
    if (QFileInfo(out).isDir())
        path = QDir(out).filePath(QStringLiteral("config.json"));
    if (const QString dir = QFileInfo(path).absolutePath(); !QDir().mkpath(dir))
        return fail({path, {}, ExportCommand::tr("cannot create the folder")});
    if (auto e = HfConfigExporter::write(*design, path))
        return fail(*e);
    QTextStream(stdout) << ExportCommand::tr("wrote %1").arg(path) << '\n';
    return 0;
}

} // namespace tx
