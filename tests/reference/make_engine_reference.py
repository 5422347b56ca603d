#!/usr/bin/python3
"""Writes small random models and their reference outputs for tst_engine.

Run with Debian's PyTorch (python3-torch, 1.13) from the repository root:

    /usr/bin/python3 tests/reference/make_engine_reference.py

Hugging Face `transformers` is not installable on these machines (only Debian's packages and
npm are reachable), so the reference forward passes below are written in plain PyTorch and
follow, operation for operation, the eager code paths of transformers' modeling_gpt2.py
(GPT2LMHeadModel) and modeling_llama.py (LlamaForCausalLM):

  GPT-2: h = wte[ids] + wpe[pos]; per block h += c_proj(attn(ln_1(h))), h += mlp(ln_2(h)) with
         Conv1D (x @ W + b, W stored in x out), scores q·kᵀ / sqrt(head_dim), causal mask filled
         with finfo.min, softmax, gelu_new; logits = ln_f(h) @ wteᵀ.
  Llama: RMSNorm (x * rsqrt(mean(x²) + eps) * w), q/k/v/o nn.Linear (x @ Wᵀ), RoPE with
         inv_freq = 1 / theta^(arange(0, dim, 2) / dim) and rotate_half, repeat_kv for GQA,
         softmax in float32, SwiGLU MLP down(silu(gate(x)) * up(x)), untied lm_head.

The safetensors files are written by hand (8-byte little-endian header length, JSON header,
raw little-endian data), which is the whole format; the `safetensors` package is not needed.
Every model directory gets config.json (as save_pretrained writes it), model.safetensors and
reference.json with tokens, logits (T x vocab) and attention (layers x heads x T x T).
"""

import json
import math
import os
import struct

import torch

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "engine")

DTYPES = {torch.float32: "F32", torch.float16: "F16", torch.bfloat16: "BF16"}


def save_safetensors(path, tensors, dtype):
    header = {}
    blobs = []
    offset = 0
    for name, t in tensors.items():
        t = t.detach().to(dtype).contiguous()
        raw = t.view(torch.int16).numpy().tobytes() if dtype != torch.float32 else t.numpy().tobytes()
        header[name] = {"dtype": DTYPES[dtype], "shape": list(t.shape), "data_offsets": [offset, offset + len(raw)]}
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


def rounded(tensors, dtype):
    """The weights as the engine will read them back: rounded to dtype, computed in float32."""
    return {k: v.to(dtype).to(torch.float32) for k, v in tensors.items()}


def layer_norm(x, w, b, eps):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), w, b, eps)


def gelu_new(x):
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


def causal_softmax(scores):
    T = scores.shape[-1]
    mask = torch.tril(torch.ones(T, T, dtype=torch.bool))
    scores = torch.where(mask, scores, torch.tensor(torch.finfo(scores.dtype).min))
    return torch.softmax(scores.float(), dim=-1)


def gpt2_forward(w, cfg, ids):
    d, H, L = cfg["n_embd"], cfg["n_head"], cfg["n_layer"]
    hd = d // H
    eps = cfg["layer_norm_epsilon"]
    T = len(ids)
    p = "transformer."
    h = w[p + "wte.weight"][ids] + w[p + "wpe.weight"][torch.arange(T)]
    atts = []
    for i in range(L):
        b = f"{p}h.{i}."
        a = layer_norm(h, w[b + "ln_1.weight"], w[b + "ln_1.bias"], eps)
        qkv = a @ w[b + "attn.c_attn.weight"] + w[b + "attn.c_attn.bias"]
        q, k, v = qkv.split(d, dim=-1)
        q, k, v = (t.view(T, H, hd).transpose(0, 1) for t in (q, k, v))  # (H, T, hd)
        scores = q @ k.transpose(-1, -2) / math.sqrt(hd)
        probs = causal_softmax(scores)
        atts.append(probs)
        o = (probs @ v).transpose(0, 1).reshape(T, d)
        h = h + o @ w[b + "attn.c_proj.weight"] + w[b + "attn.c_proj.bias"]
        m = layer_norm(h, w[b + "ln_2.weight"], w[b + "ln_2.bias"], eps)
        m = gelu_new(m @ w[b + "mlp.c_fc.weight"] + w[b + "mlp.c_fc.bias"])
        h = h + m @ w[b + "mlp.c_proj.weight"] + w[b + "mlp.c_proj.bias"]
    h = layer_norm(h, w[p + "ln_f.weight"], w[p + "ln_f.bias"], eps)
    return h @ w[p + "wte.weight"].t(), torch.stack(atts)


def rms_norm(x, w, eps):
    var = x.pow(2).mean(-1, keepdim=True)
    return w * (x * torch.rsqrt(var + eps))


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2 :]
    return torch.cat((-x2, x1), dim=-1)


def llama_forward(w, cfg, ids, rotary_fraction=1.0):
    d, H, KV, L = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_key_value_heads"], cfg["num_hidden_layers"]
    hd = d // H
    eps = cfg["rms_norm_eps"]
    T = len(ids)
    # Partial rotary (GPT-NeoX / Phi convention): RoPE on the first rot dims of each head, the rest pass.
    rot = int(hd * rotary_fraction)
    inv_freq = 1.0 / (cfg["rope_theta"] ** (torch.arange(0, rot, 2, dtype=torch.int64).float() / rot))
    freqs = torch.arange(T).float()[:, None] * inv_freq[None, :]
    emb = torch.cat((freqs, freqs), dim=-1)
    cos, sin = emb.cos(), emb.sin()  # (T, rot)

    def rope(x):  # (heads, T, hd)
        xr, xp = x[..., :rot], x[..., rot:]
        return torch.cat((xr * cos + rotate_half(xr) * sin, xp), dim=-1)

    h = w["model.embed_tokens.weight"][ids]
    atts = []
    for i in range(L):
        b = f"model.layers.{i}."
        a = rms_norm(h, w[b + "input_layernorm.weight"], eps)
        q = (a @ w[b + "self_attn.q_proj.weight"].t()).view(T, H, hd).transpose(0, 1)
        k = (a @ w[b + "self_attn.k_proj.weight"].t()).view(T, KV, hd).transpose(0, 1)
        v = (a @ w[b + "self_attn.v_proj.weight"].t()).view(T, KV, hd).transpose(0, 1)
        q, k = rope(q), rope(k)
        k = k.repeat_interleave(H // KV, dim=0)  # repeat_kv
        v = v.repeat_interleave(H // KV, dim=0)
        scores = q @ k.transpose(-1, -2) / math.sqrt(hd)
        probs = causal_softmax(scores)
        atts.append(probs)
        o = (probs @ v).transpose(0, 1).reshape(T, H * hd)
        h = h + o @ w[b + "self_attn.o_proj.weight"].t()
        m = rms_norm(h, w[b + "post_attention_layernorm.weight"], eps)
        gate = torch.nn.functional.silu(m @ w[b + "mlp.gate_proj.weight"].t())
        up = m @ w[b + "mlp.up_proj.weight"].t()
        h = h + (gate * up) @ w[b + "mlp.down_proj.weight"].t()
    h = rms_norm(h, w["model.norm.weight"], eps)
    return h @ w["lm_head.weight"].t(), torch.stack(atts)


def gpt2_model(g):
    cfg = {
        "architectures": ["GPT2LMHeadModel"], "model_type": "gpt2", "activation_function": "gelu_new",
        "n_embd": 32, "n_head": 4, "n_layer": 2, "n_positions": 16, "n_ctx": 16, "n_inner": None,
        "vocab_size": 50, "layer_norm_epsilon": 1e-5, "tie_word_embeddings": True,
        "bos_token_id": 0, "eos_token_id": 0, "torch_dtype": "float32",
    }
    d, L, V, P = cfg["n_embd"], cfg["n_layer"], cfg["vocab_size"], cfg["n_positions"]
    n = lambda *s: torch.randn(*s, generator=g) * 0.3
    w = {"transformer.wte.weight": n(V, d), "transformer.wpe.weight": n(P, d)}
    for i in range(L):
        b = f"transformer.h.{i}."
        w[b + "ln_1.weight"] = 1 + n(d)
        w[b + "ln_1.bias"] = n(d)
        w[b + "attn.c_attn.weight"] = n(d, 3 * d)
        w[b + "attn.c_attn.bias"] = n(3 * d)
        w[b + "attn.c_proj.weight"] = n(d, d)
        w[b + "attn.c_proj.bias"] = n(d)
        w[b + "ln_2.weight"] = 1 + n(d)
        w[b + "ln_2.bias"] = n(d)
        w[b + "mlp.c_fc.weight"] = n(d, 4 * d)
        w[b + "mlp.c_fc.bias"] = n(4 * d)
        w[b + "mlp.c_proj.weight"] = n(4 * d, d)
        w[b + "mlp.c_proj.bias"] = n(d)
    w["transformer.ln_f.weight"] = 1 + n(d)
    w["transformer.ln_f.bias"] = n(d)
    return cfg, w


def llama_model(g, theta=10000.0):
    cfg = {
        "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_act": "silu",
        "hidden_size": 32, "intermediate_size": 56, "num_hidden_layers": 2, "num_attention_heads": 4,
        "num_key_value_heads": 2, "max_position_embeddings": 64, "vocab_size": 60, "rms_norm_eps": 1e-6,
        "rope_theta": theta, "tie_word_embeddings": False, "attention_bias": False, "mlp_bias": False,
        "bos_token_id": 1, "eos_token_id": 2, "torch_dtype": "float32",
    }
    d, L, V, F = cfg["hidden_size"], cfg["num_hidden_layers"], cfg["vocab_size"], cfg["intermediate_size"]
    H, KV = cfg["num_attention_heads"], cfg["num_key_value_heads"]
    hd = d // H
    n = lambda *s: torch.randn(*s, generator=g) * 0.3
    w = {"model.embed_tokens.weight": n(V, d)}
    for i in range(L):
        b = f"model.layers.{i}."
        w[b + "input_layernorm.weight"] = 1 + n(d)
        w[b + "self_attn.q_proj.weight"] = n(H * hd, d)
        w[b + "self_attn.k_proj.weight"] = n(KV * hd, d)
        w[b + "self_attn.v_proj.weight"] = n(KV * hd, d)
        w[b + "self_attn.o_proj.weight"] = n(d, H * hd)
        w[b + "post_attention_layernorm.weight"] = 1 + n(d)
        w[b + "mlp.gate_proj.weight"] = n(F, d)
        w[b + "mlp.up_proj.weight"] = n(F, d)
        w[b + "mlp.down_proj.weight"] = n(d, F)
    w["model.norm.weight"] = 1 + n(d)
    w["lm_head.weight"] = n(V, d)
    return cfg, w


def write(name, cfg, weights, dtype, forward, ids, **kw):
    folder = os.path.join(OUT, name)
    os.makedirs(folder, exist_ok=True)
    cfg = dict(cfg, torch_dtype={torch.float32: "float32", torch.float16: "float16", torch.bfloat16: "bfloat16"}[dtype])
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)
    save_safetensors(os.path.join(folder, "model.safetensors"), weights, dtype)
    with torch.no_grad():
        logits, att = forward(rounded(weights, dtype), cfg, torch.tensor(ids), **kw)
    ref = {
        "source": "tests/reference/make_engine_reference.py, PyTorch " + torch.__version__,
        "tokens": ids,
        "logits": [[round(float(x), 7) for x in row] for row in logits],
        "attention": [[[[round(float(x), 7) for x in row] for row in head] for head in layer] for layer in att],
    }
    with open(os.path.join(folder, "reference.json"), "w") as f:
        json.dump(ref, f, separators=(",", ":"))
    print(name, "logits", tuple(logits.shape), "attention", tuple(att.shape))


def main():
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(20261129)
    ids = [3, 17, 42, 8, 8, 29, 1]
    cfg, w = gpt2_model(g)
    write("gpt2-tiny", cfg, w, torch.float32, gpt2_forward, ids)
    write("gpt2-tiny-f16", cfg, w, torch.float16, gpt2_forward, ids)
    cfg, w = llama_model(g)
    write("llama-tiny-gqa", cfg, w, torch.float32, llama_forward, ids + [55, 12])
    write("llama-tiny-gqa-bf16", cfg, w, torch.bfloat16, llama_forward, ids + [55, 12])
    cfg, w = llama_model(g, theta=500.0)
    cfg["partial_rotary_factor"] = 0.5
    write("llama-tiny-partial-rope", cfg, w, torch.float32, llama_forward, ids, rotary_fraction=0.5)


if __name__ == "__main__":
    main()
