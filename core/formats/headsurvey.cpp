#include "core/formats/headsurvey.h"

#include "core/base/rng.h"

#include <algorithm>

namespace tx {

bool HeadSurvey::isDelimiter(const QString &label)
{
    if (label == QStringLiteral("↵") || label == QStringLiteral("␣"))
        return true;
    return label.size() == 1 && (label.at(0).isPunct() || label.at(0).isSpace());
}

Expected<HeadSurvey::Result, Error> HeadSurvey::run(const Transformer &model, const Tokenizer &tokenizer,
                                                   const QString &text, std::uint64_t seed,
                                                   const std::atomic<bool> *cancel)
{
    const int context = std::min(model.maxSequenceLength(), 256);
    std::vector<int> tokens = tokenizer.encode(text);
    if (int(tokens.size()) > context)
        tokens.resize(std::size_t(context));
    const int vocab = model.config().vocabSize;
    tokens.erase(std::remove_if(tokens.begin(), tokens.end(), [vocab](int t) { return t < 0 || t >= vocab; }),
                 tokens.end());
    ForwardOptions options;
    options.captureAttention = true;
    options.cancel = cancel;
    auto onText = model.forward(tokens, options);
    if (!onText)
        return onText.error();
    const QStringList labels = tokenizer.labels(tokens);
    std::vector<bool> delimiter;
    for (const QString &l : labels)
        delimiter.push_back(isDelimiter(l));

    // A random segment and its copy, filling the context (at most 2 × 32 tokens).
    Result r;
    r.textTokens = int(tokens.size());
    r.repeatLength = std::max(2, std::min(32, context / 2));
    const int lo = tokenizer.vocabSize() > 256 && vocab > 256 + r.repeatLength ? 256 : 0;
    Rng rng(seed);
    std::vector<int> repeated;
    for (int i = 0; i < r.repeatLength; ++i)
        repeated.push_back(lo + rng.uniformInt(vocab - lo));
    const std::vector<int> copy = repeated;
    repeated.insert(repeated.end(), copy.begin(), copy.end());
    auto onRepeat = model.forward(repeated, options);
    if (!onRepeat)
        return onRepeat.error();
    r.roles = HeadRole::name(*onText, delimiter, *onRepeat, 0, r.repeatLength);
    return r;
}

} // namespace tx
