#!/usr/bin/python3
"""Writes tiny random T5 encoder-decoders and their reference outputs, for tst_engineencdec.

Run with Debian's PyTorch (python3-torch, 1.13) from the repository root:

    /usr/bin/python3 tests/reference/make_t5_encdec_reference.py

transformers is not installable here, so T5ForConditionalGeneration is re-implemented in plain
PyTorch, operation for operation, after the eager code path of transformers'
src/transformers/models/t5/modeling_t5.py (the helpers shared with make_t5_albert_reference.py,
relative_position_bucket, t5_bias, t5_norm and gelu_new, are imported from it):

  T5Stack runs twice over the shared token table: the encoder (is_decoder False: bidirectional
  buckets, no mask) and the decoder (is_decoder True: unidirectional buckets plus the causal
  mask). Each stack has its own relative_attention_bias in block 0, reused by its later blocks,
  and its own final_layer_norm.
  T5Block: layer[0] T5LayerSelfAttention, then in the decoder layer[1] T5LayerCrossAttention,
  then layer[-1] T5LayerFF, each a pre-norm residual block (T5LayerNorm: x * rsqrt(mean x² + eps)
  * w). The cross-attention is T5Attention with key_value_states = the encoder's output (after its
  final_layer_norm): q from the normalised decoder states, k and v projected from the encoder
  output, has_relative_attention_bias False so its position_bias is zeros, no mask (every encoder
  token is real), scores = q @ kᵀ with no 1/sqrt(d_kv), softmax in float, then o.
  T5DenseActDense (wo(relu(wi(x)))) for T5 v1.0, T5DenseGatedActDense (wo(gelu_new(wi_0(x)) *
  wi_1(x))) for v1.1's gated-gelu.
  T5ForConditionalGeneration: sequence_output * d_model**-0.5 before a tied lm_head (v1.0); the
  untied lm_head of v1.1 has no rescale.

Each model directory (tests/data/engine-features/<name>) gets design.json, weights.safetensors
with the engine's own tensors (TransformerWeights registry names and layouts: the encoder's layers
first, then the decoder's; y = x W with W stored (in, out); q, k, v fused as [q | k | v];
cross-attention's k and v as crossKv [k | v]; gate and up as [gate | up]) and reference.json with
the encoder's and the decoder's tokens, the logits (T_dec x vocab), the decoder's self-attention
(layers x heads x T_dec x T_dec), the cross-attention (layers x heads x T_dec x T_enc) and the
encoder's self-attention (layers x heads x T_enc x T_enc).

The same weights are also written as a Hugging Face checkpoint, tests/data/engine/<name>/ with
config.json (T5Config: model_type t5) and model.safetensors under T5ForConditionalGeneration's
names (shared.weight, {encoder,decoder}.block.N.layer.0.SelfAttention.{q,k,v,o}.weight,
block.0's relative_attention_bias, decoder layer.1.EncDecAttention, DenseReluDense.wi or
wi_0/wi_1 and wo, the layer norms, final_layer_norm, lm_head.weight when untied; nn.Linear
(out, in)), for tst_hft5checkpoint, whose logits are the reference.json's above.
"""

import json
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_t5_albert_reference import (  # noqa: E402
    D, EPS, F, H, OUT, P, V, gelu_new, save_safetensors, t5_bias, t5_norm)

# The encoder reads 13 tokens, the decoder 7 beginning with decoder_start_token_id (0), so
# cross-attention is not square and every bucket kind shows in both stacks.
ENCODER_IDS = [3, 17, 22, 8, 8, 29, 1, 35, 12, 5, 39, 14, 27]
DECODER_IDS = [0, 9, 31, 2, 20, 11, 6]


def attention(q, k, v, bias=None):
    """T5Attention after the projections: (H, Tq, HD) x (H, Tk, HD) → probs (H, Tq, Tk), out (Tq, H·HD)."""
    scores = q @ k.transpose(-1, -2)  # no 1/sqrt(d_kv)
    if bias is not None:
        scores = scores + bias
    probs = torch.softmax(scores.float(), dim=-1)
    return probs, (probs @ v).transpose(0, 1).reshape(q.shape[1], -1)


def heads(x, HD):
    return x.view(x.shape[0], H, HD).transpose(0, 1)


def ffn(cfg, w, p, x):
    if cfg["gated"]:
        return (gelu_new(x @ w[p + "wi_0"].t()) * (x @ w[p + "wi_1"].t())) @ w[p + "wo"].t()
    return torch.relu(x @ w[p + "wi"].t()) @ w[p + "wo"].t()


def stack(cfg, w, prefix, ids, encoder_out=None):
    """T5Stack: the encoder (encoder_out None) or the decoder over encoder_out."""
    HD, decoder = cfg["d_kv"], encoder_out is not None
    T = len(ids)
    h = w["shared"][torch.tensor(ids)]
    bias = t5_bias(w[prefix + "relative_attention_bias"], T, not decoder, cfg["buckets"], cfg["max_distance"])[0]
    if decoder:  # the extended causal mask, added to the position bias
        causal = torch.tril(torch.ones(T, T, dtype=torch.bool))
        bias = bias + torch.where(causal, torch.tensor(0.0), torch.tensor(torch.finfo(torch.float32).min))
    selfs, crosses = [], []
    for i in range(cfg["dec_layers"] if decoder else cfg["enc_layers"]):
        p = f"{prefix}block.{i}."
        x = t5_norm(h, w[p + "layer.0.layer_norm"])
        probs, o = attention(heads(x @ w[p + "q"].t(), HD), heads(x @ w[p + "k"].t(), HD),
                             heads(x @ w[p + "v"].t(), HD), bias)
        selfs.append(probs)
        h = h + o @ w[p + "o"].t()
        if decoder:  # T5LayerCrossAttention: keys and values from the encoder, position_bias zeros
            x = t5_norm(h, w[p + "layer.1.layer_norm"])
            probs, o = attention(heads(x @ w[p + "cq"].t(), HD), heads(encoder_out @ w[p + "ck"].t(), HD),
                                 heads(encoder_out @ w[p + "cv"].t(), HD))
            crosses.append(probs)
            h = h + o @ w[p + "co"].t()
        x = t5_norm(h, w[p + ("layer.2.layer_norm" if decoder else "layer.1.layer_norm")])
        h = h + ffn(cfg, w, p, x)
    return t5_norm(h, w[prefix + "final_layer_norm"]), torch.stack(selfs), (torch.stack(crosses) if decoder else None)


def forward(cfg, w):
    enc, enc_att, _ = stack(cfg, w, "encoder.", ENCODER_IDS)
    dec, dec_att, cross = stack(cfg, w, "decoder.", DECODER_IDS, enc)
    if cfg["tied"]:
        logits = (dec * D ** -0.5) @ w["shared"].t()
    else:
        logits = dec @ w["lm_head"].t()
    return logits, dec_att, cross, enc_att


def weights(g, cfg):
    n = lambda *s: torch.randn(*s, generator=g) * 0.3
    HD = cfg["d_kv"]
    w = {"shared": n(V, D), "lm_head": n(V, D)}
    for prefix, layers in (("encoder.", cfg["enc_layers"]), ("decoder.", cfg["dec_layers"])):
        w[prefix + "final_layer_norm"] = 1 + n(D)
        w[prefix + "relative_attention_bias"] = n(cfg["buckets"], H) * 4
        for i in range(layers):
            p = f"{prefix}block.{i}."
            for norm in ("layer.0.layer_norm", "layer.1.layer_norm", "layer.2.layer_norm"):
                w[p + norm] = 1 + n(D)
            for name in ("q", "k", "v", "cq", "ck", "cv"):
                w[p + name] = n(H * HD, D) * (1.5 if name.startswith("c") else 1)
            w[p + "o"], w[p + "co"] = n(D, H * HD), n(D, H * HD)
            w[p + "wi"], w[p + "wi_0"], w[p + "wi_1"], w[p + "wo"] = n(F, D), n(F, D), n(F, D), n(D, F)
    return w


def engine(cfg, w):
    e = {"tokenEmbedding": w["shared"], "relativeBias": w["decoder.relative_attention_bias"],
         "encoderRelativeBias": w["encoder.relative_attention_bias"],
         "encoderFinalNormScale": w["encoder.final_layer_norm"], "finalNormScale": w["decoder.final_layer_norm"]}
    Le = cfg["enc_layers"]
    for prefix, layers, base in (("encoder.", Le, 0), ("decoder.", cfg["dec_layers"], Le)):
        decoder = prefix == "decoder."
        for i in range(layers):
            p, q = f"{prefix}block.{i}.", f"layers.{base + i}."
            e[q + "norm1Scale"] = w[p + "layer.0.layer_norm"]
            e[q + "qkv"] = torch.cat([w[p + "q"], w[p + "k"], w[p + "v"]], dim=0).t()
            e[q + "attnOut"] = w[p + "o"].t()
            if decoder:
                e[q + "crossNormScale"] = w[p + "layer.1.layer_norm"]
                e[q + "crossQ"] = w[p + "cq"].t()
                e[q + "crossKv"] = torch.cat([w[p + "ck"], w[p + "cv"]], dim=0).t()
                e[q + "crossOut"] = w[p + "co"].t()
            e[q + "norm2Scale"] = w[p + ("layer.2.layer_norm" if decoder else "layer.1.layer_norm")]
            e[q + "ffnIn"] = torch.cat([w[p + "wi_0"], w[p + "wi_1"]], dim=0).t() if cfg["gated"] else w[p + "wi"].t()
            e[q + "ffnOut"] = w[p + "wo"].t()
    if not cfg["tied"]:
        e["lmHead"] = w["lm_head"]
    return e


def design(name, cfg):
    return {"format": "transformer-explorer-design", "version": 2, "design": {
        "name": name, "layout": "encoder-decoder", "d_model": D, "n_layers": cfg["enc_layers"],
        "n_decoder_layers": cfg["dec_layers"], "n_heads": H, "n_kv_heads": H, "head_dim": cfg["d_kv"], "d_ff": F,
        "ffn": "gated" if cfg["gated"] else "dense", "activation": "gelu_tanh" if cfg["gated"] else "relu",
        "vocab_size": V, "max_positions": P, "positions": "relative", "relative_buckets": cfg["buckets"],
        "relative_max_distance": cfg["max_distance"], "norm": "rmsnorm", "norm_placement": "pre",
        "final_norm": True, "qkv_bias": False, "attn_out_bias": False, "ffn_bias": False,
        "tied_embeddings": cfg["tied"], "weight_precision": "fp32"}}


MODELS = {
    # T5 v1.0: ReLU, tied head (d_model^-0.5), 2 + 2 layers
    "t5-encdec-relu-tied": {"gated": False, "tied": True, "enc_layers": 2, "dec_layers": 2, "d_kv": 6,
                            "buckets": 8, "max_distance": 12},
    # T5 v1.1: gated-gelu, untied head, 2 + 3 layers
    "t5-encdec-gated-untied": {"gated": True, "tied": False, "enc_layers": 2, "dec_layers": 3, "d_kv": 5,
                               "buckets": 8, "max_distance": 12},
}


ENGINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "engine")


def hf_tensors(cfg, w):
    """T5ForConditionalGeneration's state dict, as save_pretrained writes it (shared once)."""
    t = {"shared.weight": w["shared"]}
    for prefix, layers in (("encoder.", cfg["enc_layers"]), ("decoder.", cfg["dec_layers"])):
        decoder = prefix == "decoder."
        t[prefix + "block.0.layer.0.SelfAttention.relative_attention_bias.weight"] = w[prefix + "relative_attention_bias"]
        t[prefix + "final_layer_norm.weight"] = w[prefix + "final_layer_norm"]
        for i in range(layers):
            p = f"{prefix}block.{i}."
            for n in ("q", "k", "v", "o"):
                t[p + f"layer.0.SelfAttention.{n}.weight"] = w[p + n]
            t[p + "layer.0.layer_norm.weight"] = w[p + "layer.0.layer_norm"]
            if decoder:
                for n in ("q", "k", "v", "o"):
                    t[p + f"layer.1.EncDecAttention.{n}.weight"] = w[p + "c" + n]
                t[p + "layer.1.layer_norm.weight"] = w[p + "layer.1.layer_norm"]
            f = p + ("layer.2." if decoder else "layer.1.")
            for n in (("wi_0", "wi_1") if cfg["gated"] else ("wi",)) + ("wo",):
                t[f + f"DenseReluDense.{n}.weight"] = w[p + n]
            t[f + "layer_norm.weight"] = w[p + ("layer.2.layer_norm" if decoder else "layer.1.layer_norm")]
    if not cfg["tied"]:
        t["lm_head.weight"] = w["lm_head"]
    return t


def hf_config(cfg):
    return {"architectures": ["T5ForConditionalGeneration"], "model_type": "t5", "is_encoder_decoder": True,
            "d_model": D, "d_kv": cfg["d_kv"], "d_ff": F, "num_layers": cfg["enc_layers"],
            "num_decoder_layers": cfg["dec_layers"], "num_heads": H, "vocab_size": V, "n_positions": P,
            "relative_attention_num_buckets": cfg["buckets"], "relative_attention_max_distance": cfg["max_distance"],
            "feed_forward_proj": "gated-gelu" if cfg["gated"] else "relu", "layer_norm_epsilon": EPS,
            "tie_word_embeddings": cfg["tied"], "decoder_start_token_id": 0, "pad_token_id": 0, "eos_token_id": 1,
            "torch_dtype": "float32"}


def nested(t):
    if t.dim() == 0:
        return round(float(t), 7)
    return [nested(x) for x in t]


def main():
    g = torch.Generator().manual_seed(20261217)
    for name, cfg in MODELS.items():
        w = weights(g, cfg)
        with torch.no_grad():
            logits, dec_att, cross, enc_att = forward(cfg, w)
        folder = os.path.join(OUT, name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "design.json"), "w") as f:
            json.dump(design(name, cfg), f, indent=2)
        save_safetensors(os.path.join(folder, "weights.safetensors"), engine(cfg, w))
        ref = {"source": "tests/reference/make_t5_encdec_reference.py, PyTorch " + torch.__version__,
               "encoder_tokens": ENCODER_IDS, "tokens": DECODER_IDS, "logits": nested(logits),
               "attention": nested(dec_att), "cross_attention": nested(cross), "encoder_attention": nested(enc_att)}
        with open(os.path.join(folder, "reference.json"), "w") as f:
            json.dump(ref, f, separators=(",", ":"))
        hf = os.path.join(ENGINE, name)
        os.makedirs(hf, exist_ok=True)
        with open(os.path.join(hf, "config.json"), "w") as f:
            json.dump(hf_config(cfg), f, indent=2)
        save_safetensors(os.path.join(hf, "model.safetensors"), hf_tensors(cfg, w))
        print(name, "logits", tuple(logits.shape), "cross", tuple(cross.shape), "encoder", tuple(enc_att.shape))


if __name__ == "__main__":
    main()
