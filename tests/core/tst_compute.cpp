// FLOP estimates: Kaplan et al. 2020's per-token counts, training multipliers, prefill/decode
// roofline, and the Llama 2 paper's reported GPU-hours as an end-to-end check.
#include "core/design/presetlibrary.h"
#include "core/estimate/computeestimator.h"
#include "core/estimate/evaluator.h"

#include <QtTest>

using namespace tx;

namespace {

ModelConfig preset(const char *id)
{
    return PresetLibrary::builtIn().find(QLatin1String(id))->config;
}

Evaluation eval(const ModelConfig &c, const Assumptions &a)
{
    auto e = evaluate(c, a);
    if (!e)
        qFatal("evaluate failed: %s", qPrintable(e.error().toString()));
    return *e;
}

} // namespace

class TestCompute : public QObject
{
    Q_OBJECT

private slots:
    void gpt2ForwardFlops()
    {
        // Kaplan et al. 2020, Table 1: C_forward = 2N + 2·n_layer·n_ctx·d_attn, N the non-embedding
        // weights, plus the logits 2·d·V. GPT-2 small (Radford et al. 2019): per layer
        // q,k,v,o 4·(768² + 768), FFN 768·3072 + 3072 + 3072·768 + 768, two LayerNorms 2·2·768
        // = 7,087,872; 12 layers + final LayerNorm 1,536 → N = 85,056,000.
        const ModelConfig c = preset("gpt2");
        Assumptions a;
        a.contextLength = 1024;
        const Evaluation e = eval(c, a);
        QCOMPARE(e.params.forwardMatmul, std::int64_t(85'056'000));
        const double expected = 2.0 * 85'056'000 + 2.0 * 12 * 1024 * 768 + 2.0 * 768 * 50257;
        // 170,112,000 + 18,874,368 + 77,194,752 = 266,181,120 FLOPs per token.
        QCOMPARE(e.compute.forwardFlopsPerToken, expected);
        QCOMPARE(e.compute.forwardFlopsPerToken, 266'181'120.0);
    }

    void trainingMultipliers()
    {
        const ModelConfig c = preset("llama-2-7b");
        Assumptions a;
        a.contextLength = 4096;
        const double fwd = eval(c, a).compute.forwardFlopsPerToken;
        // Backward = 2× forward (Kaplan et al. 2020 §2.1): training = 3× forward.
        QCOMPARE(eval(c, a).compute.trainingFlopsPerToken, 3 * fwd);
        // Full recomputation runs the forward again (Korthikanti et al. 2022 §5).
        a.recompute = Recompute::Full;
        QCOMPARE(eval(c, a).compute.trainingFlopsPerToken, 4 * fwd);
        // Selective recomputes only the attention core: 2·L·s·d_attn once more.
        a.recompute = Recompute::Selective;
        QCOMPARE(eval(c, a).compute.trainingFlopsPerToken, 3 * fwd + 2.0 * 32 * 4096 * 4096);
        // LoRA: the frozen weights get no weight gradients, the backward costs one forward.
        ModelConfig lora = c;
        lora.lora.rank = 8;
        a.recompute = Recompute::None;
        QCOMPARE(eval(lora, a).compute.trainingFlopsPerToken, 2 * fwd);
    }

    void trainingComputeIsSixNDPlusAttention()
    {
        // C ≈ 6·N·D (Kaplan §2.1, Hoffmann et al. 2022 eq. 4) plus 6·L·s·d_attn·D for attention
        // and 6·d·V·D for the logits.
        const ModelConfig c = preset("llama-2-7b");
        Assumptions a;
        a.contextLength = 4096;
        a.trainingTokens = 2e12;
        const Evaluation e = eval(c, a);
        const double n = double(e.params.forwardMatmul);
        const double expected = 6.0 * n * 2e12 + 6.0 * 32 * 4096 * 4096 * 2e12 + 6.0 * 4096 * 32000 * 2e12;
        QCOMPARE(e.compute.trainingFlops, expected);
    }

    void llama2GpuHoursWithinFivePercentOfReported()
    {
        // Touvron et al. 2023 (Llama 2), Table 2: Llama-2-7B took 184,320 A100-80GB GPU-hours for
        // 2.0T tokens at 4096 context. With the A100's 312 TFLOP/s bf16 peak (datasheet) and 40%
        // MFU our estimate must land within 5% of it.
        const ModelConfig c = preset("llama-2-7b");
        Assumptions a;
        a.contextLength = 4096;
        a.trainingTokens = 2e12;
        a.device = QStringLiteral("a100-80gb");
        a.devices = 1024;
        a.mfu = 0.40;
        const Evaluation e = eval(c, a);
        const double hours = e.compute.trainingFlops / (312e12 * 0.40) / 3600;
        QCOMPARE(e.hardware.gpuHours, hours);
        QVERIFY2(std::fabs(e.hardware.gpuHours / 184'320.0 - 1) < 0.05, qPrintable(QString::number(e.hardware.gpuHours)));
        QCOMPARE(e.hardware.days, e.hardware.trainingSeconds / 86400);
        QCOMPARE(e.hardware.trainingSeconds, hours * 3600 / 1024);
        // Money at the catalog's $1.79 per A100-80GB hour, or a price the user gives.
        QCOMPARE(e.hardware.money, e.hardware.gpuHours * 1.79);
        a.pricePerHour = 2.5;
        QCOMPARE(eval(c, a).hardware.money, e.hardware.gpuHours * 2.5);
    }

    void moeCountsActiveParameters()
    {
        // Mixtral-style: 8 experts, top-2. Forward FLOPs see 2 experts, memory holds all 8.
        ModelConfig dense = preset("llama-2-7b");
        ModelConfig moe = dense;
        moe.moe.numExperts = 8;
        moe.moe.topK = 2;
        ModelConfig twoWide = dense;
        twoWide.dFf = 2 * dense.dFf; // the FLOPs of two experts
        Assumptions a;
        const Evaluation e = eval(moe, a);
        const Evaluation w = eval(twoWide, a);
        const double router = 2.0 * 32 * 4096 * 8; // 2·L·d·E
        QCOMPARE(e.compute.forwardFlopsPerToken, w.compute.forwardFlopsPerToken + router);
        QVERIFY(e.inference.weightsBytes > 3 * w.inference.weightsBytes);
    }

    void gqaKeepsAttentionFlops()
    {
        // Scores are computed per query head: GQA shrinks the K/V projections, not QKᵀ or AV.
        ModelConfig mha = preset("llama-2-7b");
        ModelConfig gqa = mha;
        gqa.nKvHeads = 8;
        QCOMPARE(ComputeEstimator::attentionFlopsPerToken(mha, 4096), ComputeEstimator::attentionFlopsPerToken(gqa, 4096));
    }

    void decodeIsMemoryBound()
    {
        // Llama-2-7B, batch 1, 4096 tokens cached, on an H100 SXM (3.35 TB/s, 989.4 TFLOP/s bf16;
        // NVIDIA datasheet). Each step reads all 13,476,831,232 weight bytes and the 2 GiB cache.
        const ModelConfig c = preset("llama-2-7b");
        Assumptions a;
        a.contextLength = 4096;
        a.device = QStringLiteral("h100-sxm-80gb");
        const Evaluation e = eval(c, a);
        QCOMPARE(e.compute.decodeBytes, 13'476'831'232.0 + 2'147'483'648.0);
        const double flops = 2.0 * double(e.params.forwardMatmul) + 2.0 * 4096 * 32000 + 4.0 * 32 * 4096 * 4096;
        QCOMPARE(e.compute.decodeFlops, flops);
        QCOMPARE(e.compute.decodeIntensity, flops / (13'476'831'232.0 + 2'147'483'648.0));
        QVERIFY(e.compute.decodeIntensity < e.hardware.ridgeIntensity); // below the ridge: memory-bound
        QCOMPARE(e.hardware.decodeStepSeconds, (13'476'831'232.0 + 2'147'483'648.0) / 3.35e12);
        QCOMPARE(std::round(e.hardware.decodeTokensPerSecond * 10) / 10, 214.4);
        // Prefill of the 4096-token prompt is compute-bound: far above the ridge (~295 FLOP/byte).
        QVERIFY(e.compute.prefillIntensity > e.hardware.ridgeIntensity);
        QCOMPARE(e.hardware.prefillSeconds, e.compute.prefillFlops / 989.4e12);
    }

    void batchRaisesDecodeThroughput()
    {
        const ModelConfig c = preset("llama-2-7b");
        Assumptions a;
        a.contextLength = 512;
        const double one = eval(c, a).hardware.decodeTokensPerSecond;
        a.batch = 16;
        const double sixteen = eval(c, a).hardware.decodeTokensPerSecond;
        QVERIFY(sixteen > 8 * one); // weights are read once per step for the whole batch
    }
};

QTEST_APPLESS_MAIN(TestCompute)
#include "tst_compute.moc"
