#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/formats/safetensors.h"
#include "core/nn/transformer.h"

#include <QCoreApplication>
#include <QJsonObject>

#include <optional>

namespace tx {

// T5's tensor names (transformers main, src/transformers/models/t5/modeling_t5.py,
// T5ForConditionalGeneration), which HfCheckpoint loads and saves for an encoder-decoder:
//
//   shared.weight (vocab, d): the token table both stacks read (encoder.embed_tokens and
//       decoder.embed_tokens are the same tensor; save_pretrained writes shared only)
//   {encoder,decoder}.block.N.layer.0.SelfAttention.{q,k,v,o}.weight, nn.Linear (out, in)
//   {encoder,decoder}.block.0.layer.0.SelfAttention.relative_attention_bias.weight (buckets, heads)
//   {encoder,decoder}.block.N.layer.0.layer_norm.weight
//   decoder.block.N.layer.1.EncDecAttention.{q,k,v,o}.weight, decoder.block.N.layer.1.layer_norm.weight
//   encoder.block.N.layer.1 / decoder.block.N.layer.2: DenseReluDense.wi.weight, or wi_0 (gate)
//       and wi_1 (up) for gated-gelu, DenseReluDense.wo.weight, layer_norm.weight
//   {encoder,decoder}.final_layer_norm.weight; lm_head.weight (vocab, d) when untied.
class HfT5Checkpoint
{
    Q_DECLARE_TR_FUNCTIONS(tx::HfT5Checkpoint)

public:
    // Whether T5's names hold the design: an encoder-decoder of RMSNorm pre-norm blocks without
    // biases, with relative buckets; otherwise an Error naming the field.
    static std::optional<Error> mismatch(const ModelConfig &config);
    // config.json as T5Config.save_pretrained writes it (model_type t5).
    static QJsonObject configJson(const ModelConfig &config, float normEps);
    static std::optional<Error> load(const Safetensors &file, Transformer &model);
    static std::optional<Error> save(const Transformer &model, const QString &path, Safetensors::Dtype dtype,
                                     const StopToken &stop = {});
};

} // namespace tx
