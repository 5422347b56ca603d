#pragma once

#include "modelconfig.h"
#include "trainer.h"
#include "trainingtask.h"

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
