#!/usr/bin/python3
"""Writes tiny Hugging Face checkpoints of Gemma, Gemma 2 and Gemma 3 (text), with their reference
logits, for tst_hfmoecheckpoint: config.json, model.safetensors with transformers' tensor names,
reference.json (tokens, logits).

Run with Debian's PyTorch (python3-torch, 1.13) from the repository root:

    /usr/bin/python3 tests/reference/make_gemma_checkpoints.py

The forward pass is make_feature_reference.py's (plain PyTorch after the eager code path of
transformers main, src/transformers/models/gemma*/modeling_gemma*.py), which for these models does:

  GemmaModel / Gemma2Model / Gemma3TextModel  hidden_states = embed_tokens(ids) · normalizer,
                    normalizer = tensor(hidden_size ** 0.5) in the hidden dtype; the head tied to
                    embed_tokens (tie_word_embeddings, the Gemma default), reading it unscaled.
  GemmaRMSNorm (Gemma2RMSNorm, Gemma3RMSNorm)  x · rsqrt(mean(x²) + eps) · (1 + w) in float32; the
                    files hold w (near 0).
  GemmaDecoderLayer  Llama's: input_layernorm → attention → residual, post_attention_layernorm →
                    GeGLU (gelu_pytorch_tanh) MLP → residual; scaling head_dim^-0.5.
  Gemma2DecoderLayer  input_layernorm → attention → post_attention_layernorm → residual,
                    pre_feedforward_layernorm → MLP → post_feedforward_layernorm → residual;
                    scaling query_pre_attn_scalar^-0.5; attn_logit_softcapping before the mask,
                    final_logit_softcapping on the logits; sliding and full layers (layer_types).
  Gemma3DecoderLayer  Gemma 2's layer without soft-capping, q_norm / k_norm (Gemma3RMSNorm over
                    head_dim) before RoPE, sliding layers rotated by rotary_emb_local
                    (rope_local_base_freq, no scaling), full ones by rotary_emb (rope_theta with
                    rope_scaling, here linear × 2).

query_pre_attn_scalar is 8 beside a head_dim of 6, so the scale is the file's and not head_dim's.
"""

import json
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_feature_reference as mf  # noqa: E402
import make_rope_scaling_reference as rs  # noqa: E402

ENGINE = os.path.join(HERE, "..", "data", "engine")

MODELS = {
    "gemma-tiny": {"type": "gemma", "arch": "GemmaForCausalLM", "placement": "pre", "qk_norm": "none", "theta": 1e4,
                   "gemma": True, "layer_types": ["full"] * 3},
    "gemma2-tiny": {"type": "gemma2", "arch": "Gemma2ForCausalLM", "placement": "sandwich", "qk_norm": "none",
                    "theta": 1e4, "gemma": True, "window": 3, "attn_softcap": 2.0, "final_softcap": 3.0, "scalar": 8.0,
                    "layer_types": ["sliding", "full", "sliding"]},
    "gemma3-tiny": {"type": "gemma3_text", "arch": "Gemma3ForCausalLM", "placement": "sandwich", "qk_norm": "head",
                    "theta": 1e6, "local_theta": 1e4, "gemma": True, "window": 3, "scalar": 8.0,
                    "rope": {"rope_type": "linear", "factor": 2.0}, "layer_types": ["sliding", "sliding", "full"]},
}


def hf_tensors(cfg, w):
    """transformers' names for the weights the reference runs on (norms stored as w, not 1 + w)."""
    t = {"model.embed_tokens.weight": w["embed"], "model.norm.weight": w["norm"]}
    sandwich = cfg["placement"] == "sandwich"
    for i in range(mf.L):
        p, q = f"l{i}.", f"model.layers.{i}."
        t[q + "input_layernorm.weight"] = w[p + "input_layernorm"]
        if sandwich:
            t[q + "post_attention_layernorm.weight"] = w[p + "post_attention_layernorm"]
            t[q + "pre_feedforward_layernorm.weight"] = w[p + "pre_feedforward_layernorm"]
            t[q + "post_feedforward_layernorm.weight"] = w[p + "post_feedforward_layernorm"]
        else:
            t[q + "post_attention_layernorm.weight"] = w[p + "pre_feedforward_layernorm"]
        for n in ("q_proj", "k_proj", "v_proj", "o_proj"):
            t[q + "self_attn." + n + ".weight"] = w[p + n]
        if cfg["qk_norm"] == "head":  # the reference scales by q_norm itself: the file holds q_norm − 1
            t[q + "self_attn.q_norm.weight"] = w[p + "q_norm"] - 1
            t[q + "self_attn.k_norm.weight"] = w[p + "k_norm"] - 1
        for n in ("gate_proj", "up_proj", "down_proj"):
            t[q + "mlp." + n + ".weight"] = w[p + n]
    return t


def config_json(cfg):
    c = {"architectures": [cfg["arch"]], "model_type": cfg["type"], "hidden_size": mf.D, "intermediate_size": mf.F,
         "num_hidden_layers": mf.L, "num_attention_heads": mf.H, "num_key_value_heads": mf.KV, "head_dim": mf.HD,
         "max_position_embeddings": 64, "vocab_size": mf.V, "rms_norm_eps": mf.EPS, "rope_theta": cfg["theta"],
         "hidden_activation": "gelu_pytorch_tanh", "tie_word_embeddings": True, "attention_bias": False,
         "torch_dtype": "float32"}
    names = {"full": "full_attention", "sliding": "sliding_attention"}
    if cfg["type"] != "gemma":
        c.update({"query_pre_attn_scalar": cfg["scalar"], "sliding_window": cfg["window"],
                  "layer_types": [names[k] for k in cfg["layer_types"]],
                  "attn_logit_softcapping": cfg.get("attn_softcap"), "final_logit_softcapping": cfg.get("final_softcap")})
    if cfg["type"] == "gemma3_text":
        c.update({"rope_local_base_freq": cfg["local_theta"], "rope_scaling": cfg["rope"]})
    return c


def main():
    g = torch.Generator().manual_seed(20261205)
    for name, cfg in MODELS.items():
        cfg = dict(cfg)
        if "scalar" in cfg:
            cfg["attn_scale"] = cfg["scalar"] ** -0.5
        if "rope" in cfg:
            cfg["rope_tables"] = rs.tables_of(cfg["rope"], mf.HD, cfg["theta"], 64)
            cfg["rope_local_tables"] = lambda T, t=cfg["local_theta"]: mf.rope_tables(T, mf.HD, t)
        w = mf.random_weights(g, cfg)
        w["lm_head"] = w["embed"]  # tied: the head reads the embedding unscaled
        with torch.no_grad():
            logits, _ = mf.forward(cfg, w, mf.IDS)
        folder = os.path.join(ENGINE, name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "config.json"), "w") as f:
            json.dump(config_json(cfg), f, indent=2)
        mf.save_safetensors(os.path.join(folder, "model.safetensors"), hf_tensors(cfg, w))
        ref = {"source": "tests/reference/make_gemma_checkpoints.py, PyTorch " + torch.__version__, "tokens": mf.IDS,
               "logits": [[round(float(x), 7) for x in row] for row in logits]}
        with open(os.path.join(folder, "reference.json"), "w") as f:
            json.dump(ref, f, separators=(",", ":"))
        print(name, "logits", tuple(logits.shape))


if __name__ == "__main__":
    main()
