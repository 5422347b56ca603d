#include "core/nn/decoder.h"

#include <algorithm>

namespace tx {

Expected<std::vector<int>, Error> Decoder::generate(const std::vector<int> &prompt, int count,
                                                    const SamplingOptions &options, int context,
                                                    const std::function<bool(int)> &onToken,
                                                    const std::atomic<bool> *cancel)
{
    const int maxT = context > 0 ? std::min(context, m_model.maxSequenceLength()) : m_model.maxSequenceLength();
    std::vector<int> tokens = prompt.empty() ? std::vector<int>{0} : prompt;
    if (int(tokens.size()) > maxT)
        tokens.erase(tokens.begin(), tokens.end() - maxT);
    KvCache kv = m_model.makeKvCache();
    if (m_model.isEncoderDecoder()) {
        // T5's generate: the encoder reads the prompt once (its keys and values stay in kv), the
        // decoder starts from decoder_start_token_id.
        if (auto e = m_model.encode(tokens, kv))
            return *e;
        tokens = {Transformer::kDecoderStartToken};
    }
    Sampler sampler(options);
    std::vector<int> out;
    out.reserve(std::size_t(std::max(0, count)));
    auto logits = m_model.decode(tokens, kv); // the prompt at once
    if (!logits)
        return logits.error();
    const int V = m_model.config().vocabSize;
    for (int n = 0; n < count; ++n) {
        if (cancel && cancel->load())
            break;
        const int next = sampler.next(logits->row(logits->rows() - 1).data(), V);
        out.push_back(next);
        tokens.push_back(next);
        if (onToken && !onToken(next))
            break;
        if (n + 1 == count)
            break;
        if (kv.length >= maxT) {
            // Context full: start again from the last half of it.
            const std::vector<int> tail(tokens.end() - std::max(1, maxT / 2), tokens.end());
            kv.clear();
            logits = m_model.decode(tail, kv);
        } else {
            logits = m_model.decode({next}, kv);
        }
        if (!logits)
            return logits.error();
    }
    return out;
}

} // namespace tx
