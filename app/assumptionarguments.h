#pragma once

#include "core/base/error.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/hardwarecatalog.h"

#include <QCoreApplication>
#include <QStringList>

#include <optional>

namespace tx {

// The estimate options of `size` (and later `report`), consumed from `args`:
//   --precision P --kv-precision P (fp32|fp16|bf16|fp8|int8|int4; they edit the design),
//   --batch N --seq N --tokens X --optimizer O --recompute R --flash --zero 0-3 --tp N
//   --device ID --devices N --mfu F --price USD --law L --hardware FILE
//   --output-tokens N --utilisation F (serving: generated tokens of each --seq, busy fraction).
// A bad value is an Error whose field is the flag ("--batch").
class AssumptionArguments
{
    Q_DECLARE_TR_FUNCTIONS(tx::AssumptionArguments)

public:
    static std::optional<Error> take(QStringList &args, ModelConfig &design, Assumptions &assumptions,
                                     HardwareCatalog &catalog);
};

} // namespace tx
