#pragma once

#include "core/estimate/paramcount.h"

#include <QString>

#include <cstdint>

namespace tx {

// Every number the program shows for one design under one set of assumptions, as a plain
// value. Bytes and FLOPs are doubles (they pass 2^53); parameter counts are exact integers.
// explain() (core/explainer.h) turns any of these into its formula, substituted values and source.
struct Evaluation
{
    ParamCount params;

    // Inference at config.weightPrecision / config.kvPrecision for Assumptions::batch sequences of
    // Assumptions::contextLength tokens.
    struct InferenceMemory
    {
        double weightsBytes = 0;      // all stored weights incl. int8/int4 group scales (+ LoRA adapters at 2 bytes)
        double kvCacheBytes = 0;      // 2·b·s·layers·kv_heads·head_dim·bytes (window-capped)
        double activationsBytes = 0;  // peak working set of one layer during prefill
        double overheadBytes = 0;     // runtime overhead fraction × the above
        double totalBytes = 0;
    } inference;

    // Training: model states and activations of one model replica, then one device's share.
    struct TrainingMemory
    {
        std::int64_t trainableParams = 0; // all params, or only LoRA adapters
        double weightsBytes = 0;      // trainable weights at the optimizer's precision + frozen base at its own
        double gradientsBytes = 0;
        double optimizerBytes = 0;    // optimizer states incl. fp32 master weights under mixed precision
        double activationsBytes = 0;  // all layers + the logits, one device's micro-batch, before TP
        double activationsPerLayerBytes = 0; // Korthikanti et al. 2022 eq. (1)-(2), 16-bit
        double logitsBytes = 0;       // the 32-bit logits the cross-entropy keeps: 4·s·b·V
        double totalBytes = 0;        // weights + gradients + optimizer + activations (one replica, unsharded)
        double perDeviceBytes = 0;    // after ZeRO across data parallel and division by tensor parallel
    } training;

    struct Compute
    {
        double forwardFlopsPerToken = 0;   // 2·N_matmul + 2·layers·ctx·d_attn + 2·d·V (Kaplan Table 1)
        double trainingFlopsPerToken = 0;  // 3× forward (+ recomputation)
        double trainingFlops = 0;          // per token × training tokens (≈ 6·N·D + attention)
        double prefillFlops = 0;           // whole prompt, all sequences of the batch
        double prefillBytes = 0;           // bytes moved by prefill: weights + KV written
        double prefillIntensity = 0;       // FLOP per byte
        double decodeFlops = 0;            // one decode step for the whole batch, cache full
        double decodeBytes = 0;            // weights + KV cache read per decode step
        double decodeIntensity = 0;        // FLOP per byte
    } compute;

    struct Hardware
    {
        QString deviceId;
        QString deviceName;
        double deviceMemoryBytes = 0;
        double bandwidthBytesPerSecond = 0;
        double inferencePeakFlops = 0;  // peak at the weight precision (weight-only int8/int4 compute in bf16)
        double trainingPeakFlops = 0;   // peak at the optimizer's compute precision
        double pricePerHour = 0;        // used price (assumption or catalog)
        int devicesForInference = 0;    // devices whose memory holds the inference total
        int devicesForTraining = 0;     // devices whose memory holds the training total (perfect sharding)
        bool fitsOneDeviceInference = false;
        bool fitsOneDeviceTraining = false;
        bool fitsPerDeviceTraining = false; // per-device training memory ≤ device memory
        double ridgeIntensity = 0;      // FLOP/byte where the roofline turns: peak / bandwidth
        double prefillSeconds = 0;      // roofline: max(FLOPs/peak, bytes/bandwidth) on devicesForInference
        double decodeStepSeconds = 0;
        double decodeTokensPerSecond = 0; // whole batch
        // The devices training is timed on: the job's (Assumptions::devices) when one device's
        // share fits (fitsPerDeviceTraining), else the fewest that hold the training memory
        // (devicesForTraining, on a multiple of the tensor-parallel degree), never fewer than the job's.
        int trainingDevices = 0;
        double trainingSeconds = 0;     // training FLOPs / (trainingDevices · peak · MFU)
        double gpuHours = 0;            // trainingDevices · seconds / 3600
        double days = 0;
        double money = 0;               // US dollars
    } hardware;

    struct Scaling
    {
        double params = 0;              // N the law uses (Chinchilla: total or MoE active; Kaplan: non-embedding)
        double tokens = 0;              // D
        double computeBudget = 0;       // C = 6·N·D
        double loss = 0;                // nats/token
        double optimalParams = 0;       // N* for C
        double optimalTokens = 0;       // D* for C
        double optimalLoss = 0;
        double tokensPerParam = 0;      // D / N of the design
        double optimalTokensPerParam = 0; // D* / N*
    } scaling;
};

} // namespace tx
