// Memory estimates against published worked values: KV cache, Korthikanti et al. 2022's
// activations, ZeRO's model states, and the invariants of issue 3.
#include "core/design/presetlibrary.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/memoryestimator.h"
#include "core/estimate/statebytes.h"

#include <QtTest>

using namespace tx;

namespace {

ModelConfig llama2_7b()
{
    return PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config;
}

// Llama-2-70B: hidden 8192, 80 layers, 64 heads, 8 KV heads, intermediate 28672, vocab 32000
// (Touvron et al. 2023, arXiv:2307.09288; Hugging Face meta-llama/Llama-2-70b-hf config.json).
ModelConfig llama2_70b()
{
    ModelConfig c = llama2_7b();
    c.name = QStringLiteral("Llama-2-70B");
    c.dModel = 8192;
    c.nLayers = 80;
    c.nHeads = 64;
    c.nKvHeads = 8;
    c.dFf = 28672;
    return c;
}

// GPT-3 175B: 96 layers, d_model 12288, 96 heads, context 2048 (Brown et al. 2020, Table 2.1).
ModelConfig gpt3_175b()
{
    ModelConfig c;
    c.name = QStringLiteral("GPT-3 175B");
    c.dModel = 12288;
    c.nLayers = 96;
    c.nHeads = 96;
    c.nKvHeads = 96;
    c.dFf = 4 * 12288;
    c.maxPositions = 2048;
    return c;
}

Evaluation eval(const ModelConfig &c, const Assumptions &a)
{
    auto e = evaluate(c, a);
    if (!e)
        qFatal("evaluate failed: %s", qPrintable(e.error().toString()));
    return *e;
}

} // namespace

class TestMemory : public QObject
{
    Q_OBJECT

private slots:
    void llama2_7bKvCache()
    {
        // Brief/issue 3 worked value: 2·4096·32·32·128·2 bytes = 2,147,483,648 (2 GiB),
        // Llama-2-7B at 4096 tokens, batch 1, bf16.
        Assumptions a;
        a.contextLength = 4096;
        const Evaluation e = eval(llama2_7b(), a);
        QCOMPARE(e.inference.kvCacheBytes, 2'147'483'648.0);
        // Weights: 6,738,415,616 parameters (Hugging Face LlamaForCausalLM) at 2 bytes.
        QCOMPARE(e.inference.weightsBytes, 13'476'831'232.0);
    }

    void llama2_70bGqaKvCache()
    {
        // Brief/issue 3 worked value: 2·4096·80·8·128·2 = 1,342,177,280 bytes (8 KV heads).
        QCOMPARE(MemoryEstimator::kvCacheBytes(llama2_70b(), 1, 4096), 1'342'177'280.0);
    }

    void gqaDividesKvCacheByGroupSize_data()
    {
        QTest::addColumn<int>("kvHeads");
        QTest::newRow("MHA") << 64;
        QTest::newRow("GQA-16") << 16;
        QTest::newRow("GQA-8") << 8;
        QTest::newRow("MQA") << 1;
    }

    void gqaDividesKvCacheByGroupSize()
    {
        QFETCH(int, kvHeads);
        ModelConfig mha = llama2_70b();
        mha.nKvHeads = 64;
        ModelConfig gqa = mha;
        gqa.nKvHeads = kvHeads;
        const double ratio = double(mha.nHeads) / kvHeads;
        QCOMPARE(MemoryEstimator::kvCacheBytes(mha, 3, 1000) / MemoryEstimator::kvCacheBytes(gqa, 3, 1000), ratio);
    }

    void kvPrecisionAndSlidingWindow()
    {
        ModelConfig c = llama2_7b();
        c.kvPrecision = Precision::FP8;
        QCOMPARE(MemoryEstimator::kvCacheBytes(c, 1, 4096), 1'073'741'824.0); // 1 byte/element: half of 2 GiB
        // Mistral-7B-style window of 4096: a 32k context caches 4096 tokens per layer.
        c.kvPrecision = Precision::BF16;
        c.slidingWindow = 4096;
        QCOMPARE(MemoryEstimator::kvCacheBytes(c, 1, 32768), 2'147'483'648.0);
        // Training activations store a·s·w scores under a window instead of a·s² (Korthikanti's 5·a·s/h
        // term with s → w): 32 layers · 32768 · 4096 · (34 + 5·32·4096/4096), + the 32-bit logits
        // the cross-entropy keeps (§4.3): 4 · 32768 · 32000 = 4,194,304,000.
        Assumptions a;
        a.contextLength = 32768;
        QCOMPARE(eval(c, a).training.logitsBytes, 4'194'304'000.0);
        QCOMPARE(eval(c, a).training.activationsBytes,
                 32.0 * 32768 * 4096 * (34 + 5.0 * 32 * 4096 / 4096) + 4'194'304'000.0);
        // Encoder-only models keep no cache.
        c.layout = Layout::EncoderOnly;
        QCOMPARE(MemoryEstimator::kvCacheBytes(c, 1, 512), 0.0);
    }

    void quantisedWeightsCarryGroupScales()
    {
        // int4 with one fp16 scale per 128 weights: 4 + 16/128 = 4.125 bits per weight.
        ModelConfig c = llama2_7b();
        c.weightPrecision = Precision::INT4;
        c.quantGroupSize = 128;
        Assumptions a;
        QCOMPARE(eval(c, a).inference.weightsBytes, 6'738'415'616.0 * 4.125 / 8.0);
        c.weightPrecision = Precision::INT8;
        QCOMPARE(eval(c, a).inference.weightsBytes, 6'738'415'616.0 * 8.125 / 8.0);
    }

    void korthikantiPerLayer()
    {
        // Korthikanti et al. 2022, arXiv:2205.05198, eq. (1)-(2): s·b·h·(34 + 5·a·s/h) bytes per layer
        // without recomputation; GPT-3 175B: s = 2048, b = 1, h = 12288, a = 96.
        // 2048·12288·(34 + 5·96·2048/12288) = 2048·12288·114 = 2,868,903,936.
        QCOMPARE(MemoryEstimator::activationBytesPerLayer(2048, 1, 12288, 96, Recompute::None, false),
                 2'868'903'936.0);
        // Selective recomputation keeps 34·s·b·h (§5): 855,638,016; full keeps the input 2·s·b·h: 50,331,648.
        QCOMPARE(MemoryEstimator::activationBytesPerLayer(2048, 1, 12288, 96, Recompute::Selective, false),
                 855'638'016.0);
        QCOMPARE(MemoryEstimator::activationBytesPerLayer(2048, 1, 12288, 96, Recompute::Full, false),
                 50'331'648.0);
        // FlashAttention never stores the a·s² scores: the s² term drops.
        QCOMPARE(MemoryEstimator::activationBytesPerLayer(2048, 1, 12288, 96, Recompute::None, true),
                 855'638'016.0);

        Assumptions a;
        a.contextLength = 2048;
        const Evaluation e = eval(gpt3_175b(), a);
        QCOMPARE(e.training.activationsPerLayerBytes, 2'868'903'936.0);
        // + the logits (§4.3, "stored in 32-bit"): 4 · 2048 · 50,257 = 411,705,344.
        QCOMPARE(e.training.logitsBytes, 411'705'344.0);
        QCOMPARE(e.training.activationsBytes, 96 * 2'868'903'936.0 + 411'705'344.0);
    }

    void fullRecomputeNeverRaisesActivations_data()
    {
        QTest::addColumn<int>("seq");
        QTest::addColumn<int>("batch");
        QTest::newRow("short") << 128 << 1;
        QTest::newRow("gpt3") << 2048 << 1;
        QTest::newRow("long") << 32768 << 4;
        QTest::newRow("tiny") << 1 << 1;
    }

    void fullRecomputeNeverRaisesActivations()
    {
        QFETCH(int, seq);
        QFETCH(int, batch);
        for (const ModelConfig &c : {llama2_7b(), llama2_70b(), gpt3_175b()}) {
            Assumptions a;
            a.contextLength = seq;
            a.batch = batch;
            for (bool flash : {false, true}) {
                a.flash = flash;
                a.recompute = Recompute::None;
                const double none = eval(c, a).training.activationsBytes;
                a.recompute = Recompute::Selective;
                const double selective = eval(c, a).training.activationsBytes;
                a.recompute = Recompute::Full;
                const double full = eval(c, a).training.activationsBytes;
                QVERIFY2(full <= selective && selective <= none, qPrintable(c.name));
                QVERIFY(full > 0);
            }
        }
    }

    void mixedPrecisionAdamIs16BytesPerParam()
    {
        // Rajbhandari et al. 2020 (ZeRO), §3.1: mixed-precision Adam holds 2Ψ + 2Ψ + 12Ψ = 16Ψ bytes.
        QCOMPARE(StateBytes::of(Optimizer::AdamWMixed, 4096).total(), 16.0);
        Assumptions a;
        a.optimizer = Optimizer::AdamWMixed;
        const Evaluation e = eval(llama2_7b(), a);
        QCOMPARE(e.training.weightsBytes + e.training.gradientsBytes + e.training.optimizerBytes,
                 16.0 * 6'738'415'616.0);
        QCOMPARE(e.training.optimizerBytes, 12.0 * 6'738'415'616.0);
        // The other optimizers, per parameter: fp32 AdamW 4+4+8, SGD+momentum 4+4+4,
        // 8-bit Adam 2+2+(4 master + 2 states) (Dettmers et al. 2022).
        QCOMPARE(StateBytes::of(Optimizer::AdamW, 4096).total(), 16.0);
        QCOMPARE(StateBytes::of(Optimizer::SgdMomentum, 4096).total(), 12.0);
        QCOMPARE(StateBytes::of(Optimizer::Adam8bit, 4096).total(), 10.0);
        // Adafactor: factored second moment, 4·2/d bytes per parameter on top of 2+2+4.
        QCOMPARE(StateBytes::of(Optimizer::Adafactor, 4096).total(), 8.0 + 8.0 / 4096);
    }

    void zeroPaperFigure1()
    {
        // Rajbhandari et al. 2020, Figure 1: Ψ = 7.5B, N_d = 64, K = 12:
        // baseline 120 GB, P_os 31.4 GB, P_os+g 16.6 GB, P_os+g+p 1.9 GB.
        const double psi = 7.5e9;
        const double w = 2 * psi, g = 2 * psi, o = 12 * psi;
        QCOMPARE(MemoryEstimator::zeroStateBytes(w, g, o, 0, 64), 120e9);
        QCOMPARE(MemoryEstimator::zeroStateBytes(w, g, o, 1, 64), 31.40625e9);
        QCOMPARE(MemoryEstimator::zeroStateBytes(w, g, o, 2, 64), 16.640625e9);
        QCOMPARE(MemoryEstimator::zeroStateBytes(w, g, o, 3, 64), 1.875e9);
        QCOMPARE(std::round(MemoryEstimator::zeroStateBytes(w, g, o, 1, 64) / 1e8) / 10, 31.4);
        QCOMPARE(std::round(MemoryEstimator::zeroStateBytes(w, g, o, 2, 64) / 1e8) / 10, 16.6);
        QCOMPARE(std::round(MemoryEstimator::zeroStateBytes(w, g, o, 3, 64) / 1e8) / 10, 1.9);
    }

    void zero3DividesStatesByDevices_data()
    {
        QTest::addColumn<int>("devices");
        QTest::addColumn<int>("tp");
        QTest::newRow("8") << 8 << 1;
        QTest::newRow("64") << 64 << 1;
        QTest::newRow("64 tp8") << 64 << 8;
        QTest::newRow("1") << 1 << 1;
    }

    void zero3DividesStatesByDevices()
    {
        QFETCH(int, devices);
        QFETCH(int, tp);
        Assumptions a;
        a.devices = devices;
        a.tensorParallel = tp;
        a.zeroStage = 3;
        const Evaluation e = eval(llama2_7b(), a);
        const double states = e.training.weightsBytes + e.training.gradientsBytes + e.training.optimizerBytes;
        // Every device holds 1/devices of the states (1/tp by tensor parallelism, 1/dp by ZeRO-3)
        // and 1/tp of the activations.
        QCOMPARE(e.training.perDeviceBytes, states / devices + e.training.activationsBytes / tp);
    }

    void loraAndQlora()
    {
        // QLoRA (Dettmers et al. 2023): an int4 frozen base, bf16 adapters trained with AdamW.
        ModelConfig c = llama2_7b();
        c.weightPrecision = Precision::INT4;
        c.quantGroupSize = 64;
        c.lora.rank = 16;
        c.lora.q = c.lora.v = true;
        Assumptions a;
        const Evaluation e = eval(c, a);
        // r·(d_in + d_out) per adapted matrix: 32 layers · (q + v) · 16 · (4096 + 4096) = 8,388,608.
        QCOMPARE(e.params.lora, std::int64_t(8'388'608));
        QCOMPARE(e.training.trainableParams, std::int64_t(8'388'608));
        QCOMPARE(e.training.gradientsBytes, 2.0 * 8'388'608);
        QCOMPARE(e.training.optimizerBytes, 12.0 * 8'388'608);
        // Frozen base at 4 + 16/64 = 4.25 bits per weight, adapters at 2 bytes.
        QCOMPARE(e.training.weightsBytes, 6'738'415'616.0 * 4.25 / 8 + 2.0 * 8'388'608);
    }

    void tensorParallelSplitsStatesAndActivations()
    {
        Assumptions a;
        const Evaluation one = eval(llama2_7b(), a);
        a.devices = 4;
        a.tensorParallel = 4;
        const Evaluation four = eval(llama2_7b(), a);
        QCOMPARE(four.training.perDeviceBytes, one.training.perDeviceBytes / 4);
        QCOMPARE(four.training.totalBytes, one.training.totalBytes);
    }

    void inferenceTotalAddsStatedOverhead()
    {
        Assumptions a;
        a.contextLength = 4096;
        a.runtimeOverhead = 0.10;
        const Evaluation e = eval(llama2_7b(), a);
        const double base = e.inference.weightsBytes + e.inference.kvCacheBytes + e.inference.activationsBytes;
        QCOMPARE(e.inference.overheadBytes, 0.10 * base);
        QCOMPARE(e.inference.totalBytes, 1.10 * base);
        // Prefill working set of one layer at b = 1, s = 4096 (2 bytes/element):
        // residual 2·4096·4096, gated FFN 2·11008 wide, scores 32·4096² → 2·(4096·(8192 + 22016) + 32·4096²).
        QCOMPARE(e.inference.activationsBytes, 2.0 * (4096.0 * (8192 + 22016) + 32.0 * 4096 * 4096));
    }

    void badAssumptionsNameTheField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::newRow("batch") << QStringLiteral("batch");
        QTest::newRow("seq") << QStringLiteral("seq");
        QTest::newRow("zero") << QStringLiteral("zero");
        QTest::newRow("devices") << QStringLiteral("devices");
        QTest::newRow("mfu") << QStringLiteral("mfu");
        QTest::newRow("device") << QStringLiteral("device");
        QTest::newRow("tokens") << QStringLiteral("tokens");
    }

    void badAssumptionsNameTheField()
    {
        QFETCH(QString, field);
        Assumptions a;
        if (field == QLatin1String("batch"))
            a.batch = 0;
        else if (field == QLatin1String("seq"))
            a.contextLength = -5;
        else if (field == QLatin1String("zero"))
            a.zeroStage = 4;
        else if (field == QLatin1String("devices"))
            a.devices = 6, a.tensorParallel = 4;
        else if (field == QLatin1String("mfu"))
            a.mfu = 1.5;
        else if (field == QLatin1String("device"))
            a.device = QStringLiteral("abacus");
        else if (field == QLatin1String("tokens"))
            a.trainingTokens = std::numeric_limits<double>::infinity();
        const auto e = evaluate(llama2_7b(), a);
        QVERIFY(!e);
        QCOMPARE(e.error().field, field);
    }
};

QTEST_APPLESS_MAIN(TestMemory)
#include "tst_memory.moc"
