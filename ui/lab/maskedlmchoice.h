#pragma once

#include "ui/lab/trainingrequest.h"

#include <QCoreApplication>
#include <QString>

namespace tx {

// The training view's masked-LM choice: a small ALBERT (TrainingPreset::maskedLmFor) filling in
// hidden characters of Alice in Wonderland, and the texts the view shows for it.
class MaskedLmChoice
{
    Q_DECLARE_TR_FUNCTIONS(tx::MaskedLmChoice)

public:
    static QString taskLabel(); // the task menu's entry
    static TrainingRequest request();
    // The caption over the attention grid (the sampling box's texts are its Mode::MaskedLm).
    static QString gridCaption();
    // A sentence of the book with hidden characters, filled in greedily.
    static QString example();
};

} // namespace tx
