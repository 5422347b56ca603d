#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/estimate/hardwarecatalog.h"
#include "ui/charts/chartfactory.h"

#include <QCoreApplication>
#include <QSize>
#include <QStringList>

#include <optional>

namespace tx {

// What `report` and `chart` share: the design options (DesignArguments), the estimate flags
// (AssumptionArguments), an optional `--compare NAME|FILE` (a preset id or a design file,
// evaluated under the same assumptions), all evaluated. Consumes those options from `args`.
class EvaluatedArguments
{
    Q_DECLARE_TR_FUNCTIONS(tx::EvaluatedArguments)

public:
    struct Result
    {
        ChartFactory::Input design;
        std::optional<ChartFactory::Input> pinned;
        HardwareCatalog catalog;
    };

    static Expected<Result, Error> take(QStringList &args);
    // "--width/--height/--dpi" into a checked size; absent options keep the defaults.
    static std::optional<Error> takeImageSize(QStringList &args, QSize &pixels, int &dpi);
    // "--out FILE", required.
    static Expected<QString, Error> takeOut(QStringList &args);
};

} // namespace tx
