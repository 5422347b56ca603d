#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/hardwarecatalog.h"

#include <QCoreApplication>
#include <QString>

#include <cstdint>

namespace tx {

// The product manager's reverse questions, answered with evaluate() itself so every answer agrees
// with `size`: an answer n fits and n + 1 does not. "Fits" for inference means the inference
// total fits the job's devices (Assumptions::devices, each of the device's memory); for training
// the per-device training memory (after tensor parallelism and ZeRO) fits one device.
class Solver
{
    Q_DECLARE_TR_FUNCTIONS(tx::Solver)

public:
    // What stops the answer from growing. Keys are stable (JSON); text() is the translated sentence.
    enum class Binding { KvCache, Activations, Weights, Memory, DecodeSpeed, InputLimit, TrainedContext };
    // Whether a context may run past the design's trained context (ModelConfig::maxPositions):
    // by default no, as a model reads no further than it was trained to.
    enum class ContextCap { Trained, MemoryOnly };
    // Which prices cheapestDevice() compares: cloud rental hours, or purchase prices spread
    // over three years (Device::priceKind). The two are never mixed.
    enum class PriceKind { Rental, Purchase };

    struct Limit
    {
        int value = 0;               // tokens (context) or sequences (batch); 0 = not even 1 fits
        int memoryValue = 0;         // what memory alone allows (== value unless the trained context binds)
        int contextLength = 0;       // tokens per sequence the answer holds at (batch: after the trained-context cut)
        Binding binding = Binding::KvCache;
        double usedBytes = 0;        // inference memory at `value` (bytes)
        double availableBytes = 0;   // devices · device memory (bytes)
        QString text;                // "limited by the KV cache at 31,744 tokens"
    };

    struct Largest
    {
        ModelConfig design;
        std::int64_t paramsTotal = 0;
        int contextLength = 0;       // tokens the answer was sized at (after the trained-context cut)
        double usedBytes = 0;        // inference total or training per device (bytes)
        double availableBytes = 0;   // the budget (bytes)
        std::int64_t nextParamsTotal = 0; // one layer more, same family and aspect ratio
        double nextBytes = 0;        // what that next step would need (bytes)
        QString text;
    };

    struct Shape
    {
        ModelConfig design;
        std::int64_t paramsTotal = 0;
        QString text;                // the choices made: aspect ratio, head dim, GQA, d_ff ratio
    };

    struct DeviceChoice
    {
        QString deviceId;
        QString deviceName;
        int count = 0;                       // devices, split by tensor parallelism (communication ignored)
        int countForMemory = 0;              // devices the inference memory alone needs
        double moneyPerHour = 0;             // US dollars, count · price
        double tokensPerSecondPerUser = 0;   // decode with a full cache at the answer's count
        double moneyPerMillionOutputTokens = 0; // at full load: every user decoding
        PriceKind priceKind = PriceKind::Rental; // the prices compared
        int contextLength = 0;               // tokens per user (after the trained-context cut)
        Binding binding = Binding::Memory;   // Memory or DecodeSpeed decided the count
        QString text;
    };

    // The largest context (Assumptions::contextLength) whose inference memory fits at the batch,
    // no longer than the design's trained context unless `cap` is MemoryOnly.
    static Expected<Limit, Error> longestContext(const ModelConfig &design, const Assumptions &assumptions,
                                                 const HardwareCatalog &catalog, ContextCap cap = ContextCap::Trained);
    // The largest batch (concurrent sequences of Assumptions::contextLength tokens) that fits.
    // Here, in largestDesign() and in cheapestDevice(), a context past the design's trained
    // context is cut to it, and the answer's text says so.
    static Expected<Limit, Error> largestBatch(const ModelConfig &design, const Assumptions &assumptions,
                                               const HardwareCatalog &catalog);
    // The largest design of `family`'s proportions (aspect ratio d_model / n_layers; 0 = the
    // family's own) that fits for inference (budget: devices · memory) or training (per device).
    static Expected<Largest, Error> largestDesign(const ModelConfig &family, const Assumptions &assumptions,
                                                  double aspectRatio, bool training, const HardwareCatalog &catalog);
    // The design of `family`'s proportions whose total count is closest to `targetParams`.
    static Expected<Shape, Error> shapeFor(const ModelConfig &family, std::int64_t targetParams, double aspectRatio);
    // The cheapest device of the catalog (with a price) and count that holds the design for
    // `users` concurrent sequences of Assumptions::contextLength tokens and decodes at least
    // `tokensPerSecondPerUser` for each with the cache full.
    static Expected<DeviceChoice, Error> cheapestDevice(const ModelConfig &design, const Assumptions &assumptions,
                                                        double tokensPerSecondPerUser, int users,
                                                        const HardwareCatalog &catalog,
                                                        PriceKind prices = PriceKind::Rental);

    // "kv_cache", "activations", "weights", "memory", "decode_speed", "input_limit", "trained_context"
    static QString key(Binding b);
    static QString key(PriceKind k); // "rental", "purchase"
    static bool fromString(const QString &s, PriceKind &out);
};

} // namespace tx
