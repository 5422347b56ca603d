// Randomized (seeded, so reproducible) properties of countParams over 100,000+ valid
// designs with every knob varied: layouts, GQA/MQA, explicit head_dim, gated FFNs, every
// position and norm kind, parallel blocks, biases, token types, pooler, factorized
// embeddings, sharing, MoE, precision and LoRA. A failure prints the seed and the design.
#include "core/design/configvalidator.h"
#include "core/design/designfile.h"
#include "core/estimate/memoryestimator.h"
#include "core/estimate/paramcounter.h"

#include <QJsonDocument>
#include <QtTest>

#include <random>

using namespace tx;

namespace {

constexpr int kConfigs = 100'000;
constexpr std::uint64_t kSeed = 20'260'529;

class Generator
{
public:
    explicit Generator(std::uint64_t seed) : m_rng(seed) {}

    int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }
    bool coin(double p = 0.5) { return std::bernoulli_distribution(p)(m_rng); }
    template <typename E>
    E pick(std::initializer_list<E> values)
    {
        return *(values.begin() + uniform(0, int(values.size()) - 1));
    }
    // Log-uniform in [lo, hi]: small and large sizes both show up.
    int logUniform(int lo, int hi)
    {
        const double x = std::uniform_real_distribution<double>(std::log(double(lo)), std::log(double(hi) + 1))(m_rng);
        return std::clamp(int(std::exp(x)), lo, hi);
    }

    ModelConfig design()
    {
        ModelConfig c;
        c.layout = pick({Layout::DecoderOnly, Layout::EncoderOnly, Layout::EncoderDecoder});
        c.nHeads = logUniform(1, 128);
        // KV heads: a divisor of the query heads (MHA, GQA or MQA).
        std::vector<int> divisors;
        for (int k = 1; k <= c.nHeads; ++k)
            if (c.nHeads % k == 0)
                divisors.push_back(k);
        c.nKvHeads = divisors[uniform(0, int(divisors.size()) - 1)];
        if (coin(0.3)) {
            c.headDim = logUniform(1, 512); // explicit (Gemma, T5-11B): d_model need not divide
            c.dModel = logUniform(1, 16384);
        } else {
            c.headDim = 0;
            c.dModel = c.nHeads * logUniform(1, 256);
            if (c.dModel > limits::kMaxDModel)
                c.dModel = c.nHeads;
        }
        c.nLayers = logUniform(1, 64);
        c.nDecoderLayers = c.layout == Layout::EncoderDecoder ? logUniform(1, 64) : uniform(0, 4);
        c.dFf = logUniform(1, 65536);
        c.ffn = pick({FfnKind::Dense2, FfnKind::Gated3});
        c.activation = pick({Activation::Relu, Activation::Gelu, Activation::GeluTanh, Activation::Silu});
        c.vocabSize = logUniform(1, 300'000);
        c.maxPositions = logUniform(1, 1 << 20);
        c.positions = pick({PositionKind::None, PositionKind::Sinusoidal, PositionKind::Learned, PositionKind::Rotary,
                            PositionKind::RelativeBuckets});
        c.relativeBuckets = logUniform(1, 256);
        c.rotaryFraction = uniform(1, 100) / 100.0;
        c.ropeTheta = logUniform(1, 10'000'000);
        c.slidingWindow = coin(0.2) ? uniform(0, c.maxPositions) : 0;
        c.norm = pick({NormKind::LayerNorm, NormKind::RmsNorm});
        c.normPlacement = pick({NormPlacement::Pre, NormPlacement::Post, NormPlacement::Sandwich, NormPlacement::Output});
        c.finalNorm = coin();
        c.parallelBlock = coin(0.2);
        c.parallelTwoNorms = coin(0.3);
        c.qkvBias = coin();
        c.attnOutBias = coin();
        c.ffnBias = coin();
        c.lmHeadBias = coin(0.2);
        c.tokenTypes = coin(0.2) ? uniform(1, 4) : 0;
        c.pooler = coin(0.2);
        c.embeddingNorm = coin(0.3);
        c.lmHead = coin(0.8);
        c.tiedEmbeddings = coin();
        c.embeddingDim = coin(0.2) ? logUniform(1, c.dModel) : 0;
        c.sharing = pick({Sharing::None, Sharing::AllLayers, Sharing::Groups});
        c.shareGroupSize = uniform(1, std::max(c.encoderLayers(), c.decoderLayers()));
        if (coin(0.3)) {
            c.moe.numExperts = logUniform(2, 256);
            c.moe.topK = uniform(1, std::min(c.moe.numExperts, 8));
            c.moe.sparseEvery = uniform(1, 4);
            c.moe.routerBias = coin();
            c.moe.sharedExperts = coin(0.2) ? uniform(1, 4) : 0;
            c.moe.expertDff = coin(0.5) ? logUniform(1, 65536) : 0;
            c.moe.sharedExpertDff = coin(0.3) ? logUniform(1, 65536) : 0;
            const int layers = std::max(c.encoderLayers(), c.decoderLayers());
            c.moe.firstDense = coin(0.3) ? uniform(0, layers) : 0;
            if (coin(0.2))
                c.moe.denseLayers = {uniform(0, layers - 1), uniform(0, layers - 1)};
            c.moe.scoreCorrectionBias = coin(0.3);
        } else {
            c.moe.numExperts = uniform(0, 1); // 0 and 1 both mean dense
        }
        // The attention of 2024–26: MLA (no LoRA counting there), QK-norm, sinks, soft-capping,
        // per-layer windows and chunks, MTP.
        if (coin(0.2)) {
            c.attention = AttentionKind::Mla;
            c.mla.qLoraRank = coin(0.3) ? 0 : logUniform(1, 4096);
            c.mla.kvLoraRank = logUniform(1, 2048);
            c.mla.qkNopeHeadDim = uniform(0, 256);
            c.mla.qkRopeHeadDim = uniform(c.mla.qkNopeHeadDim == 0 ? 1 : 0, 128);
            c.mla.vHeadDim = logUniform(1, 256);
        } else {
            c.qkNorm = pick({QkNorm::None, QkNorm::PerHead, QkNorm::FullWidth, QkNorm::Weightless});
        }
        c.attentionSinks = coin(0.2);
        c.attnSoftcap = coin(0.1) ? 50.0 : 0.0;
        c.finalSoftcap = coin(0.1) ? 30.0 : 0.0;
        const int stack = c.layout == Layout::EncoderOnly ? c.encoderLayers() : c.decoderLayers();
        if (c.layout != Layout::EncoderDecoder && coin(0.2)) {
            c.slidingWindow = uniform(1, c.maxPositions);
            c.attentionChunk = uniform(1, c.maxPositions);
            for (int l = 0; l < stack; ++l)
                c.layerTypes.push_back(pick({LayerAttention::Full, LayerAttention::Sliding, LayerAttention::Chunked,
                                             LayerAttention::FullNoRope}));
        } else if (c.slidingWindow > 0 && coin(0.5)) {
            c.globalEvery = uniform(1, 8);
        }
        if (c.layout == Layout::DecoderOnly && coin(0.2))
            c.mtpLayers = uniform(1, 3);
        const std::vector<Precision> formats = allPrecisions();
        c.weightPrecision = formats[std::size_t(uniform(0, int(formats.size()) - 1))];
        c.kvPrecision = pick({Precision::FP32, Precision::FP16, Precision::BF16, Precision::FP8, Precision::INT8,
                              Precision::INT4});
        c.quantGroupSize = logUniform(1, 4096);
        c.lora.rank = coin(0.3) && c.attention != AttentionKind::Mla ? logUniform(1, 512) : 0;
        c.lora.q = coin();
        c.lora.k = coin();
        c.lora.v = coin();
        c.lora.o = coin();
        c.lora.ffn = coin();
        return c;
    }

    // At or near the documented bounds, where int64 can overflow: must come back as a
    // count or an Error, never a crash or a wrapped number.
    ModelConfig extremeDesign()
    {
        ModelConfig c = design();
        c.dModel = limits::kMaxDModel;
        c.nHeads = c.nKvHeads = pick({1, 2, 1024});
        c.headDim = coin() ? limits::kMaxHeadDim : 0;
        c.nLayers = limits::kMaxLayers - uniform(0, 1);
        c.dFf = limits::kMaxDff - uniform(0, 1);
        c.vocabSize = limits::kMaxVocab;
        c.moe.numExperts = limits::kMaxExperts;
        c.moe.topK = uniform(1, 64);
        c.moe.sharedExperts = uniform(0, limits::kMaxSharedExperts);
        c.moe.expertDff = coin() ? limits::kMaxDff : 0;
        c.moe.sharedExpertDff = coin() ? limits::kMaxDff : 0;
        if (c.attention == AttentionKind::Mla) {
            c.mla.qLoraRank = c.mla.kvLoraRank = limits::kMaxDModel;
            c.mla.qkNopeHeadDim = c.mla.qkRopeHeadDim = c.mla.vHeadDim = limits::kMaxHeadDim;
        }
        if (c.layout == Layout::DecoderOnly)
            c.mtpLayers = limits::kMaxMtpLayers;
        c.layerTypes.clear();
        c.moe.denseLayers.clear();
        c.lora.rank = coin() && c.attention != AttentionKind::Mla ? limits::kMaxLoraRank : 0;
        c.lora.ffn = true;
        return c;
    }

private:
    std::mt19937_64 m_rng;
};

QString describe(const ModelConfig &c)
{
    return QString::fromUtf8(QJsonDocument(DesignFile::toJson(c)).toJson(QJsonDocument::Compact));
}

// Every node with children holds exactly their sum; returns false at the first node that does not.
bool sumsHold(const ParamNode &n, QString &where)
{
    if (n.children.empty())
        return n.params >= 0;
    std::int64_t sum = 0;
    for (const ParamNode &c : n.children) {
        if (!sumsHold(c, where)) {
            where.prepend(n.key + QLatin1Char('.'));
            return false;
        }
        sum += c.params;
    }
    if (sum != n.params) {
        where = n.key;
        return false;
    }
    return true;
}

} // namespace

// QVERIFY2 would build its message on every call; this builds it only when the check fails.
#define CHECK(cond)                                                                                  \
    do {                                                                                             \
        if (!(cond))                                                                                 \
            QFAIL(qPrintable(QStringLiteral(#cond) + QStringLiteral(" is false for ") + ctx()));    \
    } while (false)

class TestParamProperties : public QObject
{
    Q_OBJECT
private slots:
    void randomDesigns()
    {
        Generator gen(kSeed);
        int counted = 0, tiedChecked = 0, sharedChecked = 0, moeChecked = 0;
        for (int i = 0; i < kConfigs; ++i) {
            const ModelConfig c = gen.design();
            const std::vector<Error> problems = validate(c);
            if (!problems.empty()) {
                QFAIL(qPrintable(QStringLiteral("generator made an invalid design #%1 (%2): %3")
                                     .arg(i).arg(problems.front().toString(), describe(c))));
            }
            const auto count = countParams(c);
            if (!count) {
                // Only an overflow may refuse a valid design, and it names a field.
                QVERIFY(!count.error().field.isEmpty());
                continue;
            }
            ++counted;
            const ParamCount &p = *count;
            // Built only on failure: serializing 100,000 designs would dominate the run time.
            const auto ctx = [&] { return QStringLiteral("design #%1 (seed %2): %3").arg(i).arg(kSeed).arg(describe(c)); };

            // The total is the sum of the breakdown, at every node.
            QString where;
            CHECK(p.breakdown.params == p.total);
            if (!sumsHold(p.breakdown, where))
                QFAIL(qPrintable(QStringLiteral("node %1 is not the sum of its children in %2").arg(where, ctx())));
            CHECK(p.embedding + p.nonEmbedding == p.total);
            // Active never exceeds total; executed never falls below stored.
            CHECK(0 < p.active && p.active <= p.total);
            CHECK(p.executedActive <= p.executed && p.total <= p.executed);
            CHECK(p.active <= p.executedActive);
            CHECK(p.lora >= 0 && (c.lora.enabled() || p.lora == 0));
            CHECK(0 <= p.activeWithoutInputEmbedding && p.activeWithoutInputEmbedding <= p.active);
            CHECK((c.mtpLayers > 0) == (p.mtp > 0) && p.mtpActive <= p.mtp);

            // A window, a chunk or a per-layer pattern never adds parameters and never grows
            // the KV cache; attention sinks add exactly one logit per head and layer and no cache.
            {
                ModelConfig full = c;
                full.slidingWindow = full.attentionChunk = full.globalEvery = 0;
                full.layerTypes.clear();
                const auto n = countParams(full);
                CHECK(n && n->total == p.total);
                constexpr double kContext = 65536;
                CHECK(MemoryEstimator::kvCacheBytes(c, 1, kContext) <= MemoryEstimator::kvCacheBytes(full, 1, kContext));
                if (c.attentionSinks) {
                    ModelConfig noSinks = c;
                    noSinks.attentionSinks = false;
                    const auto ns = countParams(noSinks);
                    qint64 storedLayers = 0;
                    for (const auto *layers : {&p.encoderLayers, &p.decoderLayers})
                        for (const LayerParams &l : *layers)
                            storedLayers += l.stored ? 1 : 0;
                    CHECK(ns && p.total - ns->total == qint64(c.nHeads) * storedLayers);
                    CHECK(MemoryEstimator::kvCacheBytes(noSinks, 1, kContext) == MemoryEstimator::kvCacheBytes(c, 1, kContext));
                }
            }

            // Tying the head never increases the count: it removes exactly the d×V matrix.
            ModelConfig flipped = c;
            flipped.tiedEmbeddings = !c.tiedEmbeddings;
            const auto f = countParams(flipped);
            CHECK(f);
            const ParamCount &u = c.tiedEmbeddings ? *f : p;
            const ParamCount &t = c.tiedEmbeddings ? p : *f;
            CHECK(t.total <= u.total);
            const qint64 head = c.lmHead ? qint64(c.dModel) * c.vocabSize : 0;
            CHECK(u.total - t.total == head);
            ++tiedChecked;

            // Sharing never increases the stored count and executes the unshared model.
            if (c.sharing != Sharing::None) {
                ModelConfig unshared = c;
                unshared.sharing = Sharing::None;
                const auto n = countParams(unshared);
                CHECK(n);
                CHECK(p.total <= n->total);
                CHECK(p.active <= n->active);
                CHECK(p.executed == n->executed);
                CHECK(p.executedActive == n->executedActive);
                ++sharedChecked;
            } else {
                CHECK(p.executed == p.total);
            }

            // Top-1 routing runs the fewest experts; a dense FFN is what top-k of one expert is.
            if (c.moe.enabled()) {
                ModelConfig top1 = c;
                top1.moe.topK = 1;
                const auto one = countParams(top1);
                CHECK(one && one->active <= p.active && one->total == p.total);
                ++moeChecked;
            }
        }
        qInfo("designs counted %d of %d; tied pairs %d; shared %d; MoE %d", counted, kConfigs, tiedChecked,
              sharedChecked, moeChecked);
        QVERIFY(counted > kConfigs * 9 / 10);
        QVERIFY(sharedChecked > kConfigs / 2);
        QVERIFY(moeChecked > kConfigs / 5);
    }

    // The case the sharing property pinned down: GPT-2 small with 8 experts in every other
    // layer and ALBERT-style sharing stores one dense and one sparse layer and still runs
    // six of each. Per layer (d = 768): attention + norms 12d² + 13d − FFN = 2,365,440;
    // FFN 2·768·3072 + 3072 + 768 = 4,722,432; router 768 × 8.
    void sharingKeepsMoeLayers()
    {
        ModelConfig c; // GPT-2 small
        c.moe.numExperts = 8;
        c.moe.topK = 1;
        c.moe.sparseEvery = 2;
        c.sharing = Sharing::AllLayers;
        const auto count = countParams(c);
        QVERIFY(count);
        const qint64 embeddings = (50257 + 1024) * 768, finalNorm = 2 * 768;
        const qint64 dense = 2'365'440 + 4'722'432, sparse = 2'365'440 + 768 * 8 + 8 * 4'722'432;
        QCOMPARE(count->total, embeddings + dense + sparse + finalNorm);
        QCOMPARE(count->executed, embeddings + 6 * dense + 6 * sparse + finalNorm);
        QCOMPARE(count->breakdown.find(QStringLiteral("decoder.moe.experts"))->params, qint64(8) * 4'722'432);
        int stored = 0;
        for (const LayerParams &l : count->decoderLayers)
            stored += l.stored ? 1 : 0;
        QCOMPARE(stored, 2);
        QVERIFY(count->decoderLayers[1].sparse && !count->decoderLayers[2].sparse);
    }

    void extremeDesignsNeverWrap()
    {
        Generator gen(kSeed + 1);
        int refused = 0;
        for (int i = 0; i < 2'000; ++i) {
            const ModelConfig c = gen.extremeDesign();
            const auto count = countParams(c);
            if (!count) {
                ++refused;
                QVERIFY(!count.error().field.isEmpty());
                QVERIFY(!count.error().message.isEmpty());
                continue;
            }
            const auto ctx = [&] { return describe(c); };
            CHECK(count->total > 0 && count->active <= count->total && count->total <= count->executed);
            QCOMPARE(count->breakdown.params, count->total);
            // No wrap-around: the stored experts alone, in floating point, are a lower bound.
            // Layer i of a stack is sparse when i % every == every − 1: n / every of n layers.
            // The first moe_first_dense layers stay dense.
            auto sparseIn = [&](int n) {
                int k = 0;
                for (int l = c.moe.firstDense; l < n; ++l)
                    k += l % c.moe.sparseEvery == c.moe.sparseEvery - 1 ? 1 : 0;
                return k;
            };
            const int sparseLayers = c.sharing == Sharing::None ? sparseIn(c.encoderLayers()) + sparseIn(c.decoderLayers()) : 0;
            const double experts = double(sparseLayers) * c.moe.numExperts * (c.ffn == FfnKind::Gated3 ? 3.0 : 2.0)
                * double(c.dModel) * double(c.moe.effectiveExpertDff(c.dFf));
            CHECK(double(count->total) >= experts * (1 - 1e-9));
        }
        // The documented bounds are chosen so that even the largest design fits in int64
        // (about 2^60 for 1024 gated layers of 4096 experts); refusals are allowed, not expected.
        qInfo("extreme designs refused: %d of 2000", refused);
    }
};

QTEST_APPLESS_MAIN(TestParamProperties)
#include "tst_paramproperties.moc"
