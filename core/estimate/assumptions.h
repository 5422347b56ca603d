#pragma once

#include <QString>

#include <cstdint>

namespace tx {

// Optimizers by the bytes they keep per trainable parameter (weights, gradients, states).
//   AdamW       fp32 weights 4 + fp32 gradients 4 + m, v 8                      = 16
//   AdamWMixed  bf16 weights 2 + bf16 gradients 2 + fp32 master, m, v 12         = 16 (ZeRO, K = 12)
//   SgdMomentum fp32 weights 4 + fp32 gradients 4 + momentum 4                   = 12
//   Adam8bit    bf16 weights 2 + bf16 gradients 2 + fp32 master 4 + 8-bit m, v 2 = 10
//   Adafactor   bf16 weights 2 + bf16 gradients 2 + fp32 master 4 + factored v (rows + cols)
enum class Optimizer { AdamW, AdamWMixed, SgdMomentum, Adam8bit, Adafactor };

// Activation recomputation (Korthikanti et al. 2022): none, selective (attention core only), full.
enum class Recompute { None, Selective, Full };

// Which scaling-law fit predicts loss and the compute-optimal split.
enum class ScalingLawKind { Chinchilla, EpochRefit, Kaplan };

// Everything evaluate() needs beyond the design itself. Defaults are the program's
// stated assumptions (README, "Assumptions").
struct Assumptions
{
    int batch = 1;                        // sequences per device per step (inference: concurrent sequences)
    int contextLength = 2048;             // tokens per sequence (seq)
    double trainingTokens = 300e9;        // tokens seen in training (D)
    Optimizer optimizer = Optimizer::AdamWMixed;
    Recompute recompute = Recompute::None;
    bool flash = false;                   // FlashAttention: the s² attention scores are never stored
    int zeroStage = 0;                    // ZeRO 0-3 across the data-parallel devices
    int tensorParallel = 1;               // tensor-parallel degree (with sequence parallelism)
    int devices = 1;                      // devices in the job; data parallel = devices / tensorParallel
    QString device = QStringLiteral("h100-sxm-80gb"); // id in the hardware catalog
    double mfu = 0.40;                    // model FLOPs utilisation, (0, 1]
    double pricePerHour = -1.0;           // US dollars per device-hour; < 0 = the catalog's price
    double runtimeOverhead = 0.10;        // inference: framework/allocator overhead as a fraction of the rest
    ScalingLawKind law = ScalingLawKind::Chinchilla;
    // Serving (ServingEstimator): of each sequence's contextLength tokens, this many are generated
    // output and the rest prompt; devices are busy this fraction of the hours paid for.
    int outputTokens = 256;
    double utilisation = 0.5;
    double weightsBytes = -1.0;           // an opened checkpoint's exact tensor-data bytes; < 0 = from the design's precision

    int dataParallel() const { return tensorParallel > 0 ? devices / tensorParallel : devices; }

    bool operator==(const Assumptions &) const = default;
};

// Stable lower-case names, as on the command line: adamw, adamw-mixed, sgd, adam8bit, adafactor;
// none, selective, full; chinchilla, epoch, kaplan.
QString toString(Optimizer v);
QString toString(Recompute v);
QString toString(ScalingLawKind v);
bool fromString(const QString &s, Optimizer &out);
bool fromString(const QString &s, Recompute &out);
bool fromString(const QString &s, ScalingLawKind &out);

} // namespace tx
