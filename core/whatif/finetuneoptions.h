#pragma once

#include <QString>

namespace tx {

// Full fine-tuning, LoRA (Hu et al. 2021) on a 16-bit (or the design's) frozen base, or QLoRA
// (Dettmers et al. 2023): the frozen base's linear weights in NF4 with double-quantised scales,
// bf16 adapters, a paged AdamW.
enum class FineTuneMethod { Full, Lora, Qlora };

// The matrices that get adapters (PEFT's target_modules), as bit flags.
// Gate/Up/Down adapt the dense FFN layers and the shared experts; Experts also adapts the
// chosen FFN matrices of every routed expert (all three when none is chosen). The router is
// never adapted. Embeddings adapts the token table (V, e), Head the vocabulary projection (d, V).
enum LoraTarget : unsigned {
    TargetQ = 1u << 0,
    TargetK = 1u << 1,
    TargetV = 1u << 2,
    TargetO = 1u << 3,
    TargetGate = 1u << 4,
    TargetUp = 1u << 5,
    TargetDown = 1u << 6,
    TargetExperts = 1u << 7,
    TargetEmbeddings = 1u << 8,
    TargetHead = 1u << 9,
    TargetAttention = TargetQ | TargetK | TargetV | TargetO,
    TargetFfn = TargetGate | TargetUp | TargetDown,
    TargetAllLinear = TargetAttention | TargetFfn | TargetExperts, // QLoRA's "all linear layers"
};

struct FineTuneOptions
{
    FineTuneMethod method = FineTuneMethod::Lora;
    int rank = 16;          // r
    double alpha = 32;      // the update is scaled by α/r; changes no memory
    double dropout = 0.05;  // on the adapters' input: > 0 keeps a dropped copy and a mask per adapter
    unsigned targets = TargetQ | TargetV;
    bool gradientCheckpointing = true; // recompute each layer in the backward (Hugging Face's per-layer checkpoints)
    int sequenceLength = 512; // tokens per sequence (s)
    int microBatch = 1;       // sequences per device per step (b)
    bool pagedOptimizer = true; // QLoRA: optimizer states in unified memory, paged to CPU RAM under pressure

    bool operator==(const FineTuneOptions &) const = default;
};

// Stable names, as on the command line: full, lora, qlora; q, k, v, o, gate, up, down, experts,
// embeddings, head (comma-separated; also "attention", "ffn", "all-linear").
QString toString(FineTuneMethod m);
bool fromString(const QString &s, FineTuneMethod &out);
QString targetsToString(unsigned targets);
bool targetsFromString(const QString &s, unsigned &out);

} // namespace tx
