#!/usr/bin/python3
"""Writes tiny random mixture-of-experts models as gpt-oss and Qwen3-MoE compute them, their
reference outputs and ten training steps each, for tst_enginefeatures and tst_trainparity.

Run with Debian's PyTorch (python3-torch, 1.13) from the repository root:

    /usr/bin/python3 tests/reference/make_moe_reference.py

As in make_feature_reference.py (whose helpers it imports), transformers is not installable here,
so the models are re-implemented in plain PyTorch operation for operation after the eager code
paths of transformers main:

  gpt_oss    src/transformers/models/gpt_oss/modeling_gpt_oss.py
             GptOssAttention + eager_attention_forward: q/k/v/o with biases, _apply_rotary_emb on
             the two halves of each head, scaling head_dim^-0.5, the sliding layers' mask, a sink
             logit per head appended to each row, max-subtracted softmax, the sink column dropped.
             GptOssTopKRouter: router_logits = F.linear(x, weight, bias); torch.topk of the
             logits; softmax over those k values; scattered into (N, E) routing weights.
             GptOssExperts (the inference branch: every expert on every token, bmm):
             gate_up = x @ gate_up_proj[e] + gate_up_proj_bias[e]; gate, up = gate_up[..., ::2],
             gate_up[..., 1::2] (interleaved); gate.clamp(max=7.0); up.clamp(-7.0, 7.0);
             glu = gate * sigmoid(1.702 * gate); out = ((up + 1) * glu) @ down_proj[e] +
             down_proj_bias[e]; Σ_e routing_weight · out. GptOssDecoderLayer: pre-norm RMSNorm.
  qwen3_moe  src/transformers/models/qwen3_moe/modeling_qwen3_moe.py
             Qwen3MoeAttention (q_norm / k_norm per head before RoPE, rotate_half);
             Qwen3MoeSparseMoeBlock: softmax over the experts in float, torch.topk, the k weights
             divided by their sum (norm_topk_prob, true in Qwen3-30B-A3B's config.json), Σ
             weight · Qwen3MoeMLP(x) (silu(gate_proj x) * up_proj x, down_proj); every layer
             sparse (decoder_sparse_step 1, mlp_only_layers []).

Outputs, in tests/data/engine-features/<name>: design.json, weights.safetensors (the engine's
registry tensors: y = x W with W (in, out); q, k, v fused [q heads | k heads | v heads]; gate and
up as the halves [gate | up], so gpt-oss's interleaved columns are taken apart here) and
reference.json (tokens, logits, attention probabilities). tests/data/train_parity_<name>.json
holds the losses of 10 AdamW steps from those weights in train_parity.py's loop (warm-up and
cosine, clipping, masked next-token loss); weight decay on the weight matrices only (gpt-oss's
(E, 2f) and (E, d) expert biases are 2-D tensors but biases, as the engine treats them), and an
expert no token chose in a batch steps with a zero gradient (see train()).
"""

import json
import math
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_feature_reference import IDS, save_safetensors, rms_norm, rotate_half, rope_tables  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "engine-features")

D, H, KV, HD, V = 16, 4, 2, 6, 40
EPS = 1e-6
ALPHA, LIMIT = 1.702, 7.0  # GptOssExperts.alpha, .limit

MODELS = {
    # gpt-oss: alternating sliding (window 3) and full layers, sinks, biases everywhere, 4 experts
    # of width 8, top 2, router with bias, clamped SwiGLU. Large expert weights: some gate and up
    # values pass the ±7 clamp.
    "gpt-oss-moe-clamped-swiglu": {"kind": "gpt_oss", "layers": 3, "experts": 4, "top_k": 2, "fe": 8,
                                   "window": 3, "theta": 15e4,
                                   "layer_types": ["sliding", "full", "sliding"]},
    # Qwen3-MoE: 8 experts of width 6, top 2 renormalised, QK-norm per head, every layer sparse.
    "qwen3-moe-train-top2": {"kind": "qwen3_moe", "layers": 2, "experts": 8, "top_k": 2, "fe": 6,
                             "theta": 1e6, "layer_types": ["full", "full"]},
}


def apply_rotary_emb(x, cos, sin):
    """modeling_gpt_oss._apply_rotary_emb: the first and second half of each head, half-width tables."""
    first, second = torch.chunk(x, 2, dim=-1)
    return torch.cat((first * cos - second * sin, second * cos + first * sin), dim=-1)


def attention(cfg, w, p, x, kind, T):
    gpt_oss = cfg["kind"] == "gpt_oss"
    q = x @ w[p + "q_proj"].t()
    k = x @ w[p + "k_proj"].t()
    v = x @ w[p + "v_proj"].t()
    if gpt_oss:
        q, k, v = q + w[p + "q_bias"], k + w[p + "k_bias"], v + w[p + "v_bias"]
    q, k, v = q.view(T, H, HD), k.view(T, KV, HD), v.view(T, KV, HD)
    if not gpt_oss:  # Qwen3MoeAttention: per-head RMSNorm before RoPE
        q, k = rms_norm(q, w[p + "q_norm"], EPS), rms_norm(k, w[p + "k_norm"], EPS)
    q, k, v = q.transpose(0, 1), k.transpose(0, 1), v.transpose(0, 1)
    if gpt_oss:
        inv_freq = 1.0 / (cfg["theta"] ** (torch.arange(0, HD, 2, dtype=torch.int64).float() / HD))
        freqs = torch.arange(T).float()[:, None] * inv_freq[None, :]
        q, k = apply_rotary_emb(q, freqs.cos(), freqs.sin()), apply_rotary_emb(k, freqs.cos(), freqs.sin())
    else:
        cos, sin = rope_tables(T, HD, cfg["theta"])
        q, k = q * cos + rotate_half(q) * sin, k * cos + rotate_half(k) * sin
    k = k.repeat_interleave(H // KV, dim=0)
    v = v.repeat_interleave(H // KV, dim=0)
    s = q @ k.transpose(-1, -2) * HD ** -0.5
    qi, ki = torch.arange(T)[:, None], torch.arange(T)[None, :]
    visible = ki <= qi
    if kind == "sliding":
        visible = visible & (ki > qi - cfg["window"])
    s = s + torch.where(visible, torch.tensor(0.0), torch.tensor(torch.finfo(s.dtype).min))
    if gpt_oss:
        sinks = w[p + "sinks"].reshape(-1, 1, 1).expand(-1, T, 1)
        combined = torch.cat([s, sinks], dim=-1)
        combined = combined - combined.max(dim=-1, keepdim=True).values
        probs = torch.softmax(combined, dim=-1)[..., :-1]
    else:
        probs = torch.softmax(s, dim=-1, dtype=torch.float32)
    o = (probs @ v).transpose(0, 1).reshape(T, H * HD) @ w[p + "o_proj"].t()
    if gpt_oss:
        o = o + w[p + "o_bias"]
    return o, probs


def gpt_oss_mlp(cfg, w, p, x):
    """GptOssMLP: GptOssTopKRouter, then GptOssExperts' inference branch."""
    E, K = cfg["experts"], cfg["top_k"]
    logits = torch.nn.functional.linear(x, w[p + "router.weight"], w[p + "router.bias"])
    top_value, idx = torch.topk(logits, K, dim=-1)
    top_value = torch.softmax(top_value, dim=1, dtype=top_value.dtype)
    scores = torch.zeros_like(logits).scatter(1, idx, top_value)
    hs = x.repeat(E, 1).view(E, -1, x.shape[-1])
    gate_up = torch.bmm(hs, w[p + "gate_up_proj"]) + w[p + "gate_up_proj_bias"][..., None, :]
    gate, up = gate_up[..., ::2], gate_up[..., 1::2]
    gate = gate.clamp(min=None, max=LIMIT)
    up = up.clamp(min=-LIMIT, max=LIMIT)
    glu = gate * torch.sigmoid(gate * ALPHA)
    out = torch.bmm((up + 1) * glu, w[p + "down_proj"]) + w[p + "down_proj_bias"][..., None, :]
    out = out * scores.transpose(0, 1)[..., None]
    return out.sum(dim=0), gate_up, scores.transpose(0, 1)[..., None] > 0


def qwen3_moe_mlp(cfg, w, p, x):
    """Qwen3MoeSparseMoeBlock with norm_topk_prob."""
    logits = x @ w[p + "gate"].t()
    weights = torch.softmax(logits, dim=1, dtype=torch.float)
    weights, idx = torch.topk(weights, cfg["top_k"], dim=-1)
    weights = weights / weights.sum(dim=-1, keepdim=True)
    m = torch.zeros_like(x)
    for e in range(cfg["experts"]):
        tok, slot = torch.where(idx == e)
        if tok.numel() == 0:
            continue
        q = p + f"experts.{e}."
        xe = x[tok]
        y = (torch.nn.functional.silu(xe @ w[q + "gate_proj"].t()) * (xe @ w[q + "up_proj"].t())) @ w[q + "down_proj"].t()
        m = m.index_add(0, tok, y * weights[tok, slot].unsqueeze(-1))
    return m


def forward(cfg, w, ids, stats=None):
    """Logits (B, T, V) and the first sequence's attention (L, H, T, T)."""
    ids = torch.as_tensor(ids)
    ids = ids.view(1, -1) if ids.dim() == 1 else ids
    B, T = ids.shape
    all_logits, atts = [], []
    for b in range(B):
        h = w["embed"][ids[b]]
        for i in range(cfg["layers"]):
            p = f"l{i}."
            o, probs = attention(cfg, w, p, rms_norm(h, w[p + "input_layernorm"], EPS), cfg["layer_types"][i], T)
            if b == 0:
                atts.append(probs)
            h = h + o
            x = rms_norm(h, w[p + "post_attention_layernorm"], EPS)
            if cfg["kind"] == "gpt_oss":
                m, gate_up, chosen = gpt_oss_mlp(cfg, w, p, x)
                if stats is not None:  # the chosen experts' gate and up values past the clamp
                    past = torch.cat([gate_up[..., ::2] > LIMIT, gate_up[..., 1::2].abs() > LIMIT], dim=-1)
                    stats["clamped"] += int((past & chosen).sum())
                    stats["values"] += int(chosen.sum()) * gate_up.shape[-1]
            else:
                m = qwen3_moe_mlp(cfg, w, p, x)
            h = h + m
        all_logits.append(rms_norm(h, w["norm"], EPS) @ w["lm_head"].t())
    return torch.stack(all_logits), torch.stack(atts)


def random_weights(g, cfg):
    n = lambda *s: torch.randn(*s, generator=g) * 0.3
    E, FE, D = cfg["experts"], cfg["fe"], cfg.get("d", 16)
    w = {"embed": n(V, D), "norm": 1 + n(D), "lm_head": n(V, D)}
    for i in range(cfg["layers"]):
        p = f"l{i}."
        w[p + "input_layernorm"], w[p + "post_attention_layernorm"] = 1 + n(D), 1 + n(D)
        w[p + "q_proj"], w[p + "k_proj"], w[p + "v_proj"] = n(H * HD, D), n(KV * HD, D), n(KV * HD, D)
        w[p + "o_proj"] = n(D, H * HD)
        if cfg["kind"] == "gpt_oss":
            w[p + "q_bias"], w[p + "k_bias"], w[p + "v_bias"], w[p + "o_bias"] = n(H * HD), n(KV * HD), n(KV * HD), n(D)
            w[p + "sinks"] = n(H) * 3
            w[p + "router.weight"], w[p + "router.bias"] = n(E, D) * 3, n(E)
            w[p + "gate_up_proj"] = n(E, D, 2 * FE) * 4  # std ≈ 1.2: |gate_up| reaches past 7
            w[p + "gate_up_proj_bias"] = n(E, 2 * FE)
            w[p + "down_proj"], w[p + "down_proj_bias"] = n(E, FE, D) * 0.3, n(E, D)
        else:
            w[p + "q_norm"], w[p + "k_norm"] = 1 + n(HD), 1 + n(HD)
            w[p + "gate"] = n(E, D) * 3  # well-separated logits: a clear top k
            for e in range(E):
                q = p + f"experts.{e}."
                w[q + "gate_proj"], w[q + "up_proj"], w[q + "down_proj"] = n(FE, D), n(FE, D), n(D, FE)
    return w


def engine_tensors(cfg, w):
    """The engine's registry tensors (TransformerWeights) holding the same function."""
    E = cfg["experts"]
    e = {"tokenEmbedding": w["embed"]}
    for i in range(cfg["layers"]):
        p, q = f"l{i}.", f"layers.{i}."
        e[q + "norm1Scale"] = w[p + "input_layernorm"]
        e[q + "qkv"] = torch.cat([w[p + "q_proj"], w[p + "k_proj"], w[p + "v_proj"]], dim=0).t()
        e[q + "attnOut"] = w[p + "o_proj"].t()
        e[q + "norm2Scale"] = w[p + "post_attention_layernorm"]
        if cfg["kind"] == "gpt_oss":
            e[q + "qkvBias"] = torch.cat([w[p + "q_bias"], w[p + "k_bias"], w[p + "v_bias"]])
            e[q + "attnOutBias"] = w[p + "o_bias"]
            e[q + "sinks"] = w[p + "sinks"]
            e[q + "router"] = w[p + "router.weight"].t()
            e[q + "routerBias"] = w[p + "router.bias"]
            gu, gub = w[p + "gate_up_proj"], w[p + "gate_up_proj_bias"]  # (E, D, 2F), (E, 2F) interleaved
            e[q + "expertsIn"] = torch.cat([torch.cat([gu[x][:, ::2], gu[x][:, 1::2]], dim=1) for x in range(E)])
            e[q + "expertsInBias"] = torch.cat([gub[:, ::2], gub[:, 1::2]], dim=1)
            e[q + "expertsOut"] = torch.cat([w[p + "down_proj"][x] for x in range(E)])
            e[q + "expertsOutBias"] = w[p + "down_proj_bias"]
        else:
            e[q + "qNormScale"], e[q + "kNormScale"] = w[p + "q_norm"], w[p + "k_norm"]
            ex = [p + f"experts.{k}." for k in range(E)]
            e[q + "router"] = w[p + "gate"].t()
            e[q + "expertsIn"] = torch.cat([torch.cat([w[x + "gate_proj"], w[x + "up_proj"]], dim=0).t() for x in ex])
            e[q + "expertsOut"] = torch.cat([w[x + "down_proj"].t() for x in ex])
    e["finalNormScale"] = w["norm"]
    e["lmHead"] = w["lm_head"]
    return e


def design(name, cfg):
    gpt_oss = cfg["kind"] == "gpt_oss"
    D = cfg.get("d", 16)
    d = {
        "name": name, "layout": "decoder-only", "d_model": D, "n_layers": cfg["layers"], "n_heads": H,
        "n_kv_heads": KV, "head_dim": HD, "d_ff": cfg["fe"], "ffn": "gated", "activation": "silu",
        "vocab_size": V, "max_positions": 64, "positions": "rotary", "rope_theta": cfg["theta"],
        "norm": "rmsnorm", "norm_placement": "pre", "qk_norm": "none" if gpt_oss else "head",
        "qkv_bias": gpt_oss, "attn_out_bias": gpt_oss, "ffn_bias": gpt_oss, "tied_embeddings": False,
        "attention_sinks": gpt_oss, "sliding_window": cfg.get("window", 0), "layer_types": cfg["layer_types"],
        "swiglu_limit": LIMIT if gpt_oss else 0, "weight_precision": "fp32",
        "moe_experts": cfg["experts"], "moe_top_k": cfg["top_k"], "moe_router_bias": gpt_oss,
        "moe_norm_top_k": True,
    }
    return {"design": d, "format": "transformer-explorer-design", "version": 2}


# train_parity.py's hyper-parameters and loop, as make_deepseek_reference.py.
TRAIN = {"lr": 3e-2, "min_lr_ratio": 0.1, "warmup": 3, "beta1": 0.9, "beta2": 0.98, "weight_decay": 0.1, "clip": 1.0}
STEPS, TB, TT = 10, 3, 8
MATRICES = ("embed", "lm_head", "q_proj", "k_proj", "v_proj", "o_proj", "router.weight", "gate", "gate_up_proj",
            "down_proj", "gate_proj", "up_proj")


def train(name, cfg, w):
    g = torch.Generator().manual_seed(20261204)
    params = {k: t.clone().requires_grad_(True) for k, t in w.items()}
    batches = []
    for _ in range(STEPS):
        inputs = torch.randint(0, V, (TB, TT), generator=g)
        targets = torch.randint(0, V, (TB, TT), generator=g)
        mask = (torch.rand(TB, TT, generator=g) < 0.7).float()
        mask[0, 0] = 1.0
        batches.append({"inputs": inputs, "targets": targets, "mask": mask})

    def loss_of(batch):
        logits, _ = forward(cfg, params, batch["inputs"])
        ce = torch.nn.functional.cross_entropy(logits.reshape(-1, V), batch["targets"].reshape(-1), reduction="none")
        m = batch["mask"].reshape(-1)
        return (ce * m).sum() / m.sum()

    # "l0.router.weight", "l1.experts.3.gate_proj", "embed": the engine decays exactly these.
    matrix = lambda k: k in MATRICES or k.split(".", 1)[-1] in MATRICES or k.rsplit(".", 1)[-1] in MATRICES
    decayed = [t for k, t in params.items() if matrix(k)]
    other = [t for k, t in params.items() if not matrix(k)]
    opt = torch.optim.AdamW([{"params": decayed, "weight_decay": TRAIN["weight_decay"]},
                             {"params": other, "weight_decay": 0.0}],
                            lr=TRAIN["lr"], betas=(TRAIN["beta1"], TRAIN["beta2"]), eps=1e-8)

    def lr_at(step):
        wu, peak, low = TRAIN["warmup"], TRAIN["lr"], TRAIN["lr"] * TRAIN["min_lr_ratio"]
        if step < wu:
            return peak * (step + 1) / wu
        return low + 0.5 * (peak - low) * (1 + math.cos(math.pi * (step - wu) / (STEPS - wu)))

    losses = []
    for step, batch in enumerate(batches):
        opt.zero_grad()
        loss = loss_of(batch)
        loss.backward()
        # Qwen3MoeSparseMoeBlock runs only the experts some token chose, so PyTorch leaves the
        # others without a gradient and AdamW skips them (no weight decay, no moment update). The
        # engine's trainer steps every tensor, an idle expert with a zero gradient: decayed, its
        # moments decayed. A zero gradient here gives PyTorch the same step.
        for t in params.values():
            if t.grad is None:
                t.grad = torch.zeros_like(t)
        torch.nn.utils.clip_grad_norm_(list(params.values()), TRAIN["clip"])
        for group in opt.param_groups:
            group["lr"] = lr_at(step)
        opt.step()
        losses.append(float(loss))
    with torch.no_grad():
        final = float(loss_of(batches[0]))
    return {
        "source": "tests/reference/make_moe_reference.py, PyTorch " + torch.__version__,
        "model": name, "train": TRAIN, "seq_len": TT, "batch": TB,
        "batches": [{"inputs": b["inputs"].reshape(-1).tolist(), "targets": b["targets"].reshape(-1).tolist(),
                     "mask": b["mask"].reshape(-1).tolist()} for b in batches],
        "losses": losses, "final_loss": final,
    }


def main():
    g = torch.Generator().manual_seed(20261205)
    for name, cfg in MODELS.items():
        w = random_weights(g, cfg)
        stats = {"clamped": 0, "values": 0}
        with torch.no_grad():
            logits, att = forward(cfg, w, IDS, stats)
        logits = logits[0]
        folder = os.path.join(OUT, name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "design.json"), "w") as f:
            json.dump(design(name, cfg), f, indent=2)
        save_safetensors(os.path.join(folder, "weights.safetensors"), engine_tensors(cfg, w))
        ref = {
            "source": "tests/reference/make_moe_reference.py, PyTorch " + torch.__version__,
            "tokens": IDS,
            "logits": [[round(float(x), 7) for x in row] for row in logits],
            "attention": [[[[round(float(x), 7) for x in row] for row in head] for head in layer] for layer in att],
        }
        with open(os.path.join(folder, "reference.json"), "w") as f:
            json.dump(ref, f, separators=(",", ":"))
        print(name, "logits", tuple(logits.shape), "attention", tuple(att.shape),
              "clamped", stats["clamped"], "of", stats["values"])
        run = train(name, cfg, w)
        with open(os.path.join(OUT, "..", f"train_parity_{name}.json"), "w") as f:
            json.dump(run, f, separators=(",", ":"))
        print(name, "losses", run["losses"][0], "->", run["losses"][-1], "final", run["final_loss"])


if __name__ == "__main__":
    main()
