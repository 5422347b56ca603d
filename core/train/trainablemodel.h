#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/nn/activationcache.h"
#include "core/nn/headscore.h"
#include "core/nn/transformer.h"
#include "core/train/expertload.h"
#include "core/train/parameter.h"
#include "core/train/trainingbatch.h"

#include <atomic>
#include <cstdint>
#include <vector>
#include <QCoreApplication>

namespace tx {

// The engine's Transformer with what training adds to it: gradients and AdamW moments (the
// same TransformerWeights layout, walked through one registry), the activations of the last
// forward, and the masked cross-entropy of its batch: the next token's, an encoder-decoder's
// target's (teacher-forced) or an encoder's masked tokens' (the batch's targets at its own
// positions, read bidirectionally). The forward and backward passes are the Transformer's own;
// there is no second model and nothing to convert: transformer() is the model that runs,
// saves and shows its attention.
class TrainableModel
{
    Q_DECLARE_TR_FUNCTIONS(tx::TrainableModel)

public:
    // Weights plus gradients plus two AdamW moments take 16 bytes per parameter.
    static constexpr std::int64_t kDefaultCapBytes = 512'000'000;

    // Refuses what the engine does not train (EngineSizer::unsupported, purpose Train) and
    // designs over the cap. The weights start from initGpt2Style(0).
    static Expected<TrainableModel, Error> create(const ModelConfig &config, bool attentionOnly = false,
                                                  std::int64_t capBytes = kDefaultCapBytes, float normEps = 1e-5f);
    // Trains on from a model's weights (e.g. one HfCheckpoint::load read).
    static Expected<TrainableModel, Error> fromTransformer(Transformer model, std::int64_t capBytes = kDefaultCapBytes);

    // Transformer::initGpt2Style, and fresh optimizer moments.
    void initGpt2Style(std::uint64_t seed);

    const Transformer &transformer() const { return m_model; }
    const ModelConfig &config() const { return m_model.config(); }
    bool attentionOnly() const { return m_model.attentionOnly(); }
    int maxSequenceLength() const { return m_model.maxSequenceLength(); }
    std::int64_t parameterCount() const { return m_model.parameterCount(); }
    // Every learned tensor with its gradient and moments, in registry order (views into this
    // object: valid until it is moved or destroyed).
    std::vector<Parameter> parameters();

    // Threads for this model's passes; 0 = all cores. On more than one thread a batch of several
    // sequences is split into as many shards of whole sequences: each thread runs the forward and
    // backward of its shard with single-threaded products and its own activations and gradients,
    // and the gradients are added in shard order (deterministic: the same batch and thread count
    // give the same gradients bit for bit). One thread, or one sequence, runs the batch whole.
    void setThreads(int threads) { m_threads = threads; }
    int threads() const { return m_threads; }

    // Runs the batch (ids < vocab and seqLen <= maxSequenceLength(); the caller checks) and
    // returns the mean masked cross-entropy in nats (an encoder-decoder reads a seq2seq batch:
    // sources in its encoder, the shifted targets in its decoder), keeping the activations for backward().
    // correct/counted: masked positions predicted right / counted. Returns a negative value
    // when `stop` turns true between layers.
    double forward(const TrainingBatch &batch, int *correct = nullptr, int *counted = nullptr,
                   const std::atomic<bool> *stop = nullptr);
    // Gradients of the last forward's loss into every Parameter::grad (zeroed first).
    // Returns false when `stop` turned true between layers (grads then incomplete).
    bool backward(const std::atomic<bool> *stop = nullptr);

    const Mat &logits() const; // (B*T, vocab) of the last forward
    // (B*nHeads*T, T) attention probabilities of layer `layer` in the last forward:
    // block b*nHeads + h is sequence b, head h; row = query, col = key.
    const Mat &attention(int layer) const;
    // Encoder-decoder: (B*nHeads*Te, Te) the encoder's layer `layer` self-attention, and
    // (B*nHeads*T, Te) decoder layer `layer`'s cross-attention, in the same block order.
    const Mat &encoderAttention(int layer) const;
    const Mat &crossAttention(int layer) const;
    bool isEncoderDecoder() const { return m_model.isEncoderDecoder(); }
    // Every head's scores on the last forward's batch, which must have been `probe`: an
    // encoder-decoder's encoder heads first, then the decoder's self-attention heads, then its
    // cross-attention heads (HeadScore::kind says which), layer by layer. An encoder alone's
    // heads are EncoderSelf ones.
    std::vector<HeadScore> headScores(const TrainingBatch &probe) const;
    // How the last forward's routers spread its rows over the experts: one entry per sparse layer
    // of the decoder (or only) stack, in order, every shard's rows added; empty for a dense model.
    std::vector<ExpertLoad> expertLoad() const;

private:
    explicit TrainableModel(Transformer model);

    Transformer m_model;
    TransformerWeights m_grad;  // d loss / d weights, same layout
    TransformerWeights m_adamM; // AdamW moments, same layout (empty until the first step)
    TransformerWeights m_adamV;
    int m_threads = 0;
    // The last forward's batch in shards of whole sequences, one per thread (one shard when it ran
    // whole): each shard's activations, d loss / d logits (its rows, vocab) and, from the second
    // shard on, gradients that backward() adds into m_grad.
    std::vector<ActivationCache> m_caches;
    std::vector<Mat> m_dLogits;
    std::vector<TransformerWeights> m_shardGrads; // (shards - 1), allocated on the first split
    // logits() and attention() of a split forward, the shards' rows stacked when first asked for.
    mutable Mat m_joinedLogits;
    mutable std::vector<Mat> m_joinedProbs, m_joinedEncoderProbs, m_joinedCrossProbs;
    mutable bool m_joined = false;
};

} // namespace tx
