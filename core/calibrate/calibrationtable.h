#pragma once

#include "core/calibrate/calibrationrow.h"
#include "core/calibrate/calibrationsettings.h"
#include "core/calibrate/cpupeak.h"
#include "core/design/modelconfig.h"

#include <QStringList>

#include <cstdint>
#include <vector>

namespace tx {

// Predicted against measured for one design on this computer.
struct CalibrationTable
{
    ModelConfig config;          // the design as run (scaled down when the engine needed it)
    QStringList changes;         // what scaling down changed, one line each ("n_layers: 32 → 2")
    std::int64_t params = 0;     // parameters of `config`
    CalibrationSettings settings; // the shape, T already capped
    int promptTokens = 0;        // T − generate
    bool trained = true;         // false: the engine does not train the design; no training rows
    CpuPeak cpu;
    std::vector<CalibrationRow> rows;

    const CalibrationRow *row(const QString &key) const
    {
        for (const CalibrationRow &r : rows)
            if (r.key == key)
                return &r;
        return nullptr;
    }
};

} // namespace tx
