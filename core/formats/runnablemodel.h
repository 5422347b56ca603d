#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/base/stoptoken.h"
#include "core/nn/transformer.h"
#include "core/tokenize/tokenizer.h"

#include <atomic>
#include <memory>

namespace tx {

// A model the engine runs, with the tokenizer that reads text for it. The attention view's
// worker and `transformer-explorer run` prepare their models here.
struct RunnableModel
{
    Transformer model;
    std::shared_ptr<Tokenizer> tokenizer; // nullptr: the model takes token ids only

    // A Hugging Face checkpoint (a folder, or a .safetensors file with config.json beside it)
    // and the tokenizer files beside it; without them, bytes when the vocabulary holds 256.
    // `stop`: HfCheckpoint::load's (an Error "cancelled" within one chunk of the weights).
    static Expected<RunnableModel, Error> fromCheckpoint(const QString &path, std::int64_t capBytes,
                                                         const StopToken &stop = {});
    // A design with GPT-2-style random weights from `seed`, reading bytes when the vocabulary
    // holds 256. The design must fit the engine (EngineSizer::fit scales one down). When `stop`
    // turns true while the weights are allocated or drawn, an Error ("cancelled") within a few
    // milliseconds.
    static Expected<RunnableModel, Error> fromDesign(const ModelConfig &config, std::int64_t capBytes,
                                                     std::uint64_t seed, const std::atomic<bool> *stop = nullptr);
    // Bytes (ByteTokenizer) when the vocabulary holds all 256 of them, else nullptr.
    static std::shared_ptr<Tokenizer> byteTokenizerFor(const ModelConfig &config);
};

} // namespace tx
