#pragma once

#include "core/calibrate/calibrationtable.h"

#include <QJsonObject>

namespace tx {

// `calibrate --format json` (README "calibrate"): the design as run, the shape, the CPU and one
// row per figure with predicted, measured and error_percent (null when nothing was measured).
class CalibrationJson
{
public:
    static QJsonObject toJson(const CalibrationTable &table);
};

} // namespace tx
