#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/whatif/whatifoutcome.h"

#include <QCoreApplication>

#include <cstdint>
#include <vector>

namespace tx {

// The seed's model-size guide by task, set against the design: "classification / NER:
// 50–100 M (DistilBERT); translation: 300 M–1 B; dialogue: > 1 B", each with presets to jump to
// and their exact counts.
class SizeGuide
{
    Q_DECLARE_TR_FUNCTIONS(tx::SizeGuide)
public:
    struct Task
    {
        QString key;          // "classification", "translation", "dialogue"
        QString label;        // translated
        double lowParams = 0; // the seed's range (parameters); high 0 = no upper bound
        double highParams = 0;
        QStringList presets;  // preset ids of the seed's examples
    };
    static std::vector<Task> tasks();
    // The task whose range holds `params`, or empty.
    static QString taskFor(double params);
    // `jumpTo`: a preset id of one of the examples, or empty to stay on the design.
    static Expected<WhatIfOutcome, Error> whatIf(const ModelConfig &config, const Assumptions &assumptions,
                                                 const QString &jumpTo = {});
};

} // namespace tx
