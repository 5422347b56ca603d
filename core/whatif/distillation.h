#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/hardwarecatalog.h"
#include "core/whatif/whatifoutcome.h"

#include <QCoreApplication>

namespace tx {

// Knowledge distillation (Hinton et al. 2015; DistilBERT, Sanh et al. 2019): a student of the
// teacher's proportions sized for a share of its parameters or for a device, trained on tokens
// the teacher labels with one forward pass each.
struct DistillationOptions
{
    double fraction = 0.5;  // student parameters / teacher parameters (when device is empty)
    QString device;         // non-empty: the largest student whose inference fits this device
    double tokens = 0;      // distillation tokens; 0 = 20 per student parameter (Hoffmann et al. 2022)
    bool operator==(const DistillationOptions &) const = default;
};

class Distillation
{
    Q_DECLARE_TR_FUNCTIONS(tx::Distillation)
public:
    static Expected<WhatIfOutcome, Error> whatIf(const ModelConfig &teacher, const Assumptions &assumptions,
                                                 const DistillationOptions &options,
                                                 const HardwareCatalog &catalog = HardwareCatalog::builtIn());
};

} // namespace tx
