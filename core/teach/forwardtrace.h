#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/nn/transformer.h"
#include "core/teach/forwardstep.h"
#include "core/teach/nexttoken.h"
#include "core/tokenize/tokenizer.h"

#include <QCoreApplication>

#include <atomic>
#include <vector>

namespace tx {

// One forward pass of the engine, stage by stage (tokens → embeddings → each layer's norm, Q of
// one head, attention weights, output, FFN → logits → next token). It runs the engine's own
// forwardCached and reads its ActivationCache: no second forward.
struct ForwardTrace
{
    Q_DECLARE_TR_FUNCTIONS(tx::ForwardTrace)

public:
    std::vector<int> tokens;     // (T)
    QStringList tokenLabels;     // (T)
    std::vector<ForwardStep> steps;
    std::vector<float> lastLogits; // (vocab) logits after the last token
    std::vector<NextToken> top;  // the 5 most likely next tokens at temperature 1
    QStringList vocabLabels;     // (vocab) every token's label, for the sampled one

    // head: the query head whose Q and attention weights are shown (clamped to the heads).
    static Expected<ForwardTrace, Error> run(const Transformer &model, const std::vector<int> &tokens,
                                             const Tokenizer *tokenizer, int head = 0,
                                             const std::atomic<bool> *stop = nullptr);
    // The `count` most likely next tokens after temperature and top-k (Sampler::candidates;
    // temperature <= 0 is greedy, topK <= 0 keeps all), probabilities renormalised over them.
    static std::vector<NextToken> nextTokens(const std::vector<float> &logits, const Tokenizer *tokenizer,
                                             double temperature, int topK, int count = 5);
};

} // namespace tx
