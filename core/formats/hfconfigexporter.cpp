#include "core/formats/hfconfigexporter.h"

#include "core/design/configvalidator.h"
#include "core/formats/hfmappers.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

#include <algorithm>

namespace tx {

namespace {

Error refuse(const char *field, const QString &why)
{
    return Error{{}, QString::fromLatin1(field), why};
}

int stackLayers(const ModelConfig &c)
{
    return c.layout == Layout::EncoderOnly ? c.encoderLayers() : c.decoderLayers();
}

bool sparseByRule(const ModelConfig &c, int i)
{
    return c.moe.enabled() && i >= c.moe.firstDense && i % c.moe.sparseEvery == c.moe.sparseEvery - 1;
}

bool anyDenseLayer(const ModelConfig &c)
{
    for (int i = 0; i < stackLayers(c); ++i) {
        const bool listed = std::find(c.moe.denseLayers.begin(), c.moe.denseLayers.end(), i) != c.moe.denseLayers.end();
        if (!sparseByRule(c, i) || listed)
            return true;
    }
    return false;
}

QString hfActivation(Activation a)
{
    switch (a) {
    case Activation::Relu: return QStringLiteral("relu");
    case Activation::Gelu: return QStringLiteral("gelu");
    case Activation::GeluTanh: return QStringLiteral("gelu_pytorch_tanh");
    case Activation::Silu: return QStringLiteral("silu");
    }
    return QStringLiteral("silu");
}

QString hfDtype(Precision p)
{
    switch (p) {
    case Precision::FP32: return QStringLiteral("float32");
    case Precision::FP16: return QStringLiteral("float16");
    default: return QStringLiteral("bfloat16");
    }
}

QJsonArray layerTypesJson(const ModelConfig &c)
{
    QJsonArray a;
    for (int i = 0; i < stackLayers(c); ++i) {
        switch (c.layerAttention(i)) {
        case LayerAttention::Sliding: a.append(QStringLiteral("sliding_attention")); break;
        case LayerAttention::Chunked: a.append(QStringLiteral("chunked_attention")); break;
        case LayerAttention::Full:
        case LayerAttention::FullNoRope: a.append(QStringLiteral("full_attention")); break;
        }
    }
    return a;
}

bool allSliding(const ModelConfig &c)
{
    for (int i = 0; i < stackLayers(c); ++i)
        if (c.layerAttention(i) != LayerAttention::Sliding)
            return false;
    return stackLayers(c) > 0;
}

bool hasLocalLayers(const ModelConfig &c)
{
    for (int i = 0; i < stackLayers(c); ++i)
        if (c.layerAttention(i) != LayerAttention::Full)
            return true;
    return false;
}

// What every family written here shares: a pre-norm (or its variants) decoder with RMSNorm,
// rotary positions, a gated FFN, a final norm and an LM head.
std::optional<Error> commonChecks(const ModelConfig &c)
{
    if (c.layout != Layout::DecoderOnly)
        return refuse("layout", HfConfigExporter::tr("only decoder-only designs export as a Hugging Face causal LM"));
    if (c.positions != PositionKind::Rotary)
        return refuse("positions", HfConfigExporter::tr("the exported families use rotary positions"));
    if (c.norm != NormKind::RmsNorm)
        return refuse("norm", HfConfigExporter::tr("the exported families use RMSNorm"));
    if (c.ffn != FfnKind::Gated3)
        return refuse("ffn", HfConfigExporter::tr("the exported families use a gated FFN"));
    if (c.parallelBlock)
        return refuse("parallel_block", HfConfigExporter::tr("the exported families run attention and FFN one after the other"));
    if (!c.finalNorm || !c.lmHead || c.lmHeadBias)
        return refuse("lm_head", HfConfigExporter::tr("the exported families end in a final norm and an LM head without bias"));
    if (c.tokenTypes > 0 || c.pooler || c.embeddingNorm || (c.embeddingDim > 0 && c.embeddingDim != c.dModel))
        return refuse("embedding_dim", HfConfigExporter::tr("token types, a pooler, an embedding norm or a factorized embedding "
                                          "have no place in the exported families"));
    if (c.sharing != Sharing::None)
        return refuse("sharing", HfConfigExporter::tr("cross-layer sharing has no Hugging Face causal-LM family"));
    if (c.lora.enabled())
        return refuse("lora_rank", HfConfigExporter::tr("LoRA adapters are saved apart (adapter_config.json), not in config.json"));
    if (c.weightPrecision != Precision::FP32 && c.weightPrecision != Precision::FP16
        && c.weightPrecision != Precision::BF16)
        return refuse("weight_precision", HfConfigExporter::tr("config.json records fp32, fp16 or bf16 (torch_dtype)"));
    if (c.kvPrecision != Precision::BF16)
        return refuse("kv_precision", HfConfigExporter::tr("config.json does not record the KV-cache precision; use bf16"));
    for (int i = 0; i < stackLayers(c); ++i) {
        const LayerAttention t = c.layerAttention(i);
        if (t == LayerAttention::Chunked || t == LayerAttention::FullNoRope)
            return refuse("layer_types", HfConfigExporter::tr("chunked and no-RoPE layers (Llama 4) are not exported"));
    }
    if (auto e = hfmap::ropeScalingExportable(c))
        return e;
    const bool gemma3 = c.normPlacement == NormPlacement::Sandwich && c.qkNorm == QkNorm::PerHead;
    if (c.ropeLocalTheta > 0 && !gemma3)
        return refuse("rope_local_theta", HfConfigExporter::tr("only Gemma 3 gives its sliding layers a RoPE base of their own"));
    if (gemma3 && c.ropeLocalTheta == 0 && c.ropeScaling.enabled())
        return refuse("rope_local_theta", HfConfigExporter::tr("Gemma 3 rotates its sliding layers without the RoPE scaling; "
                                                               "give them a base (rope_local_theta)"));
    return std::nullopt;
}

void writeBase(QJsonObject &o, const ModelConfig &c, const char *modelType, const char *architecture)
{
    o.insert(QStringLiteral("model_type"), QString::fromLatin1(modelType));
    o.insert(QStringLiteral("architectures"), QJsonArray{QString::fromLatin1(architecture)});
    if (!c.name.isEmpty())
        o.insert(QStringLiteral("_name_or_path"), c.name);
    o.insert(QStringLiteral("hidden_size"), c.dModel);
    o.insert(QStringLiteral("num_hidden_layers"), c.nLayers);
    o.insert(QStringLiteral("num_attention_heads"), c.nHeads);
    o.insert(QStringLiteral("num_key_value_heads"), c.nKvHeads);
    o.insert(QStringLiteral("intermediate_size"), c.dFf);
    o.insert(QStringLiteral("vocab_size"), c.vocabSize);
    o.insert(QStringLiteral("max_position_embeddings"), c.maxPositions);
    o.insert(QStringLiteral("rope_theta"), c.ropeTheta);
    o.insert(QStringLiteral("rope_scaling"), hfmap::ropeScalingJson(c));
    o.insert(QStringLiteral("partial_rotary_factor"), c.rotaryFraction);
    o.insert(QStringLiteral("tie_word_embeddings"), c.tiedEmbeddings);
    o.insert(QStringLiteral("hidden_act"), hfActivation(c.activation));
    o.insert(QStringLiteral("mlp_bias"), c.ffnBias);
    o.insert(QStringLiteral("rms_norm_eps"), 1e-6);
    o.insert(QStringLiteral("torch_dtype"), hfDtype(c.weightPrecision));
    if (c.headDim > 0 || c.attention == AttentionKind::Gqa)
        o.insert(QStringLiteral("head_dim"), c.effectiveHeadDim());
}

std::optional<Error> requireSameAttentionBias(const ModelConfig &c)
{
    if (c.qkvBias != c.attnOutBias)
        return refuse("attn_out_bias", HfConfigExporter::tr("this family has one attention_bias for q, k, v and o"));
    return std::nullopt;
}

std::optional<Error> requireNoMoe(const ModelConfig &c, const char *family)
{
    if (c.moe.enabled())
        return refuse("moe_experts", HfConfigExporter::tr("the %1 family has no experts").arg(QString::fromLatin1(family)));
    return std::nullopt;
}

std::optional<Error> requireNoWindow(const ModelConfig &c, const char *family)
{
    if (hasLocalLayers(c))
        return refuse("sliding_window", HfConfigExporter::tr("the %1 family has no sliding window").arg(QString::fromLatin1(family)));
    return std::nullopt;
}

std::optional<Error> requirePlain(const ModelConfig &c)
{
    if (c.attentionSinks)
        return refuse("attention_sinks", HfConfigExporter::tr("only gpt_oss has attention sinks"));
    if (c.attnSoftcap > 0 || c.finalSoftcap > 0)
        return refuse("attn_softcap", HfConfigExporter::tr("only Gemma 2 soft-caps logits"));
    if (c.mtpLayers > 0)
        return refuse("mtp_layers", HfConfigExporter::tr("only deepseek_v3 and glm4_moe carry MTP modules"));
    return std::nullopt;
}

// Qwen3MoeSparseMoeBlock, MixtralSparseMoeBlock and GptOssTopKRouter: a softmax over the experts'
// logits, the top k taken as they are (renormalised where norm_topk_prob, always in mixtral and
// gpt_oss), no groups and no scaling factor; their configs have no field for a sigmoid router.
std::optional<Error> requireSoftmaxRouter(const ModelConfig &c, const char *family, bool normalised)
{
    const QString f = QString::fromLatin1(family);
    if (c.moe.routerScore != RouterScore::Softmax)
        return refuse("moe_router", HfConfigExporter::tr("%1 scores experts with a softmax, not a sigmoid (DeepSeek-V3's "
                                                         "router exports as deepseek_v3 or glm4_moe)").arg(f));
    if (c.moe.groups > 1)
        return refuse("moe_groups", HfConfigExporter::tr("%1 does not limit the choice to groups of experts").arg(f));
    if (c.moe.routedScale != 1.0)
        return refuse("moe_routed_scale", HfConfigExporter::tr("%1 does not scale the routed experts' weights").arg(f));
    if (normalised && !c.moe.normTopK)
        return refuse("moe_norm_top_k", HfConfigExporter::tr("%1 always renormalises the top k weights").arg(f));
    return std::nullopt;
}

void writeMoeExperts(QJsonObject &o, const ModelConfig &c, const char *expertsKey)
{
    o.insert(QString::fromLatin1(expertsKey), c.moe.numExperts);
    o.insert(QStringLiteral("num_experts_per_tok"), c.moe.topK);
    o.insert(QStringLiteral("moe_intermediate_size"), c.moe.effectiveExpertDff(c.dFf));
}

std::optional<Error> sharedExpertsAsDeepseek(const ModelConfig &c)
{
    if (c.moe.sparseEvery != 1)
        return refuse("moe_sparse_every", HfConfigExporter::tr("this family makes every layer after the dense ones sparse"));
    if (!c.moe.denseLayers.empty())
        return refuse("moe_dense_layers", HfConfigExporter::tr("this family keeps only the first layers dense (first_k_dense_replace)"));
    if (c.moe.routerBias)
        return refuse("moe_router_bias", HfConfigExporter::tr("this family's router has no bias"));
    if (c.moe.sharedExperts > 0 && c.moe.effectiveSharedDff(c.dFf) != c.moe.effectiveExpertDff(c.dFf))
        return refuse("moe_shared_d_ff", HfConfigExporter::tr("this family's shared experts are as wide as the routed ones"));
    return std::nullopt;
}

Expected<QJsonObject, Error> deepseek(const ModelConfig &c)
{
    if (c.qkvBias != c.attnOutBias)
        return refuse("attn_out_bias", HfConfigExporter::tr("DeepSeek has one attention_bias for q_a, kv_a and o"));
    if (hasLocalLayers(c))
        return refuse("sliding_window", HfConfigExporter::tr("DeepSeek has no sliding window"));
    if (c.attentionSinks || c.attnSoftcap > 0 || c.finalSoftcap > 0)
        return refuse("attention_sinks", HfConfigExporter::tr("DeepSeek has no sinks and no soft-capping"));
    if (c.normPlacement != NormPlacement::Pre)
        return refuse("norm_placement", HfConfigExporter::tr("DeepSeek uses pre-norm"));
    if (c.moe.enabled()) {
        if (auto e = sharedExpertsAsDeepseek(c))
            return *e;
    }
    const bool v3 = !c.moe.enabled() || c.moe.scoreCorrectionBias;
    QJsonObject o;
    writeBase(o, c, v3 ? "deepseek_v3" : "deepseek_v2", v3 ? "DeepseekV3ForCausalLM" : "DeepseekV2ForCausalLM");
    o.insert(QStringLiteral("num_key_value_heads"), c.nHeads);
    o.insert(QStringLiteral("attention_bias"), c.qkvBias);
    o.insert(QStringLiteral("q_lora_rank"), c.mla.qLoraRank > 0 ? QJsonValue(c.mla.qLoraRank) : QJsonValue());
    o.insert(QStringLiteral("kv_lora_rank"), c.mla.kvLoraRank);
    o.insert(QStringLiteral("qk_nope_head_dim"), c.mla.qkNopeHeadDim);
    o.insert(QStringLiteral("qk_rope_head_dim"), c.mla.qkRopeHeadDim);
    o.insert(QStringLiteral("v_head_dim"), c.mla.vHeadDim);
    o.insert(QStringLiteral("moe_layer_freq"), 1);
    o.insert(QStringLiteral("n_routed_experts"), c.moe.enabled() ? c.moe.numExperts : 0);
    if (c.moe.enabled()) {
        o.insert(QStringLiteral("num_experts_per_tok"), c.moe.topK);
        o.insert(QStringLiteral("moe_intermediate_size"), c.moe.effectiveExpertDff(c.dFf));
        o.insert(QStringLiteral("n_shared_experts"), c.moe.sharedExperts);
        o.insert(QStringLiteral("first_k_dense_replace"), c.moe.firstDense);
        o.insert(QStringLiteral("topk_method"), v3 ? QStringLiteral("noaux_tc") : QStringLiteral("greedy"));
        o.insert(QStringLiteral("scoring_func"), toString(c.moe.routerScore));
        o.insert(QStringLiteral("norm_topk_prob"), c.moe.normTopK);
        o.insert(QStringLiteral("routed_scaling_factor"), c.moe.routedScale);
        o.insert(QStringLiteral("n_group"), c.moe.groups);
        o.insert(QStringLiteral("topk_group"), c.moe.topGroups);
    }
    o.insert(QStringLiteral("num_nextn_predict_layers"), c.mtpLayers);
    return o;
}

Expected<QJsonObject, Error> gptOss(const ModelConfig &c)
{
    if (!c.moe.enabled() || c.moe.sparseEvery != 1 || c.moe.firstDense > 0 || !c.moe.denseLayers.empty())
        return refuse("moe_experts", HfConfigExporter::tr("gpt_oss is a mixture of experts in every layer"));
    if (!c.moe.routerBias || !c.ffnBias || c.moe.sharedExperts > 0 || c.moe.scoreCorrectionBias)
        return refuse("moe_router_bias", HfConfigExporter::tr("gpt_oss has a biased router, biased experts and no shared experts"));
    if (auto e = requireSoftmaxRouter(c, "gpt_oss", true))
        return *e;
    if (auto e = requireSameAttentionBias(c))
        return *e;
    if (c.normPlacement != NormPlacement::Pre || c.qkNorm != QkNorm::None)
        return refuse("qk_norm", HfConfigExporter::tr("gpt_oss uses pre-norm without QK-norm"));
    if (c.attnSoftcap > 0 || c.finalSoftcap > 0 || c.mtpLayers > 0)
        return refuse("attn_softcap", HfConfigExporter::tr("gpt_oss has no soft-capping and no MTP"));
    QJsonObject o;
    writeBase(o, c, "gpt_oss", "GptOssForCausalLM");
    o.insert(QStringLiteral("intermediate_size"), c.moe.effectiveExpertDff(c.dFf));
    o.insert(QStringLiteral("attention_bias"), c.qkvBias);
    o.insert(QStringLiteral("num_local_experts"), c.moe.numExperts);
    o.insert(QStringLiteral("num_experts_per_tok"), c.moe.topK);
    o.insert(QStringLiteral("swiglu_limit"), c.swigluLimit);
    o.insert(QStringLiteral("sliding_window"), c.slidingWindow > 0 ? QJsonValue(c.slidingWindow) : QJsonValue());
    o.insert(QStringLiteral("layer_types"), layerTypesJson(c));
    return o;
}

Expected<QJsonObject, Error> gemma(const ModelConfig &c)
{
    if (auto e = requireNoMoe(c, "gemma"))
        return *e;
    if (auto e = requireSameAttentionBias(c))
        return *e;
    if (c.attentionSinks || c.mtpLayers > 0)
        return refuse("attention_sinks", HfConfigExporter::tr("Gemma has no sinks and no MTP"));
    const bool three = c.qkNorm == QkNorm::PerHead;
    if (!three && c.qkNorm != QkNorm::None)
        return refuse("qk_norm", HfConfigExporter::tr("Gemma 3 normalises q and k per head; Gemma 2 not at all"));
    QJsonObject o;
    writeBase(o, c, three ? "gemma3_text" : "gemma2", three ? "Gemma3ForCausalLM" : "Gemma2ForCausalLM");
    o.insert(QStringLiteral("hidden_activation"), hfActivation(c.activation));
    o.insert(QStringLiteral("attention_bias"), c.qkvBias);
    o.insert(QStringLiteral("sliding_window"), c.slidingWindow > 0 ? QJsonValue(c.slidingWindow) : QJsonValue());
    o.insert(QStringLiteral("layer_types"), layerTypesJson(c));
    o.insert(QStringLiteral("attn_logit_softcapping"), c.attnSoftcap > 0 ? QJsonValue(c.attnSoftcap) : QJsonValue());
    o.insert(QStringLiteral("final_logit_softcapping"), c.finalSoftcap > 0 ? QJsonValue(c.finalSoftcap) : QJsonValue());
    if (three) // Gemma3RotaryEmbedding for the sliding layers: rope_local_base_freq, unscaled
        o.insert(QStringLiteral("rope_local_base_freq"), c.ropeLocalTheta > 0 ? c.ropeLocalTheta : c.ropeTheta);
    o.insert(QStringLiteral("query_pre_attn_scalar"), c.queryPreAttnScalar > 0 ? c.queryPreAttnScalar : double(c.effectiveHeadDim()));
    return o;
}

// Gemma 1 (GemmaForCausalLM): Llama's pre-norm block with GeGLU, (1 + w) norms and embeddings
// scaled by sqrt(hidden_size).
Expected<QJsonObject, Error> gemma1(const ModelConfig &c)
{
    if (auto e = requireNoMoe(c, "gemma"))
        return *e;
    if (auto e = requireNoWindow(c, "gemma"))
        return *e;
    if (auto e = requireSameAttentionBias(c))
        return *e;
    if (c.qkNorm != QkNorm::None || c.attentionSinks || c.attnSoftcap > 0 || c.finalSoftcap > 0 || c.queryPreAttnScalar > 0)
        return refuse("qk_norm", HfConfigExporter::tr("Gemma 1 has no QK-norm, sinks, soft-capping or query_pre_attn_scalar"));
    QJsonObject o;
    writeBase(o, c, "gemma", "GemmaForCausalLM");
    o.insert(QStringLiteral("hidden_activation"), hfActivation(c.activation));
    o.insert(QStringLiteral("attention_bias"), c.qkvBias);
    return o;
}

Expected<QJsonObject, Error> olmo2(const ModelConfig &c)
{
    if (c.qkNorm != QkNorm::FullWidth)
        return refuse("qk_norm", HfConfigExporter::tr("OLMo 2 normalises q and k over the full projected width"));
    if (auto e = requireNoMoe(c, "olmo2"))
        return *e;
    if (auto e = requireNoWindow(c, "olmo2"))
        return *e;
    if (auto e = requireSameAttentionBias(c))
        return *e;
    if (auto e = requirePlain(c))
        return *e;
    QJsonObject o;
    writeBase(o, c, "olmo2", "Olmo2ForCausalLM");
    o.insert(QStringLiteral("attention_bias"), c.qkvBias);
    return o;
}

Expected<QJsonObject, Error> qwen3(const ModelConfig &c)
{
    if (auto e = requireNoWindow(c, "qwen3"))
        return *e;
    if (auto e = requireSameAttentionBias(c))
        return *e;
    if (auto e = requirePlain(c))
        return *e;
    QJsonObject o;
    if (c.moe.enabled()) {
        if (c.moe.sharedExperts > 0 || c.moe.routerBias || c.moe.scoreCorrectionBias || c.moe.firstDense > 0)
            return refuse("moe_shared_experts", HfConfigExporter::tr("qwen3_moe has no shared experts, router bias or dense first layers"));
        if (auto e = requireSoftmaxRouter(c, "qwen3_moe", false))
            return *e;
        writeBase(o, c, "qwen3_moe", "Qwen3MoeForCausalLM");
        writeMoeExperts(o, c, "num_experts");
        o.insert(QStringLiteral("decoder_sparse_step"), c.moe.sparseEvery);
        o.insert(QStringLiteral("norm_topk_prob"), c.moe.normTopK);
        QJsonArray dense;
        for (int i : c.moe.denseLayers)
            dense.append(i);
        o.insert(QStringLiteral("mlp_only_layers"), dense);
    } else {
        writeBase(o, c, "qwen3", "Qwen3ForCausalLM");
    }
    o.insert(QStringLiteral("attention_bias"), c.qkvBias);
    o.insert(QStringLiteral("use_sliding_window"), false);
    return o;
}

Expected<QJsonObject, Error> glm4Moe(const ModelConfig &c)
{
    if (auto e = sharedExpertsAsDeepseek(c))
        return *e;
    if (!c.moe.scoreCorrectionBias)
        return refuse("moe_score_bias", HfConfigExporter::tr("glm4_moe routes with the score-correction bias"));
    if (c.attnOutBias)
        return refuse("attn_out_bias", HfConfigExporter::tr("glm4_moe's o_proj has no bias"));
    if (c.qkNorm != QkNorm::None && c.qkNorm != QkNorm::PerHead)
        return refuse("qk_norm", HfConfigExporter::tr("glm4_moe normalises q and k per head or not at all"));
    if (auto e = requireNoWindow(c, "glm4_moe"))
        return *e;
    if (c.attentionSinks || c.attnSoftcap > 0 || c.finalSoftcap > 0)
        return refuse("attention_sinks", HfConfigExporter::tr("glm4_moe has no sinks and no soft-capping"));
    QJsonObject o;
    writeBase(o, c, "glm4_moe", "Glm4MoeForCausalLM");
    o.insert(QStringLiteral("attention_bias"), c.qkvBias);
    o.insert(QStringLiteral("use_qk_norm"), c.qkNorm == QkNorm::PerHead);
    writeMoeExperts(o, c, "n_routed_experts");
    o.insert(QStringLiteral("n_shared_experts"), c.moe.sharedExperts);
    o.insert(QStringLiteral("first_k_dense_replace"), c.moe.firstDense);
    o.insert(QStringLiteral("norm_topk_prob"), c.moe.normTopK);
    o.insert(QStringLiteral("routed_scaling_factor"), c.moe.routedScale);
    o.insert(QStringLiteral("n_group"), c.moe.groups);
    o.insert(QStringLiteral("topk_group"), c.moe.topGroups);
    o.insert(QStringLiteral("num_nextn_predict_layers"), c.mtpLayers);
    return o;
}

Expected<QJsonObject, Error> llamaLike(const ModelConfig &c)
{
    if (auto e = requireSameAttentionBias(c))
        return *e;
    if (auto e = requirePlain(c))
        return *e;
    QJsonObject o;
    if (c.moe.enabled()) {
        if (c.moe.sparseEvery != 1 || c.moe.firstDense > 0 || !c.moe.denseLayers.empty() || c.moe.routerBias)
            return refuse("moe_sparse_every", HfConfigExporter::tr("mixtral routes every layer through a router without bias"));
        if (c.moe.expertDff > 0 && c.moe.expertDff != c.dFf)
            return refuse("moe_d_ff", HfConfigExporter::tr("mixtral's experts are intermediate_size wide"));
        if (auto e = requireSoftmaxRouter(c, "mixtral", true))
            return *e;
        writeBase(o, c, "mixtral", "MixtralForCausalLM");
        o.insert(QStringLiteral("num_local_experts"), c.moe.numExperts);
        o.insert(QStringLiteral("num_experts_per_tok"), c.moe.topK);
    } else if (hasLocalLayers(c)) {
        if (!allSliding(c))
            return refuse("layer_types", HfConfigExporter::tr("a per-layer pattern needs gpt_oss or Gemma; mistral slides every layer"));
        writeBase(o, c, "mistral", "MistralForCausalLM");
    } else {
        writeBase(o, c, "llama", "LlamaForCausalLM");
    }
    o.insert(QStringLiteral("sliding_window"), c.slidingWindow > 0 ? QJsonValue(c.slidingWindow) : QJsonValue());
    if (c.moe.enabled() && hasLocalLayers(c) && !allSliding(c))
        return refuse("layer_types", HfConfigExporter::tr("a per-layer pattern needs gpt_oss or Gemma; mixtral slides every layer"));
    o.insert(QStringLiteral("attention_bias"), c.qkvBias);
    return o;
}

} // namespace

Expected<QJsonObject, Error> HfConfigExporter::toJson(const ModelConfig &config)
{
    if (const std::vector<Error> errors = validate(config); !errors.empty())
        return errors.front();
    // One spelling per model, so the file reads back to the same design.
    ModelConfig c = canonical(config);
    c.name = config.name;
    if (auto e = commonChecks(c))
        return *e;
    // Only Gemma scales its embeddings: sandwich norms are Gemma 2/3, pre-norm Gemma 1.
    if (c.embeddingScaled && c.normPlacement == NormPlacement::Pre && c.attention == AttentionKind::Gqa)
        return gemma1(c);
    if (c.embeddingScaled && c.normPlacement != NormPlacement::Sandwich)
        return refuse("embedding_scaled", tr("only Gemma scales its embeddings by sqrt(d_model)"));
    if (c.queryPreAttnScalar > 0 && c.normPlacement != NormPlacement::Sandwich)
        return refuse("query_pre_attn_scalar", tr("only Gemma 2 and 3 scale attention by query_pre_attn_scalar"));
    if (c.attention == AttentionKind::Mla)
        return deepseek(c);
    if (c.attentionSinks)
        return gptOss(c);
    if (c.swigluLimit > 0)
        return refuse("swiglu_limit", tr("only gpt_oss clamps its SwiGLU (swiglu_limit)"));
    if (c.normPlacement == NormPlacement::Sandwich)
        return gemma(c);
    if (c.normPlacement == NormPlacement::Output)
        return olmo2(c);
    if (c.normPlacement != NormPlacement::Pre)
        return refuse("norm_placement", tr("post-norm has no Hugging Face causal-LM family here"));
    if (c.qkNorm == QkNorm::PerHead && !(c.moe.enabled() && (c.moe.sharedExperts > 0 || c.moe.scoreCorrectionBias)))
        return qwen3(c);
    if (c.moe.enabled() && (c.moe.sharedExperts > 0 || c.moe.scoreCorrectionBias || c.mtpLayers > 0))
        return glm4Moe(c);
    if (c.qkNorm != QkNorm::None)
        return refuse("qk_norm", tr("Llama 4's weightless QK-norm and full-width QK-norm without OLMo 2's norms "
                                    "are not exported"));
    return llamaLike(c);
}

std::optional<Error> HfConfigExporter::write(const ModelConfig &config, const QString &path)
{
    auto json = toJson(config);
    if (!json) {
        Error e = json.error();
        e.file = path;
        return e;
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Error{path, {}, tr("cannot write: %1").arg(f.errorString())};
    f.write(QJsonDocument(*json).toJson(QJsonDocument::Indented));
    if (!f.commit())
        return Error{path, {}, tr("cannot write: %1").arg(f.errorString())};
    return std::nullopt;
}

ModelConfig HfConfigExporter::canonical(const ModelConfig &config)
{
    ModelConfig c = config;
    c.name.clear();
    c.source.clear();
    const ModelConfig defaults;
    if (c.layout != Layout::EncoderDecoder)
        c.nDecoderLayers = defaults.nDecoderLayers;
    if (c.positions != PositionKind::Rotary) {
        c.ropeTheta = defaults.ropeTheta;
        c.rotaryFraction = defaults.rotaryFraction;
    }
    hfmap::canonicalRopeScaling(c);
    // Gemma 2/3 (the sandwich family) always scale their embeddings; a scalar of head_dim is the default.
    if (c.normPlacement == NormPlacement::Sandwich && c.attention == AttentionKind::Gqa && !c.attentionSinks)
        c.embeddingScaled = true;
    if (c.queryPreAttnScalar == double(c.effectiveHeadDim()))
        c.queryPreAttnScalar = 0;
    if (c.positions != PositionKind::RelativeBuckets)
        c.relativeBuckets = defaults.relativeBuckets;
    if (c.weightPrecision != Precision::INT8 && c.weightPrecision != Precision::INT4)
        c.quantGroupSize = defaults.quantGroupSize;
    if (!c.lora.enabled())
        c.lora = LoraConfig{};
    if (c.sharing != Sharing::Groups)
        c.shareGroupSize = defaults.shareGroupSize;
    if (!c.parallelBlock)
        c.parallelTwoNorms = false;
    if (c.attention == AttentionKind::Mla) {
        c.nKvHeads = c.nHeads;
        c.headDim = 0;
    } else {
        c.mla = MlaConfig{};
        if (c.headDim == c.dModel / std::max(1, c.nHeads) && c.dModel % std::max(1, c.nHeads) == 0)
            c.headDim = 0;
    }

    // The attention pattern as an explicit list, or none.
    const int layers = stackLayers(c);
    std::vector<LayerAttention> types;
    bool local = false, sliding = false, chunked = false;
    for (int i = 0; i < layers; ++i) {
        const LayerAttention t = c.layerAttention(i);
        types.push_back(t);
        local = local || t != LayerAttention::Full;
        sliding = sliding || t == LayerAttention::Sliding;
        chunked = chunked || t == LayerAttention::Chunked;
    }
    c.globalEvery = 0;
    c.layerTypes = local ? types : std::vector<LayerAttention>{};
    if (!sliding)
        c.slidingWindow = 0;
    if (!chunked)
        c.attentionChunk = 0;

    if (!c.moe.enabled()) {
        c.moe = MoeConfig{};
    } else {
        std::vector<int> dense;
        for (int i : c.moe.denseLayers)
            if (sparseByRule(c, i) && std::find(dense.begin(), dense.end(), i) == dense.end())
                dense.push_back(i);
        std::sort(dense.begin(), dense.end());
        c.moe.denseLayers = dense;
        if (!anyDenseLayer(c)) { // d_ff is then only the expert width
            c.dFf = c.moe.effectiveExpertDff(c.dFf);
            c.moe.expertDff = 0;
        }
        if (c.moe.expertDff == c.dFf)
            c.moe.expertDff = 0;
        if (c.moe.sharedExperts == 0 || c.moe.sharedExpertDff == c.moe.effectiveExpertDff(c.dFf))
            c.moe.sharedExpertDff = 0;
    }
    return c;
}

} // namespace tx
