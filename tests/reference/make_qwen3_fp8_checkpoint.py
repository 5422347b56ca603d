#!/usr/bin/python3
"""Writes a tiny dense Qwen3 checkpoint in fine-grained fp8, as Qwen's *-FP8 releases store one, with
its reference logits, for tst_densefp8: tests/data/engine/qwen3-tiny-fp8/{config.json,
model.safetensors, reference.json}.

Run with Debian's PyTorch (python3-torch, 1.13, which has no float8 dtype: the e4m3 codes are
chosen here) from the repository root:

    /usr/bin/python3 tests/reference/make_qwen3_fp8_checkpoint.py

The layout (transformers docs, "Fine-grained FP8" / FineGrainedFP8Config; the Qwen3-*-FP8 model
cards: "fine-grained fp8 quantization with block size of 128"):
  - every nn.Linear of the layers (self_attn.{q,k,v,o}_proj, mlp.{gate,up,down}_proj): `weight`
    F8_E4M3 (out, in) and `weight_scale_inv` BF16 (ceil(out/128), ceil(in/128)), w = e4m3 · scale_inv
    per 128 × 128 block (DeepSeek-V3 inference/kernel.py weight_dequant);
  - embeddings, norms (input_layernorm, post_attention_layernorm, self_attn.{q,k}_norm, model.norm)
    and lm_head in BF16 (modules_to_not_convert: lm_head);
  - config.json's quantization_config {quant_method fp8, fmt e4m3, activation_scheme dynamic,
    weight_block_size [128, 128]}.
intermediate_size 132 makes gate/up (132, 16) and down (16, 132) span two blocks, the second
partial, so the block indexing is exercised with the real block size.

Scales are amax / 448 rounded up to a bfloat16 value (so every block still fits in e4m3's ±448);
each code is the nearest e4m3 value to w / scale. The reference logits come from the weights as
stored (dequantised, the BF16 ones widened), in make_feature_reference.py's Qwen3 forward.
"""

import json
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_feature_reference as fr  # noqa: E402
import make_moe_checkpoints as mc  # noqa: E402

BLOCK = 128
fr.F = 132  # the FFN width random_weights draws


def bf16_up(t):
    """The smallest bfloat16 values ≥ t (t > 0), as float32."""
    bits = t.contiguous().numpy().astype(np.float32).view(np.uint32).astype(np.uint64)
    bits = ((bits + 0xFFFF) & 0xFFFF0000).astype(np.uint32)
    return torch.from_numpy(bits.view(np.float32).copy())


def bf16_raw(t):
    """("BF16", shape, bytes) of t, which must already hold bfloat16 values."""
    bits = (t.contiguous().numpy().astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    return ("BF16", list(t.shape), bits.tobytes())


def bf16(t):
    return t.to(torch.bfloat16).to(torch.float32)


def main():
    g = torch.Generator().manual_seed(20261207)
    cfg = fr.MODELS["qwen3-qk-norm-head"]
    w = fr.random_weights(g, cfg)
    t = {}
    for key, hf in (("embed", "model.embed_tokens.weight"), ("norm", "model.norm.weight"), ("lm_head", "lm_head.weight")):
        w[key] = bf16(w[key])
        t[hf] = bf16_raw(w[key])
    for i in range(fr.L):
        p, q = f"l{i}.", f"model.layers.{i}."
        for key, hf in (("input_layernorm", "input_layernorm"), ("pre_feedforward_layernorm", "post_attention_layernorm"),
                        ("q_norm", "self_attn.q_norm"), ("k_norm", "self_attn.k_norm")):
            w[p + key] = bf16(w[p + key])
            t[q + hf + ".weight"] = bf16_raw(w[p + key])
        for key, hf in (("q_proj", "self_attn.q_proj"), ("k_proj", "self_attn.k_proj"), ("v_proj", "self_attn.v_proj"),
                        ("o_proj", "self_attn.o_proj"), ("gate_proj", "mlp.gate_proj"), ("up_proj", "mlp.up_proj"),
                        ("down_proj", "mlp.down_proj")):
            codes, scale, deq = mc.to_fp8(w[p + key], BLOCK, bf16_up)
            w[p + key] = deq  # the reference runs on the weights as stored
            t[q + hf + ".weight"] = mc.raw("F8_E4M3", codes)
            t[q + hf + ".weight_scale_inv"] = bf16_raw(scale)
    with torch.no_grad():
        logits, _ = fr.forward(cfg, w, fr.IDS)
    folder = os.path.join(mc.ENGINE, "qwen3-tiny-fp8")
    os.makedirs(folder, exist_ok=True)
    config = {
        "architectures": ["Qwen3ForCausalLM"], "model_type": "qwen3", "hidden_act": "silu", "hidden_size": fr.D,
        "intermediate_size": fr.F, "num_hidden_layers": fr.L, "num_attention_heads": fr.H,
        "num_key_value_heads": fr.KV, "head_dim": fr.HD, "max_position_embeddings": 64, "vocab_size": fr.V,
        "rms_norm_eps": fr.EPS, "rope_theta": cfg["theta"], "tie_word_embeddings": False, "attention_bias": False,
        "use_sliding_window": False, "torch_dtype": "bfloat16",
        "quantization_config": {"activation_scheme": "dynamic", "fmt": "e4m3", "quant_method": "fp8",
                                "weight_block_size": [BLOCK, BLOCK]},
    }
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
    mc.save(os.path.join(folder, "model.safetensors"), t)
    ref = {
        "source": "tests/reference/make_qwen3_fp8_checkpoint.py, PyTorch " + torch.__version__,
        "tokens": fr.IDS,
        "logits": [[round(float(x), 7) for x in row] for row in logits],
    }
    with open(os.path.join(folder, "reference.json"), "w") as f:
        json.dump(ref, f, separators=(",", ":"))
    print("qwen3-tiny-fp8", len(t), "tensors, logits", tuple(logits.shape))


if __name__ == "__main__":
    main()
