#!/usr/bin/python3
"""Ten AdamW steps of a tiny ALBERT and a tiny BERT on masked-LM batches, for tst_trainparity.

Run with Debian's PyTorch (python3-torch, 1.13) from the repository root:

    /usr/bin/python3 tests/reference/make_mlm_train_reference.py

transformers is not installable here, so both masked-LM models are plain PyTorch, operation for
operation, after the eager code of transformers:

  albert  make_albert_mlm_reference.py's AlbertForMaskedLM (imported: the factorised table and
          its LayerNorm, embedding_hidden_mapping_in, layer i running
          albert_layer_groups[int(i / (num_hidden_layers / num_hidden_groups))], AlbertMLMHead
          with the decoder tied to word_embeddings), 4 layers in 2 groups of 2, saved as a
          Hugging Face checkpoint (config.json, model.safetensors) that the engine loads through
          HfCheckpoint.
  bert    src/transformers/models/bert/modeling_bert.py, BertForMaskedLM: BertEmbeddings
          (word + position + token_type_embeddings of the default token_type_ids, all 0, then
          LayerNorm), BertSelfAttention (scores / sqrt(head size), softmax, no mask without
          padding), BertSelfOutput (LayerNorm(dense(context) + input)), BertIntermediate
          (dense, GELU: hidden_act "gelu" is the exact, erf one), BertOutput (LayerNorm(dense(h)
          + attention output)) and BertOnlyMLMHead (BertPredictionHeadTransform: dense d -> d,
          GELU, LayerNorm; then the decoder tied to word_embeddings plus its bias). 2 layers,
          written in the engine's layout (tests/data/engine-features/bert-train-mlm: y = x W,
          W stored (in, out), q, k, v fused as [q heads | k heads | v heads]) with
          layer_norm_eps 1e-6 (BERT ships 1e-12), the one epsilon of the engine's reference loader.

The batches are BERT's masked LM (Devlin et al. 2018, §3.1; create_pretraining_data.py's
create_masked_lm_predictions), drawn here with torch's generator: of each sequence's T positions
round(0.15 T) are chosen without replacement; a chosen token becomes [MASK] (the last id) with
probability 0.8, else stays or becomes a random token with probability 0.5 each. The model reads
the corrupted sequence; the loss is the mean cross-entropy of the original tokens at the chosen
positions only (the engine's TrainingBatch: targets are the original tokens, mask 1 where chosen).

AdamW over every parameter (for ALBERT the shared groups, the factorised table and its
projection, the masked-LM head; the tied decoder is the table), weight decay on the tensors the
engine's registry marks as matrices (tables and projections, not biases or LayerNorms), with the
hyper-parameters, warm-up and cosine schedule of make_t5_train_reference.py and
clip_grad_norm_ to 1.0. Each model gets tests/data/train_parity_<name>.json: the 10 batches, each
step's loss and the loss on the first batch after the tenth step.
"""

import json
import math
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_albert_mlm_reference as albert  # noqa: E402

torch.set_num_threads(1)

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data")
TRAIN = {"lr": 1e-2, "min_lr_ratio": 0.1, "warmup": 3, "beta1": 0.9, "beta2": 0.98, "weight_decay": 0.1, "clip": 1.0}
STEPS, B, T = 10, 3, 20
V = albert.V  # 40 ids; the last is [MASK]
MASK = V - 1
CHOSEN = max(1, round(T * 0.15))  # 3 of 20

ALBERT = {"name": "albert-train-two-groups", "cfg": {"embedding": 6, "layers": 4, "groups": 2}}
BERT = {"name": "bert-train-mlm", "layers": 2, "d": 16, "heads": 4, "ff": 24, "positions": 32, "eps": 1e-6}


def masked_batches(g):
    """STEPS batches of B sequences: inputs (corrupted), targets (the originals), mask (chosen)."""
    out = []
    for _ in range(STEPS):
        targets = torch.randint(0, MASK, (B, T), generator=g)
        inputs = targets.clone()
        mask = torch.zeros(B, T)
        for b in range(B):
            for t in torch.randperm(T, generator=g)[:CHOSEN].tolist():
                mask[b, t] = 1.0
                if float(torch.rand(1, generator=g)) < 0.8:
                    inputs[b, t] = MASK
                elif float(torch.rand(1, generator=g)) >= 0.5:
                    inputs[b, t] = int(torch.randint(0, MASK, (1,), generator=g))
        out.append({"inputs": inputs, "targets": targets, "mask": mask})
    return out


def gelu(x):
    return torch.nn.functional.gelu(x)  # ACT2FN["gelu"]: the exact, erf GELU


def bert_weights(g):
    """BertForMaskedLM's tensors, already in the engine's layout and names."""
    d, f, L, P = BERT["d"], BERT["ff"], BERT["layers"], BERT["positions"]
    n = lambda *s: torch.randn(*s, generator=g) * 0.1
    w = {"tokenEmbedding": n(V, d), "positionEmbedding": n(P, d), "tokenTypeEmbedding": n(2, d),
         "embNormScale": 1 + n(d), "embNormBias": n(d)}
    for i in range(L):
        p = f"layers.{i}."
        w[p + "norm1Scale"], w[p + "norm1Bias"] = 1 + n(d), n(d)  # attention.output.LayerNorm
        w[p + "qkv"], w[p + "qkvBias"] = n(d, 3 * d), n(3 * d)
        w[p + "attnOut"], w[p + "attnOutBias"] = n(d, d), n(d)
        w[p + "norm2Scale"], w[p + "norm2Bias"] = 1 + n(d), n(d)  # output.LayerNorm
        w[p + "ffnIn"], w[p + "ffnInBias"] = n(d, f), n(f)
        w[p + "ffnOut"], w[p + "ffnOutBias"] = n(f, d), n(d)
    w["headDense"], w["headDenseBias"] = n(d, d), n(d)  # cls.predictions.transform.dense
    w["headNormScale"], w["headNormBias"] = 1 + n(d), n(d)  # cls.predictions.transform.LayerNorm
    w["lmHeadBias"] = n(V)  # cls.predictions.bias
    return w


def bert_logits(w, inputs):
    """(B, T, V) BertForMaskedLM.forward on a batch without padding."""
    d, H, eps = BERT["d"], BERT["heads"], BERT["eps"]
    hd = d // H
    ln = lambda x, s, b: torch.nn.functional.layer_norm(x, (d,), s, b, eps)
    Bn, Tn = inputs.shape
    h = w["tokenEmbedding"][inputs] + w["positionEmbedding"][:Tn] + w["tokenTypeEmbedding"][0]
    h = ln(h, w["embNormScale"], w["embNormBias"])
    for i in range(BERT["layers"]):
        p = f"layers.{i}."
        qkv = h @ w[p + "qkv"] + w[p + "qkvBias"]
        q, k, v = (qkv[..., j * d:(j + 1) * d].view(Bn, Tn, H, hd).transpose(1, 2) for j in range(3))
        probs = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(hd), dim=-1)
        ctx = (probs @ v).transpose(1, 2).reshape(Bn, Tn, d)
        a = ln(ctx @ w[p + "attnOut"] + w[p + "attnOutBias"] + h, w[p + "norm1Scale"], w[p + "norm1Bias"])
        f = gelu(a @ w[p + "ffnIn"] + w[p + "ffnInBias"]) @ w[p + "ffnOut"] + w[p + "ffnOutBias"]
        h = ln(f + a, w[p + "norm2Scale"], w[p + "norm2Bias"])
    t = ln(gelu(h @ w["headDense"] + w["headDenseBias"]), w["headNormScale"], w["headNormBias"])
    return t @ w["tokenEmbedding"].t() + w["lmHeadBias"]


def bert_design():
    return {"format": "transformer-explorer-design", "version": 2, "design": {
        "name": BERT["name"], "layout": "encoder-only", "d_model": BERT["d"], "n_layers": BERT["layers"],
        "n_heads": BERT["heads"], "n_kv_heads": BERT["heads"], "d_ff": BERT["ff"], "ffn": "dense",
        "activation": "gelu", "vocab_size": V, "max_positions": BERT["positions"], "positions": "learned",
        "norm": "layernorm", "norm_placement": "post", "final_norm": False, "embedding_norm": True,
        "token_types": 2, "qkv_bias": True, "attn_out_bias": True, "ffn_bias": True, "lm_head": True,
        "mlm_head": True, "tied_embeddings": True, "lm_head_bias": True, "weight_precision": "fp32"}}


def bert_decayed(k):
    """TransformerWeights::registry's matrix flag: tables and projections."""
    return k in ("tokenEmbedding", "positionEmbedding", "tokenTypeEmbedding", "headDense") or \
        k.rsplit(".", 1)[-1] in ("qkv", "attnOut", "ffnIn", "ffnOut")


def albert_logits(w, inputs):
    return torch.stack([albert.forward(ALBERT["cfg"], w, row.tolist())[0] for row in inputs])


def albert_decayed(k):
    """The registry's matrix flag under Hugging Face names: every .weight but the LayerNorms'."""
    return k.endswith(".weight") and "LayerNorm" not in k and "layer_norm" not in k


def train(name, w, logits_of, decayed, batches, extra):
    params = {k: t.clone().requires_grad_(True) for k, t in w.items()}

    def loss_of(batch):
        logits = logits_of(params, batch["inputs"])
        ce = torch.nn.functional.cross_entropy(logits.reshape(-1, V), batch["targets"].reshape(-1), reduction="none")
        m = batch["mask"].reshape(-1)
        return (ce * m).sum() / m.sum()

    opt = torch.optim.AdamW([{"params": [t for k, t in params.items() if decayed(k)], "weight_decay": TRAIN["weight_decay"]},
                             {"params": [t for k, t in params.items() if not decayed(k)], "weight_decay": 0.0}],
                            lr=TRAIN["lr"], betas=(TRAIN["beta1"], TRAIN["beta2"]), eps=1e-8)

    def lr_at(step):  # LrSchedule::at: linear warm-up, then cosine to the minimum
        wu, peak, low = TRAIN["warmup"], TRAIN["lr"], TRAIN["lr"] * TRAIN["min_lr_ratio"]
        if step < wu:
            return peak * (step + 1) / wu
        return low + 0.5 * (peak - low) * (1 + math.cos(math.pi * (step - wu) / (STEPS - wu)))

    losses = []
    for step, batch in enumerate(batches):
        opt.zero_grad()
        loss = loss_of(batch)
        loss.backward()
        for k, t in params.items():
            assert t.grad is not None, k  # every tensor, the shared groups and the head included
        torch.nn.utils.clip_grad_norm_(list(params.values()), TRAIN["clip"])
        for group in opt.param_groups:
            group["lr"] = lr_at(step)
        opt.step()
        losses.append(float(loss))
    with torch.no_grad():
        final = float(loss_of(batches[0]))
    run = {"source": "tests/reference/make_mlm_train_reference.py, PyTorch " + torch.__version__,
           "train": TRAIN, "seq_len": T, "batch": B, "mask_token": MASK, "chosen_per_sequence": CHOSEN,
           "batches": [{"inputs": b["inputs"].reshape(-1).tolist(), "targets": b["targets"].reshape(-1).tolist(),
                        "mask": b["mask"].reshape(-1).tolist()} for b in batches],
           "losses": losses, "final_loss": final}
    run.update(extra)
    with open(os.path.join(DATA, f"train_parity_{name}.json"), "w") as f:
        json.dump(run, f, separators=(",", ":"))
    print(name, "losses", losses[0], "->", losses[-1], "final", final)


def main():
    g = torch.Generator().manual_seed(20261203)
    # ALBERT: make_albert_mlm_reference's weights (std 0.3, projections 0.45) divided by 3, as
    # make_t5_train_reference.gentle argues: saturated softmaxes leave gradients at rounding level,
    # and AdamW's first steps turn rounding into whole steps. The LayerNorm scales stay near 1.
    cfg = ALBERT["cfg"]
    w = {k: (t if "LayerNorm" in k or "layer_norm" in k else t / 3) for k, t in albert.weights(g, cfg).items()}
    folder = os.path.join(DATA, "engine", ALBERT["name"])
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(albert.config(cfg), f, indent=2)
    albert.save_safetensors(os.path.join(folder, "model.safetensors"), w)
    train(ALBERT["name"], w, albert_logits, albert_decayed, masked_batches(g),
          {"model": ALBERT["name"], "checkpoint": "engine/" + ALBERT["name"]})

    w = bert_weights(g)
    folder = os.path.join(DATA, "engine-features", BERT["name"])
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "design.json"), "w") as f:
        json.dump(bert_design(), f, indent=2)
    albert.save_safetensors(os.path.join(folder, "weights.safetensors"), w)
    train(BERT["name"], w, bert_logits, bert_decayed, masked_batches(g), {"model": BERT["name"]})


if __name__ == "__main__":
    main()
