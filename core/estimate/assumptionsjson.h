#pragma once

#include "core/estimate/assumptions.h"

#include <QJsonObject>

namespace tx {

// Every field of Assumptions as JSON, for the autosave's pinned design (ui/shell/autosave.h):
//   { "batch": 1, "seq": 2048, "tokens": 3e11, "optimizer": "adamw-mixed", "recompute": "none",
//     "flash": false, "zero": 0, "tp": 1, "devices": 1, "device": "h100-sxm-80gb", "mfu": 0.4,
//     "price_per_hour": -1, "overhead": 0.1, "law": "chinchilla", "output_tokens": 256,
//     "utilisation": 0.5, "weights_bytes": -1 }
// Keys are the command line's names where it has them. Reading starts from the defaults and
// takes each key whose value has the right type, so an older file still reads.
class AssumptionsJson
{
public:
    static QJsonObject toJson(const Assumptions &a);
    static Assumptions fromJson(const QJsonObject &o);
};

} // namespace tx
