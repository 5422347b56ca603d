#pragma once

#include "core/design/modelconfig.h"
#include "core/estimate/evaluation.h"
#include "core/estimate/figure.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace tx {

// The five numbers every what-if shows before and after.
struct WhatIfSide
{
    std::int64_t params = 0;   // stored parameters of the design (trainable ones are a figure)
    double weightsBytes = 0;   // weights in memory (bytes, at the side's precision)
    double trainingBytes = 0;  // training (or fine-tuning) memory of one device (bytes)
    double flopsPerToken = 0;  // forward FLOPs per token (FLOP/token)
    double loss = 0;           // predicted loss (nats/token); 0 = the law does not predict it here
};

// A side as evaluate() sees a design: stored parameters, inference weights, training memory of
// one replica, forward FLOPs per token, the scaling law's loss.
WhatIfSide sideOf(const Evaluation &e);

// One part of the memory bar a user holds against a measurement (bytes).
struct WhatIfPart
{
    QString key;   // JSON key: "frozen_base", "adapters", …
    QString title; // translated
    double bytes = 0;
};

// A table some what-ifs add: factorisation groups, pipeline stages, vocabulary sizes, the size guide.
struct WhatIfTable
{
    struct Row
    {
        QString key;   // JSON key of the row ("attention", "sft", "8000", …)
        QString label; // translated
        std::vector<double> values; // one per column, in the column's unit
    };
    QString key;   // JSON key of the table
    QString title; // translated
    QStringList columnKeys;
    QStringList columnTitles; // translated
    QStringList columnUnits;  // "params", "bytes", "FLOP", "FLOP/token", "tokens", "s", "USD", "ratio", "count"
    std::vector<Row> rows;
};

// What one what-if did to the current design: before → after, the working, and the design
// it leads to (the window applies it in one undoable step).
struct WhatIfOutcome
{
    QString id;    // "finetune", "factorise", "prune", "distil", "pipeline", "guide", "vocabulary"
    QString title; // translated
    WhatIfSide before;
    WhatIfSide after;
    QString trainingNote;      // what "training memory" means on this what-if (translated)
    std::vector<Figure> figures; // formulas with the numbers filled in, and their sources
    std::vector<WhatIfPart> parts; // the memory bar of the after side (may be empty)
    std::vector<WhatIfTable> tables;
    QStringList notes;         // assumptions and caveats (translated)
    ModelConfig design;        // the design after the what-if
    bool changesDesign = true; // false when the what-if only informs (the size guide)
};

} // namespace tx
