#include "core/formats/hfmappers.h"

#include "core/formats/hfconfigimporter.h"
#include "core/formats/hfconfigreader.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>
#include <vector>

namespace tx::hfmap {

// transformers' ACT2FN names. Only the FFN's shape matters to the count, but an unknown
// name is more likely a typo than a new activation, so it is reported.
bool parseActivation(HfConfigReader &r, std::initializer_list<const char *> keys, const QString &fallback, Activation &out)
{
    const char *key = nullptr;
    const QString name = r.optionalString(keys, fallback, &key).toLower();
    if (name == QLatin1String("relu")) {
        out = Activation::Relu;
    } else if (name == QLatin1String("gelu") || name == QLatin1String("gelu_python")
               || name == QLatin1String("gelu_10") || name == QLatin1String("quick_gelu")) {
        out = Activation::Gelu;
    } else if (name == QLatin1String("gelu_new") || name == QLatin1String("gelu_fast")
               || name == QLatin1String("gelu_pytorch_tanh")) {
        out = Activation::GeluTanh;
    } else if (name == QLatin1String("silu") || name == QLatin1String("swish")) {
        out = Activation::Silu;
    } else {
        r.fail(key, HfConfigImporter::tr("unknown activation \"%1\" (expected relu, gelu, gelu_new, gelu_pytorch_tanh, silu)").arg(name));
        return false;
    }
    r.note("activation", key);
    return true;
}

// Layouts shared by several families.
void setDecoderDefaults(ModelConfig &c)
{
    c.layout = Layout::DecoderOnly;
    c.normPlacement = NormPlacement::Pre;
    c.finalNorm = true;
    c.lmHead = true;
    c.tokenTypes = 0;
    c.pooler = false;
    c.embeddingNorm = false;
}

void setBertLike(ModelConfig &c)
{
    // BertModel/RobertaModel/AlbertModel: post-LN encoder, embedding LayerNorm, pooler, no LM head.
    c.layout = Layout::EncoderOnly;
    c.positions = PositionKind::Learned;
    c.norm = NormKind::LayerNorm;
    c.normPlacement = NormPlacement::Post;
    c.finalNorm = false;
    c.ffn = FfnKind::Dense2;
    c.qkvBias = c.attnOutBias = c.ffnBias = true;
    c.embeddingNorm = true;
    c.pooler = true;
    c.lmHead = false;
    c.tiedEmbeddings = false;
    c.lmHeadBias = false;
}

void mapBert(HfConfigReader &r, ModelConfig &c, int defaultPositions, int defaultTypes)
{
    setBertLike(c);
    c.dModel = r.requiredInt({"hidden_size"}, "d_model");
    c.nLayers = r.requiredInt({"num_hidden_layers"}, "n_layers");
    c.nHeads = r.requiredInt({"num_attention_heads"}, "n_heads");
    c.nKvHeads = c.nHeads;
    r.note("n_kv_heads", "num_attention_heads");
    c.dFf = r.requiredInt({"intermediate_size"}, "d_ff");
    c.vocabSize = r.requiredInt({"vocab_size"}, "vocab_size");
    c.maxPositions = r.optionalInt({"max_position_embeddings"}, defaultPositions, "max_positions");
    c.tokenTypes = r.optionalInt({"type_vocab_size"}, defaultTypes, "token_types");
    parseActivation(r, {"hidden_act"}, QStringLiteral("gelu"), c.activation);
    const char *key = nullptr;
    const QString pos = r.optionalString({"position_embedding_type"}, QStringLiteral("absolute"), &key);
    if (pos != QLatin1String("absolute"))
        r.fail(key, HfConfigImporter::tr("only \"absolute\" position embeddings are supported (got \"%1\")").arg(pos));
}

void mapDistilBert(HfConfigReader &r, ModelConfig &c)
{
    setBertLike(c);
    c.pooler = false;
    c.tokenTypes = 0;
    c.dModel = r.requiredInt({"dim", "hidden_size"}, "d_model");
    c.nLayers = r.requiredInt({"n_layers", "num_hidden_layers"}, "n_layers");
    c.nHeads = r.requiredInt({"n_heads", "num_attention_heads"}, "n_heads");
    c.nKvHeads = c.nHeads;
    c.dFf = r.requiredInt({"hidden_dim", "intermediate_size"}, "d_ff");
    c.vocabSize = r.requiredInt({"vocab_size"}, "vocab_size");
    c.maxPositions = r.optionalInt({"max_position_embeddings"}, 512, "max_positions");
    // With sinusoidal_pos_embds the table is still an nn.Embedding (filled, frozen), so it
    // is counted like a learned one either way.
    r.optionalBool("sinusoidal_pos_embds", false);
    parseActivation(r, {"activation", "hidden_act"}, QStringLiteral("gelu"), c.activation);
}

void mapAlbert(HfConfigReader &r, ModelConfig &c)
{
    mapBert(r, c, 512, 2);
    c.embeddingDim = r.optionalInt({"embedding_size"}, 128, "embedding_dim");
    parseActivation(r, {"hidden_act"}, QStringLiteral("gelu_new"), c.activation);
    if (r.optionalInt({"inner_group_num"}, 1) != 1)
        r.fail("inner_group_num", HfConfigImporter::tr("only 1 is supported (one distinct layer per group)"));
    const int groups = r.optionalInt({"num_hidden_groups"}, 1, "share_group_size");
    if (groups < 1 || (c.nLayers > 0 && c.nLayers % groups != 0)) {
        r.fail("num_hidden_groups", HfConfigImporter::tr("must divide num_hidden_layers (%1)").arg(c.nLayers));
    } else if (groups == 1) {
        c.sharing = Sharing::AllLayers;
    } else if (groups < c.nLayers) {
        // AlbertTransformer: layer i uses group i / (layers / groups), i.e. runs of consecutive layers.
        c.sharing = Sharing::Groups;
        c.shareGroupSize = c.nLayers / groups;
    }
}

void mapGpt2(HfConfigReader &r, ModelConfig &c)
{
    setDecoderDefaults(c);
    c.positions = PositionKind::Learned;
    c.norm = NormKind::LayerNorm;
    c.ffn = FfnKind::Dense2;
    c.qkvBias = c.attnOutBias = c.ffnBias = true;
    c.lmHeadBias = false;
    c.dModel = r.requiredInt({"n_embd", "hidden_size"}, "d_model");
    c.nLayers = r.requiredInt({"n_layer", "num_hidden_layers"}, "n_layers");
    c.nHeads = r.requiredInt({"n_head", "num_attention_heads"}, "n_heads");
    c.nKvHeads = c.nHeads;
    c.vocabSize = r.requiredInt({"vocab_size"}, "vocab_size");
    c.maxPositions = r.optionalInt({"n_positions", "n_ctx"}, 1024, "max_positions");
    c.dFf = r.optionalInt({"n_inner"}, 4 * c.dModel, "d_ff"); // null means 4·n_embd
    c.tiedEmbeddings = r.optionalBool("tie_word_embeddings", true, "tied_embeddings");
    parseActivation(r, {"activation_function"}, QStringLiteral("gelu_new"), c.activation);
}

void mapT5(HfConfigReader &r, ModelConfig &c, bool switchTransformers)
{
    c.layout = Layout::EncoderDecoder;
    c.positions = PositionKind::RelativeBuckets;
    c.norm = NormKind::RmsNorm; // T5LayerNorm: scale only, no mean subtraction
    c.normPlacement = NormPlacement::Pre;
    c.finalNorm = true;
    c.qkvBias = c.attnOutBias = c.ffnBias = c.lmHeadBias = false;
    c.lmHead = true;
    c.tokenTypes = 0;
    c.pooler = false;
    c.embeddingNorm = false;
    c.dModel = r.requiredInt({"d_model", "hidden_size"}, "d_model");
    c.nLayers = r.requiredInt({"num_layers", "num_hidden_layers"}, "n_layers");
    c.nDecoderLayers = r.optionalInt({"num_decoder_layers"}, c.nLayers, "n_decoder_layers");
    c.nHeads = r.requiredInt({"num_heads", "num_attention_heads"}, "n_heads");
    c.nKvHeads = c.nHeads;
    c.headDim = r.optionalInt({"d_kv"}, 64, "head_dim"); // may differ from d_model / heads (T5-11B)
    c.dFf = r.requiredInt({"d_ff"}, "d_ff");
    c.vocabSize = r.requiredInt({"vocab_size"}, "vocab_size");
    c.maxPositions = r.optionalInt({"n_positions"}, 512, "max_positions");
    c.relativeBuckets = r.optionalInt({"relative_attention_num_buckets"}, 32, "relative_buckets");
    c.relativeMaxDistance = r.optionalInt({"relative_attention_max_distance"}, 128, "relative_max_distance");
    c.tiedEmbeddings = r.optionalBool("tie_word_embeddings", true, "tied_embeddings");

    // "relu", "gated-gelu" (T5 v1.1, Flan-T5), "gated-silu", …
    const char *key = nullptr;
    QString proj = r.optionalString({switchTransformers ? "dense_act_fn" : "feed_forward_proj", "feed_forward_proj"},
                                    QStringLiteral("relu"), &key);
    c.ffn = FfnKind::Dense2;
    if (proj.startsWith(QLatin1String("gated-"))) {
        c.ffn = FfnKind::Gated3;
        proj = proj.mid(6);
    }
    if (switchTransformers && r.optionalBool("is_gated_act", false))
        c.ffn = FfnKind::Gated3;
    if (proj == QLatin1String("gelu"))
        proj = QStringLiteral("gelu_new"); // transformers maps "gated-gelu" to gelu_new
    if (proj == QLatin1String("relu"))
        c.activation = Activation::Relu;
    else if (proj == QLatin1String("gelu_new"))
        c.activation = Activation::GeluTanh;
    else if (proj == QLatin1String("silu"))
        c.activation = Activation::Silu;
    else
        r.fail(key, HfConfigImporter::tr("unknown feed-forward projection \"%1\" (expected relu, gated-gelu or gated-silu)").arg(proj));

    if (!switchTransformers)
        return;
    const int experts = r.requiredInt({"num_experts"}, "moe_experts");
    // Sparse every N-th layer; HF derives N from the sparse layer counts when the step is absent.
    auto step = [&](const char *stepKey, const char *countKey, int layers) {
        if (r.has(stepKey))
            return r.optionalInt({stepKey}, 0, "moe_sparse_every");
        const int sparse = r.optionalInt({countKey}, 3, "moe_sparse_every");
        return sparse > 0 ? layers / sparse : 0;
    };
    const int encStep = step("encoder_sparse_step", "num_sparse_encoder_layers", c.nLayers);
    const int decStep = step("decoder_sparse_step", "num_sparse_decoder_layers", c.nDecoderLayers);
    if (r.error())
        return;
    if (encStep != decStep) {
        r.fail("decoder_sparse_step", HfConfigImporter::tr("encoder and decoder must be sparse at the same step (encoder %1, decoder %2)")
                                          .arg(encStep).arg(decStep));
        return;
    }
    if (encStep > 0 && experts > 1) {
        c.moe.numExperts = experts;
        c.moe.topK = 1; // Switch routing sends each token to one expert
        // HF marks layer i sparse when i % step == 1, ModelConfig when i % step == step − 1:
        // the same layers for steps 1 and 2 (every released Switch checkpoint).
        c.moe.sparseEvery = encStep;
        c.moe.routerBias = r.optionalBool("router_bias", false, "moe_router_bias");
    }
}


void mapLlamaLike(HfConfigReader &r, ModelConfig &c, const LlamaDefaults &d)
{
    setDecoderDefaults(c);
    c.positions = PositionKind::Rotary;
    c.norm = NormKind::RmsNorm;
    c.ffn = FfnKind::Gated3;
    c.qkvBias = c.attnOutBias = c.ffnBias = c.lmHeadBias = false;
    c.dModel = r.requiredInt({"hidden_size"}, "d_model");
    c.nLayers = r.requiredInt({"num_hidden_layers"}, "n_layers");
    c.nHeads = r.requiredInt({"num_attention_heads"}, "n_heads");
    c.nKvHeads = r.optionalInt({"num_key_value_heads"}, c.nHeads, "n_kv_heads");
    if (!r.has("num_key_value_heads"))
        r.note("n_kv_heads", "num_attention_heads");
    c.headDim = r.optionalInt({"head_dim"}, 0, "head_dim");
    c.dFf = r.requiredInt({"intermediate_size"}, "d_ff");
    c.vocabSize = d.vocabSize > 0 ? r.optionalInt({"vocab_size"}, d.vocabSize, "vocab_size")
                                  : r.requiredInt({"vocab_size"}, "vocab_size");
    c.maxPositions = r.optionalInt({"max_position_embeddings"}, d.maxPositions, "max_positions");
    c.ropeTheta = r.optionalDouble("rope_theta", d.ropeTheta, "rope_theta");
    c.rotaryFraction = r.optionalDouble("partial_rotary_factor", 1.0, "rotary_fraction");
    c.tiedEmbeddings = r.optionalBool("tie_word_embeddings", d.tied, "tied_embeddings");
    // "sliding_window": null switches the window off; an absent key keeps the family's default.
    c.slidingWindow = r.optionalInt({"sliding_window"}, r.contains("sliding_window") ? 0 : d.slidingWindow,
                                    "sliding_window");
    // LlamaConfig: attention_bias puts biases on q, k, v and o; mlp_bias on the three FFN matrices.
    const bool attentionBias = r.optionalBool("attention_bias", false, "qkv_bias");
    c.qkvBias = c.attnOutBias = attentionBias;
    c.ffnBias = r.optionalBool("mlp_bias", false, "ffn_bias");
    parseActivation(r, {"hidden_activation", "hidden_act"}, QString::fromLatin1(d.activation), c.activation);
}

void mapPhi(HfConfigReader &r, ModelConfig &c)
{
    // PhiDecoderLayer: one LayerNorm feeding attention and MLP in parallel; biases on every
    // Linear including lm_head; partial rotary.
    setDecoderDefaults(c);
    c.positions = PositionKind::Rotary;
    c.norm = NormKind::LayerNorm;
    c.ffn = FfnKind::Dense2;
    c.parallelBlock = true;
    c.parallelTwoNorms = false;
    c.qkvBias = c.attnOutBias = c.ffnBias = c.lmHeadBias = true;
    c.dModel = r.requiredInt({"hidden_size"}, "d_model");
    c.nLayers = r.requiredInt({"num_hidden_layers"}, "n_layers");
    c.nHeads = r.requiredInt({"num_attention_heads"}, "n_heads");
    c.nKvHeads = r.optionalInt({"num_key_value_heads"}, c.nHeads, "n_kv_heads");
    c.dFf = r.requiredInt({"intermediate_size"}, "d_ff");
    c.vocabSize = r.requiredInt({"vocab_size"}, "vocab_size");
    c.maxPositions = r.optionalInt({"max_position_embeddings"}, 2048, "max_positions");
    c.ropeTheta = r.optionalDouble("rope_theta", 10000.0, "rope_theta");
    c.rotaryFraction = r.optionalDouble("partial_rotary_factor", 0.5, "rotary_fraction");
    c.tiedEmbeddings = r.optionalBool("tie_word_embeddings", false, "tied_embeddings");
    if (r.optionalBool("qk_layernorm", false))
        r.fail("qk_layernorm", HfConfigImporter::tr("per-head query/key LayerNorms are not supported"));
    parseActivation(r, {"hidden_act"}, QStringLiteral("gelu_new"), c.activation);
}

void mapFalcon(HfConfigReader &r, ModelConfig &c)
{
    setDecoderDefaults(c);
    c.norm = NormKind::LayerNorm;
    c.ffn = FfnKind::Dense2;
    c.activation = Activation::Gelu;
    c.lmHeadBias = false;
    c.dModel = r.requiredInt({"hidden_size", "n_embed"}, "d_model");
    c.nLayers = r.requiredInt({"num_hidden_layers", "n_layer"}, "n_layers");
    c.nHeads = r.requiredInt({"num_attention_heads", "n_head"}, "n_heads");
    c.vocabSize = r.requiredInt({"vocab_size"}, "vocab_size");
    c.dFf = r.optionalInt({"ffn_hidden_size"}, 4 * c.dModel, "d_ff");
    c.maxPositions = r.optionalInt({"max_position_embeddings"}, 2048, "max_positions");
    c.ropeTheta = r.optionalDouble("rope_theta", 10000.0, "rope_theta");
    c.tiedEmbeddings = r.optionalBool("tie_word_embeddings", true, "tied_embeddings");
    const bool bias = r.optionalBool("bias", false, "qkv_bias");
    c.qkvBias = c.attnOutBias = c.ffnBias = bias; // one flag for every Linear
    c.positions = r.optionalBool("alibi", false) ? PositionKind::None : PositionKind::Rotary;
    c.parallelBlock = r.optionalBool("parallel_attn", true, "parallel_block");

    // FalconAttention: num_kv_heads with the new decoder (40B/180B) or without multi_query,
    // one KV head with multi_query (7B; re-saved 7B configs also carry num_kv_heads = 71,
    // which transformers ignores there).
    const bool newArchitecture = r.optionalBool("new_decoder_architecture", false);
    if (newArchitecture) {
        c.nKvHeads = r.optionalInt({"num_kv_heads", "n_head_kv"}, c.nHeads, "n_kv_heads");
        c.parallelBlock = true;
        // ln_attn + ln_mlp, unless num_ln_in_parallel_attn says one.
        c.parallelTwoNorms = r.optionalInt({"num_ln_in_parallel_attn"}, 2) == 2;
    } else if (r.optionalBool("multi_query", true, "n_kv_heads")) {
        c.nKvHeads = 1;
    } else {
        c.nKvHeads = r.optionalInt({"num_kv_heads", "n_head_kv"}, c.nHeads, "n_kv_heads");
    }
}

} // namespace tx::hfmap
