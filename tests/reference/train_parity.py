#!/usr/bin/python3
"""Writes tests/data/train_parity.json: two tiny models (a GPT-2-style and a Llama-style one),
their initial weights, ten batches, the hyper-parameters, and the training loss PyTorch
computes at each of 10 AdamW steps plus the loss after the 10th step. tst_trainparity replays
the same run in the engine and must match within 1e-4 relative. CI does not need torch:
only this script does (Debian 12: apt-get install python3-torch, PyTorch 1.13).

The model is written out with plain torch ops in the engine's weight layout (y = x @ W, W is
(in, out); qkv columns [q heads | k heads | v heads]; gated FFN columns [gate | up]) so the
weights load one to one.

Run: /usr/bin/python3 tests/reference/train_parity.py  (from the repository root)
"""
import json
import math
import os

import torch
import torch.nn.functional as F

torch.manual_seed(20261129)
torch.set_num_threads(1)

STEPS = 10
EPS = 1e-5


def make_case(name, cfg):
    d, L, nH, nKv, dff, V, T, B = (cfg[k] for k in ("d_model", "n_layers", "n_heads", "n_kv_heads", "d_ff",
                                                     "vocab_size", "seq_len", "batch"))
    hd = d // nH
    gated = cfg["ffn"] == "gated3"
    ffin = 2 * dff if gated else dff
    ln = cfg["norm"] == "layernorm"
    params = {}  # name -> (tensor, decay)

    def add(pname, shape, kind):
        if kind == "scale":
            t = 1.0 + 0.1 * torch.randn(shape)
        elif kind == "bias":
            t = 0.1 * torch.randn(shape)
        else:
            t = 0.2 * torch.randn(shape)
        params[pname] = (t.float().requires_grad_(True), kind == "matrix")

    add("tokenEmbedding", (V, d), "matrix")
    if cfg["positions"] == "learned":
        add("positionEmbedding", (cfg["max_positions"], d), "matrix")
    for l in range(L):
        p = f"layers.{l}."
        add(p + "norm1Scale", (1, d), "scale")
        if ln:
            add(p + "norm1Bias", (1, d), "bias")
        add(p + "qkv", (d, (nH + 2 * nKv) * hd), "matrix")
        if cfg["qkv_bias"]:
            add(p + "qkvBias", (1, (nH + 2 * nKv) * hd), "bias")
        add(p + "attnOut", (nH * hd, d), "matrix")
        if cfg["attn_out_bias"]:
            add(p + "attnOutBias", (1, d), "bias")
        add(p + "norm2Scale", (1, d), "scale")
        if ln:
            add(p + "norm2Bias", (1, d), "bias")
        add(p + "ffnIn", (d, ffin), "matrix")
        if cfg["ffn_bias"]:
            add(p + "ffnInBias", (1, ffin), "bias")
        add(p + "ffnOut", (dff, d), "matrix")
        if cfg["ffn_bias"]:
            add(p + "ffnOutBias", (1, d), "bias")
    add("finalNormScale", (1, d), "scale")
    if ln:
        add("finalNormBias", (1, d), "bias")
    if not cfg["tied_embeddings"]:
        add("lmHead", (V, d), "matrix")

    initial = {k: {"shape": list(t.shape), "values": [float(x) for x in t.detach().reshape(-1)]}
               for k, (t, _) in params.items()}

    def P(k):
        return params[k][0]

    def norm(x, s, b):
        if ln:
            return F.layer_norm(x, (d,), s.reshape(-1), b.reshape(-1), EPS)
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS) * s

    rot = hd if cfg["positions"] == "rotary" else 0
    if rot:
        inv = 1.0 / (cfg["rope_theta"] ** (torch.arange(0, rot, 2).float() / rot))
        ang = torch.arange(T).float()[:, None] * inv[None, :]
        cos, sin = torch.cat([ang.cos()] * 2, -1), torch.cat([ang.sin()] * 2, -1)

    def rope(x):  # (B, h, T, hd), Hugging Face rotate_half
        x1, x2 = x[..., : rot // 2], x[..., rot // 2: rot]
        rotated = torch.cat([-x2, x1], -1)
        return torch.cat([x[..., :rot] * cos + rotated * sin, x[..., rot:]], -1)

    def forward(tokens):
        x = P("tokenEmbedding")[tokens]
        if "positionEmbedding" in params:
            x = x + P("positionEmbedding")[:T]
        mask = torch.ones(T, T).tril().bool()
        for l in range(L):
            p = f"layers.{l}."
            a = norm(x, P(p + "norm1Scale"), params.get(p + "norm1Bias", (None,))[0])
            qkv = a @ P(p + "qkv")
            if p + "qkvBias" in params:
                qkv = qkv + P(p + "qkvBias")
            q = qkv[..., : nH * hd].reshape(B, T, nH, hd).transpose(1, 2)
            k = qkv[..., nH * hd: (nH + nKv) * hd].reshape(B, T, nKv, hd).transpose(1, 2)
            v = qkv[..., (nH + nKv) * hd:].reshape(B, T, nKv, hd).transpose(1, 2)
            if rot:
                q, k = rope(q), rope(k)
            k = k.repeat_interleave(nH // nKv, dim=1)
            v = v.repeat_interleave(nH // nKv, dim=1)
            s = (q @ k.transpose(-1, -2)) / math.sqrt(hd)
            s = s.masked_fill(~mask, float("-inf"))
            o = (s.softmax(-1) @ v).transpose(1, 2).reshape(B, T, nH * hd) @ P(p + "attnOut")
            if p + "attnOutBias" in params:
                o = o + P(p + "attnOutBias")
            h = x + o
            c = norm(h, P(p + "norm2Scale"), params.get(p + "norm2Bias", (None,))[0])
            f = c @ P(p + "ffnIn")
            if p + "ffnInBias" in params:
                f = f + P(p + "ffnInBias")
            if gated:
                f = F.silu(f[..., :dff]) * f[..., dff:]
            else:
                f = F.gelu(f, approximate="tanh")
            f = f @ P(p + "ffnOut")
            if p + "ffnOutBias" in params:
                f = f + P(p + "ffnOutBias")
            x = h + f
        x = norm(x, P("finalNormScale"), params.get("finalNormBias", (None,))[0])
        head = P("tokenEmbedding") if cfg["tied_embeddings"] else P("lmHead")
        return x @ head.T

    def loss_of(batch):
        logits = forward(batch["inputs"])
        ce = F.cross_entropy(logits.reshape(-1, V), batch["targets"].reshape(-1), reduction="none")
        m = batch["mask"].reshape(-1)
        return (ce * m).sum() / m.sum()

    batches = []
    for _ in range(STEPS):
        inputs = torch.randint(0, V, (B, T))
        targets = torch.randint(0, V, (B, T))
        mask = (torch.rand(B, T) < 0.7).float()
        mask[0, 0] = 1.0
        batches.append({"inputs": inputs, "targets": targets, "mask": mask})

    hp = cfg["train"]
    decay = [t for t, dec in params.values() if dec]
    no_decay = [t for t, dec in params.values() if not dec]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": hp["weight_decay"]},
                             {"params": no_decay, "weight_decay": 0.0}],
                            lr=hp["lr"], betas=(hp["beta1"], hp["beta2"]), eps=1e-8)

    def lr_at(step):  # LrSchedule::at: linear warmup, then cosine to min
        w, total, peak, low = hp["warmup"], STEPS, hp["lr"], hp["lr"] * hp["min_lr_ratio"]
        if step < w:
            return peak * (step + 1) / w
        prog = (step - w) / (total - w)
        return low + 0.5 * (peak - low) * (1 + math.cos(math.pi * prog))

    losses = []
    for step, batch in enumerate(batches):
        opt.zero_grad()
        loss = loss_of(batch)
        loss.backward()
        torch.nn.utils.clip_grad_norm_([t for t, _ in params.values()], hp["clip"])
        for g in opt.param_groups:
            g["lr"] = lr_at(step)
        opt.step()
        losses.append(float(loss))
    with torch.no_grad():
        final = float(loss_of(batches[0]))

    return {
        "name": name,
        "config": {k: v for k, v in cfg.items() if k != "train"},
        "train": hp,
        "initial": initial,
        "batches": [{"inputs": b["inputs"].reshape(-1).tolist(), "targets": b["targets"].reshape(-1).tolist(),
                     "mask": b["mask"].reshape(-1).tolist()} for b in batches],
        "losses": losses,
        "final_loss": final,
    }


TRAIN = {"lr": 3e-2, "min_lr_ratio": 0.1, "warmup": 3, "beta1": 0.9, "beta2": 0.98, "weight_decay": 0.1, "clip": 1.0}
cases = [
    make_case("gpt2", {"d_model": 16, "n_layers": 2, "n_heads": 4, "n_kv_heads": 4, "d_ff": 32, "vocab_size": 17,
                       "seq_len": 8, "batch": 3, "max_positions": 8, "positions": "learned", "norm": "layernorm",
                       "ffn": "dense2", "activation": "gelu_tanh", "qkv_bias": True, "attn_out_bias": True,
                       "ffn_bias": True, "tied_embeddings": True, "rope_theta": 10000.0, "train": TRAIN}),
    make_case("llama", {"d_model": 16, "n_layers": 2, "n_heads": 4, "n_kv_heads": 2, "d_ff": 24, "vocab_size": 19,
                        "seq_len": 8, "batch": 3, "max_positions": 8, "positions": "rotary", "norm": "rmsnorm",
                        "ffn": "gated3", "activation": "silu", "qkv_bias": False, "attn_out_bias": False,
                        "ffn_bias": False, "tied_embeddings": False, "rope_theta": 10000.0, "train": TRAIN}),
]
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "train_parity.json")
with open(out, "w") as f:
    json.dump({"source": "tests/reference/train_parity.py, PyTorch " + torch.__version__, "cases": cases}, f)
print(out, [c["losses"][-1] for c in cases], [c["final_loss"] for c in cases])
