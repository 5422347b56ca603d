#pragma once

#include "core/tokenize/tokenizer.h"

namespace tx::fuzz {

// Encodes a fixed text (ASCII, spaces, digits, Chinese, an emoji, control characters), checks
// every id is inside the vocabulary, and decodes and labels the ids: what the attention view does
// with a loaded tokenizer.
void exerciseTokenizer(const Tokenizer &tokenizer);

} // namespace tx::fuzz
