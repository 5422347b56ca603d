#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/base/stoptoken.h"
#include "core/design/modelconfig.h"
#include "core/formats/checkpointquantisation.h"
#include "core/formats/safetensors.h"
#include "core/nn/transformer.h"

#include <QCoreApplication>
#include <QJsonObject>

#include <optional>

namespace tx {

// Hugging Face checkpoints: a folder with config.json and model.safetensors, using the tensor
// names of two families so a model saved here opens in PyTorch and the other way round.
//
//   GPT-2 (GPT2LMHeadModel): [transformer.]wte, wpe, h.N.ln_1, h.N.attn.c_attn, h.N.attn.c_proj,
//         h.N.ln_2, h.N.mlp.c_fc, h.N.mlp.c_proj, ln_f; Conv1D weights are stored (in, out).
//   Llama (LlamaForCausalLM): model.embed_tokens, model.layers.N.self_attn.{q,k,v,o}_proj,
//         model.layers.N.mlp.{gate,up,down}_proj, input_layernorm, post_attention_layernorm,
//         model.norm, lm_head; nn.Linear weights are stored (out, in). Qwen3 adds
//         model.layers.N.self_attn.{q,k}_norm (RMSNorm over head_dim) and saves as model_type qwen3.
//         Fine-grained fp8 (Qwen3-8B-FP8 and the like; transformers docs "Fine-grained FP8",
//         FineGrainedFP8Config): a projection's `weight` is F8_E4M3 with `weight_scale_inv`, one
//         scale per quantization_config.weight_block_size block (128 × 128), w = e4m3 · scale_inv;
//         dequantised on load.
//   Qwen3-MoE, DeepSeek-V2/V3 (MLA, fp8 with block scales) and gpt-oss (MXFP4 experts): HfMoeCheckpoint.
//   T5 (T5ForConditionalGeneration, encoder-decoder): HfT5Checkpoint.
//   ALBERT (AlbertForMaskedLM, encoder with the masked-LM head): HfAlbertCheckpoint.
class HfCheckpoint
{
    Q_DECLARE_TR_FUNCTIONS(tx::HfCheckpoint)

public:
    enum class Family { Gpt2, Llama, Qwen3Moe, Deepseek, GptOss, T5, Gemma, Gemma2, Gemma3, Albert };

    // The design (read by HfConfigImporter) and norm epsilon a config.json describes; model types
    // with Llama's tensor names (llama, mistral, qwen2, …) load as Llama.
    struct Config
    {
        Family family = Family::Gpt2;
        ModelConfig model;
        float normEps = 1e-5f;
    };

    static Expected<Config, Error> parseConfig(const QByteArray &json, const QString &file);
    // config.json for a design of either family, as save_pretrained writes it.
    static Expected<QJsonObject, Error> configJson(const ModelConfig &config, float normEps);
    // The family whose tensor names can hold this design, or an Error naming the field that fits neither.
    static Expected<Family, Error> familyOf(const ModelConfig &config);

    // `path` is a folder holding config.json and model.safetensors, or a .safetensors file with
    // config.json beside it. Refuses weights past capBytes before allocating them. `stop` is looked
    // at while the weights are zeroed and every 1 Mi values read (an Error "cancelled" then) and
    // told the bytes of model.safetensors read so far.
    static Expected<Transformer, Error> load(const QString &path, std::int64_t capBytes = Transformer::kDefaultCapBytes,
                                             const StopToken &stop = {});
    // Writes config.json and model.safetensors into `dir` (created if missing). With `quant`
    // (quantisationOf the file the model came from, or one made by hand), the tensors it names
    // are written quantised (gpt-oss's MXFP4 experts, DeepSeek's fp8 with block scales) and its
    // quantization_config goes into config.json.
    // Llama and Qwen3 names hold fp8 too (Qwen3-FP8: every layer projection F8_E4M3 with a BF16
    // weight_scale_inv per 128 × 128 block). `stop` is checked before each tensor of
    // model.safetensors and told its bytes written of the total (config.json is written only after it).
    static std::optional<Error> save(const Transformer &model, const QString &dir,
                                     Safetensors::Dtype dtype = Safetensors::Dtype::F32,
                                     const CheckpointQuantisation *quant = nullptr, const StopToken &stop = {});
    // How the checkpoint at `path` (as load() takes it) stored its weights quantised; empty for floats.
    static Expected<CheckpointQuantisation, Error> quantisationOf(const QString &path);
    // The quantised layout the model's family ships in (HfMoeCheckpoint::quantisationFor), to save
    // a float model as gpt-oss (MXFP4) or DeepSeek (fp8) checkpoints are stored.
    static Expected<CheckpointQuantisation, Error> quantisationFor(const Transformer &model);
};

} // namespace tx
