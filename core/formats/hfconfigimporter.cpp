#include "core/formats/hfconfigimporter.h"

#include "core/base/jsonobjectreader.h"
#include "core/design/configvalidator.h"
#include "core/formats/hfconfigreader.h"
#include "core/formats/hfmappers.h"

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

using namespace hfmap;

using Mapper = std::function<void(HfConfigReader &, ModelConfig &)>;

const std::vector<std::pair<const char *, Mapper>> &mappers()
{
    static const std::vector<std::pair<const char *, Mapper>> table = {
        {"bert", [](HfConfigReader &r, ModelConfig &c) { mapBert(r, c, 512, 2); }},
        // RoBERTa's 514 positions (512 + padding offset) come from its config; one token type.
        {"roberta", [](HfConfigReader &r, ModelConfig &c) { mapBert(r, c, 514, 1); }},
        {"distilbert", mapDistilBert},
        {"albert", mapAlbert},
        {"gpt2", mapGpt2},
        {"t5", [](HfConfigReader &r, ModelConfig &c) { mapT5(r, c, false); }},
        {"switch_transformers", [](HfConfigReader &r, ModelConfig &c) { mapT5(r, c, true); }},
        {"llama", [](HfConfigReader &r, ModelConfig &c) { mapLlamaLike(r, c, {}); }},
        {"mistral", [](HfConfigReader &r, ModelConfig &c) { mapLlamaLike(r, c, {32768, 10000.0, false, "silu", 4096}); }},
        {"mixtral",
         [](HfConfigReader &r, ModelConfig &c) {
             mapLlamaLike(r, c, {32768, 1e6, false, "silu", 0});
             // MixtralSparseMoeBlock in every layer; gate is Linear(hidden, experts, bias=False).
             c.moe.numExperts = r.requiredInt({"num_local_experts"}, "moe_experts");
             c.moe.topK = r.optionalInt({"num_experts_per_tok"}, 2, "moe_top_k");
             c.moe.sparseEvery = 1;
             c.moe.routerBias = false;
         }},
        {"qwen2",
         [](HfConfigReader &r, ModelConfig &c) {
             mapLlamaLike(r, c, {32768, 10000.0, false, "silu", 0});
             // Qwen2Attention: q, k, v with bias, o without.
             c.qkvBias = true;
             c.attnOutBias = false;
             if (!r.optionalBool("use_sliding_window", false))
                 c.slidingWindow = 0;
         }},
        {"gemma",
         [](HfConfigReader &r, ModelConfig &c) {
             // GeGLU, head_dim 256 and a tied head by default (GemmaConfig).
             mapLlamaLike(r, c, {8192, 10000.0, true, "gelu_pytorch_tanh", 0});
             if (c.headDim == 0)
                 c.headDim = 256;
             c.embeddingScaled = true; // GemmaModel: hidden_states * sqrt(hidden_size)
         }},
        {"phi", mapPhi},
        {"falcon", mapFalcon},
        {"qwen3", [](HfConfigReader &r, ModelConfig &c) { mapQwen3(r, c, false); }},
        {"qwen3_moe", [](HfConfigReader &r, ModelConfig &c) { mapQwen3(r, c, true); }},
        {"deepseek_v2", [](HfConfigReader &r, ModelConfig &c) { mapDeepseek(r, c, false); }},
        {"deepseek_v3", [](HfConfigReader &r, ModelConfig &c) { mapDeepseek(r, c, true); }},
        {"kimi_k2", [](HfConfigReader &r, ModelConfig &c) { mapDeepseek(r, c, true); }},
        {"gpt_oss", mapGptOss},
        {"gemma2", mapGemma2},
        {"gemma3_text", mapGemma3Text},
        // Gemma3ForConditionalGeneration: the text model under text_config (read there).
        {"gemma3", mapGemma3Text},
        {"llama4", mapLlama4Text},
        // Phi-3 and Phi-4: Llama's block with fused qkv_proj and gate_up_proj (same counts).
        {"phi3", [](HfConfigReader &r, ModelConfig &c) { mapLlamaLike(r, c, {4096, 10000.0, false, "silu", 0}); }},
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
    HfConfigReader r(keys, file, modelType);
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
