#include "tests/support/hostiledesigns.h"

#include "core/design/configvalidator.h"
#include "core/estimate/hardwarecatalog.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>

namespace tx {

int HostileDesigns::size(int typical, int bound)
{
    // Each edge about 1 % of draws: with some forty fields, a third of the designs stay valid.
    switch (below(100)) {
    case 0: return 0;
    case 1: return -1 - below(1000);
    case 2: return 1;
    case 3: return bound;
    case 4: return bound == INT_MAX ? bound : bound + 1;
    case 5: return INT_MAX;
    default: {
        // Log-uniform between 1 and 4 × typical: small and large both show up.
        const double x = double(next() >> 11) / double(1ULL << 53);
        return std::max(1, int(std::exp(x * std::log(4.0 * std::max(1, typical)))));
    }
    }
}

double HostileDesigns::real(double typical, double bound)
{
    switch (below(60)) {
    case 0: return 0.0;
    case 1: return -typical;
    case 2: return bound;
    case 3: return bound * 10;
    case 4: return std::numeric_limits<double>::quiet_NaN();
    case 5: return std::numeric_limits<double>::infinity();
    default: return typical * (0.25 + 2.0 * double(next() >> 11) / double(1ULL << 53));
    }
}

ModelConfig HostileDesigns::design()
{
    ModelConfig c;
    c.layout = pick({Layout::DecoderOnly, Layout::EncoderOnly, Layout::EncoderDecoder});
    c.nHeads = size(16, limits::kMaxHeads);
    // Mostly a divisor of the heads (GQA, MQA), sometimes anything.
    c.nKvHeads = coin(70) && c.nHeads > 0 ? std::max(1, c.nHeads / std::max(1, 1 << below(4))) : size(8, limits::kMaxHeads);
    c.headDim = coin(70) ? 0 : size(128, limits::kMaxHeadDim);
    // A multiple of the heads, saturating at 2^31 − 1 (size() draws that too; UBSan caught the overflow).
    c.dModel = coin(60) && c.nHeads > 0 && c.nHeads < 512
                   ? int(std::min<std::int64_t>(std::numeric_limits<int>::max(),
                                                std::int64_t(c.nHeads) * std::max(1, size(64, 512))))
                   : size(1024, limits::kMaxDModel);
    c.nLayers = size(24, limits::kMaxLayers);
    c.nDecoderLayers = c.layout == Layout::EncoderDecoder ? size(12, limits::kMaxLayers) : (coin(90) ? 0 : size(2, 8));
    c.dFf = size(4096, limits::kMaxDff);
    c.ffn = pick({FfnKind::Dense2, FfnKind::Gated3});
    c.activation = pick({Activation::Relu, Activation::Gelu, Activation::GeluTanh, Activation::Silu});
    c.vocabSize = size(50000, limits::kMaxVocab);
    c.maxPositions = size(4096, limits::kMaxPositions);
    c.positions = pick({PositionKind::None, PositionKind::Sinusoidal, PositionKind::Learned, PositionKind::Rotary,
                        PositionKind::RelativeBuckets});
    c.relativeBuckets = size(32, limits::kMaxBuckets);
    c.rotaryFraction = real(1.0, 1.0);
    c.ropeTheta = real(10000.0, 1e12);

    // Per-layer attention: a window, a chunk, an every-N-th-global rule or an explicit list.
    c.slidingWindow = coin(30) ? size(4096, limits::kMaxPositions) : 0;
    c.attentionChunk = coin(15) ? size(8192, limits::kMaxPositions) : 0;
    c.globalEvery = coin(20) ? size(6, limits::kMaxLayers) : 0;
    if (coin(15)) {
        const int n = coin(80) && c.nLayers > 0 && c.nLayers <= 256 ? c.nLayers : below(8);
        for (int i = 0; i < n; ++i)
            c.layerTypes.push_back(pick({LayerAttention::Full, LayerAttention::Sliding, LayerAttention::Chunked,
                                         LayerAttention::FullNoRope}));
    }
    c.attention = coin(20) ? AttentionKind::Mla : AttentionKind::Gqa;
    c.mla.qLoraRank = coin(40) ? 0 : size(1536, 65536);
    c.mla.kvLoraRank = size(512, 65536);
    c.mla.qkNopeHeadDim = size(128, limits::kMaxHeadDim);
    c.mla.qkRopeHeadDim = size(64, limits::kMaxHeadDim);
    c.mla.vHeadDim = size(128, limits::kMaxHeadDim);
    c.qkNorm = pick({QkNorm::None, QkNorm::PerHead, QkNorm::FullWidth, QkNorm::Weightless});
    c.attentionSinks = coin(20);
    c.attnSoftcap = coin(15) ? real(50.0, 1e6) : 0.0;
    c.finalSoftcap = coin(15) ? real(30.0, 1e6) : 0.0;

    c.norm = pick({NormKind::LayerNorm, NormKind::RmsNorm});
    c.normPlacement = pick({NormPlacement::Pre, NormPlacement::Post, NormPlacement::Sandwich, NormPlacement::Output});
    c.finalNorm = coin();
    c.parallelBlock = coin(15);
    c.parallelTwoNorms = coin(20);
    c.qkvBias = coin();
    c.attnOutBias = coin();
    c.ffnBias = coin();
    c.lmHeadBias = coin(10);
    c.tokenTypes = coin(80) ? 0 : size(2, limits::kMaxTokenTypes);
    c.pooler = coin(15);
    c.embeddingNorm = coin(20);
    c.lmHead = coin(85);
    c.tiedEmbeddings = coin();
    c.embeddingDim = coin(85) ? 0 : size(128, limits::kMaxDModel);
    c.sharing = pick({Sharing::None, Sharing::None, Sharing::AllLayers, Sharing::Groups});
    c.shareGroupSize = size(2, limits::kMaxLayers);

    if (coin(35)) {
        c.moe.numExperts = size(64, limits::kMaxExperts);
        c.moe.topK = size(4, limits::kMaxExperts);
        c.moe.sparseEvery = coin(70) ? 1 : size(2, limits::kMaxLayers);
        c.moe.routerBias = coin(20);
        c.moe.sharedExperts = coin(50) ? 0 : size(1, limits::kMaxSharedExperts);
        c.moe.expertDff = coin(50) ? 0 : size(1024, limits::kMaxDff);
        c.moe.sharedExpertDff = coin(60) ? 0 : size(2048, limits::kMaxDff);
        c.moe.firstDense = coin(60) ? 0 : size(3, limits::kMaxLayers);
        if (coin(15))
            for (int i = 0, n = below(6); i < n; ++i)
                c.moe.denseLayers.push_back(coin(90) ? below(std::max(1, std::min(c.nLayers, 512))) : size(4, INT_MAX));
        c.moe.scoreCorrectionBias = coin(30);
    }
    c.weightPrecision = pick({Precision::FP32, Precision::FP16, Precision::BF16, Precision::FP8, Precision::INT8,
                              Precision::INT4, Precision::Fp8Block, Precision::Mxfp4, Precision::Nvfp4, Precision::Q8_0,
                              Precision::Q6_K, Precision::Q5_K, Precision::Q5_0, Precision::Q4_K, Precision::Q4_0,
                              Precision::Q3_K, Precision::Q2_K});
    c.kvPrecision = pick({Precision::FP32, Precision::FP16, Precision::BF16, Precision::FP8, Precision::INT8,
                          Precision::INT4});
    c.quantGroupSize = size(128, limits::kMaxQuantGroup);
    if (coin(20)) {
        c.lora.rank = size(16, limits::kMaxLoraRank);
        c.lora.q = coin();
        c.lora.k = coin();
        c.lora.v = coin();
        c.lora.o = coin();
        c.lora.ffn = coin();
    }
    c.mtpLayers = coin(85) ? 0 : size(1, limits::kMaxMtpLayers);
    return c;
}

Assumptions HostileDesigns::assumptions()
{
    Assumptions a;
    a.batch = size(8, 1 << 20);
    a.contextLength = size(4096, limits::kMaxPositions);
    a.trainingTokens = real(1e12, 1e16);
    a.optimizer = pick({Optimizer::AdamW, Optimizer::AdamWMixed, Optimizer::SgdMomentum, Optimizer::Adam8bit, Optimizer::Adafactor});
    a.recompute = pick({Recompute::None, Recompute::Selective, Recompute::Full});
    a.flash = coin();
    a.zeroStage = coin(80) ? below(4) : size(1, 4);
    a.tensorParallel = coin(70) ? 1 << below(4) : size(8, 4096);
    a.devices = coin(70) ? 1 << below(10) : size(64, 1 << 20);
    const auto &devices = HardwareCatalog::builtIn().devices();
    a.device = coin(95) ? devices[std::size_t(below(int(devices.size())))].id : QStringLiteral("no-such-device");
    a.mfu = real(0.4, 1.0);
    a.pricePerHour = coin(70) ? -1.0 : real(2.0, 1e6);
    a.runtimeOverhead = real(0.1, 1.0);
    a.outputTokens = size(256, 1 << 20);
    a.utilisation = real(0.5, 1.0);
    return a;
}

} // namespace tx
