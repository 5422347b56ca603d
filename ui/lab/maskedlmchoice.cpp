#include "ui/lab/maskedlmchoice.h"

#include "core/train/corpus.h"
#include "core/train/trainingpreset.h"

namespace tx {

QString MaskedLmChoice::taskLabel()
{
    return tr("ALBERT encoder: masked characters of Alice in Wonderland");
}

TrainingRequest MaskedLmChoice::request()
{
    const TrainingPreset preset = TrainingPreset::maskedLmFor(true);
    TrainingRequest r;
    r.model = preset.model;
    r.task = preset.task;
    r.settings = preset.settings;
    auto text = Corpus::load(QStringLiteral("carroll-alice")); // bundled: never fails
    r.task.text = text ? *text : QString();
    r.task.textSource = QStringLiteral("carroll-alice");
    return r;
}

QString MaskedLmChoice::gridCaption()
{
    return tr("Attention on a masked window of the held-out text; the encoder reads it at once, so every "
              "character may look at later ones too:");
}

QString MaskedLmChoice::example()
{
    // The book's first sentence (carroll-alice) with a space and a letter hidden: the spaces come
    // first (a few hundred steps), the letters of words later (README "Training").
    return QStringLiteral("Alice was[MASK]beginning to get very tire[MASK] of sitting by her sister");
}

} // namespace tx
