#pragma once

#include "core/design/modelconfig.h"
#include "core/estimate/weighttensors.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace tx {

// How a design's weights are stored at its weight precision, tensor by tensor, and their exact
// bytes, scales included (sources in the .cpp):
//  - fp32 … int4: every parameter at that precision (int8/int4 add one fp16 scale per group);
//  - fp8_block (DeepSeek-V3), nvfp4 (NVIDIA Model Optimizer): the projection matrices inside the
//    layers are quantised; embeddings, head, norms, biases and routers stay bf16 (DeepSeek's
//    expert-score bias fp32);
//  - mxfp4 (gpt-oss): the routed experts of an MoE design (every projection of a dense one);
//  - GGUF types (q8_0 … q2_k): every quantisable tensor in that type, as `llama-quantize --pure`
//    writes it; q4_k_m, q5_k_m, q3_k_m: llama.cpp's mixes, tensor by tensor. Vectors, biases and
//    routers stay f32 as convert_hf_to_gguf.py writes them; a row length the type's block does
//    not divide takes llama.cpp's fallback type. The design's tensors are named as llama.cpp's
//    converter names a Llama-style model (separate q, k, v and gate, up; MLA's kv_b as attn_kv_b).
class WeightStorage
{
public:
    enum class Type {
        F32, F16, BF16, FP8, INT8, INT4,
        Fp8Block, Mxfp4, Nvfp4,
        Q8_0, Q6_K, Q5_K, Q5_1, Q5_0, Q4_K, Q4_0, Q3_K, Q2_K,
    };

    struct Tensor
    {
        WeightTensor tensor;
        Type type = Type::BF16;
        double bytes = 0; // all copies, scales included
    };
    // All tensors of one storage type.
    struct Share
    {
        Type type = Type::BF16;
        std::int64_t tensors = 0; // stored tensors (each routed expert counts once)
        std::int64_t params = 0;
        double bytes = 0;
    };

    // Every tensor of the design with its type and bytes, in WeightTensors order.
    static std::vector<Tensor> tensors(const ModelConfig &config);
    // The same, summed per type, in Type order; types with no tensor left out.
    static std::vector<Share> shares(const ModelConfig &config);
    // The weights' bytes (Σ over tensors). Uniform precisions: total · bits/8 as before.
    static double bytes(const ModelConfig &config);
    // True when every parameter is stored alike (fp32 … int4), so bytes = N · bits/8.
    static bool uniform(Precision p);

    // Bytes of `copies` tensors of (rows, cols) in `type` (int8/int4: with fp16 group scales).
    static double tensorBytes(Type type, std::int64_t rows, std::int64_t cols, std::int64_t copies,
                              int quantGroupSize);
    // "Q4_K", "BF16", "F8_E4M3 + 128×128 scales", …
    static QString name(Type type);
    // The ggml_type id GGUF writes (ggml.h), or nothing for the safetensors-only formats.
    static std::optional<std::uint32_t> ggmlId(Type type);
};

} // namespace tx
