// Transformer's token-by-token decoding with a KV cache: the cache it sizes, and decode(),
// which runs the one forward (Transformer::run) over the new tokens only.
#include "core/nn/transformer.h"

#include "core/nn/mlaattentionblock.h"
#include "core/nn/transformerrun.h"

#include <algorithm>

namespace tx {

KvCache Transformer::makeKvCache() const
{
    const ModelConfig &c = m_decoderStack;
    KvCache kv;
    kv.layers.resize(std::size_t(c.totalLayers())); // the decoder's layers (its encoder's keys come from encode())
    const bool mla = c.attention == AttentionKind::Mla;
    const int width = mla ? MlaAttentionBlock::cacheWidth(c) : c.nKvHeads * m_headDim;
    // A sliding window needs about `window` rows (twice that, so rows move only now and then);
    // full attention grows to the context as it fills.
    const int rows = c.slidingWindow > 0 ? std::min(c.maxPositions, 2 * c.slidingWindow) : std::min(c.maxPositions, 256);
    for (KvCache::Layer &l : kv.layers) {
        l.k.resize(rows, width);
        l.v.resize(mla ? 0 : rows, mla ? 0 : width); // MLA keeps no values: they come from the latent
    }
    return kv;
}

Expected<Mat, Error> Transformer::decode(const std::vector<int> &tokens, KvCache &kv) const
{
    const QString tokensField = QStringLiteral("tokens");
    const int T = int(tokens.size());
    if (T == 0)
        return Error{{}, tokensField, tr("the sequence is empty")};
    if (kv.length + T > maxSequenceLength())
        return Error{{}, tokensField,
                     tr("%1 tokens is longer than the model's context of %2").arg(kv.length + T).arg(maxSequenceLength())};
    for (int t = 0; t < T; ++t)
        if (tokens[std::size_t(t)] < 0 || tokens[std::size_t(t)] >= m_config.vocabSize)
            return Error{{}, tokensField,
                         tr("token %1 at position %2 is outside the vocabulary [0, %3)")
                             .arg(tokens[std::size_t(t)])
                             .arg(kv.length + t)
                             .arg(m_config.vocabSize)};
    if (isEncoderDecoder() && kv.encoderLength == 0)
        return Error{{}, tokensField, tr("the encoder-decoder has read no input yet: run its encoder first")};
    if (kv.layers.size() != std::size_t(m_decoderStack.totalLayers()))
        kv = makeKvCache();
    Run r;
    r.tokens = &tokens;
    r.offsets = {0, T};
    r.pos0 = kv.length;
    r.kv = &kv;
    Mat logits;
    r.logits = &logits;
    run(r);
    kv.length += T;
    return logits;
}

} // namespace tx
