#pragma once

#include "core/design/modelconfig.h"

#include <QMetaType>
#include <QString>

namespace tx {

// What the step-through asks its worker for: the shipped demo model or the current design (with
// seeded random weights, scaled under the cap), the text, and the head whose Q and weights to show.
struct ForwardStepRequest
{
    bool demo = true;
    ModelConfig config;   // the design, when !demo
    QString text;
    int head = 0;         // 0-based query head
};

} // namespace tx

Q_DECLARE_METATYPE(tx::ForwardStepRequest)
