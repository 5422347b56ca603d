#include "core/formats/hfconfigimporter.h"

#include "core/base/jsonobjectreader.h"
#include "core/design/configvalidator.h"

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

#include <cmath>
#include <functional>
#include <initializer_list>
#include <limits>
#include <optional>
#include <vector>

namespace tx {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("tx::HfConfigImporter", text);
}

// Reads typed values out of a config.json object. The first problem is kept and later
// reads return their fallbacks, so a mapping reads straight through and checks once.
// Each read can name the design field it feeds, so validation errors point back at the
// config key the user wrote.
class Reader
{
public:
    Reader(QJsonObject object, QString file, QString modelType)
        : m_object(std::move(object)), m_file(std::move(file)), m_modelType(std::move(modelType))
    {
    }

    // Written in the file, possibly as null.
    bool contains(const char *key) const { return m_object.contains(QLatin1String(key)); }

    // Present and not null (HF writes null for "use the default").
    bool has(const char *key) const
    {
        const QJsonValue v = m_object.value(QLatin1String(key));
        return !v.isUndefined() && !v.isNull();
    }

    int requiredInt(std::initializer_list<const char *> keys, const char *designField = nullptr)
    {
        const char *key = firstPresent(keys);
        if (!key) {
            fail(*keys.begin(), tr("required key is missing (model_type \"%1\")").arg(m_modelType));
            return 0;
        }
        return readInt(key, 0, designField);
    }

    int optionalInt(std::initializer_list<const char *> keys, int fallback, const char *designField = nullptr)
    {
        const char *key = firstPresent(keys);
        return key ? readInt(key, fallback, designField) : fallback;
    }

    double optionalDouble(const char *key, double fallback, const char *designField = nullptr)
    {
        if (!has(key))
            return fallback;
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (!v.isDouble() || !std::isfinite(v.toDouble())) {
            fail(key, tr("expected a number"));
            return fallback;
        }
        note(designField, key);
        return v.toDouble();
    }

    bool optionalBool(const char *key, bool fallback, const char *designField = nullptr)
    {
        if (!has(key))
            return fallback;
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (!v.isBool()) {
            fail(key, tr("expected true or false"));
            return fallback;
        }
        note(designField, key);
        return v.toBool();
    }

    // Returns the value and the key it came from (empty when absent).
    QString optionalString(std::initializer_list<const char *> keys, const QString &fallback, const char **usedKey = nullptr)
    {
        const char *key = firstPresent(keys);
        if (usedKey)
            *usedKey = key ? key : *keys.begin();
        if (!key)
            return fallback;
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (!v.isString()) {
            fail(key, tr("expected a string"));
            return fallback;
        }
        return v.toString();
    }

    QJsonValue value(const char *key) const { return m_object.value(QLatin1String(key)); }

    // A list of non-negative integers (mlp_only_layers, no_rope_layers, moe_layers).
    std::vector<int> optionalIntList(const char *key)
    {
        std::vector<int> out;
        if (!has(key))
            return out;
        const QJsonValue v = value(key);
        if (!v.isArray()) {
            fail(key, tr("expected a list of integers"));
            return out;
        }
        for (const QJsonValue &x : v.toArray()) {
            const double d = x.toDouble(std::nan(""));
            if (!x.isDouble() || d != std::floor(d) || d < 0 || d > double(std::numeric_limits<int>::max())) {
                fail(key, tr("expected a list of integers"));
                return {};
            }
            out.push_back(int(d));
        }
        return out;
    }

    void fail(const char *key, const QString &message)
    {
        if (!m_error)
            m_error = Error{m_file, QString::fromLatin1(key), message};
    }

    void note(const char *designField, const char *key)
    {
        if (designField)
            m_origin.insert(QString::fromLatin1(designField), QString::fromLatin1(key));
    }

    const std::optional<Error> &error() const { return m_error; }
    const QString &file() const { return m_file; }
    // The config key that set a design field, or the design field itself.
    QString originOf(const QString &designField) const { return m_origin.value(designField, designField); }

private:
    const char *firstPresent(std::initializer_list<const char *> keys) const
    {
        for (const char *k : keys)
            if (has(k))
                return k;
        return nullptr;
    }

    int readInt(const char *key, int fallback, const char *designField)
    {
        const QJsonValue v = m_object.value(QLatin1String(key));
        const double x = v.toDouble(std::nan(""));
        if (!v.isDouble() || std::isnan(x) || x != std::floor(x) || x < 0
            || x > double(std::numeric_limits<int>::max())) {
            fail(key, tr("expected a non-negative integer"));
            return fallback;
        }
        note(designField, key);
        return static_cast<int>(x);
    }

    QJsonObject m_object;
    QString m_file;
    QString m_modelType;
    std::optional<Error> m_error;
    QHash<QString, QString> m_origin;
};

// transformers' ACT2FN names. Only the FFN's shape matters to the count, but an unknown
// name is more likely a typo than a new activation, so it is reported.
bool parseActivation(Reader &r, std::initializer_list<const char *> keys, const QString &fallback, Activation &out)
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
        r.fail(key, tr("unknown activation \"%1\" (expected relu, gelu, gelu_new, gelu_pytorch_tanh, silu)").arg(name));
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

void mapBert(Reader &r, ModelConfig &c, int defaultPositions, int defaultTypes)
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
        r.fail(key, tr("only \"absolute\" position embeddings are supported (got \"%1\")").arg(pos));
}

void mapDistilBert(Reader &r, ModelConfig &c)
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

void mapAlbert(Reader &r, ModelConfig &c)
{
    mapBert(r, c, 512, 2);
    c.embeddingDim = r.optionalInt({"embedding_size"}, 128, "embedding_dim");
    parseActivation(r, {"hidden_act"}, QStringLiteral("gelu_new"), c.activation);
    if (r.optionalInt({"inner_group_num"}, 1) != 1)
        r.fail("inner_group_num", tr("only 1 is supported (one distinct layer per group)"));
    const int groups = r.optionalInt({"num_hidden_groups"}, 1, "share_group_size");
    if (groups < 1 || (c.nLayers > 0 && c.nLayers % groups != 0)) {
        r.fail("num_hidden_groups", tr("must divide num_hidden_layers (%1)").arg(c.nLayers));
    } else if (groups == 1) {
        c.sharing = Sharing::AllLayers;
    } else if (groups < c.nLayers) {
        // AlbertTransformer: layer i uses group i / (layers / groups), i.e. runs of consecutive layers.
        c.sharing = Sharing::Groups;
        c.shareGroupSize = c.nLayers / groups;
    }
}

void mapGpt2(Reader &r, ModelConfig &c)
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

void mapT5(Reader &r, ModelConfig &c, bool switchTransformers)
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
        r.fail(key, tr("unknown feed-forward projection \"%1\" (expected relu, gated-gelu or gated-silu)").arg(proj));

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
        r.fail("decoder_sparse_step", tr("encoder and decoder must be sparse at the same step (encoder %1, decoder %2)")
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

// Llama and the families that copy its block: RMSNorm pre-norm, rotary, gated FFN, no biases.
struct LlamaDefaults
{
    int maxPositions = 2048;
    double ropeTheta = 10000.0;
    bool tied = false;
    const char *activation = "silu";
    int slidingWindow = 0;
    int vocabSize = 0; // 0 = vocab_size is required
};

void mapLlamaLike(Reader &r, ModelConfig &c, const LlamaDefaults &d)
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

void mapPhi(Reader &r, ModelConfig &c)
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
        r.fail("qk_layernorm", tr("per-head query/key LayerNorms are not supported"));
    parseActivation(r, {"hidden_act"}, QStringLiteral("gelu_new"), c.activation);
}

void mapFalcon(Reader &r, ModelConfig &c)
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

// transformers' layer_types names (Gemma 2/3, gpt-oss, Qwen3, Llama 4 since 4.53).
void readLayerTypes(Reader &r, ModelConfig &c)
{
    if (!r.has("layer_types"))
        return;
    const QJsonValue v = r.value("layer_types");
    if (!v.isArray()) {
        r.fail("layer_types", tr("expected a list of attention types"));
        return;
    }
    std::vector<LayerAttention> types;
    bool anyLocal = false;
    for (const QJsonValue &x : v.toArray()) {
        const QString name = x.toString();
        if (name == QLatin1String("full_attention")) {
            types.push_back(LayerAttention::Full);
        } else if (name == QLatin1String("sliding_attention")) {
            types.push_back(LayerAttention::Sliding);
            anyLocal = true;
        } else if (name == QLatin1String("chunked_attention")) {
            types.push_back(LayerAttention::Chunked);
            anyLocal = true;
        } else {
            r.fail("layer_types", tr("unknown attention type \"%1\" (expected full_attention, sliding_attention or "
                                     "chunked_attention)").arg(name));
            return;
        }
    }
    r.note("layer_types", "layer_types");
    c.globalEvery = 0;
    if (anyLocal) {
        c.layerTypes = std::move(types);
    } else {
        c.layerTypes.clear(); // every layer full: the window is never used
        c.slidingWindow = 0;
    }
}

// Llama 3.x, YaRN, linear and dynamic scaling and Phi-3's longrope add no parameters; they
// stretch the positions the model reads to factor × original_max_position_embeddings.
void readRopeScaling(Reader &r, ModelConfig &c)
{
    if (!r.has("rope_scaling"))
        return;
    const QJsonValue v = r.value("rope_scaling");
    if (!v.isObject()) {
        r.fail("rope_scaling", tr("expected an object"));
        return;
    }
    const QJsonObject o = v.toObject();
    const QString type = o.value(QStringLiteral("rope_type")).toString(o.value(QStringLiteral("type")).toString());
    static const QStringList known = {QStringLiteral("default"), QStringLiteral("linear"), QStringLiteral("dynamic"),
                                      QStringLiteral("yarn"), QStringLiteral("llama3"), QStringLiteral("longrope"),
                                      QStringLiteral("su")};
    if (!known.contains(type))
        return; // other kinds (mrope, …) keep max_position_embeddings

    const double factor = o.value(QStringLiteral("factor")).toDouble(0);
    const double original = o.value(QStringLiteral("original_max_position_embeddings")).toDouble(0);
    if (factor > 0 && original > 0) {
        const double stretched = std::round(factor * original);
        if (stretched > c.maxPositions && stretched <= 16777216.0) {
            c.maxPositions = int(stretched);
            r.note("max_positions", "rope_scaling");
        }
    }
}

// Qwen3Config: Llama's block plus q_norm/k_norm (RMSNorm over head_dim); head_dim 128.
void mapQwen3(Reader &r, ModelConfig &c, bool moe)
{
    mapLlamaLike(r, c, {32768, 10000.0, false, "silu", 0});
    if (c.headDim == 0)
        c.headDim = 128; // Qwen3Config / Qwen3MoeConfig default head_dim
    c.qkNorm = QkNorm::PerHead;
    if (!r.optionalBool("use_sliding_window", false))
        c.slidingWindow = 0;
    if (!moe)
        return;
    // Qwen3MoeSparseMoeBlock: gate Linear(d, E, bias=False), experts of moe_intermediate_size;
    // layer i is sparse when i is not in mlp_only_layers and (i + 1) % decoder_sparse_step == 0.
    c.moe.numExperts = r.optionalInt({"num_experts"}, 128, "moe_experts");
    c.moe.topK = r.optionalInt({"num_experts_per_tok"}, 8, "moe_top_k");
    c.moe.expertDff = r.optionalInt({"moe_intermediate_size"}, 768, "moe_d_ff");
    c.moe.sparseEvery = r.optionalInt({"decoder_sparse_step"}, 1, "moe_sparse_every");
    c.moe.denseLayers = r.optionalIntList("mlp_only_layers");
    r.note("moe_dense_layers", "mlp_only_layers");
    c.moe.routerBias = false;
    if (r.has("shared_expert_intermediate_size") && r.optionalInt({"shared_expert_intermediate_size"}, 0) > 0)
        r.fail("shared_expert_intermediate_size", tr("Qwen's gated shared expert is not supported"));
}

// DeepSeek-V2/V3 (and Kimi K2, a DeepSeek-V3 architecture): MLA, dense first layers, then
// routed plus shared experts of moe_intermediate_size.
void mapDeepseek(Reader &r, ModelConfig &c, bool v3)
{
    mapLlamaLike(r, c, {v3 ? 4096 : 2048, 10000.0, false, "silu", 0});
    c.slidingWindow = 0;
    c.attention = AttentionKind::Mla;
    c.nKvHeads = c.nHeads; // num_key_value_heads has no meaning under MLA
    c.headDim = 0;
    // q_lora_rank null means a plain q_proj. DeepseekV2Config's default is 1536, but the
    // DeepSeek-V2-Lite config.json copies in circulation leave the key out for "no query
    // latent" (the only released V2 checkpoint without one), so an absent key is read as null
    // for deepseek_v2; DeepseekV3Config's default 1536 applies to deepseek_v3 and kimi_k2.
    c.mla.qLoraRank = r.contains("q_lora_rank") && !r.has("q_lora_rank")
        ? 0 // written as null
        : r.optionalInt({"q_lora_rank"}, v3 ? 1536 : 0, "q_lora_rank");
    c.mla.kvLoraRank = r.optionalInt({"kv_lora_rank"}, 512, "kv_lora_rank");
    c.mla.qkNopeHeadDim = r.optionalInt({"qk_nope_head_dim"}, 128, "qk_nope_head_dim");
    c.mla.qkRopeHeadDim = r.optionalInt({"qk_rope_head_dim"}, 64, "qk_rope_head_dim");
    c.mla.vHeadDim = r.optionalInt({"v_head_dim"}, 128, "v_head_dim");
    // attention_bias puts biases on q_a_proj/q_proj, kv_a_proj_with_mqa and o_proj.
    if (r.optionalInt({"moe_layer_freq"}, 1) != 1)
        r.fail("moe_layer_freq", tr("only 1 is supported (every layer after the dense ones is sparse)"));
    const int experts = r.optionalInt({"n_routed_experts"}, v3 ? 256 : 64, "moe_experts");
    if (experts > 1) {
        c.moe.numExperts = experts;
        c.moe.topK = r.optionalInt({"num_experts_per_tok"}, v3 ? 8 : 6, "moe_top_k");
        c.moe.expertDff = r.optionalInt({"moe_intermediate_size"}, v3 ? 2048 : 1407, "moe_d_ff");
        c.moe.sharedExperts = r.optionalInt({"n_shared_experts"}, v3 ? 1 : 2, "moe_shared_experts");
        c.moe.firstDense = r.optionalInt({"first_k_dense_replace"}, v3 ? 3 : 0, "moe_first_dense");
        c.moe.sparseEvery = 1;
        c.moe.routerBias = false;
        // DeepseekV3TopkRouter always holds e_score_correction_bias (n_routed_experts); V2's
        // MoEGate only with topk_method "noaux_tc".
        const char *key = nullptr;
        const QString method = r.optionalString({"topk_method"}, v3 ? QStringLiteral("noaux_tc") : QStringLiteral("greedy"), &key);
        c.moe.scoreCorrectionBias = v3 || method == QLatin1String("noaux_tc");
    }
    c.mtpLayers = r.optionalInt({"num_nextn_predict_layers"}, 0, "mtp_layers");
}

// Gemma 2 and 3: four norms per layer, GeGLU, head_dim 256, tied head; alternating or 5:1
// sliding layers.
void mapGemma2(Reader &r, ModelConfig &c)
{
    // Gemma2Config: max_position_embeddings 8192, head_dim 256, sliding_window 4096,
    // tie_word_embeddings True (the released configs have no such key), softcaps 50 and 30.
    mapLlamaLike(r, c, {8192, 10000.0, true, "gelu_pytorch_tanh", 4096});
    if (c.headDim == 0)
        c.headDim = 256;
    c.normPlacement = NormPlacement::Sandwich;
    c.globalEvery = 2; // layer i slides when (i + 1) % 2 != 0 (Gemma2Config.layer_types default)
    c.attnSoftcap = r.optionalDouble("attn_logit_softcapping", r.contains("attn_logit_softcapping") ? 0.0 : 50.0,
                                     "attn_softcap");
    c.finalSoftcap = r.optionalDouble("final_logit_softcapping", r.contains("final_logit_softcapping") ? 0.0 : 30.0,
                                      "final_softcap");
    readLayerTypes(r, c);
}

void mapGemma3Text(Reader &r, ModelConfig &c)
{
    // Gemma3TextConfig: vocab_size 262208, max_position_embeddings 131072, rope_theta 1e6,
    // sliding_window 4096, sliding_window_pattern 6, no softcaps, tied head.
    mapLlamaLike(r, c, {131072, 1e6, true, "gelu_pytorch_tanh", 4096});
    if (c.headDim == 0)
        c.headDim = 256;
    c.normPlacement = NormPlacement::Sandwich;
    c.qkNorm = QkNorm::PerHead;
    c.globalEvery = r.optionalInt({"sliding_window_pattern"}, 6, "global_every");
    c.attnSoftcap = r.optionalDouble("attn_logit_softcapping", 0.0, "attn_softcap");
    c.finalSoftcap = r.optionalDouble("final_logit_softcapping", 0.0, "final_softcap");
    readLayerTypes(r, c);
}

// Llama 4 (text model): every interleave_moe_layer_step-th layer MoE with routed experts of
// intermediate_size plus one shared expert of the same width, dense layers of
// intermediate_size_mlp; chunked attention on the RoPE layers, full attention without RoPE on
// every no_rope_layer_interval-th; weightless QK L2 norm.
void mapLlama4Text(Reader &r, ModelConfig &c)
{
    mapLlamaLike(r, c, {4096 * 32, 500000.0, false, "silu", 0});
    c.slidingWindow = 0;
    if (c.headDim == 0)
        c.headDim = 128;
    c.qkNorm = r.optionalBool("use_qk_norm", true) ? QkNorm::Weightless : QkNorm::None;
    const int expertWidth = c.dFf; // intermediate_size
    c.dFf = r.optionalInt({"intermediate_size_mlp"}, 16384, "d_ff");
    c.moe.numExperts = r.optionalInt({"num_local_experts"}, 16, "moe_experts");
    c.moe.topK = r.optionalInt({"num_experts_per_tok"}, 1, "moe_top_k");
    c.moe.sparseEvery = r.optionalInt({"interleave_moe_layer_step"}, 1, "moe_sparse_every");
    c.moe.expertDff = expertWidth;
    c.moe.sharedExperts = 1;
    c.moe.sharedExpertDff = expertWidth;
    c.moe.routerBias = false;
    if (r.has("moe_layers")) {
        const std::vector<int> listed = r.optionalIntList("moe_layers");
        std::vector<int> rule;
        for (int i = c.moe.sparseEvery - 1; i < c.nLayers && c.moe.sparseEvery > 0; i += c.moe.sparseEvery)
            rule.push_back(i);
        if (listed != rule)
            r.fail("moe_layers", tr("only every interleave_moe_layer_step-th layer can be sparse"));
    }
    c.attentionChunk = r.optionalInt({"attention_chunk_size"}, 8192, "attention_chunk");
    std::vector<int> ropeLayers = r.optionalIntList("no_rope_layers"); // 1 = the layer uses RoPE
    const int interval = r.optionalInt({"no_rope_layer_interval"}, 4);
    if (ropeLayers.empty()) {
        for (int i = 0; i < c.nLayers; ++i)
            ropeLayers.push_back((i + 1) % std::max(1, interval) != 0 ? 1 : 0);
    }
    if (int(ropeLayers.size()) != c.nLayers) {
        r.fail("no_rope_layers", tr("needs one entry per layer (%1)").arg(c.nLayers));
        return;
    }
    c.layerTypes.clear();
    for (int rope : ropeLayers)
        c.layerTypes.push_back(rope ? (c.attentionChunk > 0 ? LayerAttention::Chunked : LayerAttention::Full)
                                    : LayerAttention::FullNoRope);
}

// gpt-oss: biases on q/k/v/o, one sink logit per head, alternating 128-token sliding layers,
// every layer MoE with a biased router and biased experts.
void mapGptOss(Reader &r, ModelConfig &c)
{
    // GptOssConfig: head_dim 64, sliding_window 128, rope_theta 150000, attention_bias True.
    mapLlamaLike(r, c, {131072, 150000.0, false, "silu", 128});
    if (c.headDim == 0)
        c.headDim = 64;
    c.qkvBias = c.attnOutBias = r.optionalBool("attention_bias", true, "qkv_bias");
    c.attentionSinks = true;
    c.ffnBias = true; // gate_up_proj_bias (E, 2f), down_proj_bias (E, d)
    c.globalEvery = 2;
    c.moe.numExperts = r.optionalInt({"num_local_experts"}, 128, "moe_experts");
    c.moe.topK = r.optionalInt({"num_experts_per_tok", "experts_per_token"}, 4, "moe_top_k");
    c.moe.sparseEvery = 1;
    c.moe.routerBias = true; // GptOssTopKRouter: weight (E, d) and bias (E)
    readLayerTypes(r, c);
}

// OLMo 2: norms on each sublayer's output, q_norm/k_norm over the whole projected width.
void mapOlmo2(Reader &r, ModelConfig &c)
{
    mapLlamaLike(r, c, {2048, 10000.0, false, "silu", 0});
    c.normPlacement = NormPlacement::Output;
    c.qkNorm = QkNorm::FullWidth;
}

// GLM-4.5 (glm4_moe): partial RoPE, biases on q/k/v but not o, optional per-head QK-norm,
// DeepSeek-V3-style routing (score correction bias) with shared experts and dense first layers.
void mapGlm4Moe(Reader &r, ModelConfig &c)
{
    mapLlamaLike(r, c, {131072, 10000.0, false, "silu", 0});
    c.slidingWindow = 0;
    c.rotaryFraction = r.optionalDouble("partial_rotary_factor", 0.5, "rotary_fraction");
    c.qkvBias = r.optionalBool("attention_bias", false, "qkv_bias");
    c.attnOutBias = false; // Glm4MoeAttention: o_proj without bias
    if (c.headDim == 0)
        c.headDim = 128;
    c.qkNorm = r.optionalBool("use_qk_norm", false) ? QkNorm::PerHead : QkNorm::None;
    c.moe.numExperts = r.optionalInt({"n_routed_experts"}, 128, "moe_experts");
    c.moe.topK = r.optionalInt({"num_experts_per_tok"}, 8, "moe_top_k");
    c.moe.expertDff = r.optionalInt({"moe_intermediate_size"}, 1408, "moe_d_ff");
    c.moe.sharedExperts = r.optionalInt({"n_shared_experts"}, 1, "moe_shared_experts");
    c.moe.firstDense = r.optionalInt({"first_k_dense_replace"}, 1, "moe_first_dense");
    c.moe.sparseEvery = 1;
    c.moe.routerBias = false;
    c.moe.scoreCorrectionBias = true; // Glm4MoeTopkRouter.e_score_correction_bias (E)
    c.mtpLayers = r.optionalInt({"num_nextn_predict_layers"}, 0, "mtp_layers");
}

using Mapper = std::function<void(Reader &, ModelConfig &)>;

const std::vector<std::pair<const char *, Mapper>> &mappers()
{
    static const std::vector<std::pair<const char *, Mapper>> table = {
        {"bert", [](Reader &r, ModelConfig &c) { mapBert(r, c, 512, 2); }},
        // RoBERTa's 514 positions (512 + padding offset) come from its config; one token type.
        {"roberta", [](Reader &r, ModelConfig &c) { mapBert(r, c, 514, 1); }},
        {"distilbert", mapDistilBert},
        {"albert", mapAlbert},
        {"gpt2", mapGpt2},
        {"t5", [](Reader &r, ModelConfig &c) { mapT5(r, c, false); }},
        {"switch_transformers", [](Reader &r, ModelConfig &c) { mapT5(r, c, true); }},
        {"llama", [](Reader &r, ModelConfig &c) { mapLlamaLike(r, c, {}); }},
        {"mistral", [](Reader &r, ModelConfig &c) { mapLlamaLike(r, c, {32768, 10000.0, false, "silu", 4096}); }},
        {"mixtral",
         [](Reader &r, ModelConfig &c) {
             mapLlamaLike(r, c, {32768, 1e6, false, "silu", 0});
             // MixtralSparseMoeBlock in every layer; gate is Linear(hidden, experts, bias=False).
             c.moe.numExperts = r.requiredInt({"num_local_experts"}, "moe_experts");
             c.moe.topK = r.optionalInt({"num_experts_per_tok"}, 2, "moe_top_k");
             c.moe.sparseEvery = 1;
             c.moe.routerBias = false;
         }},
        {"qwen2",
         [](Reader &r, ModelConfig &c) {
             mapLlamaLike(r, c, {32768, 10000.0, false, "silu", 0});
             // Qwen2Attention: q, k, v with bias, o without.
             c.qkvBias = true;
             c.attnOutBias = false;
             if (!r.optionalBool("use_sliding_window", false))
                 c.slidingWindow = 0;
         }},
        {"gemma",
         [](Reader &r, ModelConfig &c) {
             // GeGLU, head_dim 256 and a tied head by default (GemmaConfig).
             mapLlamaLike(r, c, {8192, 10000.0, true, "gelu_pytorch_tanh", 0});
             if (c.headDim == 0)
                 c.headDim = 256;
         }},
        {"phi", mapPhi},
        {"falcon", mapFalcon},
        {"qwen3", [](Reader &r, ModelConfig &c) { mapQwen3(r, c, false); }},
        {"qwen3_moe", [](Reader &r, ModelConfig &c) { mapQwen3(r, c, true); }},
        {"deepseek_v2", [](Reader &r, ModelConfig &c) { mapDeepseek(r, c, false); }},
        {"deepseek_v3", [](Reader &r, ModelConfig &c) { mapDeepseek(r, c, true); }},
        {"kimi_k2", [](Reader &r, ModelConfig &c) { mapDeepseek(r, c, true); }},
        {"gpt_oss", mapGptOss},
        {"gemma2", mapGemma2},
        {"gemma3_text", mapGemma3Text},
        // Gemma3ForConditionalGeneration: the text model under text_config (read there).
        {"gemma3", mapGemma3Text},
        {"llama4", mapLlama4Text},
        // Phi-3 and Phi-4: Llama's block with fused qkv_proj and gate_up_proj (same counts).
        {"phi3", [](Reader &r, ModelConfig &c) { mapLlamaLike(r, c, {4096, 10000.0, false, "silu", 0}); }},
        {"olmo2", mapOlmo2},
        {"glm4_moe", mapGlm4Moe},
    };
    return table;
}

} // namespace

QStringList HfConfigImporter::supportedModelTypes()
{
    QStringList names;
    for (const auto &[name, mapper] : mappers())
        names << QString::fromLatin1(name);
    return names;
}

Expected<ModelConfig, Error> HfConfigImporter::parse(const QByteArray &json, const QString &file)
{
    auto parsed = JsonObjectReader::parse(json, file);
    if (!parsed)
        return parsed.error();
    QJsonObject root = *parsed;
    // transformers 5 moves the RoPE settings into "rope_parameters"; read them as if they
    // were top-level keys when the top level does not have them.
    const QJsonObject rope = root.value(QStringLiteral("rope_parameters")).toObject();
    for (const QString &key : {QStringLiteral("rope_theta"), QStringLiteral("partial_rotary_factor")}) {
        if (!root.contains(key) && rope.contains(key))
            root.insert(key, rope.value(key));
    }

    const QString supported = supportedModelTypes().join(QStringLiteral(", "));
    const QJsonValue typeValue = root.value(QStringLiteral("model_type"));
    if (typeValue.isUndefined() || typeValue.isNull())
        return Error{file, QStringLiteral("model_type"), tr("required key is missing (supported: %1)").arg(supported)};
    if (!typeValue.isString())
        return Error{file, QStringLiteral("model_type"), tr("expected a string")};
    const QString modelType = typeValue.toString();

    const Mapper *mapper = nullptr;
    for (const auto &[name, m] : mappers())
        if (modelType == QLatin1String(name))
            mapper = &m;
    if (!mapper) {
        return Error{file, QStringLiteral("model_type"),
                     tr("unsupported model_type \"%1\" (supported: %2)").arg(modelType, supported)};
    }

    // Multimodal checkpoints (Gemma 3 4B+, Llama 4) nest the language model's keys under
    // text_config; only the text model is counted.
    const bool multimodal = (modelType == QLatin1String("gemma3") || modelType == QLatin1String("llama4"))
        && root.value(QStringLiteral("text_config")).isObject();
    QJsonObject keys = root;
    if (multimodal) {
        keys = root.value(QStringLiteral("text_config")).toObject();
        for (const QString &key : {QStringLiteral("tie_word_embeddings"), QStringLiteral("torch_dtype")}) {
            if (!keys.contains(key) && root.contains(key))
                keys.insert(key, root.value(key));
        }
        const QJsonObject textRope = keys.value(QStringLiteral("rope_parameters")).toObject();
        for (const QString &key : {QStringLiteral("rope_theta"), QStringLiteral("partial_rotary_factor")}) {
            if (!keys.contains(key) && textRope.contains(key))
                keys.insert(key, textRope.value(key));
        }
    } else if (modelType == QLatin1String("gemma3")) {
        return Error{file, QStringLiteral("text_config"), tr("required key is missing (model_type \"gemma3\")")};
    }

    // Gemma3TextConfig's defaults for the keys Gemma 3's config.json files leave out (the 4B's
    // text_config has neither vocab_size nor the head counts): transformers
    // models/gemma3/configuration_gemma3.py.
    if (modelType == QLatin1String("gemma3") || modelType == QLatin1String("gemma3_text")) {
        const std::pair<const char *, int> defaults[] = {
            {"vocab_size", 262208}, {"hidden_size", 2304}, {"intermediate_size", 9216}, {"num_hidden_layers", 26},
            {"num_attention_heads", 8}, {"num_key_value_heads", 4}, {"head_dim", 256}};
        for (const auto &[key, value] : defaults) {
            if (!keys.contains(QLatin1String(key)))
                keys.insert(QLatin1String(key), value);
        }
    }

    ModelConfig c;
    Reader r(keys, file, modelType);
    (*mapper)(r, c);
    if (r.error())
        return *r.error();
    readRopeScaling(r, c);

    const char *nameKey = nullptr;
    c.name = r.optionalString({"_name_or_path"}, QString(), &nameKey);
    if (c.name.isEmpty()) {
        const QJsonArray architectures = root.value(QStringLiteral("architectures")).toArray();
        c.name = architectures.isEmpty() ? modelType : architectures.first().toString(modelType);
    }
    c.source = tr("Hugging Face config.json (model_type \"%1\"): %2").arg(modelType, file);
    if (multimodal)
        c.source += tr(" (text model only: the vision tower and its projector are not counted)");
    const QString dtype = root.value(QStringLiteral("torch_dtype")).toString(
        root.value(QStringLiteral("dtype")).toString()); // "dtype" since transformers 5
    if (dtype == QLatin1String("float32"))
        c.weightPrecision = Precision::FP32;
    else if (dtype == QLatin1String("float16"))
        c.weightPrecision = Precision::FP16;
    else if (dtype == QLatin1String("bfloat16"))
        c.weightPrecision = Precision::BF16;
    if (r.error())
        return *r.error();

    // Sizes past the documented bounds, heads that do not divide, … reported against the
    // config key that carried the value.
    if (const std::vector<Error> errors = validate(c); !errors.empty()) {
        Error e = errors.front();
        e.file = file;
        e.field = r.originOf(e.field);
        return e;
    }
    return c;
}

Expected<ModelConfig, Error> HfConfigImporter::load(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{path, {}, tr("cannot open: %1").arg(f.errorString())};
    // A config.json is a few kilobytes; refuse anything absurd rather than read it all.
    constexpr qint64 kMaxBytes = 16 * 1024 * 1024;
    if (f.size() > kMaxBytes)
        return Error{path, {}, tr("file is too large to be a config.json (%1 bytes)").arg(f.size())};
    return parse(f.readAll(), path);
}

} // namespace tx
