#!/usr/bin/python3
"""Ten AdamW steps of two tiny T5 encoder-decoders, for tst_trainparity.

Run with Debian's PyTorch (python3-torch, 1.13) from the repository root:

    /usr/bin/python3 tests/reference/make_t5_train_reference.py

The model is make_t5_encdec_reference.py's plain-PyTorch T5ForConditionalGeneration (T5Stack
twice over the shared table, each stack with its own relative_attention_bias and
final_layer_norm, cross-attention in every decoder block; imported from it, with its weight
layout and the engine's tensor names). What training adds follows transformers' T5:

  T5ForConditionalGeneration.forward with labels: decoder_input_ids = _shift_right(labels), i.e.
  the labels moved one place right behind decoder_start_token_id (0) (teacher forcing), and
  CrossEntropyLoss over the decoder's logits against the labels. Here only the positions of a
  random mask count (mean over them), as in train_parity.py, so the masked loss is exercised.

  AdamW over every parameter: the shared table, both stacks' relative_attention_bias tables, every
  self- and cross-attention projection, the FFNs and the norms. Weight decay goes to the tensors
  the engine's registry marks as matrices (TransformerWeights::registry: the token table, both
  bucket tables and every projection), not to the norm scales; train_parity.py's
  hyper-parameters, warm-up and cosine schedule and clip_grad_norm_ to 1.0.

Each model gets tests/data/engine-features/<name>/ (design.json and weights.safetensors in the
engine's layout) and tests/data/train_parity_<name>.json: the 10 batches (the encoder's tokens, the
decoder's inputs, the labels and the mask), each step's loss and the loss on the first batch
after the tenth step.
"""

import json
import math
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_t5_albert_reference import OUT, V, save_safetensors  # noqa: E402
from make_t5_encdec_reference import D, design, engine, stack, weights  # noqa: E402

torch.set_num_threads(1)

TRAIN = {"lr": 3e-2, "min_lr_ratio": 0.1, "warmup": 3, "beta1": 0.9, "beta2": 0.98, "weight_decay": 0.1, "clip": 1.0}
STEPS, B, TE, TD = 10, 3, 9, 6
START = 0  # T5Config.decoder_start_token_id (the pad token)

MODELS = {
    # T5 v1.0: ReLU, tied head behind d_model^-0.5, 2 + 2 layers
    "t5-train-relu-tied": {"gated": False, "tied": True, "enc_layers": 2, "dec_layers": 2, "d_kv": 6,
                           "buckets": 8, "max_distance": 12},
    # T5 v1.1: gated-gelu, untied head, 2 + 3 layers
    "t5-train-gated-untied": {"gated": True, "tied": False, "enc_layers": 2, "dec_layers": 3, "d_kv": 5,
                              "buckets": 8, "max_distance": 12},
}


def used(cfg, w):
    """The tensors this model has (weights() draws every kind for every block; an encoder block has
    no cross-attention and no third norm, a tied model no lm_head, a dense FFN no wi_0/wi_1)."""
    out = {}
    for k, t in w.items():
        last = k.rsplit(".", 1)[-1]
        if k == "lm_head" and cfg["tied"]:
            continue
        if (cfg["gated"] and last == "wi") or (not cfg["gated"] and last in ("wi_0", "wi_1")):
            continue
        if k.startswith("encoder.block.") and (last in ("cq", "ck", "cv", "co") or k.endswith("layer.2.layer_norm")):
            continue
        out[k] = t
    return out


def decayed(k):
    """TransformerWeights::registry's matrix flag, by the reference's names: all but the norms."""
    return "layer_norm" not in k


def shift_right(labels):
    """T5PreTrainedModel._shift_right."""
    shifted = labels.new_zeros(labels.shape)
    shifted[..., 1:] = labels[..., :-1].clone()
    shifted[..., 0] = START
    return shifted


def logits_of(cfg, w, source, decoder_input):
    """(B, TD, V): each pair through the encoder and the decoder (make_t5_encdec_reference.stack)."""
    rows = []
    for b in range(source.shape[0]):
        enc, _, _ = stack(cfg, w, "encoder.", source[b].tolist())
        dec, _, _ = stack(cfg, w, "decoder.", decoder_input[b].tolist(), enc)
        if cfg["tied"]:
            rows.append((dec * D ** -0.5) @ w["shared"].t())
        else:
            rows.append(dec @ w["lm_head"].t())
    return torch.stack(rows)


def train(name, cfg, w):
    g = torch.Generator().manual_seed(20261202)
    params = {k: t.clone().requires_grad_(True) for k, t in used(cfg, w).items()}
    full = dict(w)
    full.update(params)  # the forward reads the trained tensors (and the unused ones untouched)
    batches = []
    for _ in range(STEPS):
        source = torch.randint(2, V, (B, TE), generator=g)
        labels = torch.randint(1, V, (B, TD), generator=g)
        mask = (torch.rand(B, TD, generator=g) < 0.7).float()
        mask[0, 0] = 1.0
        batches.append({"source": source, "labels": labels, "inputs": shift_right(labels), "mask": mask})

    def loss_of(batch):
        logits = logits_of(cfg, full, batch["source"], batch["inputs"])
        ce = torch.nn.functional.cross_entropy(logits.reshape(-1, V), batch["labels"].reshape(-1), reduction="none")
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
        for t in params.values():
            assert t.grad is not None  # every parameter, the encoder's included, gets a gradient
        torch.nn.utils.clip_grad_norm_(list(params.values()), TRAIN["clip"])
        for group in opt.param_groups:
            group["lr"] = lr_at(step)
        opt.step()
        losses.append(float(loss))
    with torch.no_grad():
        final = float(loss_of(batches[0]))
    return {
        "source": "tests/reference/make_t5_train_reference.py, PyTorch " + torch.__version__,
        "model": name, "train": TRAIN, "seq_len": TD, "encoder_seq_len": TE, "batch": B,
        "batches": [{"encoder_inputs": b["source"].reshape(-1).tolist(), "inputs": b["inputs"].reshape(-1).tolist(),
                     "targets": b["labels"].reshape(-1).tolist(), "mask": b["mask"].reshape(-1).tolist()}
                    for b in batches],
        "losses": losses, "final_loss": final,
    }


def gentle(w):
    """make_t5_encdec_reference's weights, scaled for training: its projections (std 0.3) and
    bucket tables (std 1.2) saturate softmaxes, so many gradients sit at rounding level, and
    AdamW's first steps (m / sqrt(v) = ±1 whatever the size) turn their rounding into full
    steps: two float32 implementations then part after a few steps. Projections of std 0.1 and
    tables of std 0.3 keep every gradient well above rounding."""
    out = {}
    for k, t in w.items():
        if "layer_norm" in k:
            out[k] = t
        elif "relative_attention_bias" in k:
            out[k] = t / 4
        else:
            out[k] = t / 3
    return out


def main():
    g = torch.Generator().manual_seed(20261202)
    for name, cfg in MODELS.items():
        w = gentle(weights(g, cfg))
        folder = os.path.join(OUT, name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "design.json"), "w") as f:
            json.dump(design(name, cfg), f, indent=2)
        save_safetensors(os.path.join(folder, "weights.safetensors"), engine(cfg, w))
        run = train(name, cfg, w)
        with open(os.path.join(OUT, "..", f"train_parity_{name}.json"), "w") as f:
            json.dump(run, f, separators=(",", ":"))
        print(name, "losses", run["losses"][0], "->", run["losses"][-1], "final", run["final_loss"])


if __name__ == "__main__":
    main()
