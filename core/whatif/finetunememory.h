#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/whatif/finetuneoptions.h"
#include "core/whatif/whatifoutcome.h"

#include <QCoreApplication>

#include <cstdint>

namespace tx {

// Fine-tuning memory as people run it: one device, no sharding, per part so a user can hold
// it against a measurement.
struct FineTuneEstimate
{
    std::int64_t totalParams = 0;     // the base model's stored parameters
    std::int64_t adapterParams = 0;   // Σ r·(d_in + d_out) over the adapted matrices (LoRA/QLoRA)
    std::int64_t trainableParams = 0; // full: every parameter; else the adapters
    std::int64_t quantisedParams = 0; // QLoRA: the linear weights stored in NF4
    std::int64_t adaptedMatrices = 0; // matrices with an adapter, over all layers (experts counted each)

    double baseBytes = 0;       // full: the trained weights; LoRA/QLoRA: the frozen base
    double adapterBytes = 0;    // adapter weights (bf16)
    double gradientBytes = 0;   // gradients of the trainable parameters
    double optimizerBytes = 0;  // optimizer states (+ fp32 master weights under mixed precision)
    double activationBytes = 0; // kept for the backward, incl. the adapters' own tensors
    double logitsBytes = 0;     // fp32 logits of one micro-batch for the cross-entropy
    double totalBytes = 0;
    double trainingFlopsPerToken = 0; // forward + backward (+ recomputation)

    double bytesPerTrainableParam = 0; // weights (adapters) + gradients + optimizer per trainable parameter
};

class FineTuneMemory
{
    Q_DECLARE_TR_FUNCTIONS(tx::FineTuneMemory)
public:
    // NF4 with double quantisation (Dettmers et al. 2023 §3): 4 bits per weight, one 8-bit
    // scale per block of 64 weights, one fp32 scale per 256 of those: 4 + 8/64 + 32/(64·256)
    // = 4.126953125 bits per weight. Without double quantisation: 4 + 32/64 = 4.5.
    static constexpr double kNf4Bits = 4.0;
    static constexpr double kNf4BlockSize = 64;
    static constexpr double kDqBlockSize = 256;
    static double nf4DoubleQuantBitsPerWeight() { return kNf4Bits + 8.0 / kNf4BlockSize + 32.0 / (kNf4BlockSize * kDqBlockSize); }

    // Adapter parameters of a design under `options` (rank and targets).
    static Expected<std::int64_t, Error> adapterParams(const ModelConfig &config, const FineTuneOptions &options);
    static Expected<FineTuneEstimate, Error> estimate(const ModelConfig &config, const Assumptions &assumptions,
                                                      const FineTuneOptions &options);
    // Before: full fine-tuning of the design as it stands (assumptions' optimizer); after: `options`.
    static Expected<WhatIfOutcome, Error> whatIf(const ModelConfig &config, const Assumptions &assumptions,
                                                 const FineTuneOptions &options);
};

} // namespace tx
