#pragma once

#include "ui/lab/trainingrequest.h"

#include <QCoreApplication>
#include <QString>

class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;

namespace tx {

// The training view's masked-LM choice: a small ALBERT (TrainingPreset::maskedLmFor) filling in
// hidden characters of Alice in Wonderland, and the texts the view shows for it.
class MaskedLmChoice
{
    Q_DECLARE_TR_FUNCTIONS(tx::MaskedLmChoice)

public:
    static QString taskLabel(); // the task menu's entry
    static TrainingRequest request();
    // The grid caption, the sampling box's title and the prompt's placeholder.
    static void showTexts(QLabel *gridCaption, QGroupBox *sampling, QLineEdit *prompt);
    // A sentence of the book with hidden characters, filled in greedily.
    static void setExample(QLineEdit *prompt, QDoubleSpinBox *temperature);
};

} // namespace tx
