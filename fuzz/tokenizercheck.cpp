#include "fuzz/tokenizercheck.h"

#include "fuzz/fuzzsupport.h"

namespace tx::fuzz {

void exerciseTokenizer(const Tokenizer &tokenizer)
{
    static const QString text = QStringLiteral("Hello, world!  It's 2026: 注意力机制 \U0001F600\t\n\u00e9x ");
    const std::vector<int> ids = tokenizer.encode(text);
    for (int id : ids)
        require(id >= 0 && id < tokenizer.vocabSize(), "an encoded id outside the vocabulary");
    const QStringList labels = tokenizer.labels(ids);
    require(labels.size() == qsizetype(ids.size()), "one label per token");
    tokenizer.decode(ids);
    // Ids the model could produce, at both ends of the vocabulary.
    if (tokenizer.vocabSize() > 0) {
        const std::vector<int> edges{0, tokenizer.vocabSize() - 1, tokenizer.vocabSize() / 2};
        tokenizer.decode(edges);
        tokenizer.labels(edges);
    }
}

} // namespace tx::fuzz
