#pragma once

#include "ui/lab/trainingrequest.h"

#include <QCoreApplication>
#include <QString>

namespace tx {

// The training view's masked-LM choice: a small ALBERT (TrainingPreset::maskedLmFor) filling in
// hidden characters of Alice in Wonderland, and the texts the view shows for it (the sampling
// box's are its Mode::MaskedCharacters).
class MaskedLmChoice
{
    Q_DECLARE_TR_FUNCTIONS(tx::MaskedLmChoice)

public:
    static QString taskLabel();   // the task menu's entry
    static QString gridCaption(); // above the attention grid
    // A sentence of the book with hidden characters, to be filled in greedily.
    static QString example();
    static TrainingRequest request();
};

} // namespace tx
