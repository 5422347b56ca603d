// The reverse questions (core/estimate/solver): every answer fits and one step more does not,
// checked against evaluate() itself, with the answers a product manager reads pinned.
#include "core/design/presetlibrary.h"
#include "core/estimate/designsearch.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/solver.h"

#include <QtTest>

using namespace tx;

namespace {

ModelConfig preset(const char *id)
{
    return PresetLibrary::builtIn().find(QLatin1String(id))->config;
}

bool fits(const ModelConfig &c, const Assumptions &a)
{
    const auto e = evaluate(c, a);
    return e && e->hardware.fitsOneDeviceInference;
}

} // namespace

class TestSolver : public QObject
{
    Q_OBJECT

private slots:
    void longestContextLlama31On80GB()
    {
        // Llama-3.1-8B (Llama Team 2024, arXiv:2407.21783; meta-llama/Llama-3.1-8B config.json: d 4096,
        // 32 layers, 8 KV heads of 128, vocab 128,256, max_position_embeddings 131,072) in bf16 on an
        // 80 GiB H100, one sequence. KV cache: 2 · 32 · 8 · 128 · 2 bytes = 131,072 bytes per token;
        // weights 8,030,261,248 · 2 bytes = 16.06 GB; then activations and the 10 % runtime overhead.
        const ModelConfig c = preset("llama-3.1-8b");
        QCOMPARE(c.maxPositions, 131'072);
        Assumptions a;
        a.device = QStringLiteral("h100-sxm-80gb");
        // Without FlashAttention the prefill's 2 · heads · s² bytes of scores dominate: at
        // s = 29,573, 16.06 GB weights + 3.88 GB KV + 58.15 GB activations, × 1.1 = 85.90 GB.
        auto limit = Solver::longestContext(c, a, HardwareCatalog::builtIn());
        QVERIFY2(limit, qPrintable(limit ? QString() : limit.error().toString()));
        QCOMPARE(limit->value, 29'573);
        QCOMPARE(limit->memoryValue, 29'573);
        QCOMPARE(limit->binding, Solver::Binding::Activations);
        QCOMPARE(limit->text, QStringLiteral("limited by activations at 29,573 tokens"));
        a.contextLength = limit->value;
        QVERIFY(fits(c, a));
        a.contextLength = limit->value + 1;
        QVERIFY(!fits(c, a));
        QCOMPARE(limit->availableBytes, 80.0 * 1024 * 1024 * 1024);
        // With FlashAttention memory alone would hold s = 302,879: 16.06 GB weights + 39.70 GB KV +
        // 22.33 GB activations (2 · s · (2d + 2·d_ff)), × 1.1 = 85.90 GB. The model was trained to
        // 131,072 positions, so that is the answer, and the text says why.
        a.flash = true;
        limit = Solver::longestContext(c, a, HardwareCatalog::builtIn());
        QCOMPARE(limit->value, 131'072);
        QCOMPARE(limit->memoryValue, 302'879);
        QCOMPARE(limit->binding, Solver::Binding::TrainedContext);
        QCOMPARE(limit->text, QStringLiteral("limited by the design's trained context of 131,072 tokens; memory "
                                             "alone would hold 302,879 tokens"));
        // Asked for memory alone, it agrees with evaluate() at the answer and one token past it.
        limit = Solver::longestContext(c, a, HardwareCatalog::builtIn(), Solver::ContextCap::MemoryOnly);
        QCOMPARE(limit->value, 302'879);
        QCOMPARE(limit->binding, Solver::Binding::KvCache);
        QCOMPARE(limit->text, QStringLiteral("limited by the KV cache at 302,879 tokens"));
        a.contextLength = limit->value;
        QVERIFY(fits(c, a));
        a.contextLength = limit->value + 1;
        QVERIFY(!fits(c, a));
    }

    void trainedContextCutsTheOtherQuestions()
    {
        // Llama-3-8B was trained to 8,192 positions (Meta 2024 config.json): a context question
        // stops there, and a batch asked at 32,768 tokens is answered at 8,192 and says so.
        const ModelConfig c = preset("llama-3-8b");
        Assumptions a;
        const auto context = Solver::longestContext(c, a, HardwareCatalog::builtIn());
        QCOMPARE(context->value, 8192);
        QCOMPARE(context->memoryValue, 29'573);
        QCOMPARE(context->text, QStringLiteral("limited by the design's trained context of 8,192 tokens; memory alone "
                                               "would hold 29,573 tokens"));
        a.contextLength = 32'768;
        const auto batch = Solver::largestBatch(c, a, HardwareCatalog::builtIn());
        QCOMPARE(batch->contextLength, 8192);
        QCOMPARE(batch->value, 10);
        QCOMPARE(batch->text, QStringLiteral("limited by activations at 10 sequences (at 8,192 tokens, the design's "
                                             "trained context; 32,768 asked)"));
        a.contextLength = 8192;
        a.batch = 10;
        QVERIFY(fits(c, a));
        a.batch = 11;
        QVERIFY(!fits(c, a));
    }

    void largestBatchLlama2()
    {
        // Llama-2-7B (MHA, 32 KV heads): 2 · 32 · 32 · 128 · 2 = 524,288 bytes per token, 2 GiB per
        // 4,096-token sequence; 13.5 GB of weights on the H100.
        const ModelConfig c = preset("llama-2-7b");
        Assumptions a;
        a.contextLength = 4096;
        const auto limit = Solver::largestBatch(c, a, HardwareCatalog::builtIn());
        QVERIFY(limit);
        // 18 sequences: (13.48 GB weights + 18 · 2.15 GB KV + 18 · 1.32 GB activations) · 1.1 = 83.5 GB
        // ≤ 85.9 GB; 19 need 87.3 GB.
        QCOMPARE(limit->value, 18);
        a.batch = limit->value;
        QVERIFY(fits(c, a));
        a.batch = limit->value + 1;
        QVERIFY(!fits(c, a));
        QCOMPARE(limit->text, QStringLiteral("limited by the KV cache at 18 sequences"));
    }

    void moreDevicesHoldMore()
    {
        // --devices 2: the inference total may fill both devices' memory (devicesForInference ≤ 2).
        const ModelConfig c = preset("llama-2-7b");
        Assumptions a;
        a.contextLength = 4096;
        const int one = Solver::largestBatch(c, a, HardwareCatalog::builtIn())->value;
        a.devices = 2;
        const auto two = Solver::largestBatch(c, a, HardwareCatalog::builtIn());
        QCOMPARE(two->value, 41);
        QVERIFY(two->value > 2 * one);
        a.batch = two->value;
        QCOMPARE(evaluate(c, a)->hardware.devicesForInference, 2);
        a.batch = two->value + 1;
        QCOMPARE(evaluate(c, a)->hardware.devicesForInference, 3);
    }

    void weightsThatDoNotFit()
    {
        // Llama-2-70B in bf16 (138 GB of weights) on a 24 GiB RTX 4090: no context fits.
        const ModelConfig c = preset("llama-2-70b");
        Assumptions a;
        a.device = QStringLiteral("rtx-4090");
        const auto limit = Solver::longestContext(c, a, HardwareCatalog::builtIn());
        QVERIFY(limit);
        QCOMPARE(limit->value, 0);
        QCOMPARE(limit->binding, Solver::Binding::Weights);
        QVERIFY(limit->text.startsWith(QStringLiteral("limited by the weights")));
    }

    void largestLlamaOn24GB()
    {
        // The largest Llama-3-family design (aspect d_model / layers = 4096 / 32 = 128, GQA 4:1,
        // d_ff / d_model = 3.5) whose bf16 inference at 4,096 tokens fits a 24 GiB RTX 4090.
        const ModelConfig family = preset("llama-3-8b");
        Assumptions a;
        a.device = QStringLiteral("rtx-4090");
        a.contextLength = 4096;
        const auto r = Solver::largestDesign(family, a, 0, false, HardwareCatalog::builtIn());
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        // 34 layers; 34 · 128 = 4,352 wide is 34 heads of 128, snapped to a multiple of the 4-query
        // groups: 36 heads, 9 KV heads, d_model 4,608, d_ff 3.5 · 4,608 = 16,128. In bf16:
        // 21.14 GB weights + 0.64 GB KV + 1.55 GB activations, × 1.1 = 25.66 GB of 25.77 GB.
        QCOMPARE(r->design.nLayers, 34);
        QCOMPARE(r->design.dModel, 4608);
        QCOMPARE(r->design.nHeads, 36);
        QCOMPARE(r->design.nKvHeads, 9);
        QCOMPARE(r->design.dFf, 16128);
        QCOMPARE(r->paramsTotal, std::int64_t(10'567'604'736));
        QCOMPARE(r->text, QStringLiteral("limited by memory at 34 layers (d_model 4,608): 25.7 GB of 25.8 GB; "
                                         "35 layers (10.8 B parameters) would need 26.3 GB"));
        QVERIFY(fits(r->design, a));
        const ModelConfig next = DesignSearch::resized(family, r->design.nLayers + 1, 128.0);
        QVERIFY(!fits(next, a));
        QCOMPARE(r->nextParamsTotal, evaluate(next, a)->params.total);
    }

    void largestForTraining()
    {
        // Training per device with ZeRO-3 over 8 H100s: the states shard 8 ways.
        const ModelConfig family = preset("llama-2-7b");
        Assumptions a;
        a.contextLength = 4096;
        a.devices = 8;
        a.zeroStage = 3;
        a.recompute = Recompute::Full;
        const auto r = Solver::largestDesign(family, a, 0, true, HardwareCatalog::builtIn());
        QVERIFY(r);
        // 58 layers at d_model 7,424: 39.06 B parameters · 16 bytes of AdamW-mixed state / 8 = 78.1 GB,
        // + 58 · 2 · s · h bytes of fully recomputed activations (3.5 GB) + the 32-bit logits
        // 4 · s · V = 0.5 GB = 82.2 GB of 85.9 GB. The next size, 59 layers at 7,552, needs 86.3 GB.
        QCOMPARE(r->design.nLayers, 58);
        QCOMPARE(r->design.dModel, 7424);
        QCOMPARE(r->paramsTotal, std::int64_t(39'057'047'808));
        QVERIFY(evaluate(r->design, a)->hardware.fitsPerDeviceTraining);
        const ModelConfig next = DesignSearch::resized(family, r->design.nLayers + 1, 128.0);
        QVERIFY(!evaluate(next, a)->hardware.fitsPerDeviceTraining);
    }

    void shapeForSevenBillion()
    {
        const auto r = Solver::shapeFor(preset("llama-2-7b"), 7'000'000'000, 0);
        QVERIFY(r);
        // At Llama-2's aspect ratio 128 the closest count to 7 B is Llama-2-7B itself (33 layers
        // would give 7.4 B).
        QCOMPARE(r->design.nLayers, 32);
        QCOMPARE(r->design.dModel, 4096);
        QCOMPARE(r->paramsTotal, std::int64_t(6'738'415'616));
        QCOMPARE(r->text, QStringLiteral("32 layers at d_model ≈ 128 · layers; 32 heads of 128 (32 key/value heads, the "
                                         "family's grouping); d_ff 11,008 (2.688 × d_model, on a multiple of 64); "
                                         "6,738,415,616 parameters, -3.74% off the target"));
    }

    void cheapestDevice()
    {
        // Llama-3-8B in bf16 for 16 users of 4,096 tokens at 30 tokens/s each.
        const ModelConfig c = preset("llama-3-8b");
        Assumptions a;
        a.contextLength = 4096;
        const auto r = Solver::cheapestDevice(c, a, 30, 16, HardwareCatalog::builtIn());
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        // Among cloud rental prices (the default): two RTX 3090s at $0.22 an hour each hold it (memory
        // binds, not speed): 16.06 GB weights + 16 · 0.54 GB KV + the prefill scores; decode reads
        // 24.65 GB per step at 2 · 936 GB/s = 13.2 ms, 75.9 tokens/s per user.
        QCOMPARE(r->deviceId, QStringLiteral("rtx-3090"));
        QCOMPARE(r->priceKind, Solver::PriceKind::Rental);
        QCOMPARE(r->count, 2);
        QCOMPARE(r->countForMemory, 2);
        QCOMPARE(r->binding, Solver::Binding::Memory);
        QCOMPARE(r->moneyPerHour, 0.44);
        QCOMPARE(std::round(r->tokensPerSecondPerUser * 10) / 10, 75.9);
        QCOMPARE(r->text, QStringLiteral("2 × NVIDIA GeForce RTX 3090 24GB: memory needs 2; 75.9 tokens/s per user "
                                         "with the cache full; compared at cloud rental prices (on-demand list "
                                         "prices; purchase-priced devices left out)"));
        // 0.44 $/h / (16 · 75.94 tokens/s · 3600 s/h) · 10^6 = $0.1006 per million output tokens.
        QCOMPARE(std::round(r->moneyPerMillionOutputTokens * 1e4) / 1e4, 0.1006);
        // Among purchase prices (list price over 3 years): two RTX 5090s, 1,999 US dollars each over
        // 26,280 hours = $0.08 an hour; decode at 2 · 1,792 GB/s = 6.9 ms, 145.4 tokens/s per user.
        const auto owned = Solver::cheapestDevice(c, a, 30, 16, HardwareCatalog::builtIn(), Solver::PriceKind::Purchase);
        QVERIFY(owned);
        QCOMPARE(owned->deviceId, QStringLiteral("rtx-5090"));
        QCOMPARE(owned->count, 2);
        QCOMPARE(owned->moneyPerHour, 0.16);
        QCOMPARE(std::round(owned->tokensPerSecondPerUser * 10) / 10, 145.4);
        QCOMPARE(std::round(owned->moneyPerMillionOutputTokens * 1e4) / 1e4, 0.0191);
        QVERIFY(owned->text.endsWith(QStringLiteral("compared at purchase prices spread over 3 years (rental-priced "
                                                    "devices left out)")));
        // At 1,000 tokens/s per user, decode speed binds: more devices than memory needs.
        const auto fast = Solver::cheapestDevice(c, a, 1000, 16, HardwareCatalog::builtIn());
        QVERIFY(fast);
        QCOMPARE(fast->binding, Solver::Binding::DecodeSpeed);
        QVERIFY(fast->count > fast->countForMemory);
        QVERIFY(fast->tokensPerSecondPerUser >= 1000);
        // Devices without a public price are never the answer, nor one whose price is of the other kind.
        for (const auto *answer : {&*r, &*owned, &*fast}) {
            const Device *d = HardwareCatalog::builtIn().find(answer->deviceId);
            QVERIFY(d->pricePerHour > 0);
            QCOMPARE(d->priceKind, Solver::key(answer->priceKind));
        }
    }

    void badInputNamesTheFlag()
    {
        const ModelConfig c = preset("gpt2");
        Assumptions a;
        QCOMPARE(Solver::cheapestDevice(c, a, 0, 1, HardwareCatalog::builtIn()).error().field,
                 QStringLiteral("--tokens-per-second"));
        QCOMPARE(Solver::cheapestDevice(c, a, 10, 0, HardwareCatalog::builtIn()).error().field, QStringLiteral("--users"));
        QCOMPARE(Solver::shapeFor(c, 10, 0).error().field, QStringLiteral("params"));
        a.device = QStringLiteral("nope");
        QCOMPARE(Solver::longestContext(c, a, HardwareCatalog::builtIn()).error().field, QStringLiteral("device"));
    }
};

QTEST_APPLESS_MAIN(TestSolver)
#include "tst_solver.moc"
