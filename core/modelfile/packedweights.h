#pragma once

#include "core/modelfile/tensorinfo.h"

#include <vector>

namespace tx {

// Finds the tensors that hold another number format, and the ones that are not parameters:
//   - MXFP4 (OCP Microscaling v1.0; gpt-oss): `X_blocks` U8 [..., G, 16] holds 32 FP4 (E2M1)
//     values per 16 bytes, `X_scales` U8 [..., G] one E8M0 exponent per block. X_blocks counts
//     2 parameters per byte; X_scales is a scale.
//   - fp8 with block scales (DeepSeek-V3, Qwen3-FP8): `X.weight` F8_E4M3 beside
//     `X.weight_scale_inv` (and compressed-tensors' `X.weight_scale`, `X.input_scale`): the
//     weight counts one parameter per element, the scales are scales.
//   - buffers stored beside the weights: llama.cpp's rope_freqs (Llama 3.1 rope scaling),
//     RoPE inv_freq, GPT-2's causal-mask attn.bias / attn.masked_bias.
class PackedWeights
{
public:
    // Sets role, params and packed on every tensor; leaves names, shapes and bytes alone.
    static void classify(std::vector<TensorInfo> &tensors);
};

} // namespace tx
