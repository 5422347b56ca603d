#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/nn/forwardoptions.h"
#include "core/nn/forwardresult.h"
#include "core/nn/transformerweights.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tx {

// A small Transformer in Eigen, built from a ModelConfig: token (+ learned or sinusoidal)
// embeddings or RoPE, MHA/GQA/MQA with a causal or bidirectional mask (and an optional
// sliding window), LayerNorm/RMSNorm, pre/post norm, parallel blocks, GELU/ReLU/SiLU and
// gated FFNs, tied or untied head, biases where the design has them, shared layers.
// Matches Hugging Face GPT2LMHeadModel and LlamaForCausalLM to 1e-4 (tst_engine).
//
// Features the engine does not run (MoE, encoder-decoder, T5 buckets, ALBERT factorized
// embeddings, token types, LoRA) are refused by create(); EngineSizer::fit() swaps them for
// the nearest design the engine runs and says what it changed.
class Transformer
{
public:
    // "512 MB" of float32 weights, decimal megabytes like every byte figure in the program.
    static constexpr std::int64_t kDefaultCapBytes = 512'000'000;

    // Allocates the weights (zero matrices, unit norm scales). Refuses a design the engine
    // cannot run, or whose weights would take more than capBytes, before allocating anything.
    static Expected<Transformer, Error> create(const ModelConfig &config, std::int64_t capBytes = kDefaultCapBytes,
                                               float normEps = 1e-5f);

    // GPT-2's initialisation (Radford et al. 2019; HF GPT2PreTrainedModel._init_weights):
    // weights and embeddings ~ N(0, 0.02), residual output projections ~ N(0, 0.02/sqrt(2·layers)),
    // biases 0, norm scales 1. Same seed, same weights.
    void initGpt2Style(std::uint64_t seed);

    const ModelConfig &config() const { return m_config; }
    float normEps() const { return m_normEps; }
    int headDim() const { return m_headDim; }
    int rotaryDim() const { return m_rotaryDim; } // dims of each head RoPE rotates (0 without RoPE)
    TransformerWeights &weights() { return m_weights; }
    const TransformerWeights &weights() const { return m_weights; }
    // The stored layer executed layer `layer` runs (they differ when layers are shared).
    int storedLayer(int layer) const;
    int storedLayerCount() const;

    // One sequence of token ids in [0, vocab). Learned positions limit it to max_positions.
    Expected<ForwardResult, Error> forward(const std::vector<int> &tokens, const ForwardOptions &options = {}) const;
    // Several sequences (any lengths) in one pass: their rows are stacked for every matrix
    // product, attention stays within each sequence. One result per sequence.
    Expected<std::vector<ForwardResult>, Error> forwardBatch(const std::vector<std::vector<int>> &sequences,
                                                             const ForwardOptions &options = {}) const;

    // Longest sequence forward() accepts.
    int maxSequenceLength() const;

private:
    // All sequences' rows stacked through every product, on the calling thread (Eigen may
    // still split each product over OpenMP threads).
    Expected<std::vector<ForwardResult>, Error> forwardStacked(const std::vector<std::vector<int>> &sequences,
                                                               const ForwardOptions &options) const;

    ModelConfig m_config;
    float m_normEps = 1e-5f;
    int m_headDim = 0;
    int m_rotaryDim = 0;
    TransformerWeights m_weights;
};

} // namespace tx
