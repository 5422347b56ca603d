#include "core/modelfile/modeldesign.h"

#include "core/estimate/paramcounter.h"
#include "core/formats/hfconfigimporter.h"
#include "core/modelfile/tensorgroups.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QHash>

#include <map>

namespace tx {

namespace {

// Shapes by name, in PyTorch order (GGUF's ne[] reversed), for the first layer only and the
// tensors outside the layers.
struct Shapes
{
    QHash<QString, std::vector<std::int64_t>> byName;
    int layers = 0;
    bool gguf = false;

    const std::vector<std::int64_t> *find(const QString &name) const
    {
        const auto it = byName.find(name);
        return it == byName.end() ? nullptr : &*it;
    }
    bool has(const QString &name) const { return byName.contains(name); }
    std::int64_t dim(const QString &name, int i) const
    {
        const auto *s = find(name);
        return s && int(s->size()) > i ? (*s)[std::size_t(i)] : 0;
    }
};

Shapes collect(const ModelFile &file)
{
    Shapes s;
    s.gguf = file.format == ModelFileFormat::Gguf;
    for (const TensorInfo &t : file.tensors) {
        int layer = -1;
        TensorGroups::kindOf(t.name, &layer);
        s.layers = std::max(s.layers, layer + 1);
        if (layer > 0)
            continue;
        std::vector<std::int64_t> shape = t.shape;
        if (s.gguf)
            std::reverse(shape.begin(), shape.end());
        s.byName.insert(t.name, shape);
    }
    return s;
}

int headDimFor(std::int64_t qDim, std::int64_t fromNorm)
{
    if (fromNorm > 0)
        return int(fromNorm);
    return qDim % 128 == 0 ? 128 : 64; // the common widths; only the heads' split depends on it
}

// Llama and its kin under Hugging Face names (model.layers.N.self_attn.q_proj, …).
std::optional<ModelConfig> inferHf(const Shapes &s, QStringList &notes)
{
    const QString p = QStringLiteral("model.layers.0.");
    if (!s.has(QStringLiteral("model.embed_tokens.weight")) || !s.has(p + QStringLiteral("self_attn.q_proj.weight")))
        return std::nullopt;
    ModelConfig c;
    c.name = QStringLiteral("inferred");
    c.layout = Layout::DecoderOnly;
    c.positions = PositionKind::Rotary;
    c.norm = s.has(p + QStringLiteral("input_layernorm.bias")) ? NormKind::LayerNorm : NormKind::RmsNorm;
    c.vocabSize = int(s.dim(QStringLiteral("model.embed_tokens.weight"), 0));
    c.dModel = int(s.dim(QStringLiteral("model.embed_tokens.weight"), 1));
    c.nLayers = s.layers;
    const std::int64_t qDim = s.dim(p + QStringLiteral("self_attn.q_proj.weight"), 0);
    const std::int64_t kvDim = s.dim(p + QStringLiteral("self_attn.k_proj.weight"), 0);
    c.headDim = headDimFor(qDim, s.dim(p + QStringLiteral("self_attn.q_norm.weight"), 0));
    if (!s.has(p + QStringLiteral("self_attn.q_norm.weight")))
        notes << QCoreApplication::translate("tx::ModelDesignReader", "head_dim %1 assumed (the shapes fix only heads × head_dim = %2)").arg(c.headDim).arg(qDim);
    c.nHeads = int(qDim / c.headDim);
    c.nKvHeads = int(kvDim / c.headDim);
    c.qkvBias = s.has(p + QStringLiteral("self_attn.q_proj.bias"));
    c.attnOutBias = s.has(p + QStringLiteral("self_attn.o_proj.bias"));
    c.tiedEmbeddings = !s.has(QStringLiteral("lm_head.weight"));
    c.lmHead = true;
    c.lmHeadBias = s.has(QStringLiteral("lm_head.bias"));
    c.finalNorm = s.has(QStringLiteral("model.norm.weight"));
    c.activation = Activation::Silu;
    if (s.has(p + QStringLiteral("mlp.gate_proj.weight"))) {
        c.ffn = FfnKind::Gated3;
        c.dFf = int(s.dim(p + QStringLiteral("mlp.gate_proj.weight"), 0));
        c.ffnBias = s.has(p + QStringLiteral("mlp.gate_proj.bias"));
    } else if (s.has(p + QStringLiteral("mlp.experts.gate_up_proj_blocks"))) {
        // gpt-oss: fused gate_up of 2·d_ff rows per expert, router with bias.
        c.ffn = FfnKind::Gated3;
        c.moe.numExperts = int(s.dim(p + QStringLiteral("mlp.experts.gate_up_proj_blocks"), 0));
        c.dFf = int(s.dim(p + QStringLiteral("mlp.experts.gate_up_proj_blocks"), 1) / 2);
        c.moe.routerBias = s.has(p + QStringLiteral("mlp.router.bias"));
        c.ffnBias = s.has(p + QStringLiteral("mlp.experts.gate_up_proj_bias"));
        c.moe.topK = std::min(4, c.moe.numExperts);
        notes << QCoreApplication::translate("tx::ModelDesignReader", "experts per token (%1) assumed; the file does not say").arg(c.moe.topK);
    } else if (s.has(p + QStringLiteral("mlp.experts.0.gate_proj.weight"))) {
        c.ffn = FfnKind::Gated3;
        int experts = 0;
        while (s.has(p + QStringLiteral("mlp.experts.%1.gate_proj.weight").arg(experts)))
            ++experts;
        c.moe.numExperts = experts;
        c.dFf = int(s.dim(p + QStringLiteral("mlp.experts.0.gate_proj.weight"), 0));
        c.ffnBias = s.has(p + QStringLiteral("mlp.experts.0.gate_proj.bias"));
        c.moe.topK = std::min(2, experts);
        notes << QCoreApplication::translate("tx::ModelDesignReader", "experts per token (%1) assumed; the file does not say").arg(c.moe.topK);
    } else {
        return std::nullopt;
    }
    c.maxPositions = 4096;
    notes << QCoreApplication::translate("tx::ModelDesignReader", "context length %1 assumed").arg(c.maxPositions);
    return c;
}

// GPT-2 names ([transformer.]wte, h.N.attn.c_attn, …; Conv1D weights stored (in, out)).
std::optional<ModelConfig> inferGpt2(const Shapes &s, QStringList &notes)
{
    QString prefix;
    if (s.has(QStringLiteral("transformer.wte.weight")))
        prefix = QStringLiteral("transformer.");
    else if (!s.has(QStringLiteral("wte.weight")))
        return std::nullopt;
    ModelConfig c;
    c.name = QStringLiteral("inferred");
    c.vocabSize = int(s.dim(prefix + QStringLiteral("wte.weight"), 0));
    c.dModel = int(s.dim(prefix + QStringLiteral("wte.weight"), 1));
    c.maxPositions = int(s.dim(prefix + QStringLiteral("wpe.weight"), 0));
    c.nLayers = s.layers;
    c.dFf = int(s.dim(prefix + QStringLiteral("h.0.mlp.c_fc.weight"), 1));
    c.nHeads = c.nKvHeads = std::max(1, c.dModel / 64);
    notes << QCoreApplication::translate("tx::ModelDesignReader", "%1 heads of 64 assumed (the shapes do not split d_model into heads)").arg(c.nHeads);
    c.tiedEmbeddings = !s.has(QStringLiteral("lm_head.weight"));
    return c;
}

// llama.cpp names (token_embd, blk.N.attn_q, …), shapes reversed to (out, in).
std::optional<ModelConfig> inferGguf(const Shapes &s, const QJsonObject &meta, QStringList &notes)
{
    if (!s.has(QStringLiteral("token_embd.weight")) || !s.has(QStringLiteral("blk.0.attn_q.weight")))
        return std::nullopt;
    const QString arch = meta.value(QStringLiteral("general.architecture")).toString();
    auto key = [&](const char *k) { return meta.value(arch + QLatin1Char('.') + QLatin1String(k)); };
    ModelConfig c;
    c.name = meta.value(QStringLiteral("general.name")).toString(QStringLiteral("inferred"));
    c.positions = PositionKind::Rotary;
    c.norm = s.has(QStringLiteral("blk.0.attn_norm.bias")) ? NormKind::LayerNorm : NormKind::RmsNorm;
    c.vocabSize = int(s.dim(QStringLiteral("token_embd.weight"), 0));
    const qint64 tokens = meta.value(QStringLiteral("tokenizer.ggml.tokens")).toObject().value(QStringLiteral("length")).toInteger();
    if (tokens > 0 && tokens != c.vocabSize)
        notes << QCoreApplication::translate("tx::ModelDesignReader", "tokenizer.ggml.tokens has %1 tokens, token_embd.weight %2 rows").arg(tokens).arg(c.vocabSize);
    c.dModel = int(s.dim(QStringLiteral("token_embd.weight"), 1));
    c.nLayers = s.layers;
    const std::int64_t qDim = s.dim(QStringLiteral("blk.0.attn_q.weight"), 0);
    const std::int64_t kvDim = s.dim(QStringLiteral("blk.0.attn_k.weight"), 0);
    const qint64 heads = key("attention.head_count").toInteger();
    const qint64 keyLength = key("attention.key_length").toInteger();
    c.headDim = keyLength > 0 ? int(keyLength)
        : heads > 0            ? int(qDim / heads)
                               : headDimFor(qDim, s.dim(QStringLiteral("blk.0.attn_q_norm.weight"), 0));
    c.nHeads = int(qDim / std::max(1, c.headDim));
    c.nKvHeads = int(kvDim / std::max(1, c.headDim));
    c.qkvBias = s.has(QStringLiteral("blk.0.attn_q.bias"));
    c.attnOutBias = s.has(QStringLiteral("blk.0.attn_output.bias"));
    c.tiedEmbeddings = !s.has(QStringLiteral("output.weight"));
    c.finalNorm = s.has(QStringLiteral("output_norm.weight"));
    c.activation = Activation::Silu;
    if (s.has(QStringLiteral("blk.0.ffn_gate.weight"))) {
        c.ffn = FfnKind::Gated3;
        c.dFf = int(s.dim(QStringLiteral("blk.0.ffn_gate.weight"), 0));
    } else if (s.has(QStringLiteral("blk.0.ffn_gate_exps.weight"))) {
        c.ffn = FfnKind::Gated3;
        c.moe.numExperts = int(s.dim(QStringLiteral("blk.0.ffn_gate_exps.weight"), 0));
        c.dFf = int(s.dim(QStringLiteral("blk.0.ffn_gate_exps.weight"), 1));
        c.moe.topK = int(key("expert_used_count").toInteger(2));
    } else if (s.has(QStringLiteral("blk.0.ffn_up.weight"))) {
        c.ffn = FfnKind::Dense2;
        c.dFf = int(s.dim(QStringLiteral("blk.0.ffn_up.weight"), 0));
    } else {
        return std::nullopt;
    }
    c.ffnBias = s.has(QStringLiteral("blk.0.ffn_gate.bias")) || s.has(QStringLiteral("blk.0.ffn_up.bias"));
    c.maxPositions = int(key("context_length").toInteger(4096));
    c.ropeTheta = key("rope.freq_base").toDouble(10000.0);
    return c;
}

} // namespace

QString ModelDesign::toString(Source s)
{
    switch (s) {
    case Source::ConfigJson: return QStringLiteral("config.json");
    case Source::GgufMetadata: return QStringLiteral("gguf metadata");
    case Source::TensorNames: return QStringLiteral("tensor names");
    }
    return {};
}

// The precision holding most of a file's parameters, for the estimates that follow the design
// once it is edited (the file's own bytes are exact until then).
Precision dominantPrecision(const ModelFile &file)
{
    std::map<QString, std::int64_t> byType;
    for (const TensorInfo &t : file.tensors)
        byType[t.packed ? QStringLiteral("MXFP4") : t.dtype] += t.params;
    QString top;
    std::int64_t most = -1;
    for (const auto &[dtype, params] : byType)
        if (params > most) {
            most = params;
            top = dtype;
        }
    if (top == QLatin1String("F32") || top == QLatin1String("F64"))
        return Precision::FP32;
    if (top == QLatin1String("F16"))
        return Precision::FP16;
    if (top == QLatin1String("BF16"))
        return Precision::BF16;
    if (top.startsWith(QLatin1String("F8")))
        return Precision::FP8;
    if (top == QLatin1String("Q8_0") || top == QLatin1String("Q8_1") || top == QLatin1String("Q8_K")
        || top == QLatin1String("I8") || top == QLatin1String("U8"))
        return Precision::INT8;
    return Precision::INT4; // the 2- to 6-bit ggml blocks and MXFP4
}

std::optional<ModelDesign> ModelDesignReader::read(const ModelFile &file)
{
    QStringList notes;
    if (!file.configPath.isEmpty()) {
        auto config = HfConfigImporter::load(file.configPath);
        if (config) {
            ModelDesign d;
            d.config = *config;
            if (d.config.name.isEmpty())
                d.config.name = QFileInfo(file.path).fileName();
            d.source = ModelDesign::Source::ConfigJson;
            d.sourcePath = file.configPath;
            return d;
        }
        notes << tr("config.json was not used: %1").arg(config.error().toString());
    }
    if (file.format == ModelFileFormat::Gguf) {
        const Shapes s = collect(file);
        if (auto c = inferGguf(s, file.metadata, notes)) {
            ModelDesign d;
            d.config = *c;
            d.config.weightPrecision = dominantPrecision(file);
            d.source = ModelDesign::Source::GgufMetadata;
            d.sourcePath = file.path;
            d.notes = notes;
            return d;
        }
        notes << tr("the GGUF metadata names no architecture this program reads");
    }
    return inferFromTensors(file, notes);
}

std::optional<ModelDesign> ModelDesignReader::inferFromTensors(const ModelFile &file, QStringList notes)
{
    const Shapes s = collect(file);
    std::optional<ModelConfig> c = inferHf(s, notes);
    if (!c)
        c = inferGpt2(s, notes);
    if (!c || !countParams(*c))
        return std::nullopt;
    ModelDesign d;
    d.config = *c;
    d.config.name = QFileInfo(file.path).fileName();
    d.config.weightPrecision = dominantPrecision(file);
    d.source = ModelDesign::Source::TensorNames;
    d.notes = notes;
    return d;
}

} // namespace tx
