#pragma once

#include "core/whatif/whatifoutcome.h"

#include <QJsonObject>

namespace tx {

// `whatif --format json`: the keys are listed in the README ("What if…").
class WhatIfJson
{
public:
    static QJsonObject toJson(const WhatIfOutcome &outcome);
};

} // namespace tx
