#!/usr/bin/python3
"""Writes tiny random T5 and ALBERT models and their reference outputs, for tst_enginet5albert.

Run with Debian's PyTorch (python3-torch, 1.13) from the repository root:

    /usr/bin/python3 tests/reference/make_t5_albert_reference.py

As in make_feature_reference.py, transformers is not installable here, so the two model types
are re-implemented in plain PyTorch, operation for operation, after the eager code paths of
transformers main:

  t5      src/transformers/models/t5/modeling_t5.py
          T5Attention._relative_position_bucket (copied below as relative_position_bucket: half
          the buckets exact offsets, the other half logarithmic up to max_distance; bidirectional
          gives later keys the upper half of the buckets, unidirectional clamps later keys to 0),
          T5Attention.compute_bias (relative_position = memory_position - context_position, the
          bucket looked up in relative_attention_bias = nn.Embedding(num_buckets, n_heads)),
          T5Attention.forward (scores = q @ kᵀ with no 1/sqrt(d_kv) scaling, += position_bias
          and the causal mask, softmax in float), T5Stack (has_relative_attention_bias only for
          block 0; the position_bias it returns is passed to every later block), T5LayerNorm
          (x * rsqrt(mean x² + eps) * w, no mean, no bias), T5LayerSelfAttention / T5LayerFF
          (pre-norm residual blocks), T5DenseActDense (wo(relu(wi(x)))) and
          T5DenseGatedActDense (wo(gelu_new(wi_0(x)) * wi_1(x))), final_layer_norm, and
          T5ForConditionalGeneration's sequence_output * model_dim**-0.5 before a tied lm_head.
          The engine has no encoder-decoder: a T5 decoder stack alone (is_decoder, no cross-
          attention layer, unidirectional buckets) and a T5 encoder stack alone (bidirectional
          buckets, with the untied head of T5 v1.1) are what these models are.
  albert  src/transformers/models/albert/modeling_albert.py
          AlbertEmbeddings (word_embeddings (vocab, embedding_size) + position_embeddings +
          token_type_embeddings, LayerNorm(embedding_size)), AlbertTransformer
          (embedding_hidden_mapping_in = nn.Linear(embedding_size, hidden_size); layer i runs
          albert_layer_groups[int(i / (num_hidden_layers / num_hidden_groups))], so all layers
          share one set of weights with one group), AlbertAttention (scores / sqrt(head size),
          softmax, dense, LayerNorm(x + attn)), AlbertLayer (full_layer_layer_norm(ffn_output(
          gelu_new(ffn(h))) + h)). token_type_ids are all 0 (the default buffer), so
          token_type_embeddings[0] is added to every position: it is folded into the engine's
          position table. The logits come from a plain untied linear head (the design's
          lm_head), not AlbertMLMHead. layer_norm_eps is 1e-6 here (ALBERT ships 1e-12), the
          one epsilon the engine's reference loader uses for every norm.

Each model directory (tests/data/engine-features/<name>) gets design.json, weights.safetensors
holding the engine's own tensors (TransformerWeights registry names and layouts: y = x W, W
stored (in, out), q, k, v fused as [q heads | k heads | v heads], gate and up as [gate | up]),
and reference.json with tokens, logits (T x vocab), attention (layers x heads x T x T) and, for
T5, the bucket of every relative position from -200 to 200 both ways.
"""

import json
import math
import os
import struct

import torch

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "engine-features")

D, H, F, V, P = 16, 4, 24, 40, 64
EPS = 1e-6
# 20 tokens: offsets up to 19 pass the small models' max_distance of 12, so every kind of bucket
# (exact, logarithmic, and the last one shared past max_distance) is exercised.
IDS = [3, 17, 22, 8, 8, 29, 1, 35, 12, 5, 39, 0, 14, 14, 27, 9, 31, 2, 20, 11]
OFFSETS = list(range(-200, 201))


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


def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    """T5Attention._relative_position_bucket, as in modeling_t5.py."""
    relative_buckets = 0
    if bidirectional:
        num_buckets //= 2
        relative_buckets += (relative_position > 0).to(torch.long) * num_buckets
        relative_position = torch.abs(relative_position)
    else:
        relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
    max_exact = num_buckets // 2
    is_small = relative_position < max_exact
    relative_position_if_large = max_exact + (
        torch.log(relative_position.float() / max_exact)
        / math.log(max_distance / max_exact)
        * (num_buckets - max_exact)
    ).to(torch.long)
    relative_position_if_large = torch.min(
        relative_position_if_large, torch.full_like(relative_position_if_large, num_buckets - 1)
    )
    relative_buckets += torch.where(is_small, relative_position, relative_position_if_large)
    return relative_buckets


def t5_bias(table, T, bidirectional, num_buckets, max_distance):
    """T5Attention.compute_bias: (1, n_heads, T, T)."""
    context_position = torch.arange(T, dtype=torch.long)[:, None]
    memory_position = torch.arange(T, dtype=torch.long)[None, :]
    relative_position = memory_position - context_position
    bucket = relative_position_bucket(relative_position, bidirectional, num_buckets, max_distance)
    values = table[bucket]  # (T, T, n_heads) = nn.Embedding lookup
    return values.permute([2, 0, 1]).unsqueeze(0)


def t5_norm(x, w):
    variance = x.to(torch.float32).pow(2).mean(-1, keepdim=True)
    return w * (x * torch.rsqrt(variance + EPS))


def gelu_new(x):
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


def t5_forward(cfg, w, ids):
    T, L, HD = len(ids), cfg["layers"], cfg["d_kv"]
    decoder = cfg["decoder"]
    h = w["shared"][torch.tensor(ids)]
    position_bias = None
    atts = []
    for i in range(L):
        p = f"block.{i}."
        x = t5_norm(h, w[p + "layer.0.layer_norm"])
        q = (x @ w[p + "q"].t()).view(T, H, HD).transpose(0, 1)
        k = (x @ w[p + "k"].t()).view(T, H, HD).transpose(0, 1)
        v = (x @ w[p + "v"].t()).view(T, H, HD).transpose(0, 1)
        scores = q @ k.transpose(-1, -2)  # no 1/sqrt(d_kv)
        if position_bias is None:  # block 0 has_relative_attention_bias; later blocks reuse its bias
            position_bias = t5_bias(w["relative_attention_bias"], T, not decoder, cfg["buckets"], cfg["max_distance"])
            if decoder:  # T5Stack's extended causal mask, added to the bias
                causal = torch.tril(torch.ones(T, T, dtype=torch.bool))
                mask = torch.where(causal, torch.tensor(0.0), torch.tensor(torch.finfo(torch.float32).min))
                position_bias = position_bias + mask
        scores = scores + position_bias[0]
        probs = torch.softmax(scores.float(), dim=-1)
        atts.append(probs)
        o = (probs @ v).transpose(0, 1).reshape(T, H * HD) @ w[p + "o"].t()
        h = h + o
        x = t5_norm(h, w[p + "layer.1.layer_norm"])
        if cfg["gated"]:
            m = (gelu_new(x @ w[p + "wi_0"].t()) * (x @ w[p + "wi_1"].t())) @ w[p + "wo"].t()
        else:
            m = torch.relu(x @ w[p + "wi"].t()) @ w[p + "wo"].t()
        h = h + m
    h = t5_norm(h, w["final_layer_norm"])
    if cfg["tied"]:
        h = h * (D ** -0.5)  # T5ForConditionalGeneration, tie_word_embeddings
        logits = h @ w["shared"].t()
    else:
        logits = h @ w["lm_head"].t()
    return logits, torch.stack(atts)


def t5_weights(g, cfg):
    n = lambda *s: torch.randn(*s, generator=g) * 0.3
    HD = cfg["d_kv"]
    w = {"shared": n(V, D), "final_layer_norm": 1 + n(D), "lm_head": n(V, D),
         # large enough that the bias visibly shapes the attention
         "relative_attention_bias": n(cfg["buckets"], H) * 4}
    for i in range(cfg["layers"]):
        p = f"block.{i}."
        w[p + "layer.0.layer_norm"], w[p + "layer.1.layer_norm"] = 1 + n(D), 1 + n(D)
        w[p + "q"], w[p + "k"], w[p + "v"], w[p + "o"] = n(H * HD, D), n(H * HD, D), n(H * HD, D), n(D, H * HD)
        w[p + "wi"], w[p + "wi_0"], w[p + "wi_1"], w[p + "wo"] = n(F, D), n(F, D), n(F, D), n(D, F)
    return w


def t5_engine(cfg, w):
    e = {"tokenEmbedding": w["shared"], "relativeBias": w["relative_attention_bias"]}
    for i in range(cfg["layers"]):
        p, q = f"block.{i}.", f"layers.{i}."
        e[q + "norm1Scale"] = w[p + "layer.0.layer_norm"]
        e[q + "qkv"] = torch.cat([w[p + "q"], w[p + "k"], w[p + "v"]], dim=0).t()
        e[q + "attnOut"] = w[p + "o"].t()
        e[q + "norm2Scale"] = w[p + "layer.1.layer_norm"]
        e[q + "ffnIn"] = torch.cat([w[p + "wi_0"], w[p + "wi_1"]], dim=0).t() if cfg["gated"] else w[p + "wi"].t()
        e[q + "ffnOut"] = w[p + "wo"].t()
    e["finalNormScale"] = w["final_layer_norm"]
    if not cfg["tied"]:
        e["lmHead"] = w["lm_head"]
    return e


def t5_design(name, cfg):
    return {"format": "transformer-explorer-design", "version": 2, "design": {
        "name": name, "layout": "decoder-only" if cfg["decoder"] else "encoder-only", "d_model": D,
        "n_layers": cfg["layers"], "n_heads": H, "n_kv_heads": H, "head_dim": cfg["d_kv"], "d_ff": F,
        "ffn": "gated" if cfg["gated"] else "dense", "activation": "gelu_tanh" if cfg["gated"] else "relu",
        "vocab_size": V, "max_positions": P, "positions": "relative", "relative_buckets": cfg["buckets"],
        "relative_max_distance": cfg["max_distance"], "norm": "rmsnorm", "norm_placement": "pre",
        "final_norm": True, "qkv_bias": False, "attn_out_bias": False, "ffn_bias": False,
        "tied_embeddings": cfg["tied"], "weight_precision": "fp32"}}


def albert_forward(cfg, w, ids):
    T, L, G = len(ids), cfg["layers"], cfg["groups"]
    HD = D // H
    ln = lambda x, wt, b: torch.nn.functional.layer_norm(x, (x.shape[-1],), wt, b, EPS)
    emb = w["word_embeddings"][torch.tensor(ids)] + w["token_type_embeddings"][0] + w["position_embeddings"][:T]
    emb = ln(emb, w["emb_ln_w"], w["emb_ln_b"])
    h = emb @ w["map_w"].t() + w["map_b"]  # embedding_hidden_mapping_in
    atts = []
    for i in range(L):
        p = f"group.{int(i / (L / G))}."
        q = (h @ w[p + "query_w"].t() + w[p + "query_b"]).view(T, H, HD).transpose(0, 1)
        k = (h @ w[p + "key_w"].t() + w[p + "key_b"]).view(T, H, HD).transpose(0, 1)
        v = (h @ w[p + "value_w"].t() + w[p + "value_b"]).view(T, H, HD).transpose(0, 1)
        probs = torch.softmax((q @ k.transpose(-1, -2)) * HD ** -0.5, dim=-1)  # no mask: an encoder
        atts.append(probs)
        ctx = (probs @ v).transpose(0, 1).reshape(T, D)
        a = ln(h + ctx @ w[p + "dense_w"].t() + w[p + "dense_b"], w[p + "attn_ln_w"], w[p + "attn_ln_b"])
        f = gelu_new(a @ w[p + "ffn_w"].t() + w[p + "ffn_b"]) @ w[p + "ffn_out_w"].t() + w[p + "ffn_out_b"]
        h = ln(f + a, w[p + "full_ln_w"], w[p + "full_ln_b"])
    return h @ w["lm_head"].t(), torch.stack(atts)


def albert_weights(g, cfg):
    n = lambda *s: torch.randn(*s, generator=g) * 0.3
    E = cfg["embedding"]
    w = {"word_embeddings": n(V, E), "position_embeddings": n(P, E), "token_type_embeddings": n(2, E),
         "emb_ln_w": 1 + n(E), "emb_ln_b": n(E), "map_w": n(D, E), "map_b": n(D), "lm_head": n(V, D)}
    for gi in range(cfg["groups"]):
        p = f"group.{gi}."
        for name in ("query", "key", "value", "dense"):
            w[p + name + "_w"], w[p + name + "_b"] = n(D, D) * 1.5, n(D)
        w[p + "attn_ln_w"], w[p + "attn_ln_b"] = 1 + n(D), n(D)
        w[p + "ffn_w"], w[p + "ffn_b"], w[p + "ffn_out_w"], w[p + "ffn_out_b"] = n(F, D), n(F), n(D, F), n(D)
        w[p + "full_ln_w"], w[p + "full_ln_b"] = 1 + n(D), n(D)
    return w


def albert_engine(cfg, w):
    e = {"tokenEmbedding": w["word_embeddings"],
         "positionEmbedding": w["position_embeddings"] + w["token_type_embeddings"][0],
         "embNormScale": w["emb_ln_w"], "embNormBias": w["emb_ln_b"],
         "embeddingProj": w["map_w"].t(), "embeddingProjBias": w["map_b"]}
    for gi in range(cfg["groups"]):
        p, q = f"group.{gi}.", f"layers.{gi}."
        e[q + "norm1Scale"], e[q + "norm1Bias"] = w[p + "attn_ln_w"], w[p + "attn_ln_b"]
        e[q + "qkv"] = torch.cat([w[p + "query_w"], w[p + "key_w"], w[p + "value_w"]], dim=0).t()
        e[q + "qkvBias"] = torch.cat([w[p + "query_b"], w[p + "key_b"], w[p + "value_b"]])
        e[q + "attnOut"], e[q + "attnOutBias"] = w[p + "dense_w"].t(), w[p + "dense_b"]
        e[q + "norm2Scale"], e[q + "norm2Bias"] = w[p + "full_ln_w"], w[p + "full_ln_b"]
        e[q + "ffnIn"], e[q + "ffnInBias"] = w[p + "ffn_w"].t(), w[p + "ffn_b"]
        e[q + "ffnOut"], e[q + "ffnOutBias"] = w[p + "ffn_out_w"].t(), w[p + "ffn_out_b"]
    e["lmHead"] = w["lm_head"]
    return e


def albert_design(name, cfg):
    L, G = cfg["layers"], cfg["groups"]
    d = {"name": name, "layout": "encoder-only", "d_model": D, "n_layers": L, "n_heads": H, "n_kv_heads": H,
         "d_ff": F, "ffn": "dense", "activation": "gelu_tanh", "vocab_size": V, "max_positions": P,
         "positions": "learned", "norm": "layernorm", "norm_placement": "post", "final_norm": False,
         "embedding_norm": True, "embedding_dim": cfg["embedding"], "qkv_bias": True, "attn_out_bias": True,
         "ffn_bias": True, "tied_embeddings": False, "weight_precision": "fp32",
         "sharing": "all" if G == 1 else "groups"}
    if G > 1:
        d["share_group_size"] = L // G
    return {"format": "transformer-explorer-design", "version": 2, "design": d}


T5_MODELS = {
    # num_buckets 8, max_distance 12: exact offsets 0..3, logarithmic buckets 4..7 (decoder)
    "t5-decoder-relative-buckets": {"decoder": True, "gated": False, "tied": True, "layers": 3, "d_kv": 6,
                                    "buckets": 8, "max_distance": 12},
    # bidirectional: 4 buckets each way, exact offsets 0..1; T5 v1.1's gated-gelu and untied head
    "t5-encoder-relative-buckets": {"decoder": False, "gated": True, "tied": False, "layers": 2, "d_kv": 5,
                                    "buckets": 8, "max_distance": 12},
}
ALBERT_MODELS = {
    "albert-factorised-shared": {"embedding": 8, "layers": 3, "groups": 1},
    "albert-factorised-two-groups": {"embedding": 6, "layers": 4, "groups": 2},
}


def write(name, design, engine, logits, att, extra=None):
    folder = os.path.join(OUT, name)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "design.json"), "w") as f:
        json.dump(design, f, indent=2)
    save_safetensors(os.path.join(folder, "weights.safetensors"), engine)
    ref = {
        "source": "tests/reference/make_t5_albert_reference.py, PyTorch " + torch.__version__,
        "tokens": IDS,
        "logits": [[round(float(x), 7) for x in row] for row in logits],
        "attention": [[[[round(float(x), 7) for x in row] for row in head] for head in layer] for layer in att],
    }
    ref.update(extra or {})
    with open(os.path.join(folder, "reference.json"), "w") as f:
        json.dump(ref, f, separators=(",", ":"))
    print(name, "logits", tuple(logits.shape), "attention", tuple(att.shape))


def main():
    g = torch.Generator().manual_seed(20261216)
    offsets = torch.tensor(OFFSETS, dtype=torch.long)
    for name, cfg in T5_MODELS.items():
        w = t5_weights(g, cfg)
        with torch.no_grad():
            logits, att = t5_forward(cfg, w, IDS)
        buckets = {"offsets": OFFSETS}
        for nb, md in ((cfg["buckets"], cfg["max_distance"]), (32, 128)):
            for bidirectional in (True, False):
                key = f"{'bidirectional' if bidirectional else 'unidirectional'}_{nb}_{md}"
                buckets[key] = [int(b) for b in relative_position_bucket(offsets, bidirectional, nb, md)]
        write(name, t5_design(name, cfg), t5_engine(cfg, w), logits, att, {"buckets": buckets})
    for name, cfg in ALBERT_MODELS.items():
        w = albert_weights(g, cfg)
        with torch.no_grad():
            logits, att = albert_forward(cfg, w, IDS)
        write(name, albert_design(name, cfg), albert_engine(cfg, w), logits, att)


if __name__ == "__main__":
    main()
