#pragma once

#include "core/calibrate/calibrationsettings.h"
#include "core/design/modelconfig.h"

#include <QString>
#include <QStringList>

namespace tx {

// A design ready to calibrate: what the engine will run (float32 weights and KV cache) and the
// shape, both fixed before anything is predicted or measured so the two see the same.
struct CalibrationPlan
{
    ModelConfig config;           // scaled down when it did not fit settings.capBytes
    QStringList changes;
    CalibrationSettings settings; // seq capped by the positions, generate below seq
    bool trainable = true;        // the engine trains this design
    QString notTrainedReason;     // why not, when !trainable

    int promptTokens() const { return settings.seq - settings.generate; }
};

} // namespace tx
