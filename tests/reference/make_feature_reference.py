#!/usr/bin/python3
"""Writes tiny random models with the attention features of modern decoders, and their reference
outputs, for tst_enginefeatures.

Run with Debian's PyTorch (python3-torch, 1.13) from the repository root:

    /usr/bin/python3 tests/reference/make_feature_reference.py

As in make_engine_reference.py, transformers itself is not installable here, so each feature is
re-implemented in plain PyTorch operation for operation after the eager code path of the
Hugging Face model that introduced it (transformers main, src/transformers/models/...):

  qwen3   modeling_qwen3.py   Qwen3Attention: q_norm / k_norm = Qwen3RMSNorm(head_dim) on
                              q_proj(x).view(T, H, hd) before RoPE (QK-norm per head).
  olmo2   modeling_olmo2.py   Olmo2Attention: q_norm = Olmo2RMSNorm(H*hd), k_norm = (KV*hd) on
                              the whole projection before the head split; Olmo2DecoderLayer:
                              h = x + post_attention_layernorm(attn(x)),
                              x = h + post_feedforward_layernorm(mlp(h)) (no input norms).
  llama4  modeling_llama4.py  Llama4TextAttention: qk_norm = Llama4TextL2Norm (x·rsqrt(mean x² + eps),
                              no weight) after RoPE, only in RoPE layers; NoPE layers skip RoPE
                              (attn_temperature_tuning scales queries by log(floor((p+1)/8192)+1)·s+1,
                              which is 1 below position 8191); chunked layers see
                              kv // chunk == q // chunk (masking_utils.chunked_overlay).
  gemma2  modeling_gemma2.py  Gemma2DecoderLayer: input_layernorm → attn → post_attention_layernorm
                              → residual, pre_feedforward_layernorm → mlp →
                              post_feedforward_layernorm → residual; Gemma2RMSNorm scales by
                              (1 + w); eager_attention_forward soft-caps scores
                              (s / cap → tanh → · cap) before the mask; logits soft-capped the same
                              way by final_logit_softcapping; layer i slides when (i + 1) % 2.
                              Embeddings are multiplied by sqrt(hidden_size): with an untied head that
                              factor is folded into the engine's token embedding.
  gpt_oss modeling_gpt_oss.py eager_attention_forward: per-head sink logit appended to each row of
                              scores, max-subtracted softmax over keys and sink, the sink's column
                              dropped (rows sum to less than 1); layer_types alternate sliding and
                              full; q/k/v/o biases. (Its MoE MLP is replaced by a dense SwiGLU here:
                              this file covers the attention features.)

  qwen3_moe modeling_qwen3_moe.py Qwen3MoeSparseMoeBlock: router_logits = gate(x); softmax over
                              the experts in float; torch.topk; norm_topk_prob renormalises the k
                              weights; y = Σ weight · expert(x) (each a Qwen3MoeMLP); mlp_only_layers
                              stay dense. The second MoE model adds DeepSeek's ungated shared
                              experts (modeling_deepseek_v3.py DeepseekV3MoE: y + shared_experts(x))
                              and dense first layers (first_k_dense_replace), with the same router.

Sliding windows follow masking_utils.sliding_window_overlay: key kv is seen from query q when
q - sliding_window < kv <= q.

Each model directory gets design.json (a transformer-explorer design file), weights.safetensors
holding the engine's own tensors (TransformerWeights registry names and layouts: y = x W, W
stored (in, out); q, k, v fused as [q heads | k heads | v heads]; gate and up as [gate | up]),
converted from the Hugging Face tensors the reference ran on, and reference.json with tokens,
logits (T x vocab) and attention (layers x heads x T x T, probabilities of the real keys).
"""

import json
import math
import os
import struct

import torch

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "engine-features")

D, H, KV, HD, F, V, L = 16, 4, 2, 6, 24, 40, 3
FE = 8  # width of one routed (and the shared) expert
EPS = 1e-6
IDS = [3, 17, 22, 8, 8, 29, 1, 35, 12]


def save_safetensors(path, tensors):
    header, blobs, offset = {}, [], 0
    for name, t in tensors.items():
        raw = t.detach().to(torch.float32).contiguous().numpy().tobytes()
        header[name] = {"dtype": "F32", "shape": list(t.shape), "data_offsets": [offset, offset + len(raw)]}
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


def rms_norm(x, w, eps=EPS):
    """LlamaRMSNorm / Qwen3RMSNorm / Olmo2RMSNorm; w None is Llama4TextL2Norm."""
    y = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)
    return y if w is None else w * y


def rotate_half(x):
    return torch.cat((-x[..., x.shape[-1] // 2:], x[..., : x.shape[-1] // 2]), dim=-1)


def rope_tables(T, dim, theta):
    inv_freq = 1.0 / (theta ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
    freqs = torch.arange(T).float()[:, None] * inv_freq[None, :]
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos(), emb.sin()


def visible(T, kind, window, chunk):
    q = torch.arange(T)[:, None]
    k = torch.arange(T)[None, :]
    m = k <= q
    if kind == "sliding":
        m = m & (k > q - window)
    if kind == "chunked":
        m = m & (k // chunk == q // chunk)
    return m


def forward(cfg, w, ids):
    """One decoder following the HF code paths named in the module docstring, per cfg flags."""
    T = len(ids)
    # A scaled RoPE (make_rope_scaling_reference.py) brings its own tables, and Gemma 3 a second
    # plain pair for its sliding layers.
    cos, sin = cfg["rope_tables"](T) if "rope_tables" in cfg else rope_tables(T, HD, cfg["theta"])
    local = cfg["rope_local_tables"](T) if "rope_local_tables" in cfg else (cos, sin)
    placement, qk = cfg["placement"], cfg["qk_norm"]
    gemma = cfg.get("gemma", False)
    norm = (lambda x, wt: rms_norm(x, 1.0 + wt)) if gemma else rms_norm
    h = w["embed"][torch.tensor(ids)]
    if gemma:
        h = h * torch.tensor(D ** 0.5)  # Gemma2Model: hidden_states * normalizer
    atts = []
    for i in range(L):
        p = f"l{i}."
        kind = cfg["layer_types"][i]
        use_rope = kind != "full_no_rope"
        x = norm(h, w[p + "input_layernorm"]) if placement in ("pre", "sandwich") else h
        q = x @ w[p + "q_proj"].t()
        k = x @ w[p + "k_proj"].t()
        v = x @ w[p + "v_proj"].t()
        if cfg.get("bias"):
            q, k, v = q + w[p + "q_bias"], k + w[p + "k_bias"], v + w[p + "v_bias"]
        if qk == "full":  # OLMo 2: before the head split
            q, k = rms_norm(q, w[p + "q_norm"]), rms_norm(k, w[p + "k_norm"])
        q = q.view(T, H, HD)
        k = k.view(T, KV, HD)
        if qk == "head":  # Qwen3: per head, before RoPE
            q, k = rms_norm(q, w[p + "q_norm"]), rms_norm(k, w[p + "k_norm"])
        q, k, v = q.transpose(0, 1), k.transpose(0, 1), v.view(T, KV, HD).transpose(0, 1)
        if use_rope:
            c, si = local if kind == "sliding" else (cos, sin)
            q, k = q * c + rotate_half(q) * si, k * c + rotate_half(k) * si
            if qk == "weightless":  # Llama 4: L2 norm after RoPE, RoPE layers only
                q, k = rms_norm(q, None), rms_norm(k, None)
        k = k.repeat_interleave(H // KV, dim=0)
        v = v.repeat_interleave(H // KV, dim=0)
        s = q @ k.transpose(-1, -2) * cfg.get("attn_scale", HD ** -0.5)  # Gemma 2/3: query_pre_attn_scalar^-0.5
        if cfg.get("attn_softcap"):
            c = cfg["attn_softcap"]
            s = torch.tanh(s / c) * c
        mask = visible(T, kind, cfg.get("window", 0), cfg.get("chunk", 0))
        s = torch.where(mask, s, torch.tensor(torch.finfo(s.dtype).min))
        if cfg.get("sinks"):
            sink = w[p + "sinks"].reshape(-1, 1, 1).expand(-1, T, 1)
            combined = torch.cat([s, sink], dim=-1)
            combined = combined - combined.max(dim=-1, keepdim=True).values
            probs = torch.softmax(combined, dim=-1)[..., :-1]
        else:
            probs = torch.softmax(s.float(), dim=-1)
        atts.append(probs)
        o = (probs @ v).transpose(0, 1).reshape(T, H * HD) @ w[p + "o_proj"].t()
        if cfg.get("bias"):
            o = o + w[p + "o_bias"]
        if placement in ("sandwich", "output"):
            o = norm(o, w[p + "post_attention_layernorm"])
        h = h + o
        x = norm(h, w[p + "pre_feedforward_layernorm"]) if placement in ("pre", "sandwich") else h
        def mlp(x, q):
            if gemma:
                gate = torch.nn.functional.gelu(x @ w[q + "gate_proj"].t(), approximate="tanh")
            else:
                gate = torch.nn.functional.silu(x @ w[q + "gate_proj"].t())
            return (gate * (x @ w[q + "up_proj"].t())) @ w[q + "down_proj"].t()
        if i in cfg.get("sparse", []):
            logits = x @ w[p + "gate"].t()
            weights = torch.softmax(logits, dim=1, dtype=torch.float)
            weights, chosen = torch.topk(weights, cfg["top_k"], dim=-1)
            weights = weights / weights.sum(dim=-1, keepdim=True)  # norm_topk_prob
            m = torch.zeros_like(x)
            for t in range(T):
                for j in range(cfg["top_k"]):
                    m[t] += weights[t, j] * mlp(x[t:t + 1], p + f"experts.{int(chosen[t, j])}.")[0]
            if cfg.get("shared"):
                m = m + mlp(x, p + "shared_experts.")
        else:
            m = mlp(x, p)
        if placement in ("sandwich", "output"):
            m = norm(m, w[p + "post_feedforward_layernorm"])
        h = h + m
    h = norm(h, w["norm"])
    logits = h @ w["lm_head"].t()
    if cfg.get("final_softcap"):
        c = cfg["final_softcap"]
        logits = torch.tanh(logits / c) * c
    return logits, torch.stack(atts)


def random_weights(g, cfg):
    n = lambda *s: torch.randn(*s, generator=g) * 0.3
    # Gemma stores w with the norm scaling by (1 + w): near 0, not near 1.
    scale = (lambda k: n(k)) if cfg.get("gemma") else (lambda k: 1 + n(k))
    w = {"embed": n(V, D), "norm": scale(D), "lm_head": n(V, D)}
    for i in range(L):
        p = f"l{i}."
        for name in ("input_layernorm", "pre_feedforward_layernorm", "post_attention_layernorm",
                     "post_feedforward_layernorm"):
            w[p + name] = scale(D)
        w[p + "q_proj"], w[p + "k_proj"], w[p + "v_proj"] = n(H * HD, D), n(KV * HD, D), n(KV * HD, D)
        w[p + "o_proj"] = n(D, H * HD)
        w[p + "q_bias"], w[p + "k_bias"], w[p + "v_bias"], w[p + "o_bias"] = n(H * HD), n(KV * HD), n(KV * HD), n(D)
        w[p + "gate_proj"], w[p + "up_proj"], w[p + "down_proj"] = n(F, D), n(F, D), n(D, F)
        if cfg["qk_norm"] == "head":
            w[p + "q_norm"], w[p + "k_norm"] = 1 + n(HD), 1 + n(HD)
        if cfg["qk_norm"] == "full":
            w[p + "q_norm"], w[p + "k_norm"] = 1 + n(H * HD), 1 + n(KV * HD)
        w[p + "sinks"] = n(H) * 3  # large enough that the sink column is visible
        if i in cfg.get("sparse", []):
            w[p + "gate"] = n(cfg["experts"], D) * 3  # well-separated logits: a clear top k
            for e in range(cfg["experts"]):
                q = p + f"experts.{e}."
                w[q + "gate_proj"], w[q + "up_proj"], w[q + "down_proj"] = n(FE, D), n(FE, D), n(D, FE)
            if cfg.get("shared"):
                q = p + "shared_experts."
                w[q + "gate_proj"], w[q + "up_proj"], w[q + "down_proj"] = n(FE, D), n(FE, D), n(D, FE)
    return w


def engine_tensors(cfg, w):
    """The engine's registry tensors (TransformerWeights) holding the same function."""
    placement, gemma = cfg["placement"], cfg.get("gemma", False)
    sc = (lambda t: 1.0 + t) if gemma else (lambda t: t)
    e = {"tokenEmbedding": w["embed"] * (D ** 0.5 if gemma else 1.0)}
    for i in range(L):
        p, q = f"l{i}.", f"layers.{i}."
        if placement in ("pre", "sandwich"):
            e[q + "norm1Scale"] = sc(w[p + "input_layernorm"])
        e[q + "qkv"] = torch.cat([w[p + "q_proj"], w[p + "k_proj"], w[p + "v_proj"]], dim=0).t()
        if cfg.get("bias"):
            e[q + "qkvBias"] = torch.cat([w[p + "q_bias"], w[p + "k_bias"], w[p + "v_bias"]])
        if cfg["qk_norm"] in ("head", "full"):
            e[q + "qNormScale"], e[q + "kNormScale"] = w[p + "q_norm"], w[p + "k_norm"]
        if cfg.get("sinks"):
            e[q + "sinks"] = w[p + "sinks"]
        e[q + "attnOut"] = w[p + "o_proj"].t()
        if cfg.get("bias"):
            e[q + "attnOutBias"] = w[p + "o_bias"]
        if placement in ("sandwich", "output"):
            e[q + "postAttnNormScale"] = sc(w[p + "post_attention_layernorm"])
        if placement in ("pre", "sandwich"):
            e[q + "norm2Scale"] = sc(w[p + "pre_feedforward_layernorm"])
        if i in cfg.get("sparse", []):
            ex = [p + f"experts.{k}." for k in range(cfg["experts"])]
            e[q + "router"] = w[p + "gate"].t()
            e[q + "expertsIn"] = torch.cat([torch.cat([w[x + "gate_proj"], w[x + "up_proj"]], dim=0).t() for x in ex])
            e[q + "expertsOut"] = torch.cat([w[x + "down_proj"].t() for x in ex])
            if cfg.get("shared"):
                x = p + "shared_experts."
                e[q + "sharedIn"] = torch.cat([w[x + "gate_proj"], w[x + "up_proj"]], dim=0).t()
                e[q + "sharedOut"] = w[x + "down_proj"].t()
        else:
            e[q + "ffnIn"] = torch.cat([w[p + "gate_proj"], w[p + "up_proj"]], dim=0).t()
            e[q + "ffnOut"] = w[p + "down_proj"].t()
        if placement in ("sandwich", "output"):
            e[q + "postFfnNormScale"] = sc(w[p + "post_feedforward_layernorm"])
    e["finalNormScale"] = sc(w["norm"])
    e["lmHead"] = w["lm_head"]
    return e


def design(name, cfg):
    d = {
        "name": name, "layout": "decoder-only", "d_model": D, "n_layers": L, "n_heads": H, "n_kv_heads": KV,
        "head_dim": HD, "d_ff": F, "ffn": "gated", "activation": "gelu_tanh" if cfg.get("gemma") else "silu",
        "vocab_size": V, "max_positions": 64, "positions": "rotary", "rope_theta": cfg["theta"],
        "norm": "rmsnorm", "norm_placement": cfg["placement"], "qk_norm": cfg["qk_norm"],
        "qkv_bias": bool(cfg.get("bias")), "attn_out_bias": bool(cfg.get("bias")), "ffn_bias": False,
        "tied_embeddings": False, "attention_sinks": bool(cfg.get("sinks")),
        "attn_softcap": cfg.get("attn_softcap", 0), "final_softcap": cfg.get("final_softcap", 0),
        "sliding_window": cfg.get("window", 0), "attention_chunk": cfg.get("chunk", 0),
        "layer_types": cfg["layer_types"], "weight_precision": "fp32",
    }
    if cfg.get("experts"):
        d.update({"moe_experts": cfg["experts"], "moe_top_k": cfg["top_k"], "moe_d_ff": FE,
                  "moe_shared_experts": 1 if cfg.get("shared") else 0,
                  "moe_first_dense": cfg.get("first_dense", 0), "moe_dense_layers": cfg.get("dense_layers", [])})
    return {"design": d, "format": "transformer-explorer-design", "version": 2}


MODELS = {
    "qwen3-qk-norm-head": {"placement": "pre", "qk_norm": "head", "theta": 1e6,
                           "layer_types": ["full", "full", "full"]},
    "olmo2-qk-norm-full-output": {"placement": "output", "qk_norm": "full", "theta": 5e5,
                                  "layer_types": ["full", "full", "full"]},
    "llama4-l2-chunked-nope": {"placement": "pre", "qk_norm": "weightless", "theta": 5e5, "chunk": 4,
                               "layer_types": ["chunked", "chunked", "full_no_rope"]},
    "gemma2-sandwich-softcap": {"placement": "sandwich", "qk_norm": "none", "theta": 1e4, "gemma": True,
                                "window": 3, "attn_softcap": 2.0, "final_softcap": 3.0,
                                "layer_types": ["sliding", "full", "sliding"]},
    "gpt-oss-sinks-sliding": {"placement": "pre", "qk_norm": "none", "theta": 15e4, "bias": True, "sinks": True,
                              "window": 3, "layer_types": ["sliding", "full", "sliding"]},
    "qwen3-moe-top2": {"placement": "pre", "qk_norm": "head", "theta": 1e6, "experts": 4, "top_k": 2,
                       "sparse": [0, 2], "dense_layers": [1], "layer_types": ["full", "full", "full"]},
    "deepseek-moe-shared-first-dense": {"placement": "pre", "qk_norm": "none", "theta": 1e4, "experts": 4,
                                        "top_k": 2, "shared": True, "sparse": [1, 2], "first_dense": 1,
                                        "layer_types": ["full", "full", "full"]},
}


def write_qwen3_checkpoint(name, cfg, w, logits, att):
    """The Qwen3 model again as a Hugging Face checkpoint (Qwen3ForCausalLM names and config.json),
    for HfCheckpoint::load: tests/data/engine/<name>, in make_engine_reference.py's layout."""
    folder = os.path.join(os.path.dirname(OUT), "engine", name)
    os.makedirs(folder, exist_ok=True)
    config = {
        "architectures": ["Qwen3ForCausalLM"], "model_type": "qwen3", "hidden_act": "silu", "hidden_size": D,
        "intermediate_size": F, "num_hidden_layers": L, "num_attention_heads": H, "num_key_value_heads": KV,
        "head_dim": HD, "max_position_embeddings": 64, "vocab_size": V, "rms_norm_eps": EPS,
        "rope_theta": cfg["theta"], "tie_word_embeddings": False, "attention_bias": False,
        "use_sliding_window": False, "torch_dtype": "float32",
    }
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
    t = {"model.embed_tokens.weight": w["embed"], "model.norm.weight": w["norm"], "lm_head.weight": w["lm_head"]}
    for i in range(L):
        p, q = f"l{i}.", f"model.layers.{i}."
        t[q + "input_layernorm.weight"] = w[p + "input_layernorm"]
        t[q + "post_attention_layernorm.weight"] = w[p + "pre_feedforward_layernorm"]
        for n in ("q_proj", "k_proj", "v_proj", "o_proj"):
            t[q + "self_attn." + n + ".weight"] = w[p + n]
        t[q + "self_attn.q_norm.weight"], t[q + "self_attn.k_norm.weight"] = w[p + "q_norm"], w[p + "k_norm"]
        for n in ("gate_proj", "up_proj", "down_proj"):
            t[q + "mlp." + n + ".weight"] = w[p + n]
    save_safetensors(os.path.join(folder, "model.safetensors"), t)
    ref = {
        "source": "tests/reference/make_feature_reference.py, PyTorch " + torch.__version__,
        "tokens": IDS,
        "logits": [[round(float(x), 7) for x in row] for row in logits],
        "attention": [[[[round(float(x), 7) for x in row] for row in head] for head in layer] for layer in att],
    }
    with open(os.path.join(folder, "reference.json"), "w") as f:
        json.dump(ref, f, separators=(",", ":"))


def main():
    g = torch.Generator().manual_seed(20261201)
    for name, cfg in MODELS.items():
        w = random_weights(g, cfg)
        with torch.no_grad():
            logits, att = forward(cfg, w, IDS)
        folder = os.path.join(OUT, name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "design.json"), "w") as f:
            json.dump(design(name, cfg), f, indent=2)
        save_safetensors(os.path.join(folder, "weights.safetensors"), engine_tensors(cfg, w))
        ref = {
            "source": "tests/reference/make_feature_reference.py, PyTorch " + torch.__version__,
            "tokens": IDS,
            "logits": [[round(float(x), 7) for x in row] for row in logits],
            "attention": [[[[round(float(x), 7) for x in row] for row in head] for head in layer] for layer in att],
        }
        with open(os.path.join(folder, "reference.json"), "w") as f:
            json.dump(ref, f, separators=(",", ":"))
        print(name, "logits", tuple(logits.shape), "attention", tuple(att.shape))
        if name == "qwen3-qk-norm-head":
            write_qwen3_checkpoint("qwen3-tiny-qk-norm", cfg, w, logits, att)


if __name__ == "__main__":
    main()
