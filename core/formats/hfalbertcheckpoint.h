#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/formats/safetensors.h"
#include "core/nn/transformer.h"

#include <QCoreApplication>
#include <QJsonObject>

#include <optional>

namespace tx {

// ALBERT's tensor names (transformers, src/transformers/models/albert/modeling_albert.py,
// AlbertForMaskedLM), which HfCheckpoint loads and saves for an encoder-only design:
//
//   albert.embeddings.{word,position,token_type}_embeddings.weight (V | P | types, e), nn.Embedding
//   albert.embeddings.LayerNorm.{weight,bias} (e)
//   albert.encoder.embedding_hidden_mapping_in.{weight (d, e), bias (d)}: the factorised table to d
//   albert.encoder.albert_layer_groups.G.albert_layers.0.: attention.{query,key,value,dense}
//       nn.Linear (out, in) with biases, attention.LayerNorm (after attention: the engine's norm1
//       of a post-norm block), ffn (f, d), ffn_output (d, f), full_layer_layer_norm (norm2).
//       Layer i runs group int(i / (layers / groups)), the engine's stored layer i / share_group_size.
//   predictions.dense (e, d) + bias, predictions.LayerNorm (e), predictions.bias (V): AlbertMLMHead;
//       predictions.decoder.weight is the word table and predictions.decoder.bias predictions.bias
//       (tied; save_pretrained drops both, as _tied_weights_keys says; load reads the bias under
//       either name).
//
// Carried, not run (Transformer::carried): AlbertForPreTraining's albert.pooler.{weight (d, d), bias}
// and sentence-order head sop_classifier.classifier.{weight (2, d), bias (2)}, read when the file
// has them and written back as read. Not held: inner_group_num above 1 (HfConfigImporter refuses it).
class HfAlbertCheckpoint
{
    Q_DECLARE_TR_FUNCTIONS(tx::HfAlbertCheckpoint)

public:
    // Whether ALBERT's names hold the design: a post-LayerNorm encoder with biases everywhere,
    // learned positions, token types, an embedding norm and a factorised table, layers shared in
    // runs of equal length, and the masked-LM head tied to the table; otherwise an Error naming
    // the field.
    static std::optional<Error> mismatch(const ModelConfig &config);
    // The design with AlbertForMaskedLM's head (mlm_head, tied, with its bias) and no pooler:
    // what a checkpoint of that class holds. HfConfigImporter reads AlbertModel's bare encoder.
    static void withMaskedLmHead(ModelConfig &config);
    // config.json as AlbertConfig.save_pretrained writes it (model_type albert).
    static QJsonObject configJson(const ModelConfig &config, float normEps);
    static std::optional<Error> load(const Safetensors &file, Transformer &model);
    static std::optional<Error> save(const Transformer &model, const QString &path, Safetensors::Dtype dtype,
                                     const StopToken &stop = {});
};

} // namespace tx
