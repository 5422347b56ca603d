#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace tx {

// Text to token ids and back.
class Tokenizer
{
public:
    virtual ~Tokenizer() = default;

    virtual std::vector<int> encode(const QString &text) const = 0;
    virtual QString decode(const std::vector<int> &ids) const = 0;
    // One short label per token, for token chips and axis labels (a byte tokenizer labels a
    // multi-byte character's first byte with the character and the others with "·").
    virtual QStringList labels(const std::vector<int> &ids) const = 0;
    // Ids run from 0 to vocabSize() - 1.
    virtual int vocabSize() const = 0;
    // "bytes", "gpt2-bpe" or "tokenizer.json".
    virtual QString kind() const = 0;

    // The tokenizer files in a model folder: tokenizer.json first, then vocab.json + merges.txt.
    // Returns nullptr (no error) when the folder holds neither.
    static Expected<std::shared_ptr<Tokenizer>, Error> fromDirectory(const QString &dir);
};

} // namespace tx
