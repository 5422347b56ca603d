#!/usr/bin/python3
"""Writes tiny random DeepSeek models (multi-head latent attention and DeepSeek's routers) and their
reference outputs, for tst_enginemla and tst_trainparity.

Run with Debian's PyTorch (python3-torch, 1.13) from the repository root:

    /usr/bin/python3 tests/reference/make_deepseek_reference.py

As in make_feature_reference.py (whose helpers it imports), transformers is not installable here,
so the models are re-implemented in plain PyTorch operation for operation after the eager code
path of transformers main, src/transformers/models/deepseek_v3/modeling_deepseek_v3.py:

  DeepseekV3Attention   q = q_b_proj(q_a_layernorm(q_a_proj(x))), or q_proj(x) when q_lora_rank is
                        None; viewed (T, H, nope + rope) and split [nope | rope];
                        [c | k_rot] = kv_a_proj_with_mqa(x); kv_b_proj(kv_a_layernorm(c)) viewed
                        (T, H, nope + v) and split [k_nope | v]; k_rot one head shared by all;
                        apply_rotary_pos_emb_interleave (rope_interleave, the config default:
                        view(…, r/2, 2).transpose(4, 3) then rotate_half) on q_rot and k_rot, with
                        DeepseekV3RotaryEmbedding over qk_rope_head_dim; scaling (nope + rope)^-0.5;
                        eager softmax; o_proj of the heads' (T, H·v) outputs.
  DeepseekV3TopkRouter  scores = sigmoid(x · weightᵀ); the choice adds e_score_correction_bias,
                        sums each group's top 2, keeps the topk_group best groups (the others'
                        scores masked to 0.0), torch.topk of k; the weights are the scores without
                        the bias, divided by their sum + 1e-20 when norm_topk_prob, times
                        routed_scaling_factor.
  DeepseekV3MoE         Σ weight · expert(x) + shared_experts(x) (one MLP of
                        n_shared_experts · moe_intermediate_size); layers below first_k_dense_replace
                        are a dense DeepseekV3MLP.
  Softmax router        DeepSeek-V2-Lite (modeling_deepseek_v2.py DeepseekV2Moe, topk_method greedy,
                        norm_topk_prob false, routed_scaling_factor 1.0) and Qwen3-MoE with
                        norm_topk_prob false (modeling_qwen3_moe.py Qwen3MoeSparseMoeBlock): softmax
                        over all experts, torch.topk, the k probabilities kept as they are.
                        DeepseekV2Attention's complex-number RoPE (view_as_complex over pairs
                        2i, 2i+1) is the same rotation as the interleaved one above.

Outputs, in tests/data/engine-features/<name>: design.json, weights.safetensors (the engine's
registry tensors: y = x W with W (in, out); the MLA tensors keep their checkpoint column order) and
reference.json (tokens, logits, attention probabilities). The first model also gets
tests/data/train_parity_deepseek.json: its losses over 10 AdamW steps from weights.safetensors, in
train_parity.py's loop (warm-up and cosine, clipping, masked next-token loss); the correction bias
is a buffer, not trained.
"""

import json
import math
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_feature_reference import IDS, save_safetensors, rms_norm, rotate_half, rope_tables  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "engine-features")

D, H, F, V, L = 16, 4, 24, 40, 3
NOPE, ROPE, VD, QL, KVL = 4, 4, 6, 12, 10  # qk_nope, qk_rope, v_head, q_lora, kv_lora
QK = NOPE + ROPE
FE = 8  # moe_intermediate_size
EPS = 1e-6

MODELS = {
    # DeepSeek-V3: query latent, sigmoid router with the correction bias, 4 groups of 2, the best 2
    # groups, top 3, normalised, × 2.5; one shared expert; layer 0 dense.
    "deepseek-v3-mla-sigmoid-groups": {"q_lora": QL, "experts": 8, "top_k": 3, "router": "sigmoid",
                                       "groups": 4, "top_groups": 2, "norm": True, "scale": 2.5,
                                       "shared": 1, "first_dense": 1, "theta": 1e4},
    # DeepSeek-V2-Lite: no query latent (q_proj), softmax router, unnormalised top 2, two shared
    # experts, layer 0 dense.
    "deepseek-v2-lite-mla-no-q-latent": {"q_lora": 0, "experts": 4, "top_k": 2, "router": "softmax",
                                         "groups": 1, "top_groups": 1, "norm": False, "scale": 1.0,
                                         "shared": 2, "first_dense": 1, "theta": 1e4},
}
TRAINED = "deepseek-v3-mla-sigmoid-groups"


def rope_interleave(x, cos, sin):
    """apply_rotary_pos_emb_interleave on one tensor (…, T, r)."""
    s = x.shape
    x = x.reshape(*s[:-1], s[-1] // 2, 2).transpose(-1, -2).reshape(s)
    return x * cos + rotate_half(x) * sin


def mla(cfg, w, p, x, cos, sin):
    T = x.shape[0]
    if cfg["q_lora"]:
        q = rms_norm(x @ w[p + "q_a_proj"].t(), w[p + "q_a_layernorm"], EPS) @ w[p + "q_b_proj"].t()
    else:
        q = x @ w[p + "q_proj"].t()
    q = q.view(T, H, QK).transpose(0, 1)
    q_pass, q_rot = torch.split(q, [NOPE, ROPE], dim=-1)
    compressed = x @ w[p + "kv_a_proj_with_mqa"].t()
    k_pass, k_rot = torch.split(compressed, [KVL, ROPE], dim=-1)
    kv = (rms_norm(k_pass, w[p + "kv_a_layernorm"], EPS) @ w[p + "kv_b_proj"].t()).view(T, H, NOPE + VD)
    k_pass, v = torch.split(kv.transpose(0, 1), [NOPE, VD], dim=-1)
    q_rot = rope_interleave(q_rot, cos, sin)
    k_rot = rope_interleave(k_rot.view(1, T, ROPE), cos, sin).expand(H, T, ROPE)
    query = torch.cat((q_pass, q_rot), dim=-1)
    key = torch.cat((k_pass, k_rot), dim=-1)
    s = query @ key.transpose(-1, -2) * cfg.get("softmax_scale", QK ** -0.5)
    causal = torch.ones(T, T, dtype=torch.bool).tril()
    s = torch.where(causal, s, torch.tensor(torch.finfo(s.dtype).min))
    probs = torch.softmax(s, dim=-1, dtype=torch.float32)
    o = (probs @ v).transpose(0, 1).reshape(T, H * VD) @ w[p + "o_proj"].t()
    return o, probs


def route(cfg, w, p, x):
    """(indices (T, k), weights (T, k)) of DeepseekV3TopkRouter or the softmax routers."""
    logits = x @ w[p + "gate"].t()
    k = cfg["top_k"]
    if cfg["router"] == "sigmoid":
        scores = logits.sigmoid()
        with torch.no_grad():
            choice = scores + w[p + "e_score_correction_bias"].unsqueeze(0)
            E, G = cfg["experts"], cfg["groups"]
            group_scores = choice.view(-1, G, E // G).topk(2, dim=-1)[0].sum(dim=-1)
            group_idx = torch.topk(group_scores, k=cfg["top_groups"], dim=-1, sorted=False)[1]
            group_mask = torch.zeros_like(group_scores)
            group_mask.scatter_(1, group_idx, 1)
            score_mask = group_mask.unsqueeze(-1).expand(-1, G, E // G).reshape(-1, E)
            choice = choice.masked_fill(~score_mask.bool(), 0.0)
            assert (choice > 0).sum(dim=-1).min() >= k, "a masked expert would tie at 0.0"
            idx = torch.topk(choice, k=k, dim=-1, sorted=False)[1]
        weights = scores.gather(1, idx)
        if cfg["norm"]:
            weights = weights / (weights.sum(dim=-1, keepdim=True) + 1e-20)
    else:
        probs = torch.softmax(logits, dim=-1, dtype=torch.float)
        weights, idx = torch.topk(probs, k, dim=-1)
        if cfg["norm"]:
            weights = weights / weights.sum(dim=-1, keepdim=True)
    return idx, weights * cfg["scale"]


def mlp(w, q, x):
    return (torch.nn.functional.silu(x @ w[q + "gate_proj"].t()) * (x @ w[q + "up_proj"].t())) @ w[q + "down_proj"].t()


def forward(cfg, w, ids):
    """DeepseekV3ForCausalLM: pre-norm decoder layers of MLA and (dense or routed) SwiGLU MLPs."""
    ids = torch.as_tensor(ids)
    B, T = ids.shape if ids.dim() == 2 else (1, ids.shape[0])
    ids = ids.view(B, T)
    cos, sin = cfg["rope_tables"](T) if "rope_tables" in cfg else rope_tables(T, ROPE, cfg["theta"])
    all_logits, atts = [], []
    for b in range(B):
        h = w["embed"][ids[b]]
        for i in range(L):
            p = f"l{i}."
            o, probs = mla(cfg, w, p, rms_norm(h, w[p + "input_layernorm"], EPS), cos, sin)
            atts.append(probs)
            h = h + o
            x = rms_norm(h, w[p + "post_attention_layernorm"], EPS)
            if i < cfg["first_dense"]:
                m = mlp(w, p, x)
            else:
                idx, weights = route(cfg, w, p, x)
                m = torch.zeros_like(x)
                for e in range(cfg["experts"]):
                    tok, slot = torch.where(idx == e)
                    if tok.numel() > 0:
                        m = m.index_add(0, tok, mlp(w, p + f"experts.{e}.", x[tok]) * weights[tok, slot].unsqueeze(-1))
                m = m + mlp(w, p + "shared_experts.", x)
            h = h + m
        all_logits.append(rms_norm(h, w["norm"], EPS) @ w["lm_head"].t())
    return torch.stack(all_logits), torch.stack(atts[:L])


def random_weights(g, cfg):
    n = lambda *s: torch.randn(*s, generator=g) * 0.3
    w = {"embed": n(V, D), "norm": 1 + n(D), "lm_head": n(V, D)}
    for i in range(L):
        p = f"l{i}."
        w[p + "input_layernorm"], w[p + "post_attention_layernorm"] = 1 + n(D), 1 + n(D)
        if cfg["q_lora"]:
            w[p + "q_a_proj"], w[p + "q_a_layernorm"], w[p + "q_b_proj"] = n(QL, D), 1 + n(QL), n(H * QK, QL)
        else:
            w[p + "q_proj"] = n(H * QK, D)
        w[p + "kv_a_proj_with_mqa"] = n(KVL + ROPE, D)
        w[p + "kv_a_layernorm"] = 1 + n(KVL)
        w[p + "kv_b_proj"] = n(H * (NOPE + VD), KVL)
        w[p + "o_proj"] = n(D, H * VD)
        if i < cfg["first_dense"]:
            w[p + "gate_proj"], w[p + "up_proj"], w[p + "down_proj"] = n(F, D), n(F, D), n(D, F)
            continue
        # Softmax: well-separated logits, a clear choice. Sigmoid: scores away from 0, so that no
        # score plus its bias falls below the 0.0 of the masked groups.
        w[p + "gate"] = n(cfg["experts"], D) * (3 if cfg["router"] == "softmax" else 1)
        if cfg["router"] == "sigmoid":
            w[p + "e_score_correction_bias"] = n(cfg["experts"]) * 0.2
        for e in range(cfg["experts"]):
            q = p + f"experts.{e}."
            w[q + "gate_proj"], w[q + "up_proj"], w[q + "down_proj"] = n(FE, D), n(FE, D), n(D, FE)
        S = cfg["shared"] * FE
        q = p + "shared_experts."
        w[q + "gate_proj"], w[q + "up_proj"], w[q + "down_proj"] = n(S, D), n(S, D), n(D, S)
    return w


def engine_tensors(cfg, w):
    """The engine's registry tensors (TransformerWeights) holding the same function."""
    e = {"tokenEmbedding": w["embed"]}
    for i in range(L):
        p, q = f"l{i}.", f"layers.{i}."
        e[q + "norm1Scale"] = w[p + "input_layernorm"]
        if cfg["q_lora"]:
            e[q + "qAProj"], e[q + "qANormScale"] = w[p + "q_a_proj"].t(), w[p + "q_a_layernorm"]
            e[q + "qBProj"] = w[p + "q_b_proj"].t()
        else:
            e[q + "qBProj"] = w[p + "q_proj"].t()
        e[q + "kvAProj"] = w[p + "kv_a_proj_with_mqa"].t()
        e[q + "kvANormScale"] = w[p + "kv_a_layernorm"]
        e[q + "kvBProj"] = w[p + "kv_b_proj"].t()
        e[q + "attnOut"] = w[p + "o_proj"].t()
        e[q + "norm2Scale"] = w[p + "post_attention_layernorm"]
        if i < cfg["first_dense"]:
            e[q + "ffnIn"] = torch.cat([w[p + "gate_proj"], w[p + "up_proj"]], dim=0).t()
            e[q + "ffnOut"] = w[p + "down_proj"].t()
            continue
        ex = [p + f"experts.{k}." for k in range(cfg["experts"])]
        e[q + "router"] = w[p + "gate"].t()
        if cfg["router"] == "sigmoid":
            e[q + "routerScoreBias"] = w[p + "e_score_correction_bias"]
        e[q + "expertsIn"] = torch.cat([torch.cat([w[x + "gate_proj"], w[x + "up_proj"]], dim=0).t() for x in ex])
        e[q + "expertsOut"] = torch.cat([w[x + "down_proj"].t() for x in ex])
        x = p + "shared_experts."
        e[q + "sharedIn"] = torch.cat([w[x + "gate_proj"], w[x + "up_proj"]], dim=0).t()
        e[q + "sharedOut"] = w[x + "down_proj"].t()
    e["finalNormScale"] = w["norm"]
    e["lmHead"] = w["lm_head"]
    return e


def design(name, cfg):
    d = {
        "name": name, "layout": "decoder-only", "d_model": D, "n_layers": L, "n_heads": H, "n_kv_heads": H,
        "head_dim": 0, "d_ff": F, "ffn": "gated", "activation": "silu", "vocab_size": V, "max_positions": 64,
        "positions": "rotary", "rope_theta": cfg["theta"], "norm": "rmsnorm", "norm_placement": "pre",
        "qkv_bias": False, "attn_out_bias": False, "ffn_bias": False, "tied_embeddings": False,
        "attention": "mla", "q_lora_rank": cfg["q_lora"], "kv_lora_rank": KVL, "qk_nope_head_dim": NOPE,
        "qk_rope_head_dim": ROPE, "v_head_dim": VD, "weight_precision": "fp32",
        "moe_experts": cfg["experts"], "moe_top_k": cfg["top_k"], "moe_d_ff": FE,
        "moe_shared_experts": cfg["shared"], "moe_first_dense": cfg["first_dense"],
        "moe_score_bias": cfg["router"] == "sigmoid", "moe_router": cfg["router"],
        "moe_groups": cfg["groups"], "moe_top_groups": cfg["top_groups"], "moe_norm_top_k": cfg["norm"],
        "moe_routed_scale": cfg["scale"],
    }
    return {"design": d, "format": "transformer-explorer-design", "version": 2}


# train_parity.py's hyper-parameters and loop: linear warm-up then cosine, gradient clipping, AdamW
# with weight decay on the matrices, a masked mean next-token loss.
TRAIN = {"lr": 3e-2, "min_lr_ratio": 0.1, "warmup": 3, "beta1": 0.9, "beta2": 0.98, "weight_decay": 0.1, "clip": 1.0}
STEPS, TB, TT = 10, 3, 8


def train(cfg, w):
    g = torch.Generator().manual_seed(20261203)
    params = {k: t.clone().requires_grad_(not k.endswith("e_score_correction_bias")) for k, t in w.items()}
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

    trained = [t for t in params.values() if t.requires_grad]
    opt = torch.optim.AdamW([{"params": [t for t in trained if t.dim() == 2], "weight_decay": TRAIN["weight_decay"]},
                             {"params": [t for t in trained if t.dim() != 2], "weight_decay": 0.0}],
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
        torch.nn.utils.clip_grad_norm_(trained, TRAIN["clip"])
        for group in opt.param_groups:
            group["lr"] = lr_at(step)
        opt.step()
        losses.append(float(loss))
    with torch.no_grad():
        final = float(loss_of(batches[0]))
    return {
        "source": "tests/reference/make_deepseek_reference.py, PyTorch " + torch.__version__,
        "model": TRAINED, "train": TRAIN, "seq_len": TT, "batch": TB,
        "batches": [{"inputs": b["inputs"].reshape(-1).tolist(), "targets": b["targets"].reshape(-1).tolist(),
                     "mask": b["mask"].reshape(-1).tolist()} for b in batches],
        "losses": losses, "final_loss": final,
    }


def main():
    g = torch.Generator().manual_seed(20261202)
    for name, cfg in MODELS.items():
        w = random_weights(g, cfg)
        with torch.no_grad():
            logits, att = forward(cfg, w, IDS)
        logits = logits[0]
        folder = os.path.join(OUT, name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "design.json"), "w") as f:
            json.dump(design(name, cfg), f, indent=2)
        save_safetensors(os.path.join(folder, "weights.safetensors"), engine_tensors(cfg, w))
        ref = {
            "source": "tests/reference/make_deepseek_reference.py, PyTorch " + torch.__version__,
            "tokens": IDS,
            "logits": [[round(float(x), 7) for x in row] for row in logits],
            "attention": [[[[round(float(x), 7) for x in row] for row in head] for head in layer] for layer in att],
        }
        with open(os.path.join(folder, "reference.json"), "w") as f:
            json.dump(ref, f, separators=(",", ":"))
        print(name, "logits", tuple(logits.shape), "attention", tuple(att.shape))
        if name == TRAINED:
            run = train(cfg, w)
            with open(os.path.join(OUT, "..", "train_parity_deepseek.json"), "w") as f:
                json.dump(run, f, separators=(",", ":"))
            print(name, "losses", run["losses"][0], "->", run["losses"][-1], "final", run["final_loss"])


if __name__ == "__main__":
    main()
