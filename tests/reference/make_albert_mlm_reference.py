#!/usr/bin/python3
"""Writes tiny random ALBERT masked-LM checkpoints and their reference outputs, for tst_hfalbertcheckpoint.

Run with Debian's PyTorch (python3-torch, 1.13) from the repository root:

    /usr/bin/python3 tests/reference/make_albert_mlm_reference.py

transformers is not installable here, so AlbertForMaskedLM is re-implemented in plain PyTorch,
operation for operation, after the eager code of transformers
(src/transformers/models/albert/modeling_albert.py):

  AlbertEmbeddings     word_embeddings (vocab, embedding_size) + token_type_embeddings of the
                       default token_type_ids (all 0) + position_embeddings, then
                       LayerNorm(embedding_size, eps=layer_norm_eps)
  AlbertTransformer    embedding_hidden_mapping_in = nn.Linear(embedding_size, hidden_size); layer i
                       runs albert_layer_groups[int(i / (num_hidden_layers / num_hidden_groups))]
  AlbertAttention      query, key, value; scores / sqrt(head size), softmax (no mask without
                       padding), dense, LayerNorm(hidden + attention output)
  AlbertLayer          full_layer_layer_norm(ffn_output(act(ffn(h))) + h), act = ACT2FN[hidden_act]
  AlbertMLMHead        dense (hidden_size -> embedding_size), act, LayerNorm(embedding_size), decoder
                       = nn.Linear(embedding_size, vocab_size) whose weight is word_embeddings
                       (tie_word_embeddings) and whose bias is predictions.bias

ACT2FN["gelu_new"] is NewGELUActivation: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
layer_norm_eps is ALBERT's own 1e-12.

Each model folder (tests/data/engine/<name>) gets config.json (as AlbertConfig.save_pretrained
writes it), model.safetensors with the Hugging Face names and shapes (nn.Linear weights (out,
in); the tied predictions.decoder.weight and predictions.decoder.bias left out, as
save_pretrained leaves out _tied_weights_keys), and reference.json with tokens, the masked-LM
logits (T x vocab) and attention (layers x heads x T x T).
"""

import json
import math
import os
import struct

import torch

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "engine")

D, H, F, V, P, TYPES = 16, 4, 24, 40, 64, 2
EPS = 1e-12
IDS = [2, 17, 22, 8, 4, 29, 1, 35, 12, 5, 39, 0, 14, 14, 27, 9, 31, 3]


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


def gelu_new(x):
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


def layer_norm(x, w, b):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), w, b, EPS)


def linear(w, name, x):
    return x @ w[name + ".weight"].t() + w[name + ".bias"]


def forward(cfg, w, ids):
    T, L, G = len(ids), cfg["layers"], cfg["groups"]
    HD = D // H
    e = "albert.embeddings."
    emb = w[e + "word_embeddings.weight"][torch.tensor(ids)] + w[e + "token_type_embeddings.weight"][0]
    emb = emb + w[e + "position_embeddings.weight"][:T]
    emb = layer_norm(emb, w[e + "LayerNorm.weight"], w[e + "LayerNorm.bias"])
    h = linear(w, "albert.encoder.embedding_hidden_mapping_in", emb)
    atts = []
    for i in range(L):
        p = f"albert.encoder.albert_layer_groups.{int(i / (L / G))}.albert_layers.0."
        q = linear(w, p + "attention.query", h).view(T, H, HD).transpose(0, 1)
        k = linear(w, p + "attention.key", h).view(T, H, HD).transpose(0, 1)
        v = linear(w, p + "attention.value", h).view(T, H, HD).transpose(0, 1)
        probs = torch.softmax((q @ k.transpose(-1, -2)) / math.sqrt(HD), dim=-1)
        atts.append(probs)
        ctx = (probs @ v).transpose(0, 1).reshape(T, D)
        a = layer_norm(h + linear(w, p + "attention.dense", ctx), w[p + "attention.LayerNorm.weight"],
                       w[p + "attention.LayerNorm.bias"])
        f = linear(w, p + "ffn_output", gelu_new(linear(w, p + "ffn", a)))
        h = layer_norm(f + a, w[p + "full_layer_layer_norm.weight"], w[p + "full_layer_layer_norm.bias"])
    m = gelu_new(linear(w, "predictions.dense", h))
    m = layer_norm(m, w["predictions.LayerNorm.weight"], w["predictions.LayerNorm.bias"])
    logits = m @ w[e + "word_embeddings.weight"].t() + w["predictions.bias"]  # the tied decoder
    return logits, torch.stack(atts)


def weights(g, cfg):
    n = lambda *s: torch.randn(*s, generator=g) * 0.3
    E = cfg["embedding"]
    e = "albert.embeddings."
    w = {e + "word_embeddings.weight": n(V, E), e + "position_embeddings.weight": n(P, E),
         e + "token_type_embeddings.weight": n(TYPES, E), e + "LayerNorm.weight": 1 + n(E), e + "LayerNorm.bias": n(E),
         "albert.encoder.embedding_hidden_mapping_in.weight": n(D, E),
         "albert.encoder.embedding_hidden_mapping_in.bias": n(D)}
    for gi in range(cfg["groups"]):
        p = f"albert.encoder.albert_layer_groups.{gi}.albert_layers.0."
        for name in ("attention.query", "attention.key", "attention.value", "attention.dense"):
            w[p + name + ".weight"], w[p + name + ".bias"] = n(D, D) * 1.5, n(D)
        w[p + "attention.LayerNorm.weight"], w[p + "attention.LayerNorm.bias"] = 1 + n(D), n(D)
        w[p + "ffn.weight"], w[p + "ffn.bias"] = n(F, D), n(F)
        w[p + "ffn_output.weight"], w[p + "ffn_output.bias"] = n(D, F), n(D)
        w[p + "full_layer_layer_norm.weight"], w[p + "full_layer_layer_norm.bias"] = 1 + n(D), n(D)
    w["predictions.dense.weight"], w["predictions.dense.bias"] = n(E, D) * 2, n(E)
    w["predictions.LayerNorm.weight"], w["predictions.LayerNorm.bias"] = 1 + n(E), n(E)
    w["predictions.bias"] = n(V)
    return w


def config(cfg):
    return {"architectures": ["AlbertForMaskedLM"], "model_type": "albert", "vocab_size": V,
            "embedding_size": cfg["embedding"], "hidden_size": D, "num_hidden_layers": cfg["layers"],
            "num_hidden_groups": cfg["groups"], "inner_group_num": 1, "num_attention_heads": H,
            "intermediate_size": F, "hidden_act": "gelu_new", "max_position_embeddings": P,
            "type_vocab_size": TYPES, "layer_norm_eps": EPS, "position_embedding_type": "absolute",
            "hidden_dropout_prob": 0.0, "attention_probs_dropout_prob": 0.0, "torch_dtype": "float32"}


MODELS = {
    "albert-mlm-shared": {"embedding": 8, "layers": 3, "groups": 1},
    "albert-mlm-two-groups": {"embedding": 6, "layers": 4, "groups": 2},
}


def main():
    g = torch.Generator().manual_seed(20261217)
    for name, cfg in MODELS.items():
        w = weights(g, cfg)
        with torch.no_grad():
            logits, att = forward(cfg, w, IDS)
        folder = os.path.join(OUT, name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "config.json"), "w") as f:
            json.dump(config(cfg), f, indent=2)
        save_safetensors(os.path.join(folder, "model.safetensors"), w)
        ref = {
            "source": "tests/reference/make_albert_mlm_reference.py, PyTorch " + torch.__version__,
            "tokens": IDS,
            "logits": [[round(float(x), 7) for x in row] for row in logits],
            "attention": [[[[round(float(x), 7) for x in row] for row in head] for head in layer] for layer in att],
        }
        with open(os.path.join(folder, "reference.json"), "w") as f:
            json.dump(ref, f, separators=(",", ":"))
        print(name, "tensors", len(w), "logits", tuple(logits.shape), "attention", tuple(att.shape))


if __name__ == "__main__":
    main()
