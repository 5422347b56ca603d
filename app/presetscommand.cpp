#include "commands.h"

#include "core/base/numberformat.h"
#include "core/design/presetlibrary.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace tx {

int runPresetsCommand(QStringList args)
{
    QTextStream out(stdout);
    const bool json = args.contains(QStringLiteral("json"));
    const auto &presets = PresetLibrary::builtIn().presets();
    if (json) {
        QJsonArray list;
        for (const Preset &p : presets) {
            QJsonObject o;
            o.insert(QStringLiteral("id"), p.id);
            o.insert(QStringLiteral("name"), p.config.name);
            o.insert(QStringLiteral("published_params"), qint64(p.publishedParams));
            o.insert(QStringLiteral("source"), p.config.source);
            list.append(o);
        }
        out << QJsonDocument(list).toJson(QJsonDocument::Indented);
        return 0;
    }
    int width = 0;
    for (const Preset &p : presets)
        width = std::max(width, int(p.id.size()));
    for (const Preset &p : presets) {
        out << p.id.leftJustified(width + 2) << p.config.name.leftJustified(22) << ' '
            << NumberFormat::exact(p.publishedParams).rightJustified(17) << " params\n";
    }
    return 0;
}

} // namespace tx
