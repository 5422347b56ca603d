#pragma once

#include "core/tokenize/bpe.h"

#include <QString>

namespace tx {

// Byte-level BPE training (Sennrich et al. 2016; GPT-2's byte alphabet): start from the 256
// byte values, repeatedly merge the most frequent adjacent pair (ties: the smaller pair) until
// the vocabulary has `vocabSize` tokens or no pair occurs twice. The text is split before each
// run of spaces, so a word keeps its leading space as in GPT-2. Tokens are strings of
// Latin-1 code units, one per byte.
class BpeTrainer
{
public:
    static Bpe train(const QString &text, int vocabSize);
    // The tokens `bpe` cuts `text` into, through Bpe::merge on each piece.
    static qint64 countTokens(const Bpe &bpe, const QString &text);
    // The text's pieces: split before each run of white space.
    static QStringList pieces(const QString &text);
};

} // namespace tx
