#include "core/formats/hfconfigexporter.h"
#include "core/formats/hfconfigimporter.h"
#include "core/formats/hfconfigreader.h"
#include "core/formats/hfmappers.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>
#include <vector>

// RoPE scaling between config.json and the design: the keys transformers' modeling_rope_utils.py
// reads for each rope_type (and its _validate_*_rope_parameters), with the defaults it applies.
namespace tx::hfmap {

namespace {

struct RopeKeys
{
    HfConfigReader &r;
    const QJsonObject &o;
    QByteArray top; // "rope_scaling" or "rope_parameters", for the error's key
    QString type;

    QByteArray key(const char *name) const { return top + '.' + name; }
    bool has(const char *name) const { return o.contains(QLatin1String(name)) && !o.value(QLatin1String(name)).isNull(); }
    double number(const char *name, double fallback, bool required = false) const
    {
        if (!has(name)) {
            if (required)
                r.fail(key(name).constData(), HfConfigImporter::tr("required key is missing (rope_type \"%1\")").arg(type));
            return fallback;
        }
        const QJsonValue v = o.value(QLatin1String(name));
        if (!v.isDouble() || !std::isfinite(v.toDouble())) {
            r.fail(key(name).constData(), HfConfigImporter::tr("expected a number"));
            return fallback;
        }
        return v.toDouble();
    }
    std::vector<double> list(const char *name) const
    {
        std::vector<double> out;
        const QJsonValue v = o.value(QLatin1String(name));
        if (!v.isArray()) {
            r.fail(key(name).constData(), HfConfigImporter::tr("expected a list of numbers"));
            return out;
        }
        for (const QJsonValue &x : v.toArray()) {
            if (!x.isDouble() || !std::isfinite(x.toDouble())) {
                r.fail(key(name).constData(), HfConfigImporter::tr("expected a list of numbers"));
                return {};
            }
            out.push_back(x.toDouble());
        }
        return out;
    }
};

} // namespace

// linear, dynamic, yarn, llama3 and longrope (and Phi-3's old name "su") add no parameters. With
// factor and original_max_position_embeddings they also stretch the context to their product
// when that is longer than max_position_embeddings. Other kinds (mrope, …) keep the design's
// plain RoPE: the counts do not depend on them, and HfCheckpoint refuses them for the engine.
void readRopeScaling(HfConfigReader &r, ModelConfig &c)
{
    const char *top = r.has("rope_scaling") ? "rope_scaling" : r.has("rope_parameters") ? "rope_parameters" : nullptr;
    if (!top)
        return;
    const QJsonValue v = r.value(top);
    if (!v.isObject()) {
        r.fail(top, HfConfigImporter::tr("expected an object"));
        return;
    }
    QJsonObject o = v.toObject();
    // transformers 5 nests Gemma 3's two rotary embeddings by layer type.
    if (o.value(QStringLiteral("full_attention")).isObject()) {
        const QJsonObject local = o.value(QStringLiteral("sliding_attention")).toObject();
        if (c.ropeLocalTheta > 0 && local.value(QStringLiteral("rope_theta")).isDouble())
            c.ropeLocalTheta = local.value(QStringLiteral("rope_theta")).toDouble();
        o = o.value(QStringLiteral("full_attention")).toObject();
        if (o.value(QStringLiteral("rope_theta")).isDouble())
            c.ropeTheta = o.value(QStringLiteral("rope_theta")).toDouble();
    }
    const QString type = o.value(QStringLiteral("rope_type")).toString(o.value(QStringLiteral("type")).toString());
    RopeScalingKind kind = RopeScalingKind::None;
    if (type == QLatin1String("su"))
        kind = RopeScalingKind::LongRope;
    else if (type == QLatin1String("default") || type.isEmpty() || !fromString(type, kind) || kind == RopeScalingKind::None)
        return;

    const RopeKeys k{r, o, QByteArray(top), type};
    RopeScaling s;
    s.kind = kind;
    const int rawMax = c.maxPositions; // max_position_embeddings as the config gives it
    // yarn and longrope default original_max_position_embeddings to max_position_embeddings;
    // Phi-3 keeps it at the top level. dynamic measures from max_position_embeddings.
    double original = k.number("original_max_position_embeddings", 0, kind == RopeScalingKind::Llama3);
    if (original <= 0)
        original = r.optionalDouble("original_max_position_embeddings", double(rawMax));
    if (kind == RopeScalingKind::Dynamic)
        original = rawMax;
    if (!(original >= 1 && original <= 16777216.0)) {
        r.fail(k.key("original_max_position_embeddings").constData(), HfConfigImporter::tr("must be between 1 and 16777216"));
        return;
    }
    s.originalMaxPositions = int(original);
    // yarn and longrope without a factor take max_position_embeddings / original.
    const bool factorOptional = kind == RopeScalingKind::Yarn || kind == RopeScalingKind::LongRope;
    s.factor = k.number("factor", factorOptional ? double(rawMax) / original : 1.0, !factorOptional);
    s.attentionFactor = k.number("attention_factor", 0.0);
    switch (kind) {
    case RopeScalingKind::Yarn:
        // beta_fast / beta_slow: `or 32` / `or 1`, so 0 means the default too.
        s.betaFast = k.number("beta_fast", 32.0);
        s.betaSlow = k.number("beta_slow", 1.0);
        s.betaFast = s.betaFast != 0 ? s.betaFast : 32.0;
        s.betaSlow = s.betaSlow != 0 ? s.betaSlow : 1.0;
        s.mscale = k.number("mscale", 0.0);
        s.mscaleAllDim = k.number("mscale_all_dim", 0.0);
        if (k.has("truncate")) {
            if (!o.value(QStringLiteral("truncate")).isBool())
                r.fail(k.key("truncate").constData(), HfConfigImporter::tr("expected true or false"));
            s.truncate = o.value(QStringLiteral("truncate")).toBool(true);
        }
        break;
    case RopeScalingKind::Llama3:
        s.lowFreqFactor = k.number("low_freq_factor", 1.0, true);
        s.highFreqFactor = k.number("high_freq_factor", 4.0, true);
        break;
    case RopeScalingKind::LongRope:
        s.shortFactor = k.list("short_factor");
        s.longFactor = k.list("long_factor");
        break;
    default: break;
    }
    c.ropeScaling = s;
    r.note("rope_scaling", top);

    if (s.factor > 0 && k.has("original_max_position_embeddings") && kind != RopeScalingKind::LongRope) {
        const double stretched = std::round(s.factor * original);
        if (stretched > c.maxPositions && stretched <= 16777216.0) {
            c.maxPositions = int(stretched);
            r.note("max_positions", top);
        }
    }
}

void canonicalRopeScaling(ModelConfig &c)
{
    RopeScaling &s = c.ropeScaling;
    if (c.positions != PositionKind::Rotary) {
        s = RopeScaling{};
        c.ropeLocalTheta = 0;
        return;
    }
    if (c.ropeLocalTheta == c.ropeTheta && !s.enabled())
        c.ropeLocalTheta = 0;
    if (!s.enabled()) {
        s = RopeScaling{};
        return;
    }
    // Only what the kind reads, the original context spelled out.
    const RopeScaling d;
    RopeScaling kept;
    kept.kind = s.kind;
    kept.factor = s.factor;
    kept.originalMaxPositions = s.originalMaxPositions > 0 ? s.originalMaxPositions : c.maxPositions;
    kept.attentionFactor = s.attentionFactor;
    if (s.kind == RopeScalingKind::Yarn) {
        kept.betaFast = s.betaFast;
        kept.betaSlow = s.betaSlow;
        kept.mscale = s.mscale;
        kept.mscaleAllDim = s.mscaleAllDim;
        kept.truncate = s.truncate;
    }
    if (s.kind == RopeScalingKind::Llama3) {
        kept.lowFreqFactor = s.lowFreqFactor;
        kept.highFreqFactor = s.highFreqFactor;
    }
    if (s.kind == RopeScalingKind::LongRope) {
        kept.shortFactor = s.shortFactor;
        kept.longFactor = s.longFactor;
    }
    if (s.kind == RopeScalingKind::Linear)
        kept.originalMaxPositions = d.originalMaxPositions; // linear reads no context length
    s = kept;
}

std::optional<Error> ropeScalingExportable(const ModelConfig &c)
{
    const RopeScaling &s = c.ropeScaling;
    if (s.kind == RopeScalingKind::Dynamic && s.originalMaxPositions > 0 && s.originalMaxPositions != c.maxPositions)
        return Error{{}, QStringLiteral("rope_original_max_positions"),
                     HfConfigExporter::tr("transformers' dynamic scaling starts at max_position_embeddings; set both alike")};
    return std::nullopt;
}

QJsonValue ropeScalingJson(const ModelConfig &c)
{
    const RopeScaling &s = c.ropeScaling;
    if (!s.enabled() || c.positions != PositionKind::Rotary)
        return QJsonValue::Null;
    QJsonObject o;
    o.insert(QStringLiteral("rope_type"), toString(s.kind));
    o.insert(QStringLiteral("factor"), s.factor);
    if (s.kind != RopeScalingKind::Linear && s.kind != RopeScalingKind::Dynamic)
        o.insert(QStringLiteral("original_max_position_embeddings"),
                 s.originalMaxPositions > 0 ? s.originalMaxPositions : c.maxPositions);
    if (s.attentionFactor > 0)
        o.insert(QStringLiteral("attention_factor"), s.attentionFactor);
    switch (s.kind) {
    case RopeScalingKind::Yarn:
        o.insert(QStringLiteral("beta_fast"), s.betaFast);
        o.insert(QStringLiteral("beta_slow"), s.betaSlow);
        if (s.mscale > 0)
            o.insert(QStringLiteral("mscale"), s.mscale);
        if (s.mscaleAllDim > 0)
            o.insert(QStringLiteral("mscale_all_dim"), s.mscaleAllDim);
        o.insert(QStringLiteral("truncate"), s.truncate);
        break;
    case RopeScalingKind::Llama3:
        o.insert(QStringLiteral("low_freq_factor"), s.lowFreqFactor);
        o.insert(QStringLiteral("high_freq_factor"), s.highFreqFactor);
        break;
    case RopeScalingKind::LongRope: {
        QJsonArray shortList, longList;
        for (double x : s.shortFactor)
            shortList.append(x);
        for (double x : s.longFactor)
            longList.append(x);
        o.insert(QStringLiteral("short_factor"), shortList);
        o.insert(QStringLiteral("long_factor"), longList);
        break;
    }
    default: break;
    }
    return o;
}

} // namespace tx::hfmap
