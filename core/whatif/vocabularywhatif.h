#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/whatif/whatifoutcome.h"

#include <QCoreApplication>

#include <vector>

namespace tx {

// Vocabulary size on real text: byte-level BPE vocabularies of several sizes trained on a
// corpus with the project's tokenizer code (BpeTrainer, Bpe::merge), their tokens per character,
// the embedding and head they cost the design, and the same text's sequence length, memory and
// compute. Puts "byte-level BPE cuts the vocabulary / sequence 30–50 %" to the test.
struct VocabularyOptions
{
    QString corpus = QStringLiteral("tang-poems"); // a bundled corpus or a UTF-8 file (Corpus::load)
    std::vector<int> sizes = {256, 384, 512, 1024};
    int applySize = 0; // the vocabulary the design takes; 0 = the largest of `sizes`
    bool operator==(const VocabularyOptions &) const = default;
};

class VocabularyWhatIf
{
    Q_DECLARE_TR_FUNCTIONS(tx::VocabularyWhatIf)
public:
    static Expected<WhatIfOutcome, Error> whatIf(const ModelConfig &config, const Assumptions &assumptions,
                                                 const VocabularyOptions &options);
};

} // namespace tx
