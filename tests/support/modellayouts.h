#pragma once

#include "tests/support/ggufbuilder.h"
#include "tests/support/sparsecheckpoint.h"

#include <QByteArray>

#include <vector>

namespace tx {

// Tensor layouts of real checkpoints, with Hugging Face (or llama.cpp) names, shapes and dtypes,
// for sparse files made by the tests and benchmarks.
class ModelLayouts
{
public:
    struct Decoder
    {
        int dModel = 4096;
        int layers = 32;
        int heads = 32;
        int kvHeads = 8;
        int headDim = 128;
        int dFf = 14336;
        int vocab = 128256;
        bool lmHead = true;   // lm_head.weight stored (untied)
        bool qkNorm = false;  // Qwen3's self_attn.q_norm / k_norm over head_dim
        bool qkvBias = false; // Qwen2's q/k/v biases
        QString dtype = QStringLiteral("BF16");
    };

    // model.embed_tokens, model.layers.N.{self_attn.{q,k,v,o}_proj, mlp.{gate,up,down}_proj,
    // input_layernorm, post_attention_layernorm}, model.norm, lm_head (LlamaForCausalLM and kin).
    static std::vector<SparseTensor> decoder(const Decoder &d);
    // Qwen3-8B (reference/modern/Qwen3-8B.config.json): 399 BF16 tensors, 8,190,735,360 parameters.
    static Decoder qwen3_8b();
    // gpt-oss-20b (reference/modern/gpt-oss-20b.config.json): experts as MXFP4 blocks + scales.
    static std::vector<SparseTensor> gptOss20b();
    // Llama-3.1-8B quantised by llama.cpp as Q4_K_M, each tensor's type from the program's rule
    // (WeightStorage), with its metadata and a 128,256-token vocabulary.
    static GgufBuilder llama31_8bQ4KM();
    // A folder HfCheckpoint::load opens: model.safetensors laid out as decoder(d) (its data a hole,
    // so every weight reads 0) and the LlamaForCausalLM config.json of the same widths (4,096
    // positions). Returns model.safetensors' bytes.
    static std::int64_t writeLlamaCheckpoint(const QString &dir, const Decoder &d);
    // A DeepSeek-V3-sized fp8 MoE checkpoint (about 700 GB) for the benchmark.
    static std::vector<SparseTensor> moe700GB();
};

} // namespace tx
