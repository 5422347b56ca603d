#include "designarguments.h"

#include "core/design/designedits.h"
#include "core/design/designfile.h"
#include "core/design/presetlibrary.h"
#include "core/formats/hfconfigimporter.h"

#include <QCoreApplication>

namespace tx {

namespace {
} // namespace

QString DesignArguments::takeOption(QStringList &args, const QString &name, bool *present)
{
    if (present)
        *present = false;
    const QString flag = QStringLiteral("--") + name;
    for (int i = 0; i < args.size(); ++i) {
        if (args[i] == flag) {
            if (present)
                *present = true;
            if (i + 1 >= args.size()) {
                args.removeAt(i);
                return QString(); // present but without a value: callers report it
            }
            const QString value = args[i + 1];
            args.remove(i, 2);
            return value.isNull() ? QStringLiteral("") : value;
        }
        if (args[i].startsWith(flag + QLatin1Char('='))) {
            if (present)
                *present = true;
            const QString value = args[i].mid(flag.size() + 1);
            args.removeAt(i);
            return value.isNull() ? QStringLiteral("") : value;
        }
    }
    return QString();
}

bool DesignArguments::takeFlag(QStringList &args, const QString &name)
{
    return args.removeAll(QStringLiteral("--") + name) > 0;
}

Expected<ModelConfig, Error> DesignArguments::take(QStringList &args)
{
    bool hasPreset = false, hasConfig = false, hasHf = false;
    const QString preset = takeOption(args, QStringLiteral("preset"), &hasPreset);
    const QString config = takeOption(args, QStringLiteral("config"), &hasConfig);
    const QString hf = takeOption(args, QStringLiteral("hf-config"), &hasHf);
    if (int(hasPreset) + int(hasConfig) + int(hasHf) > 1)
        return Error{{}, QStringLiteral("--preset/--config/--hf-config"), tr("give only one design source")};

    ModelConfig design;
    if (hasPreset) {
        if (preset.isEmpty())
            return Error{{}, QStringLiteral("--preset"), tr("missing preset name")};
        const Preset *p = PresetLibrary::builtIn().find(preset);
        if (!p) {
            return Error{{}, QStringLiteral("--preset"),
                         tr("unknown preset \"%1\" (run `transformer-explorer presets` for the list)").arg(preset)};
        }
        design = p->config;
    } else if (hasConfig) {
        if (config.isEmpty())
            return Error{{}, QStringLiteral("--config"), tr("missing file name")};
        auto loaded = DesignFile::load(config);
        if (!loaded)
            return loaded.error();
        design = *loaded;
    } else if (hasHf) {
        if (hf.isEmpty())
            return Error{{}, QStringLiteral("--hf-config"), tr("missing file name")};
        auto loaded = HfConfigImporter::load(hf);
        if (!loaded)
            return loaded.error();
        design = *loaded;
    }

    for (;;) {
        bool hasSet = false;
        const QString setting = takeOption(args, QStringLiteral("set"), &hasSet);
        if (!hasSet)
            break;
        const int eq = setting.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return Error{{}, QStringLiteral("--set"), tr("expected key=value, got \"%1\"").arg(setting)};
        if (auto err = DesignEdits::set(design, setting.left(eq), setting.mid(eq + 1)))
            return *err;
    }
    return design;
}

} // namespace tx
