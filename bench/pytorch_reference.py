#!/usr/bin/python3
"""The PyTorch side of bench_forward --pytorch and bench_train --pytorch: times the same
GPT-2-family model (learned positions, pre-LayerNorm, GELU-tanh, biases, tied head) in
PyTorch (Debian 12: python3-torch 1.13 with OpenBLAS) and prints `median_ms: X` and
`median_cpu_ms: X` (CPU time summed over threads).

    /usr/bin/python3 bench/pytorch_reference.py --mode forward|train --vocab V --d D --layers L
        --heads H --dff F --seq T --batch B --threads N --repeats R

forward: one no-grad pass with the attention probabilities computed (the engine's bench
captures them too). train: forward, cross-entropy, backward, gradient clipping and an AdamW
step, like bench_train.
"""
import argparse
import math
import statistics
import time

import torch
import torch.nn.functional as F


def main():
    ap = argparse.ArgumentParser()
    for k in ("vocab", "d", "layers", "heads", "dff", "seq", "batch", "threads", "repeats"):
        ap.add_argument("--" + k, type=int, required=True)
    ap.add_argument("--mode", choices=("forward", "train"), required=True)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    torch.manual_seed(1)
    d, V, T, B, H = a.d, a.vocab, a.seq, a.batch, a.heads
    hd = d // H

    def w(*shape, std=0.02):
        return (torch.randn(*shape) * std).requires_grad_(a.mode == "train")

    def z(*shape):
        return torch.zeros(*shape).requires_grad_(a.mode == "train")

    def o(*shape):
        return torch.ones(*shape).requires_grad_(a.mode == "train")

    wte, wpe = w(V, d), w(T, d)
    layers = [dict(ln1w=o(d), ln1b=z(d), qkv=w(d, 3 * d), qkvb=z(3 * d), proj=w(d, d), projb=z(d),
                   ln2w=o(d), ln2b=z(d), fc=w(d, a.dff), fcb=z(a.dff), out=w(a.dff, d), outb=z(d))
              for _ in range(a.layers)]
    lnfw, lnfb = o(d), z(d)
    params = [wte, wpe, lnfw, lnfb] + [t for l in layers for t in l.values()]
    mask = torch.triu(torch.ones(T, T, dtype=torch.bool), 1)
    scale = 1.0 / math.sqrt(hd)

    def forward(idx):
        x = wte[idx] + wpe[:T]
        for l in layers:
            h = F.layer_norm(x, (d,), l["ln1w"], l["ln1b"])
            qkv = torch.addmm(l["qkvb"], h.view(-1, d), l["qkv"]).view(B, T, 3, H, hd)
            q, k, v = qkv.unbind(2)
            q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)  # (B, H, T, hd)
            att = (q @ k.transpose(-1, -2)) * scale
            att = att.masked_fill(mask, float("-inf")).softmax(-1)
            y = (att @ v).transpose(1, 2).reshape(B * T, d)
            x = x + torch.addmm(l["projb"], y, l["proj"]).view(B, T, d)
            h = F.layer_norm(x, (d,), l["ln2w"], l["ln2b"]).view(-1, d)
            m = F.gelu(torch.addmm(l["fcb"], h, l["fc"]), approximate="tanh")
            x = x + torch.addmm(l["outb"], m, l["out"]).view(B, T, d)
        x = F.layer_norm(x, (d,), lnfw, lnfb)
        return x.view(-1, d) @ wte.t()

    idx = torch.randint(0, V, (B, T))
    targets = torch.randint(0, V, (B * T,))
    opt = torch.optim.AdamW(params, lr=1e-3, foreach=False) if a.mode == "train" else None

    def once():
        if a.mode == "forward":
            with torch.no_grad():
                forward(idx)
            return
        opt.zero_grad(set_to_none=False)
        loss = F.cross_entropy(forward(idx), targets)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()

    for _ in range(2):  # warm-up: allocations, AdamW state, thread pool
        once()
    ms, cpu = [], []
    for _ in range(a.repeats):
        start, cpu_start = time.perf_counter(), time.process_time()
        once()
        ms.append((time.perf_counter() - start) * 1e3)
        cpu.append((time.process_time() - cpu_start) * 1e3)
    # CPU time summed over threads: on a shared machine it measures the work, not the waiting.
    print(f"median_ms: {statistics.median(ms):.3f}")
    print(f"median_cpu_ms: {statistics.median(cpu):.3f}")


if __name__ == "__main__":
    main()
