#include "fuzz/modelfilecheck.h"

#include "core/modelfile/modelinspection.h"
#include "fuzz/fuzzsupport.h"

#include <QJsonDocument>

namespace tx::fuzz {

void inspectModel(const QString &path)
{
    auto inspection = ModelInspection::inspect(path);
    if (!inspection) {
        require(!inspection.error().message.isEmpty(), "an error without a message");
        refused(inspection.error().toString());
        return;
    }
    require(!QJsonDocument(inspection->toJson()).toJson().isEmpty(), "inspect JSON is empty");
    if (inspection->design)
        exerciseDesign(inspection->design->config);
    else
        refused(QStringLiteral("no design in the file"));
}

} // namespace tx::fuzz
