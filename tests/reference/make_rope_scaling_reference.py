#!/usr/bin/python3
"""Writes tiny random models with scaled RoPE, and their reference outputs, for tst_ropescaling;
and the inverse frequencies of real configs that tst_ropescaling pins.

Run with Debian's PyTorch (python3-torch, 1.13) from the repository root:

    /usr/bin/python3 tests/reference/make_rope_scaling_reference.py

transformers is not installable here, so its RoPE parameter functions are re-implemented in plain
PyTorch, operation for operation and in float32 where it is, after transformers main,
src/transformers/modeling_rope_utils.py:

  _compute_linear_scaling_rope_parameters  inv_freq = default / factor
  _compute_dynamic_ntk_parameters          base · (factor · seq_len / max_position_embeddings
                                           − (factor − 1)) ** (dim / (dim − 2)), seq_len =
                                           max(seq_len, max_position_embeddings); the rotary
                                           embedding's dynamic_rope_update passes
                                           max(position_ids) + 1
  _compute_yarn_parameters                 attention_factor (given, or get_mscale(factor, mscale) /
                                           get_mscale(factor, mscale_all_dim) with both mscales,
                                           else get_mscale(factor)); find_correction_range of
                                           beta_fast, beta_slow over original_max_position_embeddings,
                                           floor/ceil only with truncate (default True);
                                           linear_ramp_factor; interpolation · (1 − e) +
                                           extrapolation · e, e = 1 − ramp
  _compute_longrope_parameters             long_factor when seq_len > original_max_position_embeddings,
                                           else short_factor; inv_freq = 1 / (ext · base ** (2i/dim));
                                           attention_factor sqrt(1 + ln(factor) / ln(original))
  _compute_llama3_parameters               wavelen = 2π / inv_freq; > original / low_freq_factor:
                                           ÷ factor; between the two wavelengths: smoothed
and the rotary embeddings' forward: emb = positions · inv_freq, cos = emb.cos() ·
attention_scaling (LlamaRotaryEmbedding, GptOssRotaryEmbedding, DeepseekV3RotaryEmbedding).
DeepseekV3Attention also multiplies its softmax scale by mscale², mscale = 0.1 · mscale_all_dim ·
ln(factor) + 1. Gemma3TextModel rotates its sliding layers with rotary_emb_local: base
rope_local_base_freq, no scaling.

The decoders are those of make_feature_reference.py (GQA; Gemma 3's sandwich norms) and
make_deepseek_reference.py (MLA), whose helpers this imports, with these RoPE tables. Outputs:
tests/data/engine-features/<name>/{design.json, weights.safetensors, reference.json} as there, and
tests/data/rope_frequencies.json: inv_freq and attention_factor of gpt-oss-20b, Llama-3.1-8B,
DeepSeek-V3 and DeepSeek-V2-Lite from their config.json files in tests/data/hf.
"""

import json
import math
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_deepseek_reference as ds  # noqa: E402
import make_feature_reference as mf  # noqa: E402

DATA = os.path.join(HERE, "..", "data")
OUT = os.path.join(DATA, "engine-features")


def get_mscale(scale, mscale=1):
    if scale <= 1:
        return 1.0
    return 0.1 * mscale * math.log(scale) + 1.0


def rope_parameters(rope, dim, base, max_position_embeddings, seq_len=None):
    """(inv_freq (dim/2,) float32, attention_factor) of modeling_rope_utils.py for rope_scaling `rope`."""
    kind = rope.get("rope_type", rope.get("type", "default"))
    arange = torch.arange(0, dim, 2, dtype=torch.int64).float() / dim
    if kind == "default":
        return 1.0 / (base ** arange), 1.0
    if kind == "linear":
        return (1.0 / (base ** arange)) / rope["factor"], 1.0
    if kind == "dynamic":
        factor = rope["factor"]
        seq_len = max(seq_len or max_position_embeddings, max_position_embeddings)
        base = base * ((factor * seq_len / max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2))
        return 1.0 / (base ** arange), 1.0
    if kind == "yarn":
        original = rope.get("original_max_position_embeddings") or max_position_embeddings
        factor = rope.get("factor")
        if factor is None:
            factor = max_position_embeddings / original
        attention_factor = rope.get("attention_factor")
        mscale, mscale_all_dim = rope.get("mscale"), rope.get("mscale_all_dim")
        if attention_factor is None:
            if mscale and mscale_all_dim:
                attention_factor = float(get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim))
            else:
                attention_factor = get_mscale(factor)
        beta_fast = rope.get("beta_fast") or 32
        beta_slow = rope.get("beta_slow") or 1

        def find_correction_dim(num_rotations):
            return (dim * math.log(original / (num_rotations * 2 * math.pi))) / (2 * math.log(base))

        low, high = find_correction_dim(beta_fast), find_correction_dim(beta_slow)
        if rope.get("truncate", True):
            low, high = math.floor(low), math.ceil(high)
        low, high = max(low, 0), min(high, dim - 1)
        if low == high:
            high += 0.001
        ramp = torch.clamp((torch.arange(dim // 2, dtype=torch.float32) - low) / (high - low), 0, 1)
        pos_freqs = base ** (torch.arange(0, dim, 2).float() / dim)
        extrapolation, interpolation = 1.0 / pos_freqs, 1.0 / (factor * pos_freqs)
        keep = 1 - ramp
        return interpolation * (1 - keep) + extrapolation * keep, attention_factor
    if kind == "longrope":
        original = rope.get("original_max_position_embeddings") or max_position_embeddings
        factor = rope.get("factor") or max_position_embeddings / original
        attention_factor = rope.get("attention_factor")
        if attention_factor is None:
            attention_factor = 1.0 if factor <= 1.0 else math.sqrt(1 + math.log(factor) / math.log(original))
        ext = rope["long_factor"] if seq_len and seq_len > original else rope["short_factor"]
        ext = torch.tensor(ext, dtype=torch.float32)
        return 1.0 / (ext * base ** arange), attention_factor
    if kind == "llama3":
        inv_freq = 1.0 / (base ** arange)
        factor, low, high = rope["factor"], rope["low_freq_factor"], rope["high_freq_factor"]
        old = rope["original_max_position_embeddings"]
        low_wavelen, high_wavelen = old / low, old / high
        wavelen = 2 * math.pi / inv_freq
        inv_llama = torch.where(wavelen > low_wavelen, inv_freq / factor, inv_freq)
        smooth = (old / wavelen - low) / (high - low)
        smoothed = (1 - smooth) * inv_llama / factor + smooth * inv_llama
        medium = ~(wavelen < high_wavelen) * ~(wavelen > low_wavelen)
        return torch.where(medium, smoothed, inv_llama), 1.0
    raise ValueError(kind)


def tables_of(rope, dim, base, max_position_embeddings):
    """A rope_tables(T) for the forward passes: cos, sin (T, dim) of the scaled frequencies."""
    def tables(T):
        inv_freq, attention = rope_parameters(rope, dim, base, max_position_embeddings, seq_len=T)
        freqs = torch.arange(T).float()[:, None] * inv_freq[None, :]
        emb = torch.cat((freqs, freqs), dim=-1)
        return emb.cos() * attention, emb.sin() * attention
    return tables


def design_fields(rope, max_position_embeddings):
    """The design file's rope_* fields for rope_scaling `rope`."""
    kind = rope["rope_type"]
    d = {"rope_scaling": kind, "rope_factor": rope.get("factor", 1.0)}
    if kind == "dynamic":
        d["rope_original_max_positions"] = max_position_embeddings
    if "original_max_position_embeddings" in rope:
        d["rope_original_max_positions"] = rope["original_max_position_embeddings"]
    names = {"low_freq_factor": "rope_low_freq_factor", "high_freq_factor": "rope_high_freq_factor",
             "beta_fast": "rope_beta_fast", "beta_slow": "rope_beta_slow", "mscale": "rope_mscale",
             "mscale_all_dim": "rope_mscale_all_dim", "attention_factor": "rope_attention_factor",
             "truncate": "rope_truncate", "short_factor": "rope_short_factor", "long_factor": "rope_long_factor"}
    for k, field in names.items():
        if k in rope:
            d[field] = rope[k]
    return d


# GQA models of make_feature_reference.py. "max_pos" is the max_position_embeddings the RoPE
# functions see (dynamic measures from it); the designs keep max_positions 64.
GQA = {
    "rope-linear": {"placement": "pre", "qk_norm": "none", "theta": 1e4, "layer_types": ["full"] * 3,
                    "rope": {"rope_type": "linear", "factor": 4.0}, "max_pos": 64},
    # 9 tokens past max_position_embeddings 6: the base grows with the sequence.
    "rope-dynamic": {"placement": "pre", "qk_norm": "none", "theta": 1e4, "layer_types": ["full"] * 3,
                     "rope": {"rope_type": "dynamic", "factor": 2.0}, "max_pos": 6},
    # gpt-oss-20b's RoPE (yarn, factor 32 from 4096 positions, beta 32/1, truncate false) with its
    # sinks, biases and alternating windows.
    "rope-yarn-gpt-oss": {"placement": "pre", "qk_norm": "none", "theta": 15e4, "bias": True, "sinks": True, "window": 3,
                          "layer_types": ["sliding", "full", "sliding"], "max_pos": 131072,
                          "rope": {"rope_type": "yarn", "factor": 32.0, "original_max_position_embeddings": 4096,
                                   "beta_fast": 32.0, "beta_slow": 1.0, "truncate": False}},
    # yarn with the ramp's ends rounded (the default) and a given attention factor.
    "rope-yarn-truncated": {"placement": "pre", "qk_norm": "head", "theta": 1e4, "layer_types": ["full"] * 3,
                            "max_pos": 64,
                            "rope": {"rope_type": "yarn", "factor": 8.0, "original_max_position_embeddings": 2048,
                                     "beta_fast": 16.0, "beta_slow": 2.0, "attention_factor": 1.2}},
    # Llama 3.1's kind: one frequency kept, one smoothed, one divided (original 1024 at theta 5e5).
    "rope-llama3": {"placement": "pre", "qk_norm": "none", "theta": 5e5, "layer_types": ["full"] * 3, "max_pos": 64,
                    "rope": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                             "original_max_position_embeddings": 1024}},
    # Phi-3 128k's kind, 9 tokens past the original 6: the long factors.
    "rope-longrope-long": {"placement": "pre", "qk_norm": "none", "theta": 1e4, "layer_types": ["full"] * 3,
                           "max_pos": 48,
                           "rope": {"rope_type": "longrope", "factor": 8.0, "original_max_position_embeddings": 6,
                                    "short_factor": [1.0, 1.3, 2.1], "long_factor": [1.5, 4.0, 9.0]}},
    # Within the original 16: the short factors.
    "rope-longrope-short": {"placement": "pre", "qk_norm": "none", "theta": 1e4, "layer_types": ["full"] * 3,
                            "max_pos": 128,
                            "rope": {"rope_type": "longrope", "factor": 8.0, "original_max_position_embeddings": 16,
                                     "short_factor": [1.0, 1.3, 2.1], "long_factor": [1.5, 4.0, 9.0]}},
    # Gemma 3: linear scaling on the full layer, plain RoPE at rope_local_base_freq on the sliding ones.
    "gemma3-local-rope-linear": {"placement": "sandwich", "qk_norm": "head", "theta": 1e6, "gemma": True, "window": 3,
                                 "layer_types": ["sliding", "sliding", "full"], "max_pos": 64, "local_theta": 1e4,
                                 "rope": {"rope_type": "linear", "factor": 8.0}},
}

# MLA: DeepSeek-V3's yarn with mscale 0.707 and mscale_all_dim 1.0 (DeepSeek-V2-Lite has both
# 0.707, DeepSeek-V3 both 1.0; different values exercise both the cos/sin factor and the softmax one).
MLA = {
    "deepseek-v3-mla-yarn-mscale": dict(ds.MODELS["deepseek-v3-mla-sigmoid-groups"], max_pos=163840,
                                        rope={"rope_type": "yarn", "factor": 40.0, "original_max_position_embeddings": 4096,
                                              "beta_fast": 32, "beta_slow": 1, "mscale": 0.707, "mscale_all_dim": 1.0}),
}


def write(name, design, tensors, logits, att, source):
    folder = os.path.join(OUT, name)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "design.json"), "w") as f:
        json.dump(design, f, indent=2)
    mf.save_safetensors(os.path.join(folder, "weights.safetensors"), tensors)
    ref = {
        "source": source + ", PyTorch " + torch.__version__,
        "tokens": mf.IDS,
        "logits": [[round(float(x), 7) for x in row] for row in logits],
        "attention": [[[[round(float(x), 7) for x in row] for row in head] for head in layer] for layer in att],
    }
    with open(os.path.join(folder, "reference.json"), "w") as f:
        json.dump(ref, f, separators=(",", ":"))
    print(name, "logits", tuple(logits.shape), "attention", tuple(att.shape))


def real_frequencies():
    """inv_freq and attention_factor of real configs (their rotary dim: head_dim, or qk_rope_head_dim)."""
    out = {}
    for model in ("gpt-oss-20b", "llama-3.1-8b", "deepseek-v3", "deepseek-v2-lite", "kimi-k2"):
        with open(os.path.join(DATA, "hf", model, "config.json")) as f:
            c = json.load(f)
        dim = c.get("qk_rope_head_dim") or c.get("head_dim") or c["hidden_size"] // c["num_attention_heads"]
        inv_freq, attention = rope_parameters(c["rope_scaling"], dim, c["rope_theta"], c["max_position_embeddings"])
        plain, _ = rope_parameters({"rope_type": "default"}, dim, c["rope_theta"], c["max_position_embeddings"])
        entry = {"dim": dim, "inv_freq": [float(x) for x in inv_freq], "plain": [float(x) for x in plain],
                 "attention_factor": attention}
        mad = c["rope_scaling"].get("mscale_all_dim")
        if mad:  # DeepseekV3Attention's softmax scale factor
            entry["softmax_factor"] = (0.1 * mad * math.log(c["rope_scaling"]["factor"]) + 1.0) ** 2
        out[model] = entry
    return {"source": "tests/reference/make_rope_scaling_reference.py (modeling_rope_utils.py in float32), PyTorch "
                      + torch.__version__, "models": out}


def main():
    g = torch.Generator().manual_seed(20261204)
    for name, cfg in GQA.items():
        cfg = dict(cfg, rope_tables=tables_of(cfg["rope"], mf.HD, cfg["theta"], cfg["max_pos"]))
        if "local_theta" in cfg:
            cfg["rope_local_tables"] = lambda T, t=cfg["local_theta"]: mf.rope_tables(T, mf.HD, t)
        w = mf.random_weights(g, cfg)
        with torch.no_grad():
            logits, att = mf.forward(cfg, w, mf.IDS)
        design = mf.design(name, cfg)
        design["design"].update(design_fields(cfg["rope"], cfg["max_pos"]))
        if "local_theta" in cfg:
            design["design"]["rope_local_theta"] = cfg["local_theta"]
        write(name, design, mf.engine_tensors(cfg, w), logits, att, "tests/reference/make_rope_scaling_reference.py")
    for name, cfg in MLA.items():
        rope = cfg["rope"]
        cfg = dict(cfg, rope_tables=tables_of(rope, ds.ROPE, cfg["theta"], cfg["max_pos"]))
        mscale = 0.1 * rope["mscale_all_dim"] * math.log(rope["factor"]) + 1.0
        cfg["softmax_scale"] = ds.QK ** -0.5 * mscale * mscale
        w = ds.random_weights(g, cfg)
        with torch.no_grad():
            logits, att = ds.forward(cfg, w, mf.IDS)
        design = ds.design(name, cfg)
        design["design"].update(design_fields(rope, cfg["max_pos"]))
        write(name, design, ds.engine_tensors(cfg, w), logits[0], att, "tests/reference/make_rope_scaling_reference.py")
    with open(os.path.join(DATA, "rope_frequencies.json"), "w") as f:
        json.dump(real_frequencies(), f, indent=1)
    print("rope_frequencies.json")


if __name__ == "__main__":
    main()
