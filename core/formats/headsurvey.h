#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/nn/headrole.h"
#include "core/nn/transformer.h"
#include "core/tokenize/tokenizer.h"

#include <QString>

#include <atomic>
#include <cstdint>
#include <vector>

namespace tx {

// Finds and names a model's heads (HeadRole) on a text: one forward pass over the text (at most
// the model's context) for the previous-token, first-token and delimiter scores, and one over a
// random sequence repeated once for the induction score. The random tokens are characters of the
// tokenizer's vocabulary past the 256 byte tokens when it has them (a character model then sees
// characters, not stray bytes), drawn with tx::Rng from `seed`.
class HeadSurvey
{
public:
    struct Result
    {
        std::vector<HeadRole> roles;
        int textTokens = 0;   // tokens of the text that were run
        int repeatLength = 0; // tokens of the repeated segment
    };

    // `cancel` is checked before every layer of both passes (an Error when it turned true).
    static Expected<Result, Error> run(const Transformer &model, const Tokenizer &tokenizer, const QString &text,
                                       std::uint64_t seed = 1, const std::atomic<bool> *cancel = nullptr);
    // Punctuation, spaces and line breaks: what the delimiter role counts, by token label.
    static bool isDelimiter(const QString &label);
};

} // namespace tx
