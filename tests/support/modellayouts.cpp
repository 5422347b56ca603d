#include "tests/support/modellayouts.h"

#include "core/design/presetlibrary.h"
#include "core/estimate/weightstorage.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <map>

namespace tx {

namespace {

QString layer(int i, const char *rest)
{
    return QStringLiteral("model.layers.%1.").arg(i) + QLatin1String(rest);
}

} // namespace

std::vector<SparseTensor> ModelLayouts::decoder(const Decoder &c)
{
    const std::int64_t d = c.dModel, q = std::int64_t(c.heads) * c.headDim, kv = std::int64_t(c.kvHeads) * c.headDim;
    const std::int64_t f = c.dFf, V = c.vocab, hd = c.headDim;
    const QString t = c.dtype;
    std::vector<SparseTensor> out;
    out.push_back({QStringLiteral("model.embed_tokens.weight"), t, {V, d}});
    for (int i = 0; i < c.layers; ++i) {
        out.push_back({layer(i, "input_layernorm.weight"), t, {d}});
        out.push_back({layer(i, "self_attn.q_proj.weight"), t, {q, d}});
        out.push_back({layer(i, "self_attn.k_proj.weight"), t, {kv, d}});
        out.push_back({layer(i, "self_attn.v_proj.weight"), t, {kv, d}});
        if (c.qkvBias) {
            out.push_back({layer(i, "self_attn.q_proj.bias"), t, {q}});
            out.push_back({layer(i, "self_attn.k_proj.bias"), t, {kv}});
            out.push_back({layer(i, "self_attn.v_proj.bias"), t, {kv}});
        }
        if (c.qkNorm) {
            out.push_back({layer(i, "self_attn.q_norm.weight"), t, {hd}});
            out.push_back({layer(i, "self_attn.k_norm.weight"), t, {hd}});
        }
        out.push_back({layer(i, "self_attn.o_proj.weight"), t, {d, q}});
        out.push_back({layer(i, "post_attention_layernorm.weight"), t, {d}});
        out.push_back({layer(i, "mlp.gate_proj.weight"), t, {f, d}});
        out.push_back({layer(i, "mlp.up_proj.weight"), t, {f, d}});
        out.push_back({layer(i, "mlp.down_proj.weight"), t, {d, f}});
    }
    out.push_back({QStringLiteral("model.norm.weight"), t, {d}});
    if (c.lmHead)
        out.push_back({QStringLiteral("lm_head.weight"), t, {V, d}});
    return out;
}

ModelLayouts::Decoder ModelLayouts::qwen3_8b()
{
    Decoder c;
    c.dModel = 4096;
    c.layers = 36;
    c.heads = 32;
    c.kvHeads = 8;
    c.headDim = 128;
    c.dFf = 12288;
    c.vocab = 151936;
    c.qkNorm = true;
    return c;
}

std::vector<SparseTensor> ModelLayouts::gptOss20b()
{
    // transformers' GptOssForCausalLM with the checkpoint's MXFP4 experts
    // (integrations/mxfp4.py): *_blocks U8 [E, out, in/32, 16], *_scales U8 [E, out, in/32].
    const std::int64_t d = 2880, L = 24, H = 64, KV = 8, hd = 64, E = 32, f = 2880, V = 201088;
    std::vector<SparseTensor> out;
    const QString bf = QStringLiteral("BF16"), u8 = QStringLiteral("U8");
    out.push_back({QStringLiteral("model.embed_tokens.weight"), bf, {V, d}});
    for (int i = 0; i < L; ++i) {
        out.push_back({layer(i, "input_layernorm.weight"), bf, {d}});
        out.push_back({layer(i, "self_attn.q_proj.weight"), bf, {H * hd, d}});
        out.push_back({layer(i, "self_attn.q_proj.bias"), bf, {H * hd}});
        out.push_back({layer(i, "self_attn.k_proj.weight"), bf, {KV * hd, d}});
        out.push_back({layer(i, "self_attn.k_proj.bias"), bf, {KV * hd}});
        out.push_back({layer(i, "self_attn.v_proj.weight"), bf, {KV * hd, d}});
        out.push_back({layer(i, "self_attn.v_proj.bias"), bf, {KV * hd}});
        out.push_back({layer(i, "self_attn.o_proj.weight"), bf, {d, H * hd}});
        out.push_back({layer(i, "self_attn.o_proj.bias"), bf, {d}});
        out.push_back({layer(i, "self_attn.sinks"), bf, {H}});
        out.push_back({layer(i, "post_attention_layernorm.weight"), bf, {d}});
        out.push_back({layer(i, "mlp.router.weight"), bf, {E, d}});
        out.push_back({layer(i, "mlp.router.bias"), bf, {E}});
        out.push_back({layer(i, "mlp.experts.gate_up_proj_blocks"), u8, {E, 2 * f, d / 32, 16}});
        out.push_back({layer(i, "mlp.experts.gate_up_proj_scales"), u8, {E, 2 * f, d / 32}});
        out.push_back({layer(i, "mlp.experts.gate_up_proj_bias"), bf, {E, 2 * f}});
        out.push_back({layer(i, "mlp.experts.down_proj_blocks"), u8, {E, d, f / 32, 16}});
        out.push_back({layer(i, "mlp.experts.down_proj_scales"), u8, {E, d, f / 32}});
        out.push_back({layer(i, "mlp.experts.down_proj_bias"), bf, {E, d}});
    }
    out.push_back({QStringLiteral("model.norm.weight"), bf, {d}});
    out.push_back({QStringLiteral("lm_head.weight"), bf, {V, d}});
    return out;
}

GgufBuilder ModelLayouts::llama31_8bQ4KM()
{
    // The types come from the program's own rule for llama.cpp's Q4_K_M (WeightStorage, which
    // cites src/llama-quant.cpp): default Q4_K; output.weight Q6_K; attn_v and ffn_down Q6_K
    // where use_more_bits(i, n) (16 of 32 layers); 1-D tensors F32. The converter adds
    // rope_freqs.weight (64 F32 factors) for rope_type llama3, which the design does not have.
    // Result: 66 F32, 193 Q4_K and 33 Q6_K tensors, as llama.cpp's loader prints for this file.
    constexpr std::uint32_t F32 = 0;
    const std::int64_t d = 4096, L = 32, kv = 1024, f = 14336, V = 128256;
    ModelConfig c = PresetLibrary::builtIn().find(QStringLiteral("llama-3.1-8b"))->config;
    c.weightPrecision = Precision::Q4_K_M;
    std::map<std::pair<int, WeightTensor::Role>, std::uint32_t> types; // (layer, role) → ggml_type
    for (const WeightStorage::Tensor &t : WeightStorage::tensors(c))
        types[{t.tensor.layer, t.tensor.role}] = WeightStorage::ggmlId(t.type).value_or(F32);
    auto type = [&](int layer, WeightTensor::Role role) { return types.at({layer, role}); };
    using R = WeightTensor::Role;
    GgufBuilder g;
    g.addString(QStringLiteral("general.architecture"), QStringLiteral("llama"));
    g.addString(QStringLiteral("general.name"), QStringLiteral("Meta Llama 3.1 8B"));
    g.addU32(QStringLiteral("llama.block_count"), 32);
    g.addU32(QStringLiteral("llama.context_length"), 131072);
    g.addU32(QStringLiteral("llama.embedding_length"), 4096);
    g.addU32(QStringLiteral("llama.feed_forward_length"), 14336);
    g.addU32(QStringLiteral("llama.attention.head_count"), 32);
    g.addU32(QStringLiteral("llama.attention.head_count_kv"), 8);
    g.addF32(QStringLiteral("llama.rope.freq_base"), 500000.0f);
    g.addF32(QStringLiteral("llama.attention.layer_norm_rms_epsilon"), 1e-5f);
    g.addU32(QStringLiteral("general.file_type"), 15); // LLAMA_FTYPE_MOSTLY_Q4_K_M
    g.addU32(QStringLiteral("llama.vocab_size"), 128256);
    g.addU32(QStringLiteral("llama.rope.dimension_count"), 128);
    g.addString(QStringLiteral("tokenizer.ggml.model"), QStringLiteral("gpt2"));
    g.addStringArray(QStringLiteral("tokenizer.ggml.tokens"), V,
                     [](std::int64_t i) { return QStringLiteral("tok%1").arg(i); });
    g.addI32Array(QStringLiteral("tokenizer.ggml.token_type"), V, 1);
    g.addU32(QStringLiteral("general.quantization_version"), 2);
    g.addTensor({QStringLiteral("rope_freqs.weight"), F32, {64}});
    g.addTensor({QStringLiteral("token_embd.weight"), type(-1, R::TokenEmbedding), {d, V}});
    for (int i = 0; i < L; ++i) {
        auto blk = [i](const char *rest) { return QStringLiteral("blk.%1.").arg(i) + QLatin1String(rest); };
        g.addTensor({blk("attn_norm.weight"), type(i, R::Norm), {d}});
        g.addTensor({blk("attn_q.weight"), type(i, R::Query), {d, d}});
        g.addTensor({blk("attn_k.weight"), type(i, R::Key), {d, kv}});
        g.addTensor({blk("attn_v.weight"), type(i, R::Value), {d, kv}});
        g.addTensor({blk("attn_output.weight"), type(i, R::AttentionOutput), {d, d}});
        g.addTensor({blk("ffn_norm.weight"), type(i, R::Norm), {d}});
        g.addTensor({blk("ffn_gate.weight"), type(i, R::Gate), {d, f}});
        g.addTensor({blk("ffn_up.weight"), type(i, R::Up), {d, f}});
        g.addTensor({blk("ffn_down.weight"), type(i, R::Down), {f, d}});
    }
    g.addTensor({QStringLiteral("output_norm.weight"), type(-1, R::Norm), {d}});
    g.addTensor({QStringLiteral("output.weight"), type(-1, R::LmHead), {d, V}});
    return g;
}

std::int64_t ModelLayouts::writeLlamaCheckpoint(const QString &dir, const Decoder &d)
{
    QDir().mkpath(dir);
    const QJsonObject config{
        {QStringLiteral("architectures"), QJsonArray{QStringLiteral("LlamaForCausalLM")}},
        {QStringLiteral("model_type"), QStringLiteral("llama")},
        {QStringLiteral("hidden_act"), QStringLiteral("silu")},
        {QStringLiteral("hidden_size"), d.dModel},
        {QStringLiteral("intermediate_size"), d.dFf},
        {QStringLiteral("num_hidden_layers"), d.layers},
        {QStringLiteral("num_attention_heads"), d.heads},
        {QStringLiteral("num_key_value_heads"), d.kvHeads},
        {QStringLiteral("head_dim"), d.headDim},
        {QStringLiteral("max_position_embeddings"), 4096},
        {QStringLiteral("vocab_size"), d.vocab},
        {QStringLiteral("rms_norm_eps"), 1e-6},
        {QStringLiteral("rope_theta"), 10000.0},
        {QStringLiteral("tie_word_embeddings"), !d.lmHead},
        {QStringLiteral("attention_bias"), d.qkvBias},
        {QStringLiteral("mlp_bias"), false},
    };
    SparseCheckpoint::writeText(QDir(dir).filePath(QStringLiteral("config.json")), QJsonDocument(config).toJson());
    return SparseCheckpoint::writeSafetensors(QDir(dir).filePath(QStringLiteral("model.safetensors")), decoder(d));
}

std::vector<SparseTensor> ModelLayouts::moe700GB()
{
    // DeepSeek-V3's widths (d 7168, 61 layers, 3 dense then 58 MoE layers of 256 routed experts
    // of 2048 and one shared expert, vocab 129,280), fp8 E4M3 weights with F32 128×128 block
    // scales; plain q/k/v/o stand in for MLA. 91,000 tensors, about 700 GB.
    const std::int64_t d = 7168, L = 61, dense = 3, E = 256, fe = 2048, fd = 18432, V = 129280;
    const QString f8 = QStringLiteral("F8_E4M3"), f32 = QStringLiteral("F32"), bf = QStringLiteral("BF16");
    std::vector<SparseTensor> out;
    auto linear = [&](const QString &name, std::int64_t rows, std::int64_t cols) {
        out.push_back({name + QStringLiteral(".weight"), f8, {rows, cols}});
        out.push_back({name + QStringLiteral(".weight_scale_inv"), f32, {(rows + 127) / 128, (cols + 127) / 128}});
    };
    out.push_back({QStringLiteral("model.embed_tokens.weight"), bf, {V, d}});
    for (int i = 0; i < L; ++i) {
        const QString p = QStringLiteral("model.layers.%1.").arg(i);
        out.push_back({p + QStringLiteral("input_layernorm.weight"), bf, {d}});
        for (const char *m : {"q_proj", "k_proj", "v_proj", "o_proj"})
            linear(p + QStringLiteral("self_attn.") + QLatin1String(m), d, d);
        out.push_back({p + QStringLiteral("post_attention_layernorm.weight"), bf, {d}});
        if (i < dense) {
            linear(p + QStringLiteral("mlp.gate_proj"), fd, d);
            linear(p + QStringLiteral("mlp.up_proj"), fd, d);
            linear(p + QStringLiteral("mlp.down_proj"), d, fd);
            continue;
        }
        out.push_back({p + QStringLiteral("mlp.gate.weight"), bf, {E, d}});
        for (int e = 0; e < E; ++e) {
            const QString x = p + QStringLiteral("mlp.experts.%1.").arg(e);
            linear(x + QStringLiteral("gate_proj"), fe, d);
            linear(x + QStringLiteral("up_proj"), fe, d);
            linear(x + QStringLiteral("down_proj"), d, fe);
        }
        linear(p + QStringLiteral("mlp.shared_experts.gate_proj"), fe, d);
        linear(p + QStringLiteral("mlp.shared_experts.up_proj"), fe, d);
        linear(p + QStringLiteral("mlp.shared_experts.down_proj"), d, fe);
    }
    out.push_back({QStringLiteral("model.norm.weight"), bf, {d}});
    out.push_back({QStringLiteral("lm_head.weight"), bf, {V, d}});
    return out;
}

} // namespace tx
