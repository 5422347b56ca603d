#include "core/design/designfile.h"

#include "core/base/jsonobjectreader.h"

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <vector>

namespace tx {

namespace {

// One design field: how to read it from a ModelConfig and how to set it from JSON.
struct Field
{
    const char *key;
    std::function<QJsonValue(const ModelConfig &)> get;
    // Returns an empty string on success, else what is wrong with the value.
    std::function<QString(ModelConfig &, const QJsonValue &)> set;
    // Parses command-line text into the JSON value `set` expects.
    std::function<QJsonValue(const QString &)> fromText;
};

using IntRef = int &(*)(ModelConfig &);
using DoubleRef = double &(*)(ModelConfig &);
using BoolRef = bool &(*)(ModelConfig &);
using TextRef = QString &(*)(ModelConfig &);

Field intField(const char *key, IntRef ref)
{
    return {key,
            [ref](const ModelConfig &c) { return QJsonValue(ref(const_cast<ModelConfig &>(c))); },
            [ref](ModelConfig &c, const QJsonValue &v) -> QString {
                const double x = v.toDouble(std::nan(""));
                if (!v.isDouble() || std::isnan(x) || x != std::floor(x) || std::fabs(x) > 2147483647.0)
                    return DesignFile::tr("expected an integer");
                ref(c) = static_cast<int>(x);
                return {};
            },
            [](const QString &s) -> QJsonValue {
                bool ok = false;
                const qlonglong x = s.trimmed().toLongLong(&ok);
                return ok ? QJsonValue(double(x)) : QJsonValue(s);
            }};
}

Field doubleField(const char *key, DoubleRef ref)
{
    return {key,
            [ref](const ModelConfig &c) { return QJsonValue(ref(const_cast<ModelConfig &>(c))); },
            [ref](ModelConfig &c, const QJsonValue &v) -> QString {
                if (!v.isDouble() || !std::isfinite(v.toDouble()))
                    return DesignFile::tr("expected a number");
                ref(c) = v.toDouble();
                return {};
            },
            [](const QString &s) -> QJsonValue {
                bool ok = false;
                const double x = s.trimmed().toDouble(&ok);
                return ok ? QJsonValue(x) : QJsonValue(s);
            }};
}

Field boolField(const char *key, BoolRef ref)
{
    return {key,
            [ref](const ModelConfig &c) { return QJsonValue(ref(const_cast<ModelConfig &>(c))); },
            [ref](ModelConfig &c, const QJsonValue &v) -> QString {
                if (!v.isBool())
                    return DesignFile::tr("expected true or false");
                ref(c) = v.toBool();
                return {};
            },
            [](const QString &s) -> QJsonValue {
                const QString t = s.trimmed().toLower();
                if (t == QLatin1String("true") || t == QLatin1String("1") || t == QLatin1String("yes"))
                    return true;
                if (t == QLatin1String("false") || t == QLatin1String("0") || t == QLatin1String("no"))
                    return false;
                return QJsonValue(s);
            }};
}

Field textField(const char *key, TextRef ref)
{
    return {key,
            [ref](const ModelConfig &c) { return QJsonValue(ref(const_cast<ModelConfig &>(c))); },
            [ref](ModelConfig &c, const QJsonValue &v) -> QString {
                if (!v.isString())
                    return DesignFile::tr("expected a string");
                ref(c) = v.toString();
                return {};
            },
            [](const QString &s) -> QJsonValue { return s; }};
}

template <typename E>
Field choiceField(const char *key, E &(*ref)(ModelConfig &), std::initializer_list<E> values)
{
    QStringList names;
    for (E e : values)
        names << toString(e);
    return {key,
            [ref](const ModelConfig &c) { return QJsonValue(toString(ref(const_cast<ModelConfig &>(c)))); },
            [ref, names](ModelConfig &c, const QJsonValue &v) -> QString {
                E e{};
                if (!v.isString() || !fromString(v.toString(), e) || !names.contains(toString(e)))
                    return DesignFile::tr("expected one of: %1").arg(names.join(QStringLiteral(", ")));
                ref(c) = e;
                return {};
            },
            [](const QString &s) -> QJsonValue { return s; }};
}

// A list of layer attention types: a JSON array of names, or comma-separated text.
Field layerTypesField(const char *key)
{
    return {key,
            [](const ModelConfig &c) {
                QJsonArray a;
                for (LayerAttention t : c.layerTypes)
                    a.append(toString(t));
                return QJsonValue(a);
            },
            [](ModelConfig &c, const QJsonValue &v) -> QString {
                if (!v.isArray())
                    return DesignFile::tr("expected a list of full, sliding, chunked, full_no_rope");
                std::vector<LayerAttention> types;
                for (const QJsonValue &x : v.toArray()) {
                    LayerAttention t{};
                    if (!x.isString() || !fromString(x.toString(), t))
                        return DesignFile::tr("expected a list of full, sliding, chunked, full_no_rope");
                    types.push_back(t);
                }
                c.layerTypes = std::move(types);
                return {};
            },
            [](const QString &s) -> QJsonValue {
                QJsonArray a;
                for (const QString &part : s.split(QLatin1Char(','), Qt::SkipEmptyParts))
                    a.append(part.trimmed());
                return a;
            }};
}

// A list of layer indices: a JSON array of integers, or comma-separated text.
Field layerListField(const char *key, std::vector<int> &(*ref)(ModelConfig &))
{
    return {key,
            [ref](const ModelConfig &c) {
                QJsonArray a;
                for (int i : ref(const_cast<ModelConfig &>(c)))
                    a.append(i);
                return QJsonValue(a);
            },
            [ref](ModelConfig &c, const QJsonValue &v) -> QString {
                if (!v.isArray())
                    return DesignFile::tr("expected a list of layer numbers");
                std::vector<int> out;
                for (const QJsonValue &x : v.toArray()) {
                    const double d = x.toDouble(std::nan(""));
                    if (!x.isDouble() || d != std::floor(d) || std::fabs(d) > 2147483647.0)
                        return DesignFile::tr("expected a list of layer numbers");
                    out.push_back(int(d));
                }
                ref(c) = std::move(out);
                return {};
            },
            [](const QString &s) -> QJsonValue {
                QJsonArray a;
                for (const QString &part : s.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                    bool ok = false;
                    const int i = part.trimmed().toInt(&ok);
                    if (!ok)
                        return QJsonValue(s);
                    a.append(i);
                }
                return a;
            }};
}

// A list of numbers: a JSON array, or comma-separated text (longrope's per-frequency factors).
Field numberListField(const char *key, std::vector<double> &(*ref)(ModelConfig &))
{
    return {key,
            [ref](const ModelConfig &c) {
                QJsonArray a;
                for (double x : ref(const_cast<ModelConfig &>(c)))
                    a.append(x);
                return QJsonValue(a);
            },
            [ref](ModelConfig &c, const QJsonValue &v) -> QString {
                if (!v.isArray())
                    return DesignFile::tr("expected a list of numbers");
                std::vector<double> out;
                for (const QJsonValue &x : v.toArray()) {
                    if (!x.isDouble() || !std::isfinite(x.toDouble()))
                        return DesignFile::tr("expected a list of numbers");
                    out.push_back(x.toDouble());
                }
                ref(c) = std::move(out);
                return {};
            },
            [](const QString &s) -> QJsonValue {
                QJsonArray a;
                for (const QString &part : s.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                    bool ok = false;
                    const double x = part.trimmed().toDouble(&ok);
                    if (!ok)
                        return QJsonValue(s);
                    a.append(x);
                }
                return a;
            }};
}

const std::vector<Field> &fields()
{
    static const std::vector<Field> table = {
        textField("name", [](ModelConfig &c) -> QString & { return c.name; }),
        textField("source", [](ModelConfig &c) -> QString & { return c.source; }),
        choiceField<Layout>("layout", [](ModelConfig &c) -> Layout & { return c.layout; },
                            {Layout::DecoderOnly, Layout::EncoderOnly, Layout::EncoderDecoder}),
        intField("d_model", [](ModelConfig &c) -> int & { return c.dModel; }),
        intField("n_layers", [](ModelConfig &c) -> int & { return c.nLayers; }),
        intField("n_decoder_layers", [](ModelConfig &c) -> int & { return c.nDecoderLayers; }),
        intField("n_heads", [](ModelConfig &c) -> int & { return c.nHeads; }),
        intField("n_kv_heads", [](ModelConfig &c) -> int & { return c.nKvHeads; }),
        intField("head_dim", [](ModelConfig &c) -> int & { return c.headDim; }),
        intField("d_ff", [](ModelConfig &c) -> int & { return c.dFf; }),
        choiceField<FfnKind>("ffn", [](ModelConfig &c) -> FfnKind & { return c.ffn; },
                             {FfnKind::Dense2, FfnKind::Gated3}),
        choiceField<Activation>("activation", [](ModelConfig &c) -> Activation & { return c.activation; },
                                {Activation::Relu, Activation::Gelu, Activation::GeluTanh, Activation::Silu}),
        doubleField("swiglu_limit", [](ModelConfig &c) -> double & { return c.swigluLimit; }),
        intField("vocab_size", [](ModelConfig &c) -> int & { return c.vocabSize; }),
        intField("max_positions", [](ModelConfig &c) -> int & { return c.maxPositions; }),
        choiceField<PositionKind>("positions", [](ModelConfig &c) -> PositionKind & { return c.positions; },
                                  {PositionKind::None, PositionKind::Sinusoidal, PositionKind::Learned,
                                   PositionKind::Rotary, PositionKind::RelativeBuckets}),
        intField("relative_buckets", [](ModelConfig &c) -> int & { return c.relativeBuckets; }),
        intField("relative_max_distance", [](ModelConfig &c) -> int & { return c.relativeMaxDistance; }),
        doubleField("rotary_fraction", [](ModelConfig &c) -> double & { return c.rotaryFraction; }),
        doubleField("rope_theta", [](ModelConfig &c) -> double & { return c.ropeTheta; }),
        choiceField<RopeScalingKind>("rope_scaling", [](ModelConfig &c) -> RopeScalingKind & { return c.ropeScaling.kind; },
                                     {RopeScalingKind::None, RopeScalingKind::Linear, RopeScalingKind::Dynamic,
                                      RopeScalingKind::Yarn, RopeScalingKind::Llama3, RopeScalingKind::LongRope}),
        doubleField("rope_factor", [](ModelConfig &c) -> double & { return c.ropeScaling.factor; }),
        intField("rope_original_max_positions", [](ModelConfig &c) -> int & { return c.ropeScaling.originalMaxPositions; }),
        doubleField("rope_low_freq_factor", [](ModelConfig &c) -> double & { return c.ropeScaling.lowFreqFactor; }),
        doubleField("rope_high_freq_factor", [](ModelConfig &c) -> double & { return c.ropeScaling.highFreqFactor; }),
        doubleField("rope_beta_fast", [](ModelConfig &c) -> double & { return c.ropeScaling.betaFast; }),
        doubleField("rope_beta_slow", [](ModelConfig &c) -> double & { return c.ropeScaling.betaSlow; }),
        doubleField("rope_mscale", [](ModelConfig &c) -> double & { return c.ropeScaling.mscale; }),
        doubleField("rope_mscale_all_dim", [](ModelConfig &c) -> double & { return c.ropeScaling.mscaleAllDim; }),
        doubleField("rope_attention_factor", [](ModelConfig &c) -> double & { return c.ropeScaling.attentionFactor; }),
        boolField("rope_truncate", [](ModelConfig &c) -> bool & { return c.ropeScaling.truncate; }),
        numberListField("rope_short_factor", [](ModelConfig &c) -> std::vector<double> & { return c.ropeScaling.shortFactor; }),
        numberListField("rope_long_factor", [](ModelConfig &c) -> std::vector<double> & { return c.ropeScaling.longFactor; }),
        doubleField("rope_local_theta", [](ModelConfig &c) -> double & { return c.ropeLocalTheta; }),
        intField("sliding_window", [](ModelConfig &c) -> int & { return c.slidingWindow; }),
        layerTypesField("layer_types"),
        intField("global_every", [](ModelConfig &c) -> int & { return c.globalEvery; }),
        intField("attention_chunk", [](ModelConfig &c) -> int & { return c.attentionChunk; }),
        choiceField<AttentionKind>("attention", [](ModelConfig &c) -> AttentionKind & { return c.attention; },
                                   {AttentionKind::Gqa, AttentionKind::Mla}),
        intField("q_lora_rank", [](ModelConfig &c) -> int & { return c.mla.qLoraRank; }),
        intField("kv_lora_rank", [](ModelConfig &c) -> int & { return c.mla.kvLoraRank; }),
        intField("qk_nope_head_dim", [](ModelConfig &c) -> int & { return c.mla.qkNopeHeadDim; }),
        intField("qk_rope_head_dim", [](ModelConfig &c) -> int & { return c.mla.qkRopeHeadDim; }),
        intField("v_head_dim", [](ModelConfig &c) -> int & { return c.mla.vHeadDim; }),
        choiceField<QkNorm>("qk_norm", [](ModelConfig &c) -> QkNorm & { return c.qkNorm; },
                            {QkNorm::None, QkNorm::PerHead, QkNorm::FullWidth, QkNorm::Weightless}),
        boolField("attention_sinks", [](ModelConfig &c) -> bool & { return c.attentionSinks; }),
        doubleField("attn_softcap", [](ModelConfig &c) -> double & { return c.attnSoftcap; }),
        doubleField("final_softcap", [](ModelConfig &c) -> double & { return c.finalSoftcap; }),
        choiceField<NormKind>("norm", [](ModelConfig &c) -> NormKind & { return c.norm; },
                              {NormKind::LayerNorm, NormKind::RmsNorm}),
        choiceField<NormPlacement>("norm_placement",
                                   [](ModelConfig &c) -> NormPlacement & { return c.normPlacement; },
                                   {NormPlacement::Pre, NormPlacement::Post, NormPlacement::Sandwich,
                                    NormPlacement::Output}),
        boolField("final_norm", [](ModelConfig &c) -> bool & { return c.finalNorm; }),
        boolField("parallel_block", [](ModelConfig &c) -> bool & { return c.parallelBlock; }),
        boolField("parallel_two_norms", [](ModelConfig &c) -> bool & { return c.parallelTwoNorms; }),
        boolField("qkv_bias", [](ModelConfig &c) -> bool & { return c.qkvBias; }),
        boolField("attn_out_bias", [](ModelConfig &c) -> bool & { return c.attnOutBias; }),
        boolField("ffn_bias", [](ModelConfig &c) -> bool & { return c.ffnBias; }),
        boolField("lm_head_bias", [](ModelConfig &c) -> bool & { return c.lmHeadBias; }),
        intField("token_types", [](ModelConfig &c) -> int & { return c.tokenTypes; }),
        boolField("pooler", [](ModelConfig &c) -> bool & { return c.pooler; }),
        boolField("embedding_norm", [](ModelConfig &c) -> bool & { return c.embeddingNorm; }),
        boolField("lm_head", [](ModelConfig &c) -> bool & { return c.lmHead; }),
        boolField("mlm_head", [](ModelConfig &c) -> bool & { return c.mlmHead; }),
        boolField("tied_embeddings", [](ModelConfig &c) -> bool & { return c.tiedEmbeddings; }),
        intField("embedding_dim", [](ModelConfig &c) -> int & { return c.embeddingDim; }),
        boolField("embedding_scaled", [](ModelConfig &c) -> bool & { return c.embeddingScaled; }),
        doubleField("query_pre_attn_scalar", [](ModelConfig &c) -> double & { return c.queryPreAttnScalar; }),
        choiceField<Sharing>("sharing", [](ModelConfig &c) -> Sharing & { return c.sharing; },
                             {Sharing::None, Sharing::AllLayers, Sharing::Groups}),
        intField("share_group_size", [](ModelConfig &c) -> int & { return c.shareGroupSize; }),
        intField("moe_experts", [](ModelConfig &c) -> int & { return c.moe.numExperts; }),
        intField("moe_top_k", [](ModelConfig &c) -> int & { return c.moe.topK; }),
        intField("moe_sparse_every", [](ModelConfig &c) -> int & { return c.moe.sparseEvery; }),
        boolField("moe_router_bias", [](ModelConfig &c) -> bool & { return c.moe.routerBias; }),
        intField("moe_shared_experts", [](ModelConfig &c) -> int & { return c.moe.sharedExperts; }),
        intField("moe_d_ff", [](ModelConfig &c) -> int & { return c.moe.expertDff; }),
        intField("moe_shared_d_ff", [](ModelConfig &c) -> int & { return c.moe.sharedExpertDff; }),
        intField("moe_first_dense", [](ModelConfig &c) -> int & { return c.moe.firstDense; }),
        layerListField("moe_dense_layers", [](ModelConfig &c) -> std::vector<int> & { return c.moe.denseLayers; }),
        boolField("moe_score_bias", [](ModelConfig &c) -> bool & { return c.moe.scoreCorrectionBias; }),
        choiceField<RouterScore>("moe_router", [](ModelConfig &c) -> RouterScore & { return c.moe.routerScore; },
                                 {RouterScore::Softmax, RouterScore::Sigmoid}),
        boolField("moe_norm_top_k", [](ModelConfig &c) -> bool & { return c.moe.normTopK; }),
        intField("moe_groups", [](ModelConfig &c) -> int & { return c.moe.groups; }),
        intField("moe_top_groups", [](ModelConfig &c) -> int & { return c.moe.topGroups; }),
        doubleField("moe_routed_scale", [](ModelConfig &c) -> double & { return c.moe.routedScale; }),
        intField("mtp_layers", [](ModelConfig &c) -> int & { return c.mtpLayers; }),
        choiceField<Precision>("weight_precision", [](ModelConfig &c) -> Precision & { return c.weightPrecision; },
                               {Precision::FP32, Precision::FP16, Precision::BF16, Precision::FP8, Precision::INT8,
                                Precision::INT4, Precision::Fp8Block, Precision::Mxfp4, Precision::Nvfp4,
                                Precision::Q8_0, Precision::Q6_K, Precision::Q5_K, Precision::Q5_0, Precision::Q4_K,
                                Precision::Q4_0, Precision::Q3_K, Precision::Q2_K, Precision::Q4_K_M,
                                Precision::Q5_K_M, Precision::Q3_K_M}),
        choiceField<Precision>("kv_precision", [](ModelConfig &c) -> Precision & { return c.kvPrecision; },
                               {Precision::FP32, Precision::FP16, Precision::BF16, Precision::FP8, Precision::INT8,
                                Precision::INT4}),
        intField("quant_group_size", [](ModelConfig &c) -> int & { return c.quantGroupSize; }),
        intField("lora_rank", [](ModelConfig &c) -> int & { return c.lora.rank; }),
        boolField("lora_q", [](ModelConfig &c) -> bool & { return c.lora.q; }),
        boolField("lora_k", [](ModelConfig &c) -> bool & { return c.lora.k; }),
        boolField("lora_v", [](ModelConfig &c) -> bool & { return c.lora.v; }),
        boolField("lora_o", [](ModelConfig &c) -> bool & { return c.lora.o; }),
        boolField("lora_ffn", [](ModelConfig &c) -> bool & { return c.lora.ffn; }),
    };
    return table;
}

const Field *findField(const QString &key)
{
    // A hash, not a walk over the hundred fields: parse() looks up every key of the file.
    static const QHash<QString, const Field *> byKey = [] {
        QHash<QString, const Field *> h;
        for (const Field &f : fields())
            h.insert(QString::fromLatin1(f.key), &f);
        return h;
    }();
    return byKey.value(key, nullptr);
}

// The fields in key order. QJsonObject keeps its keys sorted, so inserting them in that order
// appends each one; in table order every insert moved the entries after it (a third of a
// design's save, measured under fuzz_set).
const std::vector<const Field *> &fieldsByKey()
{
    static const std::vector<const Field *> sorted = [] {
        std::vector<const Field *> v;
        for (const Field &f : fields())
            v.push_back(&f);
        std::sort(v.begin(), v.end(), [](const Field *a, const Field *b) { return std::strcmp(a->key, b->key) < 0; });
        return v;
    }();
    return sorted;
}

} // namespace

QStringList DesignFile::fieldNames()
{
    QStringList names;
    for (const Field &f : fields())
        names << QString::fromLatin1(f.key);
    return names;
}

QJsonObject DesignFile::toJson(const ModelConfig &config)
{
    QJsonObject o;
    for (const Field *f : fieldsByKey())
        o.insert(QLatin1String(f->key), f->get(config));
    return o;
}

Expected<ModelConfig, Error> DesignFile::fromJson(const QJsonObject &design, const QString &file)
{
    ModelConfig c;
    for (auto it = design.begin(); it != design.end(); ++it) {
        const Field *f = findField(it.key());
        if (!f)
            return Error{file, it.key(), tr("unknown design field")};
        if (QString problem = f->set(c, it.value()); !problem.isEmpty())
            return Error{file, it.key(), problem};
    }
    return c;
}

QByteArray DesignFile::serialize(const ModelConfig &config)
{
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("transformer-explorer-design"));
    root.insert(QStringLiteral("version"), kVersion);
    root.insert(QStringLiteral("design"), toJson(config));
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Expected<ModelConfig, Error> DesignFile::parse(const QByteArray &bytes, const QString &file)
{
    auto parsed = JsonObjectReader::parse(bytes, file);
    if (!parsed)
        return parsed.error();
    const QJsonObject root = *parsed;
    const QJsonValue version = root.value(QStringLiteral("version"));
    if (!version.isDouble())
        return Error{file, QStringLiteral("version"), tr("missing or not a number")};
    if (version.toInt() > kVersion || version.toInt() < 1) {
        return Error{file, QStringLiteral("version"),
                     tr("version %1 is not supported (this program reads version %2)")
                         .arg(version.toInt()).arg(kVersion)};
    }
    const QJsonValue design = root.value(QStringLiteral("design"));
    if (!design.isObject())
        return Error{file, QStringLiteral("design"), tr("missing or not an object")};
    return fromJson(design.toObject(), file);
}

Expected<ModelConfig, Error> DesignFile::load(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{path, {}, tr("cannot open: %1").arg(f.errorString())};
    // A design file is a few kilobytes; refuse anything absurd rather than read it all.
    constexpr qint64 kMaxBytes = 16 * 1024 * 1024;
    if (f.size() > kMaxBytes)
        return Error{path, {}, tr("file is too large to be a design (%1 bytes)").arg(f.size())};
    return parse(f.readAll(), path);
}

std::optional<Error> DesignFile::save(const ModelConfig &config, const QString &path)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Error{path, {}, tr("cannot write: %1").arg(f.errorString())};
    f.write(serialize(config));
    if (!f.commit())
        return Error{path, {}, tr("cannot write: %1").arg(f.errorString())};
    return std::nullopt;
}

std::optional<Error> DesignFile::applySetting(ModelConfig &config, const QString &key, const QString &value)
{
    const Field *f = findField(key.trimmed());
    if (!f)
        return Error{{}, key, tr("unknown design field (see the README's list of design fields)")};
    if (QString problem = f->set(config, f->fromText(value)); !problem.isEmpty())
        return Error{{}, key, problem + tr(" (got \"%1\")").arg(value)};
    return std::nullopt;
}

} // namespace tx
