#include "core/formats/hfmoecheckpoint.h"

#include "core/formats/hfconfigexporter.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <charconv>
#include <cmath>
#include <set>

namespace tx {

namespace {

// How one file tensor sits in the engine's (rows, cols) block of a TransformerWeights tensor.
enum class Kind {
    Vector,      // file [cols] = row 0, columns [col0, col0 + cols)
    Linear,      // nn.Linear (out, in) = the block transposed
    Plain,       // file `shape` (any rank) = the block, rows = all but the last dimension
    Interleaved, // gpt-oss's gate_up: file columns 2i, 2i + 1 = the block's gate i and up i
};

struct Piece
{
    QString name;
    Mat *m = nullptr;
    Eigen::Index row0 = 0, col0 = 0, rows = 0, cols = 0;
    Kind kind = Kind::Plain;
    std::vector<std::int64_t> shape; // Plain, Interleaved: the file's shape
    float offset = 0; // engine = file + offset (Gemma's RMSNorm weights scale by 1 + w)

    std::vector<std::int64_t> fileShape() const
    {
        switch (kind) {
        case Kind::Vector: return {cols};
        case Kind::Linear: return {cols, rows};
        default: return shape;
        }
    }
};

// The family's tensors of `w` (created by Transformer::create for the design `c`).
std::vector<Piece> piecesOf(HfCheckpoint::Family family, TransformerWeights &w, const ModelConfig &c)
{
    std::vector<Piece> p;
    auto vec = [&p](const QString &name, Mat &m, Eigen::Index col0 = 0, Eigen::Index cols = -1) {
        if (m.size() > 0)
            p.push_back({name, &m, 0, col0, 1, cols < 0 ? m.cols() : cols, Kind::Vector, {}});
    };
    // A (rows, cols) block of m at (row0, col0), stored as nn.Linear's (cols, rows).
    auto linear = [&p](const QString &name, Mat &m, Eigen::Index row0 = 0, Eigen::Index rows = -1, Eigen::Index col0 = 0,
                       Eigen::Index cols = -1) {
        if (m.size() > 0)
            p.push_back({name, &m, row0, col0, rows < 0 ? m.rows() : rows, cols < 0 ? m.cols() : cols, Kind::Linear, {}});
    };
    auto whole = [&p](const QString &name, Mat &m, Kind kind, std::vector<std::int64_t> shape) {
        if (m.size() > 0)
            p.push_back({name, &m, 0, 0, m.rows(), m.cols(), kind, std::move(shape)});
    };
    const bool gemma = family == HfCheckpoint::Family::Gemma || family == HfCheckpoint::Family::Gemma2
                       || family == HfCheckpoint::Family::Gemma3;
    // GemmaRMSNorm, Gemma2RMSNorm, Gemma3RMSNorm: x̂ · (1 + w), w stored near 0.
    auto norm = [&p, &vec, gemma](const QString &name, Mat &m) {
        vec(name, m);
        if (gemma && m.size() > 0)
            p.back().offset = 1.0f;
    };
    const int d = c.dModel, hd = c.effectiveHeadDim(), H = c.nHeads, KV = c.nKvHeads, F = c.dFf;
    const int E = c.moe.numExperts, Fe = c.moe.effectiveExpertDff(F);
    const int S = c.moe.sharedExperts * c.moe.effectiveSharedDff(F);
    whole(QStringLiteral("model.embed_tokens.weight"), w.tokenEmbedding, Kind::Plain, {c.vocabSize, d});
    for (std::size_t i = 0; i < w.layers.size(); ++i) {
        TransformerWeights::Layer &l = w.layers[i];
        const QString b = QStringLiteral("model.layers.%1.").arg(i);
        norm(b + QStringLiteral("input_layernorm.weight"), l.norm1Scale);
        if (family == HfCheckpoint::Family::Gemma2 || family == HfCheckpoint::Family::Gemma3) {
            // Gemma2DecoderLayer: post_attention_layernorm on the attention's output, then
            // pre_feedforward_layernorm and post_feedforward_layernorm around the MLP.
            norm(b + QStringLiteral("post_attention_layernorm.weight"), l.postAttnNormScale);
            norm(b + QStringLiteral("pre_feedforward_layernorm.weight"), l.norm2Scale);
            norm(b + QStringLiteral("post_feedforward_layernorm.weight"), l.postFfnNormScale);
        } else {
            norm(b + QStringLiteral("post_attention_layernorm.weight"), l.norm2Scale);
        }
        if (family == HfCheckpoint::Family::Deepseek) {
            const QString a = b + QStringLiteral("self_attn.");
            const bool latent = l.qAProj.size() > 0;
            linear(a + QStringLiteral("q_a_proj.weight"), l.qAProj);
            vec(a + QStringLiteral("q_a_proj.bias"), l.qAProjBias);
            vec(a + QStringLiteral("q_a_layernorm.weight"), l.qANormScale);
            linear(a + (latent ? QStringLiteral("q_b_proj.weight") : QStringLiteral("q_proj.weight")), l.qBProj);
            vec(a + QStringLiteral("q_proj.bias"), l.qBProjBias);
            linear(a + QStringLiteral("kv_a_proj_with_mqa.weight"), l.kvAProj);
            vec(a + QStringLiteral("kv_a_proj_with_mqa.bias"), l.kvAProjBias);
            vec(a + QStringLiteral("kv_a_layernorm.weight"), l.kvANormScale);
            linear(a + QStringLiteral("kv_b_proj.weight"), l.kvBProj);
        } else {
            const QString a = b + QStringLiteral("self_attn.");
            linear(a + QStringLiteral("q_proj.weight"), l.qkv, 0, -1, 0, H * hd);
            linear(a + QStringLiteral("k_proj.weight"), l.qkv, 0, -1, H * hd, KV * hd);
            linear(a + QStringLiteral("v_proj.weight"), l.qkv, 0, -1, (H + KV) * hd, KV * hd);
            vec(a + QStringLiteral("q_proj.bias"), l.qkvBias, 0, H * hd);
            vec(a + QStringLiteral("k_proj.bias"), l.qkvBias, H * hd, KV * hd);
            vec(a + QStringLiteral("v_proj.bias"), l.qkvBias, (H + KV) * hd, KV * hd);
            norm(a + QStringLiteral("q_norm.weight"), l.qNormScale);
            norm(a + QStringLiteral("k_norm.weight"), l.kNormScale);
            vec(a + QStringLiteral("sinks"), l.sinks);
        }
        linear(b + QStringLiteral("self_attn.o_proj.weight"), l.attnOut);
        vec(b + QStringLiteral("self_attn.o_proj.bias"), l.attnOutBias);
        const QString m = b + QStringLiteral("mlp.");
        if (l.ffnIn.size() > 0) { // a dense layer (DeepSeek's first ones, Qwen3's mlp_only_layers)
            linear(m + QStringLiteral("gate_proj.weight"), l.ffnIn, 0, -1, 0, F);
            linear(m + QStringLiteral("up_proj.weight"), l.ffnIn, 0, -1, F, F);
            linear(m + QStringLiteral("down_proj.weight"), l.ffnOut);
            continue;
        }
        if (family == HfCheckpoint::Family::GptOss) {
            linear(m + QStringLiteral("router.weight"), l.router);
            vec(m + QStringLiteral("router.bias"), l.routerBias);
            whole(m + QStringLiteral("experts.gate_up_proj"), l.expertsIn, Kind::Interleaved, {E, d, 2 * Fe});
            whole(m + QStringLiteral("experts.gate_up_proj_bias"), l.expertsInBias, Kind::Interleaved, {E, 2 * Fe});
            whole(m + QStringLiteral("experts.down_proj"), l.expertsOut, Kind::Plain, {E, Fe, d});
            whole(m + QStringLiteral("experts.down_proj_bias"), l.expertsOutBias, Kind::Plain, {E, d});
            continue;
        }
        linear(m + QStringLiteral("gate.weight"), l.router);
        vec(m + QStringLiteral("gate.e_score_correction_bias"), l.routerScoreBias);
        for (int e = 0; e < E; ++e) {
            const QString x = m + QStringLiteral("experts.%1.").arg(e);
            linear(x + QStringLiteral("gate_proj.weight"), l.expertsIn, Eigen::Index(e) * d, d, 0, Fe);
            linear(x + QStringLiteral("up_proj.weight"), l.expertsIn, Eigen::Index(e) * d, d, Fe, Fe);
            linear(x + QStringLiteral("down_proj.weight"), l.expertsOut, Eigen::Index(e) * Fe, Fe, 0, d);
        }
        linear(m + QStringLiteral("shared_experts.gate_proj.weight"), l.sharedIn, 0, -1, 0, S);
        linear(m + QStringLiteral("shared_experts.up_proj.weight"), l.sharedIn, 0, -1, S, S);
        linear(m + QStringLiteral("shared_experts.down_proj.weight"), l.sharedOut);
    }
    norm(QStringLiteral("model.norm.weight"), w.finalNormScale);
    if (!c.tiedEmbeddings)
        whole(QStringLiteral("lm_head.weight"), w.lmHead, Kind::Plain, {c.vocabSize, d});
    return p;
}

// Columns [g0 u0 g1 u1 …] → [g0 g1 … | u0 u1 …], and back.
Mat deinterleave(const Mat &m)
{
    const Eigen::Index f = m.cols() / 2;
    Mat out(m.rows(), m.cols());
    for (Eigen::Index i = 0; i < f; ++i) {
        out.col(i) = m.col(2 * i);
        out.col(f + i) = m.col(2 * i + 1);
    }
    return out;
}

Mat interleave(const Mat &m)
{
    const Eigen::Index f = m.cols() / 2;
    Mat out(m.rows(), m.cols());
    for (Eigen::Index i = 0; i < f; ++i) {
        out.col(2 * i) = m.col(i);
        out.col(2 * i + 1) = m.col(f + i);
    }
    return out;
}

// gpt-oss's MXFP4 experts: `name`_blocks U8 (E, out, in/32, 16), `name`_scales U8 (E, out, in/32)
// → (E · in, out) floats, the layout of the float tensor (E, in, out).
Expected<Mat, Error> mxfp4(const Safetensors &file, const QString &name, std::int64_t E, std::int64_t in, std::int64_t out)
{
    // OCP MX v1.0 §5.3.3 e2m1, as FP4_VALUES in transformers integrations/mxfp4.py.
    static constexpr float kE2m1[16] = {+0.0f, +0.5f, +1.0f, +1.5f, +2.0f, +3.0f, +4.0f, +6.0f,
                                        -0.0f, -0.5f, -1.0f, -1.5f, -2.0f, -3.0f, -4.0f, -6.0f};
    if (in % 32 != 0)
        return Error{file.path(), name + QStringLiteral("_blocks"),
                     HfMoeCheckpoint::tr("MXFP4 needs an input width divisible by 32 (got %1)").arg(in)};
    const std::int64_t G = in / 32;
    auto blocks = file.bytes(name + QStringLiteral("_blocks"), QStringLiteral("U8"), {E, out, G, 16});
    if (!blocks)
        return blocks.error();
    auto scales = file.bytes(name + QStringLiteral("_scales"), QStringLiteral("U8"), {E, out, G});
    if (!scales)
        return scales.error();
    Mat m(E * in, out);
    for (std::int64_t e = 0; e < E; ++e)
        for (std::int64_t o = 0; o < out; ++o)
            for (std::int64_t g = 0; g < G; ++g) {
                const std::int64_t block = (e * out + o) * G + g;
                const int exponent = int((*scales)[block]) - 127; // e8m0
                for (int j = 0; j < 16; ++j) {
                    const uchar byte = (*blocks)[block * 16 + j];
                    const std::int64_t i = g * 32 + 2 * j;
                    m(e * in + i, o) = std::ldexp(kE2m1[byte & 0x0f], exponent);
                    m(e * in + i + 1, o) = std::ldexp(kE2m1[byte >> 4], exponent);
                }
            }
    return m;
}

// The file tensor of a piece as floats, (rows, cols) as the file lays it out: MXFP4 and fp8
// with block scales dequantised.
Expected<Mat, Error> readPiece(const Safetensors &file, const Piece &p, const QJsonObject &config, std::set<QString> &used)
{
    const std::vector<std::int64_t> shape = p.fileShape();
    if (!file.contains(p.name) && shape.size() == 3 && file.contains(p.name + QStringLiteral("_blocks"))) {
        used.insert(p.name + QStringLiteral("_blocks"));
        used.insert(p.name + QStringLiteral("_scales"));
        return mxfp4(file, p.name, shape[0], shape[1], shape[2]);
    }
    used.insert(p.name);
    auto m = file.tensor(p.name, shape);
    if (!m || file.entry(p.name)->dtype != QLatin1String("F8_E4M3"))
        return m;
    // fp8: one float scale per (b0, b1) block of the (out, in) weight, w = e4m3 · scale_inv.
    if (auto e = CheckpointQuantisation::dequantiseFp8(file, p.name, config, *m, &used))
        return *e;
    return m;
}

} // namespace

std::optional<Expected<HfCheckpoint::Family, Error>> HfMoeCheckpoint::familyOf(const ModelConfig &config)
{
    const bool gemmaLike = config.embeddingScaled || config.normPlacement == NormPlacement::Sandwich;
    if (!config.moe.enabled() && config.attention != AttentionKind::Mla && !config.attentionSinks && !gemmaLike)
        return std::nullopt;
    if (gemmaLike && !config.embeddingScaled)
        return Expected<HfCheckpoint::Family, Error>(
            Error{{}, QStringLiteral("embedding_scaled"),
                  tr("Gemma 2 and 3 checkpoints scale the embeddings by sqrt(d_model); set embedding_scaled")});
    // The family is the one HfConfigExporter writes the design as; neither precision is part of
    // the tensor names.
    ModelConfig c = config;
    c.weightPrecision = Precision::FP32;
    c.kvPrecision = Precision::BF16;
    auto json = HfConfigExporter::toJson(c);
    if (!json)
        return Expected<HfCheckpoint::Family, Error>(json.error());
    const QString type = json->value(QStringLiteral("model_type")).toString();
    if (type == QLatin1String("qwen3_moe"))
        return Expected<HfCheckpoint::Family, Error>(HfCheckpoint::Family::Qwen3Moe);
    if (type == QLatin1String("deepseek_v3") || type == QLatin1String("deepseek_v2"))
        return Expected<HfCheckpoint::Family, Error>(HfCheckpoint::Family::Deepseek);
    if (type == QLatin1String("gpt_oss"))
        return Expected<HfCheckpoint::Family, Error>(HfCheckpoint::Family::GptOss);
    if (type == QLatin1String("gemma"))
        return Expected<HfCheckpoint::Family, Error>(HfCheckpoint::Family::Gemma);
    if (type == QLatin1String("gemma2"))
        return Expected<HfCheckpoint::Family, Error>(HfCheckpoint::Family::Gemma2);
    if (type == QLatin1String("gemma3_text"))
        return Expected<HfCheckpoint::Family, Error>(HfCheckpoint::Family::Gemma3);
    return Expected<HfCheckpoint::Family, Error>(
        Error{{}, QStringLiteral("model_type"),
              tr("%1 checkpoints do not load into the engine yet (it reads and writes qwen3_moe, deepseek_v2, "
                 "deepseek_v3, gpt_oss, gemma, gemma2 and gemma3_text tensor names)").arg(type)});
}

Expected<QJsonObject, Error> HfMoeCheckpoint::configJson(const ModelConfig &config, float normEps)
{
    ModelConfig c = config;
    c.weightPrecision = Precision::FP32;
    c.kvPrecision = Precision::BF16;
    auto json = HfConfigExporter::toJson(c);
    if (!json)
        return json.error();
    char text[32]; // the float's shortest decimal: 1e-06, not 9.999999974752427e-07
    const char *end = std::to_chars(text, text + sizeof text, normEps).ptr;
    double eps = normEps;
    std::from_chars(text, end, eps);
    json->insert(QStringLiteral("rms_norm_eps"), eps);
    json->insert(QStringLiteral("torch_dtype"), QStringLiteral("float32"));
    return json;
}

std::optional<Error> HfMoeCheckpoint::load(HfCheckpoint::Family family, const Safetensors &file, const QJsonObject &config,
                                           Transformer &model)
{
    std::set<QString> used;
    for (const Piece &p : piecesOf(family, model.weights(), model.config())) {
        auto m = readPiece(file, p, config, used);
        if (!m)
            return m.error();
        auto block = p.m->block(p.row0, p.col0, p.rows, p.cols);
        switch (p.kind) {
        case Kind::Linear: block = m->transpose(); break;
        case Kind::Interleaved: block = deinterleave(*m); break;
        default: block = *m; break; // Vector (1, cols) and Plain (rows, cols)
        }
        if (p.offset != 0)
            block.array() += p.offset;
    }
    // Every tensor of the file must have a place, except layers past the design's (DeepSeek-V3's
    // multi-token-prediction layer 61, which the engine does not run).
    static const QRegularExpression layer(QStringLiteral("^model\\.layers\\.(\\d+)\\."));
    for (const QString &name : file.names()) {
        if (used.count(name))
            continue;
        const QRegularExpressionMatch match = layer.match(name);
        if (match.hasMatch() && match.captured(1).toInt() >= model.config().nLayers)
            continue;
        return Error{file.path(), name, tr("a tensor the engine has no place for")};
    }
    return std::nullopt;
}

std::optional<Error> HfMoeCheckpoint::save(HfCheckpoint::Family family, const Transformer &model, const QString &path,
                                           Safetensors::Dtype dtype, const CheckpointQuantisation *quant,
                                           const StopToken &stop)
{
    // piecesOf only hands out where each tensor lives; nothing below writes through it.
    auto &weights = const_cast<TransformerWeights &>(model.weights());
    const std::vector<Piece> pieces = piecesOf(family, weights, model.config());
    std::vector<Mat> copies; // each tensor as the file lays it out
    copies.reserve(pieces.size());
    std::vector<Safetensors::Out> out;
    for (const Piece &p : pieces) {
        const auto block = p.m->block(p.row0, p.col0, p.rows, p.cols);
        switch (p.kind) {
        case Kind::Linear: copies.emplace_back(block.transpose()); break;
        case Kind::Interleaved: copies.emplace_back(interleave(block)); break;
        default: copies.emplace_back(block); break;
        }
        if (p.offset != 0)
            copies.back().array() -= p.offset;
        const Mat &m = copies.back();
        if (quant && quant->mxfp4.count(p.name) && p.shape.size() == 3 && p.shape[1] % 32 == 0) {
            const std::int64_t E = p.shape[0], in = p.shape[1], outCols = p.shape[2];
            Safetensors::Out blocks{p.name + QStringLiteral("_blocks"), nullptr, 0, 0, {E, outCols, in / 32, 16}, QStringLiteral("U8"), {}};
            Safetensors::Out scales{p.name + QStringLiteral("_scales"), nullptr, 0, 0, {E, outCols, in / 32}, QStringLiteral("U8"), {}};
            CheckpointQuantisation::packMxfp4(m, E, in, outCols, blocks.raw, scales.raw);
            out.push_back(std::move(blocks));
            out.push_back(std::move(scales));
            continue;
        }
        if (quant && p.kind == Kind::Linear && quant->fp8.count(p.name)) {
            quant->appendFp8(p.name, m, out);
            continue;
        }
        Safetensors::Out o{p.name, m.data(), p.kind == Kind::Vector ? 0 : m.rows(), m.cols(), {}};
        if (p.kind == Kind::Plain || p.kind == Kind::Interleaved)
            o.shape = p.shape;
        out.push_back(o);
    }
    return Safetensors::save(path, out, dtype, stop);
}

Expected<CheckpointQuantisation, Error> HfMoeCheckpoint::quantisationFor(HfCheckpoint::Family family, const Transformer &model)
{
    if (family != HfCheckpoint::Family::GptOss && family != HfCheckpoint::Family::Deepseek) // before piecesOf
        return Error{{}, QStringLiteral("model_type"), tr("only gpt_oss and deepseek_v3 checkpoints are stored quantised")};
    CheckpointQuantisation q;
    auto &weights = const_cast<TransformerWeights &>(model.weights()); // only the names are read
    const std::vector<Piece> pieces = piecesOf(family, weights, model.config());
    if (family == HfCheckpoint::Family::GptOss) {
        q.config = QJsonObject{{QStringLiteral("quant_method"), QStringLiteral("mxfp4")},
                               {QStringLiteral("modules_to_not_convert"),
                                QJsonArray{QStringLiteral("model.layers.*.self_attn"), QStringLiteral("model.layers.*.mlp.router"),
                                           QStringLiteral("model.embed_tokens"), QStringLiteral("lm_head")}}};
        for (const Piece &p : pieces)
            if (p.shape.size() == 3 && p.shape[1] % 32 == 0) // the experts' gate_up_proj and down_proj
                q.mxfp4.insert(p.name);
        return q;
    }
    if (family == HfCheckpoint::Family::Deepseek) {
        q.config = QJsonObject{{QStringLiteral("quant_method"), QStringLiteral("fp8")},
                               {QStringLiteral("fmt"), QStringLiteral("e4m3")},
                               {QStringLiteral("activation_scheme"), QStringLiteral("dynamic")},
                               {QStringLiteral("weight_block_size"), QJsonArray{128, 128}}};
        for (const Piece &p : pieces)
            if (p.kind == Kind::Linear && p.name.startsWith(QLatin1String("model.layers."))
                && !p.name.endsWith(QLatin1String("mlp.gate.weight")))
                q.fp8[p.name] = Mat(); // scales from each block's amax
        return q;
    }
    return Error{{}, QStringLiteral("model_type"), tr("only gpt_oss and deepseek_v3 checkpoints are stored quantised")};
}

} // namespace tx
