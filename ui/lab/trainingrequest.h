#pragma once

#include "core/design/modelconfig.h"
#include "core/train/trainer.h"
#include "core/train/trainingtask.h"

#include <QMetaType>

namespace tx {

// One training run as the training view asks for it (usually a TrainingPreset, maybe edited).
struct TrainingRequest
{
    ModelConfig model;
    bool attentionOnly = false;
    TrainingTask::Options task;
    TrainingSettings settings;
};

} // namespace tx

Q_DECLARE_METATYPE(tx::TrainingRequest)
