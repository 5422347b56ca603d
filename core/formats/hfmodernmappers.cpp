#include "core/formats/hfmappers.h"

#include "core/design/configvalidator.h"
#include "core/formats/hfconfigimporter.h"
#include "core/formats/hfconfigreader.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>
#include <vector>

namespace tx::hfmap {

// transformers' layer_types names (Gemma 2/3, gpt-oss, Qwen3, Llama 4 since 4.53).
void readLayerTypes(HfConfigReader &r, ModelConfig &c)
{
    if (!r.has("layer_types"))
        return;
    const QJsonValue v = r.value("layer_types");
    if (!v.isArray()) {
        r.fail("layer_types", HfConfigImporter::tr("expected a list of attention types"));
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
            r.fail("layer_types", HfConfigImporter::tr("unknown attention type \"%1\" (expected full_attention, sliding_attention or "
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

// Qwen3Config: Llama's block plus q_norm/k_norm (RMSNorm over head_dim); head_dim 128.
void mapQwen3(HfConfigReader &r, ModelConfig &c, bool moe)
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
    c.moe.normTopK = r.optionalBool("norm_topk_prob", false, "moe_norm_top_k"); // Qwen3MoeConfig's default
    if (r.has("shared_expert_intermediate_size") && r.optionalInt({"shared_expert_intermediate_size"}, 0) > 0)
        r.fail("shared_expert_intermediate_size", HfConfigImporter::tr("Qwen's gated shared expert is not supported"));
}

// DeepSeek-V2/V3 (and Kimi K2, a DeepSeek-V3 architecture): MLA, dense first layers, then
// routed plus shared experts of moe_intermediate_size.
void mapDeepseek(HfConfigReader &r, ModelConfig &c, bool v3)
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
        r.fail("moe_layer_freq", HfConfigImporter::tr("only 1 is supported (every layer after the dense ones is sparse)"));
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
        // DeepseekV3TopkRouter always scores with a sigmoid and limits groups; V2's MoEGate
        // scores with scoring_func and limits groups only with topk_method group_limited_greedy.
        c.moe.routerScore = v3 || r.optionalString({"scoring_func"}, QStringLiteral("softmax")) == QLatin1String("sigmoid")
            ? RouterScore::Sigmoid
            : RouterScore::Softmax;
        c.moe.normTopK = r.optionalBool("norm_topk_prob", v3, "moe_norm_top_k");
        c.moe.routedScale = r.optionalDouble("routed_scaling_factor", v3 ? 2.5 : 1.0, "moe_routed_scale");
        const bool grouped = v3 || method == QLatin1String("group_limited_greedy") || method == QLatin1String("noaux_tc");
        c.moe.groups = grouped ? r.optionalInt({"n_group"}, v3 ? 8 : 1, "moe_groups") : 1;
        c.moe.topGroups = grouped ? r.optionalInt({"topk_group"}, v3 ? 4 : 1, "moe_top_groups") : 1;
    }
    c.mtpLayers = r.optionalInt({"num_nextn_predict_layers"}, 0, "mtp_layers");
}

// Gemma 2 and 3: four norms per layer, GeGLU, head_dim 256, tied head; alternating or 5:1
// sliding layers.
// Gemma 2/3: embeddings × sqrt(hidden_size); attention scaling query_pre_attn_scalar^-0.5
// (Gemma2Config / Gemma3TextConfig default 256), kept only where it is not head_dim.
void readGemmaScales(HfConfigReader &r, ModelConfig &c)
{
    c.embeddingScaled = true;
    const double scalar = r.optionalDouble("query_pre_attn_scalar", 256.0, "query_pre_attn_scalar");
    if (!(scalar > 0 && scalar < 1e9))
        r.fail("query_pre_attn_scalar", HfConfigImporter::tr("must be positive"));
    c.queryPreAttnScalar = scalar == c.effectiveHeadDim() ? 0.0 : scalar;
}

void mapGemma2(HfConfigReader &r, ModelConfig &c)
{
    // Gemma2Config: max_position_embeddings 8192, head_dim 256, sliding_window 4096,
    // tie_word_embeddings True (the released configs have no such key), softcaps 50 and 30.
    mapLlamaLike(r, c, {8192, 10000.0, true, "gelu_pytorch_tanh", 4096});
    if (c.headDim == 0)
        c.headDim = 256;
    c.normPlacement = NormPlacement::Sandwich;
    readGemmaScales(r, c);
    c.globalEvery = 2; // layer i slides when (i + 1) % 2 != 0 (Gemma2Config.layer_types default)
    c.attnSoftcap = r.optionalDouble("attn_logit_softcapping", r.contains("attn_logit_softcapping") ? 0.0 : 50.0,
                                     "attn_softcap");
    c.finalSoftcap = r.optionalDouble("final_logit_softcapping", r.contains("final_logit_softcapping") ? 0.0 : 30.0,
                                      "final_softcap");
    readLayerTypes(r, c);
}

void mapGemma3Text(HfConfigReader &r, ModelConfig &c)
{
    // Gemma3TextConfig: vocab_size 262208, max_position_embeddings 131072, rope_theta 1e6,
    // sliding_window 4096, sliding_window_pattern 6, no softcaps, tied head.
    mapLlamaLike(r, c, {131072, 1e6, true, "gelu_pytorch_tanh", 4096});
    if (c.headDim == 0)
        c.headDim = 256;
    c.normPlacement = NormPlacement::Sandwich;
    readGemmaScales(r, c);
    c.qkNorm = QkNorm::PerHead;
    c.globalEvery = r.optionalInt({"sliding_window_pattern"}, 6, "global_every");
    c.attnSoftcap = r.optionalDouble("attn_logit_softcapping", 0.0, "attn_softcap");
    c.finalSoftcap = r.optionalDouble("final_logit_softcapping", 0.0, "final_softcap");
    // Gemma3TextModel.rotary_emb_local: the sliding layers' own base, without rope_scaling.
    c.ropeLocalTheta = r.optionalDouble("rope_local_base_freq", 10000.0, "rope_local_theta");
    readLayerTypes(r, c);
}

// Llama 4 (text model): every interleave_moe_layer_step-th layer MoE with routed experts of
// intermediate_size plus one shared expert of the same width, dense layers of
// intermediate_size_mlp; chunked attention on the RoPE layers, full attention without RoPE on
// every no_rope_layer_interval-th; weightless QK L2 norm.
void mapLlama4Text(HfConfigReader &r, ModelConfig &c)
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
    // The per-layer lists below have one entry per layer: past the validator's bound there is
    // nothing to build (it names num_hidden_layers), and 41 million layers would take seconds
    // and hundreds of megabytes (a hang fuzz_hfconfig found, tests/data/fuzz/hfconfig-llama4-layers.json).
    if (c.nLayers < 1 || c.nLayers > limits::kMaxLayers)
        return;
    if (r.has("moe_layers")) {
        const std::vector<int> listed = r.optionalIntList("moe_layers");
        std::vector<int> rule;
        for (int i = c.moe.sparseEvery - 1; i < c.nLayers && c.moe.sparseEvery > 0; i += c.moe.sparseEvery)
            rule.push_back(i);
        if (listed != rule)
            r.fail("moe_layers", HfConfigImporter::tr("only every interleave_moe_layer_step-th layer can be sparse"));
    }
    c.attentionChunk = r.optionalInt({"attention_chunk_size"}, 8192, "attention_chunk");
    std::vector<int> ropeLayers = r.optionalIntList("no_rope_layers"); // 1 = the layer uses RoPE
    const int interval = r.optionalInt({"no_rope_layer_interval"}, 4);
    if (ropeLayers.empty()) {
        for (int i = 0; i < c.nLayers; ++i)
            ropeLayers.push_back((i + 1) % std::max(1, interval) != 0 ? 1 : 0);
    }
    if (int(ropeLayers.size()) != c.nLayers) {
        r.fail("no_rope_layers", HfConfigImporter::tr("needs one entry per layer (%1)").arg(c.nLayers));
        return;
    }
    c.layerTypes.clear();
    for (int rope : ropeLayers)
        c.layerTypes.push_back(rope ? (c.attentionChunk > 0 ? LayerAttention::Chunked : LayerAttention::Full)
                                    : LayerAttention::FullNoRope);
}

// gpt-oss: biases on q/k/v/o, one sink logit per head, alternating 128-token sliding layers,
// every layer MoE with a biased router and biased experts.
void mapGptOss(HfConfigReader &r, ModelConfig &c)
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
    // GptOssExperts' clamped SwiGLU: GptOssConfig's swiglu_limit, 7.0 (the experts' alpha is 1.702).
    c.swigluLimit = r.optionalDouble("swiglu_limit", 7.0, "swiglu_limit");
    readLayerTypes(r, c);
}

// OLMo 2: norms on each sublayer's output, q_norm/k_norm over the whole projected width.
void mapOlmo2(HfConfigReader &r, ModelConfig &c)
{
    mapLlamaLike(r, c, {2048, 10000.0, false, "silu", 0});
    c.normPlacement = NormPlacement::Output;
    c.qkNorm = QkNorm::FullWidth;
}

// GLM-4.5 (glm4_moe): partial RoPE, biases on q/k/v but not o, optional per-head QK-norm,
// DeepSeek-V3-style routing (score correction bias) with shared experts and dense first layers.
void mapGlm4Moe(HfConfigReader &r, ModelConfig &c)
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
    // Glm4MoeTopkRouter is DeepseekV3TopkRouter: sigmoid scores, groups, routed_scaling_factor.
    c.moe.routerScore = RouterScore::Sigmoid;
    c.moe.normTopK = r.optionalBool("norm_topk_prob", true, "moe_norm_top_k");
    c.moe.routedScale = r.optionalDouble("routed_scaling_factor", 1.0, "moe_routed_scale");
    c.moe.groups = r.optionalInt({"n_group"}, 1, "moe_groups");
    c.moe.topGroups = r.optionalInt({"topk_group"}, 1, "moe_top_groups");
    c.mtpLayers = r.optionalInt({"num_nextn_predict_layers"}, 0, "mtp_layers");
}

} // namespace tx::hfmap
