#!/usr/bin/python3
"""Writes tiny Hugging Face checkpoints of the mixture-of-experts families, with their reference
logits, for tst_hfmoecheckpoint: config.json, model.safetensors with transformers' tensor names,
reference.json (tokens, logits of the weights as the file holds them).

Run with Debian's PyTorch (python3-torch, 1.13) from the repository root:

    /usr/bin/python3 tests/reference/make_moe_checkpoints.py

  tests/data/engine/qwen3-moe-tiny        Qwen3MoeForCausalLM names (mlp.gate, mlp.experts.N.*_proj,
                                          self_attn.{q,k}_norm), float32, the weights of
                                          engine-features/qwen3-moe-train-top2.
  tests/data/engine/gpt-oss-tiny-mxfp4    GptOssForCausalLM names; the experts as gpt-oss ships them:
                                          MXFP4 (OCP Microscaling v1.0 §5: 32 e2m1 values per block, one
                                          e8m0 exponent): mlp.experts.gate_up_proj_blocks U8 (E, 2f, d/32,
                                          16), _scales U8 (E, 2f, d/32), down_proj_blocks (E, d, f/32, 16),
                                          the low nibble first (transformers integrations/mxfp4.py
                                          convert_moe_packed_tensors reads them back); biases, router,
                                          sinks and attention in float32 (quantization_config's
                                          modules_to_not_convert).
  tests/data/engine/deepseek-v3-tiny-fp8  DeepseekV3ForCausalLM names (q_a_proj, q_a_layernorm, q_b_proj,
                                          kv_a_proj_with_mqa, kv_a_layernorm, kv_b_proj, mlp.gate.weight,
                                          mlp.gate.e_score_correction_bias, mlp.experts.N.*,
                                          mlp.shared_experts.*); every projection F8_E4M3 with one float32
                                          weight_scale_inv per 4 × 4 block (weight_block_size [4, 4] in
                                          quantization_config; DeepSeek-V3 ships 128 × 128): w = e4m3 ·
                                          scale_inv as inference/kernel.py weight_dequant computes it; the
                                          router, norms and embeddings in float32.

The MXFP4 and fp8 values are rounded to the nearest representable number here; the reference
logits come from the weights as stored (dequantised), so the engine must read them back exactly.
"""

import json
import math
import os
import struct
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_deepseek_reference as ds  # noqa: E402
import make_moe_reference as moe  # noqa: E402
from make_feature_reference import IDS  # noqa: E402

ENGINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "engine")

FP4 = torch.tensor([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0])


def e4m3_table():
    """The 256 OCP e4m3fn codes' values; NaN (S.1111.111) as inf so it is never the nearest."""
    values = []
    for b in range(256):
        s, e, m = b >> 7, (b >> 3) & 0xF, b & 7
        if e == 0xF and m == 7:
            v = math.inf
        elif e == 0:
            v = m / 8 * 2.0 ** -6
        else:
            v = (1 + m / 8) * 2.0 ** (e - 7)
        values.append(-v if s else v)
    return torch.tensor(values)


E4M3 = e4m3_table()


def save(path, tensors):
    """safetensors with F32 (torch tensors) and raw ("U8" | "F8_E4M3", shape, bytes) entries."""
    header, blobs, offset = {}, [], 0
    for name, t in tensors.items():
        if isinstance(t, tuple):
            dtype, shape, raw = t
        else:
            dtype, shape, raw = "F32", list(t.shape), t.detach().to(torch.float32).contiguous().numpy().tobytes()
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + len(raw)]}
        blobs.append(raw)
        offset += len(raw)
    header["__metadata__"] = {"format": "pt"}
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * ((8 - len(text) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for b in blobs:
            f.write(b)


def to_mxfp4(w):
    """(E, in, out) floats → blocks U8 (E, out, in/32, 16), scales U8 (E, out, in/32), dequantised (E, in, out)."""
    E, IN, OUT = w.shape
    x = w.transpose(1, 2).reshape(E, OUT, IN // 32, 32)
    amax = x.abs().amax(dim=-1, keepdim=True).clamp(min=2.0 ** -126)
    exp = torch.floor(torch.log2(amax)) - 2  # OCP MX: shared exponent floor(log2 amax) − emax(e2m1) = 2
    scaled = x / torch.pow(2.0, exp)
    codes = (scaled.unsqueeze(-1) - FP4).abs().argmin(dim=-1)  # nearest e2m1 (values past 6 clip to 6)
    blocks = (codes[..., 0::2] | (codes[..., 1::2] << 4)).to(torch.uint8)
    scales = (exp.squeeze(-1) + 127).to(torch.uint8)
    deq = (FP4[codes] * torch.pow(2.0, exp)).reshape(E, OUT, IN).transpose(1, 2).contiguous()
    return blocks, scales, deq


def to_fp8(w, block, round_scale=None):
    """(out, in) → e4m3 codes U8, scale_inv (ceil(out/b), ceil(in/b)) float32, dequantised (out, in).
    round_scale, when given, maps the amax / 448 scales to the ones stored (never smaller)."""
    rows, cols = w.shape
    br, bc = math.ceil(rows / block), math.ceil(cols / block)
    scale = torch.zeros(br, bc)
    for i in range(br):
        for j in range(bc):
            scale[i, j] = w[i * block:(i + 1) * block, j * block:(j + 1) * block].abs().max().clamp(min=1e-12) / 448.0
    if round_scale is not None:
        scale = round_scale(scale)
    s = scale.repeat_interleave(block, 0)[:rows].repeat_interleave(block, 1)[:, :cols]
    codes = ((w / s).unsqueeze(-1) - E4M3).abs().argmin(dim=-1)
    return codes.to(torch.uint8), scale, E4M3[codes] * s


def raw(dtype, t):
    return (dtype, list(t.shape), t.contiguous().numpy().tobytes())


def write(name, config, tensors, logits):
    folder = os.path.join(ENGINE, name)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
    save(os.path.join(folder, "model.safetensors"), tensors)
    ref = {
        "source": "tests/reference/make_moe_checkpoints.py, PyTorch " + torch.__version__,
        "tokens": IDS,
        "logits": [[round(float(x), 7) for x in row] for row in logits],
    }
    with open(os.path.join(folder, "reference.json"), "w") as f:
        json.dump(ref, f, separators=(",", ":"))
    print(name, len(tensors), "tensors, logits", tuple(logits.shape))


def base_config(model_type, arch, d, layers, heads, kv, head_dim, inter, theta):
    return {"architectures": [arch], "model_type": model_type, "hidden_size": d, "num_hidden_layers": layers,
            "num_attention_heads": heads, "num_key_value_heads": kv, "head_dim": head_dim,
            "intermediate_size": inter, "vocab_size": moe.V, "max_position_embeddings": 64,
            "rms_norm_eps": moe.EPS, "rope_theta": theta, "tie_word_embeddings": False, "hidden_act": "silu",
            "torch_dtype": "float32"}


def qwen3_moe():
    # The weights of engine-features/qwen3-moe-train-top2: make_moe_reference.py draws them first.
    g = torch.Generator().manual_seed(20261205)
    moe.random_weights(g, moe.MODELS["gpt-oss-moe-clamped-swiglu"])
    cfg = moe.MODELS["qwen3-moe-train-top2"]
    w = moe.random_weights(g, cfg)
    with torch.no_grad():
        logits = moe.forward(cfg, w, IDS)[0][0]
    config = base_config("qwen3_moe", "Qwen3MoeForCausalLM", 16, cfg["layers"], moe.H, moe.KV, moe.HD, 24, cfg["theta"])
    config.update({"num_experts": cfg["experts"], "num_experts_per_tok": cfg["top_k"], "moe_intermediate_size": cfg["fe"],
                   "decoder_sparse_step": 1, "mlp_only_layers": [], "norm_topk_prob": True, "attention_bias": False,
                   "use_sliding_window": False})
    t = {"model.embed_tokens.weight": w["embed"], "model.norm.weight": w["norm"], "lm_head.weight": w["lm_head"]}
    for i in range(cfg["layers"]):
        p, q = f"l{i}.", f"model.layers.{i}."
        t[q + "input_layernorm.weight"] = w[p + "input_layernorm"]
        t[q + "post_attention_layernorm.weight"] = w[p + "post_attention_layernorm"]
        for n in ("q_proj", "k_proj", "v_proj", "o_proj"):
            t[q + "self_attn." + n + ".weight"] = w[p + n]
        t[q + "self_attn.q_norm.weight"], t[q + "self_attn.k_norm.weight"] = w[p + "q_norm"], w[p + "k_norm"]
        t[q + "mlp.gate.weight"] = w[p + "gate"]
        for e in range(cfg["experts"]):
            for n in ("gate_proj", "up_proj", "down_proj"):
                t[q + f"mlp.experts.{e}.{n}.weight"] = w[p + f"experts.{e}.{n}"]
    write("qwen3-moe-tiny", config, t, logits)


def gpt_oss():
    # d_model and the expert width 32: MXFP4 blocks run along the input dimension in 32s.
    cfg = {"kind": "gpt_oss", "layers": 2, "experts": 4, "top_k": 2, "fe": 32, "d": 32, "window": 3, "theta": 15e4,
           "layer_types": ["sliding", "full"]}
    g = torch.Generator().manual_seed(20261206)
    w = moe.random_weights(g, cfg)
    t = {"model.embed_tokens.weight": w["embed"], "model.norm.weight": w["norm"], "lm_head.weight": w["lm_head"]}
    for i in range(cfg["layers"]):
        p, q = f"l{i}.", f"model.layers.{i}."
        t[q + "input_layernorm.weight"] = w[p + "input_layernorm"]
        t[q + "post_attention_layernorm.weight"] = w[p + "post_attention_layernorm"]
        for n, b in (("q_proj", "q_bias"), ("k_proj", "k_bias"), ("v_proj", "v_bias"), ("o_proj", "o_bias")):
            t[q + "self_attn." + n + ".weight"], t[q + "self_attn." + n + ".bias"] = w[p + n], w[p + b]
        t[q + "self_attn.sinks"] = w[p + "sinks"]
        t[q + "mlp.router.weight"], t[q + "mlp.router.bias"] = w[p + "router.weight"], w[p + "router.bias"]
        for n in ("gate_up_proj", "down_proj"):
            blocks, scales, deq = to_mxfp4(w[p + n])
            w[p + n] = deq  # the reference runs on the weights as stored
            t[q + f"mlp.experts.{n}_blocks"], t[q + f"mlp.experts.{n}_scales"] = raw("U8", blocks), raw("U8", scales)
            t[q + f"mlp.experts.{n}_bias"] = w[p + n + "_bias"]
    with torch.no_grad():
        logits = moe.forward(cfg, w, IDS)[0][0]
    config = base_config("gpt_oss", "GptOssForCausalLM", 32, cfg["layers"], moe.H, moe.KV, moe.HD, cfg["fe"], cfg["theta"])
    config.update({"num_local_experts": cfg["experts"], "num_experts_per_tok": cfg["top_k"], "experts_per_token": cfg["top_k"],
                   "attention_bias": True, "sliding_window": cfg["window"], "swiglu_limit": moe.LIMIT,
                   "layer_types": ["sliding_attention", "full_attention"],
                   "quantization_config": {"quant_method": "mxfp4", "modules_to_not_convert": [
                       "model.layers.*.self_attn", "model.layers.*.mlp.router", "model.embed_tokens", "lm_head"]}})
    write("gpt-oss-tiny-mxfp4", config, t, logits)


def deepseek_v3():
    # The DeepSeek-V3 model of make_deepseek_reference.py (query latent, sigmoid router in groups,
    # a shared expert, layer 0 dense), drawn again from its seed, its projections then in fp8.
    g = torch.Generator().manual_seed(20261202)
    cfg = ds.MODELS["deepseek-v3-mla-sigmoid-groups"]
    w = ds.random_weights(g, cfg)
    block = 4
    quantised = ("q_a_proj", "q_b_proj", "kv_a_proj_with_mqa", "kv_b_proj", "o_proj", "gate_proj", "up_proj", "down_proj")
    names = {"embed": "model.embed_tokens.weight", "norm": "model.norm.weight", "lm_head": "lm_head.weight"}
    t = {}
    for key in list(w.keys()):
        if key in names:
            t[names[key]] = w[key]
            continue
        layer, rest = key.split(".", 1)
        q = f"model.layers.{layer[1:]}."
        if rest in ("input_layernorm", "post_attention_layernorm"):
            hf = q + rest + ".weight"
        elif rest in ("q_a_proj", "q_a_layernorm", "q_b_proj", "kv_a_proj_with_mqa", "kv_a_layernorm", "kv_b_proj", "o_proj"):
            hf = q + "self_attn." + rest + ".weight"
        elif rest == "e_score_correction_bias":
            hf = q + "mlp.gate.e_score_correction_bias"
        else:
            hf = q + "mlp." + rest + ".weight"  # gate, {gate,up,down}_proj, experts.N.*, shared_experts.*
        if rest.split(".")[-1] in quantised:
            codes, scale, deq = to_fp8(w[key], block)
            w[key] = deq
            t[hf] = raw("F8_E4M3", codes)
            t[hf + "_scale_inv"] = scale
        else:
            t[hf] = w[key]
    with torch.no_grad():
        logits = ds.forward(cfg, w, IDS)[0][0]
    config = base_config("deepseek_v3", "DeepseekV3ForCausalLM", ds.D, ds.L, ds.H, ds.H, ds.QK, ds.F, cfg["theta"])
    del config["head_dim"]
    config.update({"q_lora_rank": cfg["q_lora"], "kv_lora_rank": ds.KVL, "qk_nope_head_dim": ds.NOPE,
                   "qk_rope_head_dim": ds.ROPE, "v_head_dim": ds.VD, "n_routed_experts": cfg["experts"],
                   "num_experts_per_tok": cfg["top_k"], "moe_intermediate_size": ds.FE,
                   "n_shared_experts": cfg["shared"], "first_k_dense_replace": cfg["first_dense"], "n_group": cfg["groups"],
                   "topk_group": cfg["top_groups"], "norm_topk_prob": cfg["norm"], "routed_scaling_factor": cfg["scale"],
                   "scoring_func": "sigmoid", "topk_method": "noaux_tc", "attention_bias": False,
                   "num_nextn_predict_layers": 0,
                   "quantization_config": {"quant_method": "fp8", "fmt": "e4m3", "activation_scheme": "dynamic",
                                           "weight_block_size": [block, block]}})
    write("deepseek-v3-tiny-fp8", config, t, logits)


if __name__ == "__main__":
    qwen3_moe()
    gpt_oss()
    deepseek_v3()
