#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/formats/checkpointquantisation.h"
#include "core/formats/hfcheckpoint.h"
#include "core/formats/safetensors.h"
#include "core/nn/transformer.h"

#include <QCoreApplication>
#include <QJsonObject>

#include <optional>

namespace tx {

// The tensor names of the modern families (mixtures of experts, MLA, sinks, Gemma) HfCheckpoint
// loads and saves beside GPT-2 and Llama (transformers main, src/transformers/models/…):
//
//   qwen3_moe (Qwen3MoeForCausalLM): Llama's names with self_attn.{q,k}_norm, and in sparse layers
//       mlp.gate (the router, (E, d)) and mlp.experts.N.{gate,up,down}_proj.
//   deepseek_v2 / deepseek_v3 (DeepseekV3ForCausalLM): self_attn.q_a_proj, q_a_layernorm,
//       q_b_proj (or q_proj without a query latent), kv_a_proj_with_mqa, kv_a_layernorm, kv_b_proj,
//       o_proj; dense first layers' mlp.{gate,up,down}_proj; then mlp.gate.weight,
//       mlp.gate.e_score_correction_bias, mlp.experts.N.*, mlp.shared_experts.* (one MLP of
//       n_shared_experts · moe_intermediate_size). Weights may be fp8 (F8_E4M3) with a float
//       `weight_scale_inv` per block of quantization_config.weight_block_size (128 × 128):
//       w = e4m3 · scale_inv (DeepSeek-V3 inference/kernel.py weight_dequant), dequantised on load.
//   gpt_oss (GptOssForCausalLM): self_attn.{q,k,v,o}_proj with biases, self_attn.sinks (H),
//       mlp.router.{weight,bias}, mlp.experts.gate_up_proj (E, d, 2f) with gate and up
//       interleaved (columns 2i, 2i + 1) and gate_up_proj_bias (E, 2f), mlp.experts.down_proj
//       (E, f, d) and down_proj_bias (E, d). As gpt-oss ships them, the experts are MXFP4:
//       `*_blocks` U8 (E, out, in/32, 16) and `*_scales` U8 (E, out, in/32), each byte two e2m1
//       values (low nibble first) times 2^(scale − 127), then (out, in) turned to (in, out)
//       (transformers integrations/mxfp4.py convert_moe_packed_tensors), dequantised on load.
//   gemma, gemma2, gemma3_text (GemmaForCausalLM, Gemma2ForCausalLM, Gemma3ForCausalLM): Llama's
//       names; Gemma 2/3 add post_attention_layernorm on the attention output and
//       pre_feedforward_layernorm / post_feedforward_layernorm around the MLP, Gemma 3
//       self_attn.{q,k}_norm. Every RMSNorm weight w scales by (1 + w) (GemmaRMSNorm), so the
//       engine holds 1 + w; the embeddings are scaled by sqrt(hidden_size) in the model
//       (embedding_scaled), and the head is tied unless lm_head.weight is there.
//
// Saving writes the dequantised float tensors under the same names (as transformers'
// Mxfp4Config(dequantize=True) model saves them) and the family's config.json, or, given a
// CheckpointQuantisation, the tensors it names quantised again as the source file held them.
class HfMoeCheckpoint
{
    Q_DECLARE_TR_FUNCTIONS(tx::HfMoeCheckpoint)

public:
    // nullopt for designs without experts, MLA, sinks or Gemma's scaled embeddings and sandwich
    // norms (GPT-2 and Llama names serve them);
    // otherwise the family whose names hold the design, or an Error naming the field that fits none.
    static std::optional<Expected<HfCheckpoint::Family, Error>> familyOf(const ModelConfig &config);
    // config.json as HfConfigExporter writes it for the family, with the norm epsilon and dtype.
    static Expected<QJsonObject, Error> configJson(const ModelConfig &config, float normEps);

    // Fills every tensor of `model` from `file`; `config` is the checkpoint's config.json
    // (quantization_config.weight_block_size for fp8).
    static std::optional<Error> load(HfCheckpoint::Family family, const Safetensors &file, const QJsonObject &config,
                                     Transformer &model);
    // With `quant`, the tensors it names are written quantised as the file they came from stored
    // them (MXFP4 blocks and scales, fp8 with scale_inv), the others at `dtype`.
    static std::optional<Error> save(HfCheckpoint::Family family, const Transformer &model, const QString &path,
                                     Safetensors::Dtype dtype, const CheckpointQuantisation *quant = nullptr,
                                     const StopToken &stop = {});
    // The layout the family ships quantised in, for a model that was never stored so: gpt-oss's
    // experts as MXFP4 (quantization_config as openai/gpt-oss-20b's), DeepSeek's layer
    // projections (not the router) as fp8 in 128 × 128 blocks with amax / 448 scales
    // (deepseek-ai/DeepSeek-V3's). Other families have none: an Error naming model_type.
    static Expected<CheckpointQuantisation, Error> quantisationFor(HfCheckpoint::Family family, const Transformer &model);
};

} // namespace tx
