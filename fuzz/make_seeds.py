#!/usr/bin/env python3
"""Writes fuzz/corpus/<harness>/ seeds from the test fixtures, the presets and the lessons, plus small
binary checkpoints (safetensors and GGUF headers with tiny tensors, so the mutator works on the
header rather than on kilobytes of weights). Run from anywhere; rewrites the seeds it owns.
"""
import json
import pathlib
import shutil
import struct

root = pathlib.Path(__file__).resolve().parent.parent
corpus = root / "fuzz" / "corpus"


def seed_dir(name):
    d = corpus / name
    if d.exists():
        for f in d.iterdir():
            if f.name.startswith("seed-"):
                f.unlink()
    d.mkdir(parents=True, exist_ok=True)
    return d


def put(name, file, data):
    if name not in seed_dir.cache:
        seed_dir.cache[name] = seed_dir(name)
    (seed_dir.cache[name] / ("seed-" + file)).write_bytes(
        data if isinstance(data, bytes) else data.encode())


seed_dir.cache = {}

# --- design files: the v1 fixture, and every preset's design as a version-2 design file ---------
put("design", "v1-mixtral-like.json", (root / "tests/data/designs/v1-mixtral-like.json").read_bytes())
for p in sorted((root / "presets").glob("*.json")):
    if p.name == "hardware.json":
        continue
    put("preset", p.name, p.read_bytes())
    design = json.loads(p.read_text())["design"]
    put("design", p.name, json.dumps({"format": "transformer-explorer-design", "version": 2, "design": design}, indent=1))
put("design", "minimal.json", '{"format":"transformer-explorer-design","version":2,"design":{}}')

# --- Hugging Face config.json: the fixtures of tests/data/hf, reference/modern and the engine ----
for p in sorted((root / "tests/data/hf").glob("*/config.json")):
    put("hfconfig", p.parent.name + ".json", p.read_bytes())
for p in sorted((root / "tests/data/reference/modern").glob("*.json")):
    put("hfconfig", p.name, p.read_bytes())
for p in sorted((root / "tests/data/engine").glob("*/config.json")):
    put("hfconfig", "engine-" + p.parent.name + ".json", p.read_bytes())

# --- lessons, hardware --------------------------------------------------------------------------
for p in sorted((root / "resources/lessons").glob("*.json")):
    put("lesson", p.name, p.read_bytes())
hardware = (root / "presets/hardware.json").read_bytes()
put("hardware", "hardware.json", hardware)
catalog = json.loads(hardware)
catalog["devices"] = catalog["devices"][:1]
put("hardware", "one-device.json", json.dumps(catalog))

# --- tokenizers ---------------------------------------------------------------------------------
put("tokenizer_json", "sentencepiece-bpe.json", (root / "tests/data/tokenizer-json/tokenizer.json").read_bytes())
# A byte-level tokenizer.json (GPT-2 / Llama 3 style) made from the first GPT-2 merges.
vocab = json.loads((root / "tests/data/gpt2-tokenizer/vocab.json").read_text())
merges = (root / "tests/data/gpt2-tokenizer/merges.txt").read_text().split("\n")
head = [m for m in merges[1:61] if m]
small_vocab = {t: i for t, i in vocab.items() if i < 256 + len(head)}
put("tokenizer_json", "byte-level-bpe.json", json.dumps({
    "version": "1.0", "added_tokens": [], "normalizer": None,
    "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True},
    "post_processor": None, "decoder": {"type": "ByteLevel"},
    "model": {"type": "BPE", "dropout": None, "unk_token": None, "fuse_unk": False, "byte_fallback": False,
              "vocab": small_vocab, "merges": head}}, ensure_ascii=False, indent=1))
# A character-level tokenizer.json as train writes it for a masked LM: 256 byte tokens, the
# characters of a line of text, and [MASK] as a special token after them.
char_vocab = {f"<0x{b:02X}>": b for b in range(256)}
for c in "the cat sat":
    char_vocab.setdefault(c, len(char_vocab))
put("tokenizer_json", "chars-with-mask.json", json.dumps({
    "version": "1.0", "truncation": None, "padding": None,
    "added_tokens": [{"id": len(char_vocab), "content": "[MASK]", "single_word": False, "lstrip": False,
                      "rstrip": False, "normalized": False, "special": True}],
    "normalizer": None, "pre_tokenizer": None, "post_processor": None,
    "decoder": {"type": "Sequence", "decoders": [{"type": "ByteFallback"}, {"type": "Fuse"}]},
    "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": None,
              "end_of_word_suffix": None, "fuse_unk": False, "byte_fallback": True, "ignore_merges": False,
              "vocab": char_vocab, "merges": []}}, ensure_ascii=False))
sep = "\n=====merges=====\n"
put("gpt2_bpe", "first-60-merges.txt", json.dumps(small_vocab, ensure_ascii=False) + sep + "\n".join(merges[:61]) + "\n")
put("gpt2_bpe", "bytes-only.txt", json.dumps({t: i for t, i in vocab.items() if i < 256}, ensure_ascii=False) + sep + "#version: 0.2\n")

# --- --set edits --------------------------------------------------------------------------------
for i, edits in enumerate([
    "d_model=1024\nn_heads=16\nn_layers=24",
    "n_heads=32\nn_kv_heads=8\nhead_dim=128",
    "layout=encoder-decoder\nn_decoder_layers=6",
    "ffn=gated\nactivation=silu\nd_ff=11008",
    "attention=mla\nq_lora_rank=1536\nkv_lora_rank=512\nqk_nope_head_dim=128\nqk_rope_head_dim=64\nv_head_dim=128",
    "sliding_window=4096\nglobal_every=6\nlayer_types=sliding,full",
    "moe_experts=64\nmoe_top_k=8\nmoe_shared_experts=2",
    "positions=relative\nrelative_buckets=32\nnorm=rmsnorm\nnorm_placement=sandwich",
    "qk_norm=head\nattention_sinks=true\nattn_softcap=50\nfinal_softcap=30",
    "vocab_size=16777216\nmax_positions=16777216\nd_model=131072",
]):
    put("set", f"edits-{i}.txt", edits + "\n")

# --- safetensors --------------------------------------------------------------------------------
DTYPE_BYTES = {"F32": 4, "F16": 2, "BF16": 2, "I8": 1, "U8": 1, "F64": 8, "I64": 8, "F8_E4M3": 1, "BOOL": 1}


def safetensors(tensors, metadata=None):
    header, offset = {}, 0
    for name, dtype, shape in tensors:
        n = DTYPE_BYTES[dtype]
        for s in shape:
            n *= s
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + n]}
        offset += n
    if metadata:
        header["__metadata__"] = metadata
    h = json.dumps(header, separators=(",", ":")).encode()
    return struct.pack("<Q", len(h)) + h + bytes(offset)


d, ff, vocab_n, heads, kv, hd, layers = 8, 16, 16, 2, 1, 4, 2
llama = [("model.embed_tokens.weight", "BF16", [vocab_n, d])]
for i in range(layers):
    p = f"model.layers.{i}."
    llama += [(p + "self_attn.q_proj.weight", "BF16", [heads * hd, d]), (p + "self_attn.k_proj.weight", "BF16", [kv * hd, d]),
              (p + "self_attn.v_proj.weight", "BF16", [kv * hd, d]), (p + "self_attn.o_proj.weight", "BF16", [d, heads * hd]),
              (p + "mlp.gate_proj.weight", "BF16", [ff, d]), (p + "mlp.up_proj.weight", "BF16", [ff, d]),
              (p + "mlp.down_proj.weight", "BF16", [d, ff]), (p + "input_layernorm.weight", "BF16", [d]),
              (p + "post_attention_layernorm.weight", "BF16", [d])]
llama += [("model.norm.weight", "BF16", [d]), ("lm_head.weight", "BF16", [vocab_n, d])]
put("safetensors", "llama-tiny.safetensors", safetensors(llama, {"format": "pt"}))
qwen = [t for t in llama if t[0] != "lm_head.weight"]
for i in range(layers):
    qwen += [(f"model.layers.{i}.self_attn.q_norm.weight", "BF16", [hd]), (f"model.layers.{i}.self_attn.k_norm.weight", "BF16", [hd]),
             (f"model.layers.{i}.self_attn.q_proj.bias", "BF16", [heads * hd])]
put("safetensors", "qwen-tiny-tied.safetensors", safetensors(qwen))
gpt2 = [("wte.weight", "F32", [vocab_n, d]), ("wpe.weight", "F32", [32, d])]
for i in range(layers):
    p = f"h.{i}."
    gpt2 += [(p + "ln_1.weight", "F32", [d]), (p + "ln_1.bias", "F32", [d]), (p + "attn.c_attn.weight", "F32", [d, 3 * d]),
             (p + "attn.c_attn.bias", "F32", [3 * d]), (p + "attn.c_proj.weight", "F32", [d, d]), (p + "attn.c_proj.bias", "F32", [d]),
             (p + "ln_2.weight", "F32", [d]), (p + "ln_2.bias", "F32", [d]), (p + "mlp.c_fc.weight", "F32", [d, 4 * d]),
             (p + "mlp.c_fc.bias", "F32", [4 * d]), (p + "mlp.c_proj.weight", "F32", [4 * d, d]), (p + "mlp.c_proj.bias", "F32", [d])]
gpt2 += [("ln_f.weight", "F32", [d]), ("ln_f.bias", "F32", [d])]
put("safetensors", "gpt2-tiny-f32.safetensors", safetensors(gpt2))
put("safetensors", "dtypes.safetensors", safetensors(
    [("a", "F64", [2]), ("b", "I8", [3, 1]), ("c", "F8_E4M3", [4]), ("d", "BOOL", [2]), ("e", "I64", []), ("f", "U8", [0])],
    {"note": "every dtype"}))
put("safetensors", "empty.safetensors", safetensors([]))

# --- safetensors index (the harness puts shards "a" F32 [2,3] and "b" BF16 [4] beside it) ------
s1, s2 = "model-00001-of-00002.safetensors", "model-00002-of-00002.safetensors"
put("safetensors_index", "two-shards.json", json.dumps({"metadata": {"total_size": 32}, "weight_map": {"a": s1, "b": s2}}, indent=2))
put("safetensors_index", "one-shard.json", json.dumps({"metadata": {"total_size": 24}, "weight_map": {"a": s1}}))
put("safetensors_index", "no-metadata.json", json.dumps({"weight_map": {"b": s2, "a": s1}}))

# --- GGUF (ggml docs/gguf.md, v3; v2 has the same layout) ---------------------------------------
U8, I8, U16, I16, U32, I32, F32, BOOL, STRING, ARRAY, U64, I64, F64 = range(13)
GGML = {"F32": (0, 1, 4), "F16": (1, 1, 2), "Q8_0": (8, 32, 34), "Q4_K": (12, 256, 144), "BF16": (30, 1, 2)}


def gstr(s):
    b = s.encode()
    return struct.pack("<Q", len(b)) + b


def gvalue(t, v):
    fmt = {U8: "<B", I8: "<b", U16: "<H", I16: "<h", U32: "<I", I32: "<i", F32: "<f", BOOL: "<?", U64: "<Q", I64: "<q", F64: "<d"}
    if t == STRING:
        return gstr(v)
    if t == ARRAY:
        et, items = v
        return struct.pack("<IQ", et, len(items)) + b"".join(gvalue(et, x) for x in items)
    return struct.pack(fmt[t], v)


def gguf(kvs, tensors, version=3, alignment=32):
    out = b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(kvs))
    for k, t, v in kvs:
        out += gstr(k) + struct.pack("<I", t) + gvalue(t, v)
    offset, infos = 0, b""
    for name, typ, ne in tensors:
        gtype, block, block_bytes = GGML[typ]
        n = 1
        for x in ne:
            n *= x
        infos += gstr(name) + struct.pack("<I", len(ne)) + b"".join(struct.pack("<Q", x) for x in ne) + struct.pack("<IQ", gtype, offset)
        offset += (n // block) * block_bytes
        offset = (offset + alignment - 1) // alignment * alignment
    out += infos
    out += bytes((-len(out)) % alignment)
    return out + bytes(offset)


meta = [("general.architecture", STRING, "llama"), ("general.name", STRING, "tiny"), ("general.alignment", U32, 32),
        ("llama.block_count", U32, layers), ("llama.context_length", U32, 64), ("llama.embedding_length", U32, d),
        ("llama.feed_forward_length", U32, ff), ("llama.attention.head_count", U32, heads),
        ("llama.attention.head_count_kv", U32, kv), ("llama.rope.freq_base", F32, 10000.0),
        ("llama.attention.layer_norm_rms_epsilon", F32, 1e-5), ("tokenizer.ggml.model", STRING, "gpt2"),
        ("tokenizer.ggml.tokens", ARRAY, (STRING, [f"t{i}" for i in range(vocab_n)])),
        ("tokenizer.ggml.token_type", ARRAY, (I32, [1] * vocab_n))]
gt = [("token_embd.weight", "F16", [d, vocab_n])]
for i in range(layers):
    p = f"blk.{i}."
    gt += [(p + "attn_norm.weight", "F32", [d]), (p + "attn_q.weight", "F16", [d, heads * hd]), (p + "attn_k.weight", "F16", [d, kv * hd]),
           (p + "attn_v.weight", "F16", [d, kv * hd]), (p + "attn_output.weight", "F16", [heads * hd, d]),
           (p + "ffn_norm.weight", "F32", [d]), (p + "ffn_gate.weight", "F16", [d, ff]), (p + "ffn_up.weight", "F16", [d, ff]),
           (p + "ffn_down.weight", "F16", [ff, d])]
gt += [("output_norm.weight", "F32", [d]), ("output.weight", "F16", [d, vocab_n])]
put("gguf", "llama-tiny-v3.gguf", gguf(meta, gt))
put("gguf", "llama-tiny-v2.gguf", gguf(meta, gt, version=2))
put("gguf", "quantised.gguf", gguf([("general.architecture", STRING, "llama"), ("a.u8", U8, 1), ("a.i8", I8, -1), ("a.u16", U16, 2),
                                    ("a.i16", I16, -2), ("a.i32", I32, -3), ("a.u64", U64, 4), ("a.i64", I64, -4), ("a.f64", F64, 0.5),
                                    ("a.bool", BOOL, True), ("a.nested", ARRAY, (ARRAY, [(U8, [1, 2]), (STRING, ["x"])]))],
                                   [("q8", "Q8_0", [64]), ("q4k", "Q4_K", [256, 2]), ("bf", "BF16", [3])]))
put("gguf", "empty.gguf", gguf([], []))
print("seeds:", {k: len(list(v.iterdir())) for k, v in sorted(seed_dir.cache.items())})
