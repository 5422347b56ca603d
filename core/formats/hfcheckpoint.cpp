#include "core/formats/hfcheckpoint.h"

#include "core/design/configvalidator.h"
#include "core/formats/hfalbertcheckpoint.h"
#include "core/formats/hfconfigimporter.h"
#include "core/formats/hfmappers.h"
#include "core/formats/hfmoecheckpoint.h"
#include "core/formats/hft5checkpoint.h"
#include "core/nn/enginesizer.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

#include <charconv>
#include <type_traits>

namespace tx {

namespace {

// The float as the shortest decimal that reads back as the same float: 1e-05, not the
// 9.999999747378752e-06 that widening it to double prints in config.json.
double shortestDecimal(float value)
{
    // to_chars/from_chars: shortest round trip, and no locale (strtod would stop at the "."
    // of "1.5e-06" under a locale with a decimal comma).
    char text[32];
    const char *end = std::to_chars(text, text + sizeof text, value).ptr;
    double out = value;
    std::from_chars(text, end, out);
    return out;
}

// One file tensor and where it lives in TransformerWeights: columns [col0, col0 + cols) of a
// matrix or vector (q, k, v share one fused matrix; gate and up another). `transpose` marks
// nn.Linear's (out, in) storage.
template <typename M, typename V>
struct Slot
{
    QString name;
    M *mat = nullptr;
    V *vec = nullptr;
    Eigen::Index col0 = 0;
    Eigen::Index cols = 0;
    bool transpose = false;

    std::vector<std::int64_t> fileShape() const
    {
        if (vec)
            return {cols};
        return transpose ? std::vector<std::int64_t>{cols, mat->rows()} : std::vector<std::int64_t>{mat->rows(), cols};
    }
};

template <typename W>
auto slotsFor(HfCheckpoint::Family family, W &w, const ModelConfig &c, const QString &prefix)
{
    using M = std::conditional_t<std::is_const_v<W>, const Mat, Mat>;
    using V = std::conditional_t<std::is_const_v<W>, const Mat, Mat>; // (1, n) vectors
    std::vector<Slot<M, V>> s;
    auto mat = [&s](const QString &name, M &m, Eigen::Index col0 = 0, Eigen::Index cols = -1, bool t = false) {
        s.push_back({name, &m, nullptr, col0, cols < 0 ? m.cols() : cols, t});
    };
    auto vec = [&s](const QString &name, V &v, Eigen::Index col0 = 0, Eigen::Index cols = -1) {
        if (v.size() > 0)
            s.push_back({name, nullptr, &v, col0, cols < 0 ? v.cols() : cols, false});
    };
    const int hd = c.effectiveHeadDim(), H = c.nHeads, KV = c.nKvHeads, F = c.dFf;
    if (family == HfCheckpoint::Family::Gpt2) {
        mat(prefix + QStringLiteral("wte.weight"), w.tokenEmbedding);
        mat(prefix + QStringLiteral("wpe.weight"), w.positionEmbedding);
        for (std::size_t i = 0; i < w.layers.size(); ++i) {
            auto &l = w.layers[i];
            const QString b = prefix + QStringLiteral("h.%1.").arg(i);
            vec(b + QStringLiteral("ln_1.weight"), l.norm1Scale);
            vec(b + QStringLiteral("ln_1.bias"), l.norm1Bias);
            mat(b + QStringLiteral("attn.c_attn.weight"), l.qkv); // Conv1D (d, 3d)
            vec(b + QStringLiteral("attn.c_attn.bias"), l.qkvBias);
            mat(b + QStringLiteral("attn.c_proj.weight"), l.attnOut);
            vec(b + QStringLiteral("attn.c_proj.bias"), l.attnOutBias);
            vec(b + QStringLiteral("ln_2.weight"), l.norm2Scale);
            vec(b + QStringLiteral("ln_2.bias"), l.norm2Bias);
            mat(b + QStringLiteral("mlp.c_fc.weight"), l.ffnIn);
            vec(b + QStringLiteral("mlp.c_fc.bias"), l.ffnInBias);
            mat(b + QStringLiteral("mlp.c_proj.weight"), l.ffnOut);
            vec(b + QStringLiteral("mlp.c_proj.bias"), l.ffnOutBias);
        }
        vec(prefix + QStringLiteral("ln_f.weight"), w.finalNormScale);
        vec(prefix + QStringLiteral("ln_f.bias"), w.finalNormBias);
    } else {
        mat(QStringLiteral("model.embed_tokens.weight"), w.tokenEmbedding);
        for (std::size_t i = 0; i < w.layers.size(); ++i) {
            auto &l = w.layers[i];
            const QString b = QStringLiteral("model.layers.%1.").arg(i);
            vec(b + QStringLiteral("input_layernorm.weight"), l.norm1Scale);
            mat(b + QStringLiteral("self_attn.q_proj.weight"), l.qkv, 0, H * hd, true);
            mat(b + QStringLiteral("self_attn.k_proj.weight"), l.qkv, H * hd, KV * hd, true);
            mat(b + QStringLiteral("self_attn.v_proj.weight"), l.qkv, (H + KV) * hd, KV * hd, true);
            vec(b + QStringLiteral("self_attn.q_proj.bias"), l.qkvBias, 0, H * hd);
            vec(b + QStringLiteral("self_attn.k_proj.bias"), l.qkvBias, H * hd, KV * hd);
            vec(b + QStringLiteral("self_attn.v_proj.bias"), l.qkvBias, (H + KV) * hd, KV * hd);
            vec(b + QStringLiteral("self_attn.q_norm.weight"), l.qNormScale); // Qwen3: (head_dim)
            vec(b + QStringLiteral("self_attn.k_norm.weight"), l.kNormScale);
            mat(b + QStringLiteral("self_attn.o_proj.weight"), l.attnOut, 0, -1, true);
            vec(b + QStringLiteral("self_attn.o_proj.bias"), l.attnOutBias);
            vec(b + QStringLiteral("post_attention_layernorm.weight"), l.norm2Scale);
            mat(b + QStringLiteral("mlp.gate_proj.weight"), l.ffnIn, 0, F, true);
            mat(b + QStringLiteral("mlp.up_proj.weight"), l.ffnIn, F, F, true);
            vec(b + QStringLiteral("mlp.gate_proj.bias"), l.ffnInBias, 0, F);
            vec(b + QStringLiteral("mlp.up_proj.bias"), l.ffnInBias, F, F);
            mat(b + QStringLiteral("mlp.down_proj.weight"), l.ffnOut, 0, -1, true);
            vec(b + QStringLiteral("mlp.down_proj.bias"), l.ffnOutBias);
        }
        vec(QStringLiteral("model.norm.weight"), w.finalNormScale);
    }
    if (!c.tiedEmbeddings)
        mat(QStringLiteral("lm_head.weight"), w.lmHead);
    vec(QStringLiteral("lm_head.bias"), w.lmHeadBias);
    return s;
}

struct JsonReader
{
    const QJsonObject &o;
    const QString &file;
    std::optional<Error> error;

    double number(const char *key, double fallback, double lo, double hi)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return fallback;
        if (!v.isDouble() || !(v.toDouble() > lo && v.toDouble() <= hi)) {
            if (!error)
                error = Error{file, QString::fromLatin1(key), HfCheckpoint::tr("expected a number in (%1, %2]").arg(lo).arg(hi)};
            return fallback;
        }
        return v.toDouble();
    }
    bool boolean(const char *key, bool fallback)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return fallback;
        if (!v.isBool()) {
            if (!error)
                error = Error{file, QString::fromLatin1(key), HfCheckpoint::tr("expected true or false")};
            return fallback;
        }
        return v.toBool();
    }
};

std::optional<Error> writeConfig(const QDir &dir, const QJsonObject &json)
{
    QSaveFile config(dir.filePath(QStringLiteral("config.json")));
    if (!config.open(QIODevice::WriteOnly))
        return Error{config.fileName(), {}, HfCheckpoint::tr("cannot write: %1").arg(config.errorString())};
    config.write(QJsonDocument(json).toJson(QJsonDocument::Indented));
    if (!config.commit())
        return Error{config.fileName(), {}, HfCheckpoint::tr("cannot write: %1").arg(config.errorString())};
    return std::nullopt;
}

QString activationToHf(Activation a, HfCheckpoint::Family f)
{
    switch (a) {
    case Activation::GeluTanh: return f == HfCheckpoint::Family::Gpt2 ? QStringLiteral("gelu_new") : QStringLiteral("gelu_pytorch_tanh");
    case Activation::Gelu: return QStringLiteral("gelu");
    case Activation::Relu: return QStringLiteral("relu");
    case Activation::Silu: return QStringLiteral("silu");
    }
    return {};
}

} // namespace

Expected<HfCheckpoint::Config, Error> HfCheckpoint::parseConfig(const QByteArray &json, const QString &file)
{
    auto model = HfConfigImporter::parse(json, file);
    if (!model)
        return model.error();
    const QJsonObject o = QJsonDocument::fromJson(json).object();
    JsonReader r{o, file, std::nullopt};
    Config out;
    out.model = *model;
    // The engine computes in float32 whatever the checkpoint's dtype.
    out.model.weightPrecision = Precision::FP32;
    const bool gpt2 = o.value(QStringLiteral("model_type")).toString() == QLatin1String("gpt2");
    const bool albert = o.value(QStringLiteral("model_type")).toString() == QLatin1String("albert");
    if (albert) // the checkpoint's AlbertForMaskedLM head, where the importer reads AlbertModel
        HfAlbertCheckpoint::withMaskedLmHead(out.model);
    // The norm epsilon is not part of the design; the defaults are GPT2Config's and LlamaConfig's.
    // T5Config's layer_norm_epsilon defaults to 1e-6.
    const bool t5 = out.model.layout == Layout::EncoderDecoder;
    // AlbertConfig's layer_norm_eps defaults to 1e-12.
    out.normEps = gpt2   ? float(r.number("layer_norm_epsilon", 1e-5, 0, 1))
                  : albert ? float(r.number("layer_norm_eps", 1e-12, 0, 1))
                  : t5 ? float(r.number("layer_norm_epsilon", 1e-6, 0, 1))
                       : float(r.number("rms_norm_eps", 1e-6, 0, 1));
    for (const char *key : {"scale_attn_by_inverse_layer_idx", "reorder_and_upcast_attn"}) {
        if (r.boolean(key, false))
            return Error{file, QString::fromLatin1(key), tr("not supported by the engine")};
    }
    // RoPE scaling: the engine computes linear, dynamic, yarn, llama3 and longrope frequencies as
    // transformers does (RopeFrequencies); other kinds (mrope, …) it cannot run.
    for (const QString &key : {QStringLiteral("rope_scaling"), QStringLiteral("rope_parameters")}) {
        const QJsonValue v = o.value(key);
        if (v.isUndefined() || v.isNull())
            continue;
        QJsonObject scaling = v.toObject();
        if (scaling.value(QStringLiteral("full_attention")).isObject()) // transformers 5, per layer type
            scaling = scaling.value(QStringLiteral("full_attention")).toObject();
        const QString type = scaling.value(QStringLiteral("rope_type")).toString(scaling.value(QStringLiteral("type")).toString());
        static const QStringList known = {QStringLiteral("default"), QStringLiteral("linear"), QStringLiteral("dynamic"),
                                          QStringLiteral("yarn"), QStringLiteral("llama3"), QStringLiteral("longrope"),
                                          QStringLiteral("su")};
        if (!v.isObject() || (key == QLatin1String("rope_scaling") && type.isEmpty()) || (!type.isEmpty() && !known.contains(type)))
            return Error{file, key, tr("RoPE scaling \"%1\" is not supported by the engine").arg(type)};
    }
    if (r.error)
        return *r.error;
    auto family = familyOf(out.model);
    if (!family)
        return Error{file, QStringLiteral("model_type"),
                     tr("\"%1\" has no tensor layout the engine loads (%2: %3)")
                         .arg(o.value(QStringLiteral("model_type")).toString(), family.error().field, family.error().message)};
    out.family = *family;
    return out;
}

Expected<HfCheckpoint::Family, Error> HfCheckpoint::familyOf(const ModelConfig &c)
{
    auto mismatch = [](const char *field, const QString &why) { return Error{{}, QString::fromLatin1(field), why}; };
    if (auto e = EngineSizer::unsupported(c))
        return *e;
    if (auto moe = HfMoeCheckpoint::familyOf(c))
        return *moe;
    if (c.layout == Layout::EncoderDecoder) {
        if (auto e = HfT5Checkpoint::mismatch(c))
            return *e;
        return Family::T5;
    }
    if (c.layout == Layout::EncoderOnly) {
        if (auto e = HfAlbertCheckpoint::mismatch(c))
            return *e;
        return Family::Albert;
    }
    if (c.layout != Layout::DecoderOnly)
        return mismatch("layout", tr("GPT-2 and Llama checkpoints are decoder-only"));
    if (c.normPlacement != NormPlacement::Pre || c.parallelBlock || c.embeddingNorm || !c.finalNorm)
        return mismatch("norm_placement", tr("GPT-2 and Llama use sequential pre-norm blocks with a final norm"));
    if (c.sharing != Sharing::None)
        return mismatch("sharing", tr("GPT-2 and Llama checkpoints store every layer"));
    if (c.lmHeadBias)
        return mismatch("lm_head_bias", tr("GPT-2 and Llama heads have no bias"));
    if (c.effectiveEmbeddingDim() != c.dModel)
        return mismatch("embedding_dim", tr("GPT-2 and Llama checkpoints have no factorised embedding"));
    // The engine runs these (EngineSizer), but GPT-2 and Llama tensor names and configs have no place for them.
    // Qwen3 is Llama's layout plus q_norm/k_norm over head_dim (modeling_qwen3.py Qwen3Attention).
    if (c.qkNorm != QkNorm::None && (c.qkNorm != QkNorm::PerHead || c.positions != PositionKind::Rotary))
        return mismatch("qk_norm", tr("GPT-2 and Llama checkpoints have no query/key norms"));
    if (c.attentionSinks)
        return mismatch("attention_sinks", tr("GPT-2 and Llama checkpoints have no attention sinks"));
    if (!c.layerTypes.empty() || c.globalEvery > 0)
        return mismatch("layer_types", tr("GPT-2 and Llama use one attention pattern for every layer"));
    if (c.attnSoftcap > 0 || c.finalSoftcap > 0)
        return mismatch("attn_softcap", tr("GPT-2 and Llama do not soft-cap logits"));
    if (c.ropeLocalTheta > 0)
        return mismatch("rope_local_theta", tr("GPT-2 and Llama rotate every layer alike"));
    if (c.positions == PositionKind::Learned) {
        if (c.norm != NormKind::LayerNorm)
            return mismatch("norm", tr("GPT-2 uses LayerNorm"));
        if (c.ffn != FfnKind::Dense2)
            return mismatch("ffn", tr("GPT-2 has a dense 2-matrix FFN"));
        if (c.nKvHeads != c.nHeads)
            return mismatch("n_kv_heads", tr("GPT-2 has as many key/value heads as query heads"));
        if (c.headDim != 0 && c.headDim * c.nHeads != c.dModel)
            return mismatch("head_dim", tr("GPT-2's head size is d_model / n_heads"));
        if (!c.qkvBias || !c.attnOutBias || !c.ffnBias)
            return mismatch("qkv_bias", tr("GPT-2 has biases on every projection"));
        return Family::Gpt2;
    }
    if (c.positions == PositionKind::Rotary) {
        if (c.norm != NormKind::RmsNorm)
            return mismatch("norm", tr("Llama uses RMSNorm"));
        if (c.ffn != FfnKind::Gated3)
            return mismatch("ffn", tr("Llama has a gated 3-matrix FFN"));
        return Family::Llama;
    }
    return mismatch("positions", tr("GPT-2 checkpoints need learned positions, Llama rotary ones"));
}

Expected<QJsonObject, Error> HfCheckpoint::configJson(const ModelConfig &c, float normEps)
{
    auto family = familyOf(c);
    if (!family)
        return family.error();
    if (*family == Family::T5)
        return HfT5Checkpoint::configJson(c, normEps);
    if (*family == Family::Albert)
        return HfAlbertCheckpoint::configJson(c, normEps);
    if (*family != Family::Gpt2 && *family != Family::Llama)
        return HfMoeCheckpoint::configJson(c, normEps);
    if (c.slidingWindow > 0)
        return Error{{}, QStringLiteral("sliding_window"), tr("GPT-2 and Llama configs attend to the whole context")};
    if (*family == Family::Llama && c.qkvBias != c.attnOutBias)
        return Error{{}, QStringLiteral("attn_out_bias"), tr("Llama's attention_bias covers q, k, v and o together")};
    QJsonObject o;
    if (*family == Family::Gpt2) {
        o.insert(QStringLiteral("architectures"), QJsonArray{QStringLiteral("GPT2LMHeadModel")});
        o.insert(QStringLiteral("model_type"), QStringLiteral("gpt2"));
        o.insert(QStringLiteral("n_embd"), c.dModel);
        o.insert(QStringLiteral("n_layer"), c.nLayers);
        o.insert(QStringLiteral("n_head"), c.nHeads);
        o.insert(QStringLiteral("n_inner"), c.dFf);
        o.insert(QStringLiteral("n_positions"), c.maxPositions);
        o.insert(QStringLiteral("n_ctx"), c.maxPositions);
        o.insert(QStringLiteral("vocab_size"), c.vocabSize);
        o.insert(QStringLiteral("activation_function"), activationToHf(c.activation, *family));
        o.insert(QStringLiteral("layer_norm_epsilon"), shortestDecimal(normEps));
    } else {
        const bool qwen3 = c.qkNorm == QkNorm::PerHead;
        o.insert(QStringLiteral("architectures"),
                 QJsonArray{qwen3 ? QStringLiteral("Qwen3ForCausalLM") : QStringLiteral("LlamaForCausalLM")});
        o.insert(QStringLiteral("model_type"), qwen3 ? QStringLiteral("qwen3") : QStringLiteral("llama"));
        if (qwen3)
            o.insert(QStringLiteral("use_sliding_window"), false);
        o.insert(QStringLiteral("hidden_size"), c.dModel);
        o.insert(QStringLiteral("intermediate_size"), c.dFf);
        o.insert(QStringLiteral("num_hidden_layers"), c.nLayers);
        o.insert(QStringLiteral("num_attention_heads"), c.nHeads);
        o.insert(QStringLiteral("num_key_value_heads"), c.nKvHeads);
        o.insert(QStringLiteral("head_dim"), c.effectiveHeadDim());
        o.insert(QStringLiteral("max_position_embeddings"), c.maxPositions);
        o.insert(QStringLiteral("vocab_size"), c.vocabSize);
        o.insert(QStringLiteral("hidden_act"), activationToHf(c.activation, *family));
        o.insert(QStringLiteral("rms_norm_eps"), shortestDecimal(normEps));
        o.insert(QStringLiteral("rope_theta"), c.ropeTheta);
        if (auto e = hfmap::ropeScalingExportable(c))
            return *e;
        if (c.ropeScaling.enabled())
            o.insert(QStringLiteral("rope_scaling"), hfmap::ropeScalingJson(c));
        if (c.rotaryFraction != 1.0)
            o.insert(QStringLiteral("partial_rotary_factor"), c.rotaryFraction);
        o.insert(QStringLiteral("attention_bias"), c.qkvBias);
        o.insert(QStringLiteral("mlp_bias"), c.ffnBias);
    }
    o.insert(QStringLiteral("tie_word_embeddings"), c.tiedEmbeddings);
    o.insert(QStringLiteral("torch_dtype"), QStringLiteral("float32"));
    return o;
}

Expected<Transformer, Error> HfCheckpoint::load(const QString &path, std::int64_t capBytes, const StopToken &stop)
{
    const QFileInfo info(path);
    const QDir dir = info.isDir() ? QDir(path) : info.dir();
    const QString configPath = dir.filePath(QStringLiteral("config.json"));
    if (!info.exists())
        return Error{path, {}, tr("no such file or folder")};
    QFile configFile(configPath);
    if (!configFile.open(QIODevice::ReadOnly))
        return Error{configPath, {}, tr("cannot open the config.json that must sit beside the weights")};
    if (configFile.size() > 10'000'000)
        return Error{configPath, {}, tr("too large for a config.json")};
    const QByteArray configBytes = configFile.readAll();
    auto config = parseConfig(configBytes, configPath);
    if (!config)
        return config.error();
    auto model = Transformer::create(config->model, capBytes, config->normEps, false, stop.flag());
    if (!model)
        return Error{configPath, model.error().field, model.error().message};
    auto file = Safetensors::openCheckpoint(path, stop);
    if (!file)
        return file.error();

    if (config->family == Family::T5 || config->family == Family::Albert) {
        if (auto e = config->family == Family::T5 ? HfT5Checkpoint::load(*file, *model) : HfAlbertCheckpoint::load(*file, *model))
            return *e;
        return model;
    }
    if (config->family != Family::Gpt2 && config->family != Family::Llama) {
        if (auto e = HfMoeCheckpoint::load(config->family, *file, QJsonDocument::fromJson(configBytes).object(), *model))
            return *e;
        return model;
    }
    const QString prefix = file->contains(QStringLiteral("transformer.wte.weight")) ? QStringLiteral("transformer.") : QString();
    const ModelConfig &c = model->config();
    const QJsonObject configObject = QJsonDocument::fromJson(configBytes).object();
    for (const auto &slot : slotsFor(config->family, model->weights(), c, prefix)) {
        const std::vector<std::int64_t> shape = slot.fileShape();
        if (slot.vec) {
            auto v = file->vector(slot.name, shape[0]);
            if (!v)
                return v.error();
            slot.vec->row(0).segment(slot.col0, slot.cols) = *v;
        } else {
            const Safetensors::Entry *entry = file->entry(slot.name);
            const bool fp8 = entry && entry->dtype == QLatin1String("F8_E4M3");
            auto m = fp8 ? file->tensor(slot.name, {shape[0], shape[1]}) : file->matrix(slot.name, shape[0], shape[1]);
            if (!m)
                return m.error();
            if (fp8)
                if (auto e = CheckpointQuantisation::dequantiseFp8(*file, slot.name, configObject, *m))
                    return *e;
            if (slot.transpose)
                slot.mat->middleCols(slot.col0, slot.cols) = m->transpose();
            else
                slot.mat->middleCols(slot.col0, slot.cols) = *m;
        }
    }
    return model;
}

Expected<CheckpointQuantisation, Error> HfCheckpoint::quantisationOf(const QString &path)
{
    const QFileInfo info(path);
    const QDir dir = info.isDir() ? QDir(path) : info.dir();
    auto file = Safetensors::openCheckpoint(path);
    if (!file)
        return file.error();
    QFile configFile(dir.filePath(QStringLiteral("config.json")));
    if (!configFile.open(QIODevice::ReadOnly) || configFile.size() > 10'000'000)
        return Error{configFile.fileName(), {}, tr("cannot open the config.json that must sit beside the weights")};
    return CheckpointQuantisation::of(*file, QJsonDocument::fromJson(configFile.readAll()).object());
}

Expected<CheckpointQuantisation, Error> HfCheckpoint::quantisationFor(const Transformer &model)
{
    auto family = familyOf(model.config());
    if (!family)
        return family.error();
    if (*family != Family::GptOss && *family != Family::Deepseek)
        return Error{{}, QStringLiteral("model_type"),
                     tr("only gpt_oss (MXFP4 experts) and deepseek_v3 (fp8) checkpoints are stored quantised")};
    return HfMoeCheckpoint::quantisationFor(*family, model);
}

std::optional<Error> HfCheckpoint::save(const Transformer &model, const QString &dirPath, Safetensors::Dtype dtype,
                                        const CheckpointQuantisation *quant, const StopToken &stop)
{
    auto json = configJson(model.config(), model.normEps());
    if (!json)
        return json.error();
    // transformers reads torch_dtype as the dtype of the stored floats (PretrainedConfig; a
    // quantised file names the dtype of its unquantised tensors and scales, as Qwen3-FP8's does).
    json->insert(QStringLiteral("torch_dtype"), dtype == Safetensors::Dtype::BF16 ? QStringLiteral("bfloat16")
                                                : dtype == Safetensors::Dtype::F16 ? QStringLiteral("float16")
                                                                                    : QStringLiteral("float32"));
    if (quant && quant->empty())
        quant = nullptr;
    if (!QDir().mkpath(dirPath))
        return Error{dirPath, {}, tr("cannot create the folder")};
    const QDir dir(dirPath);
    const auto family = familyOf(model.config());
    if (*family == Family::T5 || *family == Family::Albert) {
        const QString weights = dir.filePath(QStringLiteral("model.safetensors"));
        if (auto e = *family == Family::T5 ? HfT5Checkpoint::save(model, weights, dtype, stop)
                                           : HfAlbertCheckpoint::save(model, weights, dtype, stop))
            return e;
        return writeConfig(dir, *json);
    }
    if (*family != Family::Gpt2 && *family != Family::Llama) {
        if (auto e = HfMoeCheckpoint::save(*family, model, dir.filePath(QStringLiteral("model.safetensors")), dtype, quant, stop))
            return e;
        if (quant)
            json->insert(QStringLiteral("quantization_config"), quant->config);
        return writeConfig(dir, *json);
    }
    const auto tensorSlots = slotsFor(*family, model.weights(), model.config(),
                                *family == Family::Gpt2 ? QStringLiteral("transformer.") : QString());
    std::vector<Mat> copies; // (file rows, file cols) of each tensor, as it is written
    copies.reserve(tensorSlots.size());
    std::vector<Safetensors::Out> out;
    for (const auto &slot : tensorSlots) {
        if (slot.vec) {
            copies.emplace_back(slot.vec->row(0).segment(slot.col0, slot.cols));
            out.push_back({slot.name, copies.back().data(), 0, slot.cols});
        } else {
            if (slot.transpose)
                copies.emplace_back(slot.mat->middleCols(slot.col0, slot.cols).transpose());
            else
                copies.emplace_back(slot.mat->middleCols(slot.col0, slot.cols));
            if (quant && slot.transpose && quant->fp8.count(slot.name)) { // an nn.Linear the file held in fp8
                quant->appendFp8(slot.name, copies.back(), out);
                continue;
            }
            out.push_back({slot.name, copies.back().data(), copies.back().rows(), copies.back().cols()});
        }
    }
    if (auto e = Safetensors::save(dir.filePath(QStringLiteral("model.safetensors")), out, dtype, stop))
        return e;
    if (quant && !quant->fp8.empty())
        json->insert(QStringLiteral("quantization_config"), quant->config);
    return writeConfig(dir, *json);
}

} // namespace tx
