#pragma once

#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/evaluation.h"
#include "core/estimate/figure.h"

#include <vector>
#include <QCoreApplication>

namespace tx {

// Serving economics for one design on the devices of the job (Assumptions::devices, --devices),
// or on more when those do not hold its inference memory (Evaluation::hardware.devicesForInference);
// their FLOP/s and bandwidth add up, communication ignored as in `size`. Each of Assumptions::batch concurrent sequences has
// Assumptions::contextLength tokens: outputTokens generated, the rest prompt.
struct ServingEstimate
{
    int concurrency = 0;          // sequences decoding together (--batch)
    double promptTokens = 0;      // P
    double outputTokens = 0;      // O
    double utilisation = 0;       // fraction of paid hours the devices are busy
    int devices = 0;              // n = max(--devices, devices that hold the inference memory)
    // Time to first token: one prompt's prefill, roofline of P · forward FLOPs/token against
    // the active weights + the prompt's KV cache written.
    double ttftFlops = 0;
    double ttftBytes = 0;
    double ttftSeconds = 0;
    // Time per output token: one decode step of all sequences at the mean context P + O/2,
    // roofline of their FLOPs against the active weights + their KV cache read.
    double tpotFlops = 0;
    double tpotBytes = 0;
    double tpotSeconds = 0;
    double tokensPerSecondPerUser = 0;  // 1 / TPOT
    double outputTokensPerSecond = 0;   // concurrency / TPOT, all users
    double inputTokensPerSecond = 0;    // P / TTFT, prefill one prompt at a time
    double requestSeconds = 0;          // TTFT + O · TPOT
    double moneyPerHour = 0;            // n · price (US dollars)
    // Device time each token takes, priced and divided by the utilisation (US dollars):
    // input n · price · TTFT / P, output n · price · TPOT / concurrency.
    double moneyPerMillionInputTokens = 0;
    double moneyPerMillionOutputTokens = 0;
};

class ServingEstimator
{
    Q_DECLARE_TR_FUNCTIONS(tx::ServingEstimator)

public:
    static ServingEstimate estimate(const ModelConfig &config, const Assumptions &assumptions,
                                    const Evaluation &evaluation);
    // The serving.* figures with their working, for explain().
    static std::vector<Figure> explain(const ModelConfig &config, const Assumptions &assumptions,
                                       const Evaluation &evaluation);
};

} // namespace tx
